import { DEMO, expect, logIn, test } from "./fixtures";

const FAILED = "The email address or password is not right. Check them and try again.";

test("a wrong password and an unknown email get the same message", async ({ page, axe }) => {
  await page.goto("/login");
  await logIn(page, DEMO.email, "not-the-password");
  await expect(page.getByRole("alert")).toHaveText(FAILED);
  await expect(page.getByLabel("Email address", { exact: true }).first()).toHaveValue(DEMO.email);
  await axe();

  await logIn(page, "nobody@example.org", "whatever-it-is");
  await expect(page.getByRole("alert")).toHaveText(FAILED);
});

test("an empty form shows errors beside the fields", async ({ page, axe }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.locator("#email-error")).toHaveText(/Enter your email address/);
  await expect(page.locator("#password-error")).toHaveText(/Enter your password/);
  await axe();
});

test("an anonymous visit to the account goes to log in and comes back after", async ({ page }) => {
  await page.goto("/account/user/edit");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount%2Fuser%2Fedit$/);
  await logIn(page);
  await expect(page).toHaveURL(/\/account\/user\/edit$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your details" })).toBeVisible();
});

test("a return path to another site is ignored", async ({ page }) => {
  await page.goto("/login?redirectTo=%2F%2Fevil.example");
  await logIn(page);
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/account$/);
});

test("the log-out page asks first (a GET changes nothing), and its button logs out", async ({ page, axe }) => {
  await page.goto("/login");
  await logIn(page);
  await expect(page).toHaveURL(/\/account$/);
  await page.goto("/logout");
  await expect(page.getByRole("heading", { level: 1, name: "Log out" })).toBeVisible();
  await expect(page.getByText("You are logged in. Log out on this device?")).toBeVisible();
  await axe();
  await page.getByRole("main").getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  // Logged out: the log-out page has nothing to offer and sends you home.
  await page.goto("/logout");
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await page.goto("/account");
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
});

test("a return path that URL parsing would turn into another site's (/.//evil) is ignored too", async ({ page }) => {
  await page.goto("/login?redirectTo=%2F.%2F%2Fevil.example%2Fx");
  await logIn(page);
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/account$/);
});

test("ten wrong passwords lock the address, and the page says for how long (15 minutes)", async ({ page, axe }) => {
  // An address of its own, so no other test meets the lock; a registered one is locked the
  // same way and gets the same words (mocks/backend/backend.test.ts), so they reveal nothing.
  const email = `locked.out.${Date.now()}@example.org`;
  await page.goto("/login");
  for (let attempt = 1; attempt <= 10; attempt++) {
    await logIn(page, email, `wrong-password-${attempt}`);
    await expect(page.getByRole("alert")).toHaveText(FAILED);
  }
  await logIn(page, email, "the-eleventh-try");
  await expect(page.getByRole("alert")).toHaveText(
    "Too many attempts to log in with this email address. For your security, try again in 15 minutes.",
  );
  await expect(page.getByLabel("Email address", { exact: true }).first()).toHaveValue(email);
  await axe();
});
