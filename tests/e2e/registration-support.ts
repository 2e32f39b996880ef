import type { Page } from "@playwright/test";
import { expect } from "./fixtures";
import { waitForHydration } from "./hydration";

/** A fresh address per test: the embedded backend lives as long as the server. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.org`;
}

/** Answers the cookie notice up front (React Router's unsigned cookie: base64 of the JSON value). */
export async function rejectCookies(page: Page, baseURL: string | undefined): Promise<void> {
  if (!baseURL) throw new Error("baseURL is not configured");
  const value = encodeURIComponent(btoa(JSON.stringify("rejected")));
  await page.context().addCookies([{ name: "cookie_consent", value, url: baseURL }]);
}

// Shared with the page-state checks, which the fixtures load (so it lives in a module that does not import them).
export { waitForHydration };

/** The error shown beside a field, linked to it. */
export async function expectFieldError(page: Page, id: string, message: string | RegExp): Promise<void> {
  await expect(page.locator(`#${id}`)).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator(`#${id}-error`)).toContainText(message);
}

export const PASSWORD = "lantern meadow quiet river";

interface Person {
  firstName: string;
  lastName: string;
  email: string;
  password?: string;
}

export async function fillUser(page: Page, person: Person): Promise<void> {
  await expect(page).toHaveURL(/\/user\/edit$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your details" })).toBeVisible();
  // The strength hint needs JavaScript.
  await waitForHydration(page);
  await page.getByLabel("First name").fill(person.firstName);
  await page.getByLabel("Last name").fill(person.lastName);
  await page.getByLabel("Email address", { exact: true }).first().fill(person.email);
  await page.getByLabel("Create a password").fill(person.password ?? PASSWORD);
}

export async function saveAndContinue(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Save and continue" }).click();
}

/** A new walking club (group type "other") registered by `email`, as far as the review page with the terms accepted. */
export async function reviewNewGroup(page: Page, email: string): Promise<void> {
  await page.goto("/registration/other-group/organisation/edit");
  await page.getByLabel("Name of your group").fill("Kirkstall Ramblers");
  await page.getByLabel("Describe your group").fill("A walking club that visits museums on rainy days.");
  await page.getByLabel("Address line 1").fill("Kirkstall Lane");
  await page.getByLabel("Town or city").fill("Leeds");
  await page.getByLabel("Postcode").fill("LS5 3BW");
  await saveAndContinue(page);
  await fillUser(page, { firstName: "Amara", lastName: "Okafor", email });
  await saveAndContinue(page);
  await page.getByLabel(/I accept the account terms/).check();
}

/**
 * After "Register": the page says an email was sent, the same whether or not the address has
 * an account (ADR 30). The embedded default shows the link the email holds: this follows it,
 * confirms, and lands logged in on the account. `axe` checks each page on the way.
 */
export async function confirmFromEmail(page: Page, email: string, axe?: () => Promise<void>): Promise<void> {
  await expect(page.getByRole("heading", { level: 1, name: "Check your email" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("status")).toContainText(`We have sent an email to ${email}.`);
  const notice = page.getByRole("region", { name: "Embedded default" });
  await expect(notice).toContainText("Confirm your registration");
  await axe?.();
  const link = (await notice.getByRole("link").getAttribute("href"))!;
  expect(link).toMatch(/\/registration\/confirm\/[\w-]+$/);
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Confirm your registration" })).toBeVisible();
  await axe?.();
  await page.getByRole("button", { name: "Confirm and log in" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
}
