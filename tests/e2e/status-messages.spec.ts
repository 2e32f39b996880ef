import { NAVIGATION_STATUS } from "../../app/components/navigation-status";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./registration-support";

// WCAG 4.1.3 Status messages: a page change a screen reader user would otherwise wait on in
// silence (the loading bar is only seen) is announced by a polite live region, present from
// the first render; quick ones say nothing (docs/requirements.md §5.1). The page's data
// request is held or failed by the test, so the navigation is slow, or fails, for certain.

const region = "#navigation-status";

test("the live region is in the server's page, polite and empty", async ({ request }) => {
  const html = await (await request.get("/")).text();
  expect(html).toContain('<div id="navigation-status" class="visually-hidden" aria-live="polite" aria-atomic="true"></div>');
});

test("a slow page change is announced after a second, and the announcement goes when the page arrives", async ({ page, axe }) => {
  await page.goto("/");
  await waitForHydration(page);
  // Every text the region is given, with when (the page's clock).
  await page.evaluate((selector) => {
    const heard: Array<[string, number]> = [];
    Object.assign(window, { heard });
    const live = document.querySelector(selector)!;
    new MutationObserver(() => heard.push([live.textContent ?? "", performance.now()])).observe(live, { childList: true, characterData: true, subtree: true });
  }, region);
  await page.route("**/privacy.data*", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await route.continue();
  });
  const clicked = await page.evaluate(() => performance.now());
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy" }).click();
  await expect(page.locator(region)).toHaveText(NAVIGATION_STATUS.loading);
  await expect(page.getByRole("heading", { level: 1, name: "Privacy" })).toBeVisible();
  await expect(page.locator(region)).toHaveText("");
  const heard = await page.evaluate(() => (window as unknown as { heard: Array<[string, number]> }).heard);
  const said = heard.filter(([text]) => text !== "");
  expect(said.map(([text]) => text)).toEqual([NAVIGATION_STATUS.loading]);
  expect(said[0]![1] - clicked, "said only once the page change had taken a second").toBeGreaterThanOrEqual(NAVIGATION_STATUS.slowAfterMs);
  await axe();
});

test("a page change that fails is announced", async ({ page, axe }) => {
  await page.goto("/");
  await waitForHydration(page);
  await page.route("**/terms.data*", (route) => route.fulfill({ status: 500, body: "boom" }));
  await page.getByRole("contentinfo").getByRole("link", { name: "Terms" }).click();
  await expect(page.getByText("Error 500")).toBeVisible();
  await expect(page.locator(region)).toHaveText(NAVIGATION_STATUS.failed);
  await axe();
});

test("an error page loaded as the first page is read as a page, not announced", async ({ page }) => {
  await page.goto("/no/such/page");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "This page could not be found" })).toBeVisible();
  await page.waitForTimeout(500);
  await expect(page.locator(region)).toHaveText("");
});
