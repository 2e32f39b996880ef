import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

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

/** Waits until React has hydrated the page's main content (its DOM nodes carry React's fiber keys). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const main = document.getElementById("main");
    return Boolean(main && Object.keys(main).some((key) => key.startsWith("__reactFiber")));
  });
}

/** The error shown beside a field, linked to it. */
export async function expectFieldError(page: Page, id: string, message: string | RegExp): Promise<void> {
  await expect(page.locator(`#${id}`)).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator(`#${id}-error`)).toContainText(message);
}
