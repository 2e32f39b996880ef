import { expect, test } from "./fixtures";

const gtmScript = 'script[src^="https://www.googletagmanager.com/gtm.js?id=GTM-TEST123"]';

test("the tag manager loads, with storage denied until consent", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator(gtmScript)).toHaveCount(1);
  const defaults = await page.evaluate(() => (window.dataLayer ?? []).find((e: any) => e?.[0] === "consent") as any);
  expect(defaults[1]).toBe("default");
  expect(defaults[2]).toMatchObject({ analytics_storage: "denied", ad_storage: "denied" });
});

for (const [name, headers] of [
  ["Do-Not-Track", { DNT: "1" }],
  ["Global Privacy Control", { "Sec-GPC": "1" }],
] as const) {
  test(`the tag manager is not loaded with ${name}`, async ({ browser }) => {
    const context = await browser.newContext({ extraHTTPHeaders: headers });
    const page = await context.newPage();
    const gtmRequests: string[] = [];
    page.on("request", (r) => r.url().includes("googletagmanager") && gtmRequests.push(r.url()));
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator(gtmScript)).toHaveCount(0);
    await expect(page.locator("#gtm-bootstrap")).toHaveCount(0);
    expect(gtmRequests).toEqual([]);
    await context.close();
  });
}

test("the browser's own Do-Not-Track also stops the tag manager", async ({ browser }) => {
  const context = await browser.newContext();
  await context.addInitScript(() => Object.defineProperty(Navigator.prototype, "doNotTrack", { get: () => "1" }));
  const page = await context.newPage();
  await page.route("https://www.googletagmanager.com/**", (route) => route.fulfill({ status: 200, body: "" }));
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator(gtmScript)).toHaveCount(0);
  await context.close();
});

test("a password-reset link's page tells the tag manager nothing (no tag manager, no page view) and keeps its no-referrer policy", async ({ page, axe }) => {
  const token = "reset-token-from-the-email-link-0123456789";
  const requests: string[] = [];
  page.on("request", (r) => requests.push(r.url()));
  const response = await page.goto(`/login/reset/${token}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await axe();
  const headers = response!.headers();
  // The route's own policy, not overwritten by the security middleware's default.
  expect(headers["referrer-policy"]).toBe("no-referrer");
  expect(headers["content-security-policy"]).not.toContain("googletagmanager");
  await expect(page.locator(gtmScript)).toHaveCount(0);
  await expect(page.locator("#gtm-bootstrap")).toHaveCount(0);
  const pageViews = await page.evaluate(() => JSON.stringify(window.dataLayer ?? []));
  expect(pageViews).not.toContain(token);
  expect(requests.filter((url) => !url.startsWith(new URL(page.url()).origin))).toEqual([]);
});
