import type { Page, Request } from "@playwright/test";
import { expect, logIn, test } from "./fixtures";

// Links in view prefetch their page (its route modules and loader data, React Router's own
// prefetching) once the browser has been idle, and not with Save-Data, on 2G or offline
// (app/shell/prefetch.ts, docs/requirements.md §5.3). Chromium's own emulation through the
// DevTools protocol: the network conditions Chrome reports to the page, and its data saver.

const ORDERS_DATA = /\/account\/orders\.data(\?|$)/;

/** Collects the requests for the orders page's loader data made from now on. */
function ordersDataRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on("request", (request) => ORDERS_DATA.test(new URL(request.url()).pathname + new URL(request.url()).search) && seen.push(request));
  return seen;
}

/**
 * The browser's HTTP cache as a visitor has it: Playwright turns it off while any request is
 * routed, so the fixture's stub of the tag manager gives way to Chromium's own URL blocking.
 */
async function withHttpCache(page: Page) {
  await page.unrouteAll();
  const session = await page.context().newCDPSession(page);
  await session.send("Network.enable");
  await session.send("Network.setBlockedURLs", { urls: ["https://www.googletagmanager.com/*"] });
}

async function toAccount(page: Page) {
  await page.goto("/login?redirectTo=/account");
  await logIn(page);
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
}

test("a link in view has its page's data fetched once the browser is idle, and the click uses it", async ({ page, axe }) => {
  await withHttpCache(page);
  const requested = ordersDataRequests(page);
  const answered: string[] = [];
  page.on("response", (response) => ORDERS_DATA.test(new URL(response.url()).pathname) && answered.push(response.headers()["cache-control"] ?? ""));
  await toAccount(page);
  const link = page.getByRole("link", { name: "See all your orders" });
  await link.scrollIntoViewIfNeeded();
  await expect.poll(() => requested.map((r) => r.headers()["sec-purpose"])).toEqual(["prefetch"]);
  await expect.poll(() => answered).toEqual(["private, max-age=10"]);
  await axe();
  await link.click();
  await expect(page.getByRole("heading", { level: 1, name: "Your orders" })).toBeVisible();
  // The page's data came from the prefetch: the click's fetch of it crossed no network
  // (Resource Timing's transferSize is 0 for an answer from the browser's cache).
  const transfers = await page.evaluate(() =>
    performance.getEntriesByType("resource").filter((e) => new URL(e.name).pathname === "/account/orders.data").map((e) => [(e as PerformanceResourceTiming).initiatorType, (e as PerformanceResourceTiming).transferSize > 0]),
  );
  expect(transfers).toEqual([["link", true], ["fetch", false]]);
  await axe();
});

for (const [name, emulate] of [
  ["with Save-Data", (session: import("@playwright/test").CDPSession) => session.send("Emulation.setDataSaverOverride" as never, { dataSaverEnabled: true } as never)],
  [
    "on 2G",
    (session: import("@playwright/test").CDPSession) =>
      session.send("Network.emulateNetworkConditions", { offline: false, latency: 1_600, downloadThroughput: (50 * 1024) / 8, uploadThroughput: (20 * 1024) / 8, connectionType: "cellular2g" }),
  ],
] as const) {
  test(`nothing is prefetched ${name}`, async ({ page }) => {
    test.setTimeout(90_000);
    const session = await page.context().newCDPSession(page);
    await session.send("Network.enable");
    await emulate(session);
    const prefetched = ordersDataRequests(page);
    await toAccount(page);
    const connection = await page.evaluate(() => {
      const c = (navigator as Navigator & { connection?: { saveData: boolean; effectiveType: string } }).connection;
      return { saveData: c?.saveData, effectiveType: c?.effectiveType };
    });
    expect(connection.saveData === true || connection.effectiveType === "2g" || connection.effectiveType === "slow-2g", JSON.stringify(connection)).toBe(true);
    await page.getByRole("link", { name: "See all your orders" }).scrollIntoViewIfNeeded();
    // Idle has come (the time-out is 2,000 ms), and still nothing was fetched ahead.
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2_000 })));
    await page.waitForTimeout(2_500);
    expect(prefetched).toEqual([]);
    await expect(page.locator('link[rel="prefetch"]')).toHaveCount(0);
  });
}

test("nothing is prefetched once the browser is offline", async ({ page, context }) => {
  // A page short enough that the link starts out of view, and is scrolled to once offline.
  await page.setViewportSize({ width: 1280, height: 320 });
  const prefetched = ordersDataRequests(page);
  await toAccount(page);
  const link = page.getByRole("link", { name: "See all your orders" });
  await expect(link).not.toBeInViewport();
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2_000 })));
  await context.setOffline(true);
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  await link.scrollIntoViewIfNeeded();
  await expect(link).toBeInViewport();
  await page.waitForTimeout(2_500);
  expect(prefetched).toEqual([]);
  await expect(page.locator('link[rel="prefetch"][href*="/account/orders.data"]')).toHaveCount(0);
  // Back online, the link in view is prefetched after all.
  await context.setOffline(false);
  await expect.poll(() => prefetched.length).toBeGreaterThan(0);
});
