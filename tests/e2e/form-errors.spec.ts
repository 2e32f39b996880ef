import type { Locator, Page } from "@playwright/test";
import { DEMO, expect, logIn, test } from "./fixtures";
import { rejectCookies, waitForHydration } from "./registration-support";

// Form errors (WCAG 3.3.1, 3.3.3, 4.1.3): a submit with errors brings an error summary with
// role="alert" (announced) whose links go to the fields; every field with an error is
// aria-invalid and described (aria-describedby) by its error message beside it; and no
// error message on the page is left unlinked to its field.

test.beforeEach(async ({ page, baseURL }) => {
  await rejectCookies(page, baseURL);
});

async function expectErrorsLinkedAndAnnounced(scope: Locator) {
  const summary = scope.locator(".error-summary[role=alert]");
  await expect(summary).toBeVisible();
  const invalid = scope.locator("[aria-invalid=true]");
  await expect(invalid.first()).toBeVisible();
  const fields = await invalid.evaluateAll((els) =>
    els.map((el) => {
      const ids = (el.getAttribute("aria-describedby") ?? "").split(/\s+/).filter(Boolean);
      const errors = ids.map((id) => document.getElementById(id)).filter((e) => e?.classList.contains("field-error"));
      return { field: el.id || el.getAttribute("name"), error: errors.map((e) => e!.textContent?.trim()).join(" ") };
    }),
  );
  for (const { field, error } of fields) expect(error, `the error described on ${field}`).toMatch(/^Error: .+/);
  // Every error message shown is some field's description.
  const orphans = await scope.locator(".field-error").evaluateAll((els) =>
    els.filter((e) => !document.querySelector(`[aria-describedby~="${e.id}"]`)).map((e) => e.textContent),
  );
  expect(orphans, "error messages linked to no field").toEqual([]);
  // The summary's links go to the fields with errors.
  const targets = await summary.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")!.slice(1)));
  expect(targets.length).toBeGreaterThan(0);
  for (const id of targets) {
    await expect(scope.page().locator(`[id="${id}"]`), `summary link #${id}`).toHaveCount(1);
  }
  return { summary, fields };
}

async function submit(page: Page, scope: Locator, name: string | RegExp) {
  await waitForHydration(page);
  await scope.getByRole("button", { name }).click();
}

test("log in, password reset and the newsletter signup", async ({ page, axe }) => {
  await page.goto("/login");
  const main = page.getByRole("main");
  await submit(page, main, "Log in");
  const login = await expectErrorsLinkedAndAnnounced(main);
  expect(login.fields.map((f) => f.field)).toEqual(["email", "password"]);
  await expect(login.summary).toContainText("Enter your email address");
  await axe();
  // Following a summary link moves focus to its field.
  await login.summary.getByRole("link", { name: "Enter your password" }).click();
  await expect(main.getByLabel("Password", { exact: true })).toBeFocused();

  await page.goto("/login/forgot");
  await submit(page, main, "Send the link");
  await expectErrorsLinkedAndAnnounced(main);
  await axe();

  const newsletter = page.getByRole("region", { name: "News for group organisers" });
  await submit(page, newsletter, "Sign up");
  const signup = await expectErrorsLinkedAndAnnounced(newsletter);
  expect(signup.fields.length).toBe(2);
  await axe();
});

test("registration: a new organisation's details", async ({ page, axe }) => {
  await page.goto("/registration");
  await page.getByRole("link", { name: "Home-education groups" }).click();
  await page.getByRole("link", { name: "Create a home-education group" }).click();
  await expect(page).toHaveURL(/\/registration\/home-education\/organisation\/edit$/);
  const main = page.getByRole("main");
  await submit(page, main, "Save and continue");
  const { fields } = await expectErrorsLinkedAndAnnounced(main);
  expect(fields.length).toBeGreaterThan(2);
  await axe();
});

test("account: your details", async ({ page, axe }) => {
  await page.goto("/login");
  await logIn(page);
  await expect(page).toHaveURL(/\/account$/);
  await page.goto("/account/user/edit");
  const main = page.getByRole("main");
  await waitForHydration(page);
  await main.getByLabel("First name").fill("");
  await main.getByLabel("Phone (optional)").fill("12345");
  await submit(page, main, /^Save/);
  const { fields } = await expectErrorsLinkedAndAnnounced(main);
  expect(fields.map((f) => f.field)).toEqual(["firstName", "phone"]);
  await axe();
  // Nothing was saved.
  await page.goto("/account");
  await expect(page.getByRole("main")).toContainText(DEMO.firstName);
});
