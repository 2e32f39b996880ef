import { expect, test } from "../fixtures";
import { confirmFromEmail, expectFieldError, rejectCookies, uniqueEmail } from "../registration-support";

// JavaScript is off: the organisation search is a GET form rendered by the server, and
// each step saves with a form post to its route action (the draft is a cookie, ADR 6).

const PASSWORD = "lantern meadow quiet river";

test.describe.configure({ timeout: 90_000 });

test("a teacher registers end to end: finds the school, fixes a field, accepts the terms", async ({ page, baseURL }) => {
  await rejectCookies(page, baseURL);
  const email = uniqueEmail("nojs.teacher");

  await page.goto("/registration");
  await page.getByRole("link", { name: "Schools and colleges" }).click();
  await expect(page).toHaveURL(/\/registration\/education\/organisation$/);
  await expect(page.getByRole("heading", { level: 1, name: "Find your organisation" })).toBeVisible();

  // The search box submits as a GET; the server renders the results for ?q=.
  await page.getByRole("searchbox", { name: "Search organisations" }).fill("Manningham Lane Primary");
  await page.getByRole("searchbox", { name: "Search organisations" }).press("Enter");
  await expect(page).toHaveURL(/[?&]q=Manningham/);
  await page.getByRole("button", { name: "Choose Manningham Lane Primary School", exact: true }).first().click();
  await expect(page).toHaveURL(/\/registration\/education\/organisation\/edit$/);
  await expect(page.getByRole("heading", { level: 2, name: "Manningham Lane Primary School" })).toBeVisible();
  await page.getByRole("link", { name: "Continue" }).click();

  await expect(page).toHaveURL(/\/registration\/education\/user\/edit$/);
  await page.getByLabel("First name").fill("Nadia");
  await page.getByLabel("Last name").fill("Quill");
  await page.getByLabel("Email address", { exact: true }).first().fill(email);
  await page.getByLabel("Create a password").fill(PASSWORD);
  await page.getByLabel("Phone (optional)").fill("12345");
  await page.getByRole("button", { name: "Save and continue" }).click();

  // Refused beside the field, what was typed kept (never the password).
  await expectFieldError(page, "phone", "Enter a UK phone number");
  await expect(page.getByLabel("First name")).toHaveValue("Nadia");
  await expect(page.getByLabel("Email address", { exact: true }).first()).toHaveValue(email);
  await page.getByLabel("Phone (optional)").fill("0113 496 0778");
  await page.getByLabel("Create a password").fill(PASSWORD);
  await page.getByRole("button", { name: "Save and continue" }).click();

  await expect(page).toHaveURL(/\/registration\/education\/review$/);
  await expect(page.getByRole("main").getByText("Manningham Lane Primary School")).toBeVisible();
  await page.getByRole("button", { name: "Register" }).click();
  await expectFieldError(page, "acceptTerms", "Tick the box to accept the terms");
  await page.getByLabel(/I accept the account terms/).check();
  await page.getByRole("button", { name: "Register" }).click();

  // The emailed link (the embedded default shows it) and its confirmation work as form posts too.
  await confirmFromEmail(page, email);
  await expect(page.getByText("Manningham Lane Primary School: Pending approval")).toBeVisible();
});
