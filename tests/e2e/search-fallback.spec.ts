import type { Page } from "@playwright/test";
import { expect, logIn, test } from "./fixtures";
import { rejectCookies, waitForHydration } from "./registration-support";
import { ownServerForFile } from "./server-process";

// The organisation search pages render their first results on the server. Should that
// search fail, the page still renders and the browser searches (loadOrganisationSearch).
// Here the server is configured with a search provider host it cannot reach; the
// browser's requests to that host are answered, as a provider would, by the main e2e
// server's embedded engine.

const mainServer = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100)}`;
/** A port nothing listens on: every request from the server to it is refused. */
const searchHost = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 71}`;
const baseURL = ownServerForFile(70, { SEARCH_HOSTS: searchHost });

test.use({ baseURL });
// One worker for the file: its server has one port (each worker would start its own there).
test.describe.configure({ mode: "default", timeout: 60_000 });

test.beforeEach(async ({ page }) => {
  await rejectCookies(page, baseURL);
  await page.route(`${searchHost}/**`, async (route) => {
    // Sent on as the main server's own pages send it (it refuses cross-origin posts).
    const headers = { ...route.request().headers(), origin: mainServer, "sec-fetch-site": "same-origin" };
    const response = await route.fetch({ url: route.request().url().replace(searchHost, mainServer), headers });
    // A provider answers cross-origin requests.
    await route.fulfill({ response, headers: { ...response.headers(), "access-control-allow-origin": "*" } });
  });
  // A real provider's click and view events (DESIGN: insights); accepted, not sent anywhere.
  await page.route("https://insights.algolia.io/**", (route) => route.fulfill({ status: 200, json: { status: 200, message: "OK" } }));
});

/** Opens a search page whose URL asks for `name`; the server could not search, the browser does. */
async function openWithoutServerResults(page: Page, path: string, name: string) {
  const response = await page.goto(path);
  expect(response!.status()).toBe(200);
  expect(await response!.text(), "the server rendered no results").not.toContain(name);
  await waitForHydration(page);
}

test("registration: the search page renders without server results and the browser finds the school", async ({ page, axe }) => {
  const name = "Fulford Road Sixth Form College";
  await openWithoutServerResults(page, `/registration/education/organisation?q=${encodeURIComponent("Fulford Road")}`, name);
  await expect(page.getByRole("heading", { level: 1, name: "Find your organisation" })).toBeVisible();
  await expect(page.getByRole("button", { name: `Choose ${name}`, exact: true }).first()).toBeVisible();
  await axe();
});

test("account: the association page renders without server results and the browser finds the school", async ({ page, axe }) => {
  const name = "Fulford Road Sixth Form College";
  await page.goto("/login");
  await logIn(page);
  await expect(page).toHaveURL(/\/account$/);
  await openWithoutServerResults(page, `/account/organisation/association?q=${encodeURIComponent("Fulford Road")}`, name);
  await expect(page.getByRole("heading", { level: 1, name: "Your organisations" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Your organisations" }).getByRole("listitem").first()).toBeVisible();
  await expect(page.getByRole("button", { name: `Ask to join ${name}`, exact: true }).first()).toBeVisible();
  await axe();
});

test("a page past the last, searched by the browser: the last page, its address corrected in place", async ({ page, axe }) => {
  const refined = "/registration/education/organisation?kind=Secondary%20school";
  await openWithoutServerResults(page, `${refined}&page=500`, "Secondary school");
  const pages = page.getByRole("navigation", { name: "Results pages" });
  await expect(pages.getByRole("link", { name: "Last page" })).toHaveAttribute("aria-disabled", "true");
  const current = pages.locator('[aria-current="page"]');
  await expect(current).toHaveCount(1);
  const last = Number(await current.textContent());
  expect(last).toBeGreaterThan(1);
  await expect(page.locator(".hits > li").first()).toBeVisible();
  await expect(page).toHaveURL((url) => url.searchParams.get("page") === String(last) && url.searchParams.get("kind") === "Secondary school");
  // Corrected in place: Back leaves the search page rather than returning to page 500.
  const entries = await page.evaluate(() => history.length);
  await page.waitForTimeout(600);
  expect(await page.evaluate(() => history.length)).toBe(entries);
  await axe();
});
