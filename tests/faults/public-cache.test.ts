import { http, HttpResponse } from "msw";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { DEMO_USER } from "../../mocks/backend";
import { startApp, type App } from "./support/app";

// The public cache in the production build (docs/decisions/0025-public-caches-and-cache-control.md):
// CMS answers are shared between requests, never what is personal, and a CMS change shows
// once the answer's TTL has passed. A 1-second TTL and stale window keep the test short.
process.env.PUBLIC_CACHE_TTL_SECONDS = "1";
process.env.PUBLIC_CACHE_STALE_SECONDS = "1";
vi.spyOn(console, "error").mockImplementation(() => {});
const app: App = await startApp({ timeoutMs: 8_000 });
const cmsRequests: string[] = [];
const OTHER = { email: "booking.invoice@example.org", firstName: "Grace" };

beforeAll(() => {
  app.embedded.server.events.on("request:start", ({ request }) => {
    const url = new URL(request.url);
    if (url.origin === new URL(process.env.CMS_BASE_URL ?? "").origin) cmsRequests.push(url.pathname);
  });
});
afterAll(() => app.close());
afterEach(() => app.embedded.server.resetHandlers());
const siteRequests = () => cmsRequests.filter((path) => path.endsWith("/site")).length;
const page = async (path: string, cookie?: string) => (await app.request(path, { cookie })).text();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the public cache in the app", () => {
  it("asks the CMS once for many pages, and never shares who is signed in", async () => {
    await sleep(1_100);
    cmsRequests.length = 0;
    const [amara, grace] = [await app.logIn(), await app.logIn(OTHER.email, DEMO_USER.password)];
    const pages = await Promise.all([
      page("/"), page("/"), page("/account", amara), page("/account", grace), page("/account", amara), page("/login"),
    ]);
    expect(siteRequests()).toBe(1);
    const [, , first, second, third] = pages;
    expect(first).toContain("Amara");
    expect(first).not.toContain(OTHER.firstName);
    expect(second).toContain(OTHER.firstName);
    expect(second).not.toContain("Amara");
    expect(third).toContain("Amara");
  });

  it("shows a CMS change once the TTL has passed", async () => {
    const site = app.embedded.backend.state.site;
    const before = site.tagline;
    expect(await page("/")).toContain(before);
    site.tagline = "Visits for every kind of group, now in Halifax too";
    // Still fresh: the cached answer.
    expect(await page("/")).toContain(before);
    await sleep(1_100);
    // Stale: served once while it is fetched again, then the new one.
    await page("/");
    await sleep(50);
    expect(await page("/")).toContain("now in Halifax too");
  });

  it("keeps no CMS answer whose Cache-Control says no-store: every page asks again (ADR 0027)", async () => {
    const site = app.embedded.backend.state.site;
    app.embedded.server.use(
      http.get(`${process.env.CMS_BASE_URL}/site`, () => HttpResponse.json(site, { headers: { "Cache-Control": "no-store" } })),
    );
    // Past the kept answer's TTL and stale window: the next page waits for the CMS.
    await sleep(2_100);
    cmsRequests.length = 0;
    for (let i = 0; i < 3; i++) expect(await page("/")).toContain(site.tagline);
    expect(siteRequests()).toBe(3);
  });
});
