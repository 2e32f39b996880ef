import type { Page } from "@playwright/test";

/** Waits until React has hydrated the page's main content (its DOM nodes carry React's fiber keys). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const main = document.getElementById("main");
    return Boolean(main && Object.keys(main).some((key) => key.startsWith("__reactFiber")));
  });
}
