import { request as http, type APIRequestContext } from "@playwright/test";
import { expect, logIn, test } from "./fixtures";

// Who may keep each page (docs/decisions/0025-public-caches-and-cache-control.md): pages
// the same for every anonymous visitor say a CDN may keep them, without setting a cookie;
// anything personal says private, no-store.

const PUBLIC = /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/;
const PRIVATE = "private, no-store";
/** Registration's organisation search: its first results carry no user token (app/search/insights.ts). */
const SEARCH_PAGE = "/registration/education/organisation";
const PUBLIC_PAGES = [
  "/",
  "/login",
  "/login/forgot",
  "/newsletter",
  "/accessibility",
  "/terms",
  "/registration",
  SEARCH_PAGE,
  `${SEARCH_PAGE}?q=school&kind=Primary%20school&page=2`,
];

let anonymous: APIRequestContext;
test.beforeAll(async ({ baseURL }) => {
  anonymous = await http.newContext({ baseURL });
});
test.afterAll(async () => anonymous.dispose());

test("pages the same for every anonymous visitor may be kept by a CDN, and set no cookie", async () => {
  for (const path of PUBLIC_PAGES) {
    const response = await anonymous.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    expect(response.headers()["cache-control"], path).toMatch(PUBLIC);
    expect(response.headers()["set-cookie"], path).toBeUndefined();
    expect(response.headers()["vary"], path).toContain("Cookie");
  }
});

test("the same pages are private for a visitor with a cookie or who refuses tracking, and personal pages always are", async ({ page }) => {
  const refusals: Record<string, string>[] = [{ Cookie: "cookie_consent=rejected" }, { DNT: "1" }, { "Sec-GPC": "1" }];
  for (const headers of refusals) {
    const response = await anonymous.get("/", { headers });
    expect(response.headers()["cache-control"], JSON.stringify(headers)).toBe(PRIVATE);
  }
  // Not found, and a redirect to log in: not a page to keep.
  expect((await anonymous.get("/no-such-page-anywhere")).headers()["cache-control"]).toBe(PRIVATE);
  expect((await anonymous.get("/account", { maxRedirects: 0 })).headers()["cache-control"]).toBe(PRIVATE);

  await page.goto("/login?redirectTo=/account");
  await logIn(page);
  await expect(page).toHaveURL(/\/account$/);
  // Signed in once the account page has drawn (its data loaded with the new session).
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  const [home] = await Promise.all([page.waitForResponse((r) => new URL(r.url()).pathname === "/" && r.request().resourceType() === "document"), page.goto("/")]);
  expect(home.headers()["cache-control"]).toBe(PRIVATE);
  await expect(page.getByRole("link", { name: "Account" }).first()).toBeVisible();
  for (const path of ["/", "/account", "/account/orders", "/account/book/date", "/account/user/edit"]) {
    const response = await page.request.get(path, { maxRedirects: 0 });
    expect(response.headers()["cache-control"], path).toBe(PRIVATE);
  }
  // The data a client-side navigation loads is personal too.
  expect((await page.request.get("/account.data")).headers()["cache-control"]).toBe(PRIVATE);
});

test("the organisation search is the same page for every anonymous visitor, and private once a registration draft is kept", async ({ page }) => {
  // Two anonymous loads of one URL: the same HTML but for the CSP nonce (the first results
  // come from the server's search cache, so even the query id and timing are the same).
  const url = `${SEARCH_PAGE}?q=riverside&region=London`;
  const load = async () => {
    const response = await anonymous.get(url);
    expect(response.headers()["cache-control"]).toMatch(PUBLIC);
    return (await response.text()).replace(/nonce="[^"]*"/g, 'nonce=""');
  };
  const first = await load();
  expect(first).toContain('nonce=""');
  expect(first).toContain("Riverside");
  expect(first).not.toMatch(/anonymous-|userToken/);
  expect(await load()).toBe(first);

  // Choosing an organisation keeps it in the registration draft (a cookie): from then on,
  // the search page is this visitor's own.
  await page.goto(SEARCH_PAGE);
  await expect(page.getByRole("button", { name: /^Choose / }).first()).toBeVisible();
  await Promise.all([page.waitForURL(/\/organisation\/edit$/), page.getByRole("button", { name: /^Choose / }).first().click()]);
  expect((await page.context().cookies()).length).toBeGreaterThan(0);
  const [search] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === SEARCH_PAGE && r.request().resourceType() === "document"),
    page.goto(SEARCH_PAGE),
  ]);
  expect(search.headers()["cache-control"]).toBe(PRIVATE);
  expect((await page.request.get(url)).headers()["cache-control"]).toBe(PRIVATE);
});
