import { DEMO, expect, logIn, test } from "../fixtures";

// JavaScript is off in this project (playwright.config.ts): every click below is a plain
// link or a form post to a route action, answered by a full page from the server.

test("logs in after a wrong password, and logs out", async ({ page }) => {
  await page.goto("/account");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount$/);
  // The page's scripts really did not run: not even the inline one React Router writes.
  expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);

  await logIn(page, DEMO.email, "not-the-password");
  await expect(page.getByRole("alert")).toContainText("The email address or password is not right");
  await expect(page.getByLabel("Email address", { exact: true }).first()).toHaveValue(DEMO.email);

  await page.getByLabel("Password").fill(DEMO.password);
  await page.getByRole("button", { name: "Log in" }).click();
  // The return path survived the failed attempt.
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();

  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Log in" })).toBeVisible();
  await page.goto("/account");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount$/);
});

// A seeded user no other e2e test edits (mocks/backend/seed.ts).
const EDITOR = { email: "imran.hussain@example.org", password: DEMO.password };

test("edits their details: an error beside the field with everything kept, then saved", async ({ page }) => {
  await page.goto("/login?redirectTo=/account/user/edit");
  await logIn(page, EDITOR.email, EDITOR.password);
  await expect(page).toHaveURL(/\/account\/user\/edit$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your details" })).toBeVisible();

  const jobTitle = `Head of humanities ${Date.now() % 10_000}`;
  await page.getByLabel("Job title or role (optional)").fill(jobTitle);
  await page.getByLabel("Phone (optional)").fill("12345");
  await page.getByRole("button", { name: "Save your details" }).click();

  const phone = page.getByLabel("Phone (optional)");
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#phone-error")).toContainText("Enter a UK phone number");
  await expect(phone).toHaveValue("12345");
  await expect(page.getByLabel("Job title or role (optional)")).toHaveValue(jobTitle);

  await phone.fill("01632 960115");
  await page.getByRole("button", { name: "Save your details" }).click();
  await expect(page.getByRole("status")).toHaveText("Your details have been saved.");
  await page.goto("/account");
  await expect(page.getByText(jobTitle)).toBeVisible();
});
