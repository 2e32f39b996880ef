import { DEMO, expect, expectNoSidewaysScroll, logIn, test } from "./fixtures";

test("a teacher logs in, sees the account, edits their details and logs out", async ({ page, axe }) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { level: 1, name: "Log in" })).toBeVisible();
  await expect(page).toHaveTitle("Log in | Group visits");
  await axe();

  await logIn(page);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  await expect(page.getByText("Riverside Primary School").first()).toBeVisible();
  await expect(page.getByText(/Approved/)).toBeVisible();
  await expect(page.getByRole("table", { name: "Upcoming visits" })).toBeVisible();
  await axe();
  await expectNoSidewaysScroll(page);

  await page.getByRole("link", { name: "Edit your details" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your details" })).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveValue(DEMO.firstName);
  await page.getByLabel("Job title or role (optional)").fill("Head of Year 4");
  await page.getByLabel("Phone (optional)").fill("12345");
  await page.getByRole("button", { name: "Save your details" }).click();

  // The error sits beside the field; everything typed is kept.
  const phone = page.getByLabel("Phone (optional)");
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#phone-error")).toContainText("Enter a UK phone number");
  await expect(phone).toHaveValue("12345");
  await expect(page.getByLabel("Job title or role (optional)")).toHaveValue("Head of Year 4");
  await axe();

  await phone.fill("0113 496 0000");
  await page.getByRole("button", { name: "Save your details" }).click();
  await expect(page.getByRole("status")).toHaveText("Your details have been saved.");
  await axe();

  await page.goto("/account");
  await expect(page.getByText("Head of Year 4")).toBeVisible();
  await expect(page.getByText("Ms Amara Okafor")).toBeVisible();

  // Clearing an optional field really clears it.
  await page.goto("/account/user/edit");
  await page.getByLabel("Title (optional)").fill("");
  await page.getByRole("button", { name: "Save your details" }).click();
  await expect(page.getByRole("status")).toHaveText("Your details have been saved.");
  await page.goto("/account");
  await expect(page.getByText("Amara Okafor", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Log in" })).toBeVisible();
  await page.goto("/account");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount$/);
});

test("orders list and one order are shown read-only", async ({ page, axe }) => {
  await page.goto("/login?redirectTo=/account/orders");
  await logIn(page);
  await expect(page).toHaveURL(/\/account\/orders$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your orders" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Past visits" })).toBeVisible();
  await axe();

  const firstOrder = page.getByRole("table", { name: "Upcoming visits" }).getByRole("link").first();
  const reference = (await firstOrder.textContent())!.trim();
  await firstOrder.click();
  await expect(page.getByRole("heading", { level: 1, name: `Order ${reference}` })).toBeVisible();
  await expect(page.getByRole("table", { name: "Price" })).toBeVisible();
  await axe();
  await expectNoSidewaysScroll(page);

  // A malformed order id fails the page's own param validation: the 404 page.
  const response = await page.goto("/account/orders/not%20an%20id!");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This page could not be found" })).toBeVisible();
});
