import type { Page, Request } from "@playwright/test";
import { activityRow, chooseDay, chooseSlot, expectStep, fillInformation, logInAs, monthAhead, saveAndContinue, startAt, VENUES } from "./booking-support";
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
  // Clicked at once: axe's checks (and the first walk of a route, tests/e2e/page-states.ts)
  // can take longer than the ten seconds the prefetch is kept; the account page is checked
  // after the click's answer is read.
  await link.click();
  await expect(page.getByRole("heading", { level: 1, name: "Your orders" })).toBeVisible();
  // The page's data came from the prefetch: the click's fetch of it crossed no network
  // (Resource Timing's transferSize is 0 for an answer from the browser's cache).
  const transfers = await page.evaluate(() =>
    performance.getEntriesByType("resource").filter((e) => new URL(e.name).pathname === "/account/orders.data").map((e) => [(e as PerformanceResourceTiming).initiatorType, (e as PerformanceResourceTiming).transferSize > 0]),
  );
  expect(transfers).toEqual([["link", true], ["fetch", false]]);
  await axe();
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
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

test("a page prefetched before a change is not shown after it: a lunch slot dropped from the review is gone from the day's plan", async ({ page, axe }) => {
  // The other tests run with the browser's HTTP cache off (Playwright's routing), which hides
  // this: a prefetched page is kept ten seconds (ADR 37), so a page prefetched before a save
  // and opened after it would show what was there before. Every post changes the cookie the
  // kept page varies on (app/shell/cache-control.server.ts), so it is asked for again.
  test.setTimeout(120_000);
  await withHttpCache(page);
  const scheduleData: string[] = [];
  page.on("request", (r) => new URL(r.url()).pathname === "/account/book/schedule.data" && scheduleData.push(r.headers()["sec-purpose"] ?? "click"));
  await logInAs(page, "prefetch.lunch@example.org");
  await startAt(page, VENUES.york, monthAhead(2));
  await chooseDay(page, 1);
  await fillInformation(page, { bands: { "aged 5–11": 18 }, adults: 3, lunch: true });
  await saveAndContinue(page);
  await expectStep(page, "schedule", "Plan your day");
  const workshop = await chooseSlot(page, "Life in Roman Eboracum", 21);
  await chooseSlot(page, "Lunch space", 21, [workshop]);
  await saveAndContinue(page);
  await expectStep(page, "payment", "Payment");
  await page.getByRole("radio", { name: "Pay by invoice" }).check();
  await saveAndContinue(page);
  await expectStep(page, "review", "Check and book your visit");
  // The review's "Change your day" link has its page prefetched: the plan with the lunch slot.
  await expect.poll(() => scheduleData).toContain("prefetch");

  await page.getByRole("link", { name: "Change your group details" }).click();
  await expectStep(page, "information", "About your group");
  await page.getByRole("group", { name: /packed lunch/ }).getByRole("radio", { name: "No" }).check();
  await saveAndContinue(page);
  await expectStep(page, "review", "Check and book your visit");
  await page.getByRole("link", { name: "Change your day" }).click();
  await expectStep(page, "schedule", "Plan your day");
  await expect(activityRow(page, "Lunch space")).toHaveCount(0);
  await expect(page.getByRole("complementary", { name: "Your booking" })).not.toContainText("Lunch space");
  await axe();
});
