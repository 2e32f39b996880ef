import type { Locator, Page, Request } from "@playwright/test";
import { URL_WRITE_DELAY_MS } from "../../app/search/constants";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./registration-support";

// The organisation search on registration's "Find your organisation" page: the spec's
// widgets, texts and constants, URL state, server-rendered first results and insights.

const SEARCH_PAGE = "/registration/education/organisation";
const STATS = /^[\d,]+ results found in \d+ ms$/;

const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Search organisations" });
const stats = (page: Page) => page.locator(".search-stats");
const facet = (page: Page, heading: string) => page.getByRole("region", { name: heading, exact: true });
const hits = (page: Page) => page.locator(".hits > li");
/** The value of one detail ("Kind", "Town"…) of every hit shown. */
const details = (page: Page, term: string) =>
  page.locator(".hit-details > div").filter({ has: page.locator("dt", { hasText: new RegExp(`^${term}$`) }) }).locator("dd");

/** The number of results the stats announce. */
async function resultCount(page: Page): Promise<number> {
  const text = (await stats(page).textContent()) ?? "";
  if (text.startsWith("No results")) return 0;
  if (text.startsWith("1 result ")) return 1;
  return Number(/^([\d,]+) results/.exec(text)?.[1]?.replaceAll(",", "") ?? Number.NaN);
}

/** Waits until the stats show a count other than `previous`, and returns it. */
async function countChangedFrom(page: Page, previous: number): Promise<number> {
  await expect.poll(() => resultCount(page)).not.toBe(previous);
  await expect(stats(page)).toHaveText(/found in \d+ ms$/);
  return resultCount(page);
}

interface SentEvent {
  eventType?: string;
  objectIDs?: string[];
  filters?: string[];
}

/** The insights events a POST /1/events carries. */
function eventsOf(request: Request): SentEvent[] {
  if (!request.url().includes("/1/events")) return [];
  try {
    return (JSON.parse(request.postData() ?? "{}") as { events?: SentEvent[] }).events ?? [];
  } catch {
    return [];
  }
}

async function allEqual(locator: Locator, value: string) {
  await expect(locator.first()).toBeVisible();
  expect(new Set(await locator.allTextContents())).toEqual(new Set([value]));
}

test.describe("organisation search", () => {
  test("server-renders the first results for the URL's search state", async ({ request }) => {
    const response = await request.get(`${SEARCH_PAGE}?q=Riverside%20Primary`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    const text = html.replace(/<[^>]+>/g, "");
    // Hits, stats and the URL's query are in the HTML itself, before any JavaScript runs.
    expect(text).toContain("Riverside Primary School");
    expect(html).toContain("<mark>Riverside</mark>");
    expect(html).toMatch(/(\d[\d,]* results|1 result) found in \d+ ms/);
    expect(html).toContain('value="Riverside Primary"');
    expect(html).toContain('placeholder="Search here…"');

    const refined = await (await request.get(`${SEARCH_PAGE}?kind=Secondary%20academy&page=2`)).text();
    expect(refined).toMatch(/<dt>Kind<\/dt><dd>Secondary academy<\/dd>/);
    expect(refined).not.toMatch(/<dt>Kind<\/dt><dd>Primary school<\/dd>/);
    expect(refined).toMatch(/aria-label="Page 2" aria-current="page"/);
  });

  test("hydrates the server's first results without a search in the browser", async ({ page }) => {
    // Every query the browser sends to the search endpoint (POST /1/indexes/*/queries);
    // insights events (/1/events) are not searches.
    const searches: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/1/indexes/")) searches.push(request.postData() ?? "");
    });
    // In the order the search writes its URL, so hydrating leaves it as it is.
    const path = `${SEARCH_PAGE}?q=school&page=2&kind=Primary%20school&kind=Secondary%20school&size=100%3A2000&outreach=true`;
    await page.goto(path);
    await waitForHydration(page);
    await expect(facet(page, "Kind of organisation").getByRole("checkbox", { name: /^Primary school \d/ })).toBeChecked();
    await expect(page.getByRole("navigation", { name: "Results pages" }).getByRole("link", { name: "Page 2" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(hits(page)).toHaveCount(10);
    // Past InstantSearch's deferred start and the router's write delay.
    await page.waitForTimeout(URL_WRITE_DELAY_MS + 600);
    expect(searches).toEqual([]);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(path);

    // The listener does see the browser's searches: a new refinement makes one.
    await facet(page, "Kind of organisation").getByRole("checkbox", { name: /^Primary school \d/ }).uncheck();
    await expect.poll(() => searches.length).toBeGreaterThan(0);
  });

  test("searches, counts, says when nothing matches and passes axe", async ({ page, axe }) => {
    await page.goto(SEARCH_PAGE);
    await expect(page.getByRole("heading", { level: 1, name: "Find your organisation" })).toBeVisible();
    await expect(page).toHaveTitle(/^Find your organisation/);
    await expect(stats(page)).toHaveText(STATS);
    await expect(searchBox(page)).toHaveAttribute("placeholder", "Search here…");
    await expect(searchBox(page)).toHaveAttribute("maxlength", "512");
    await expect(hits(page)).toHaveCount(10);
    // Query rules: the "registration" context's user data is the banner.
    await expect(page.getByRole("note", { name: "Search tip" })).toHaveText(
      "Can't find your school? Choose 'My organisation is not listed'.",
    );
    // Registration is fixed to its group type: no group type filter to remove.
    await expect(facet(page, "Type of group")).toHaveCount(0);
    await axe();

    const all = await resultCount(page);
    await searchBox(page).fill("Riverside Primary");
    await countChangedFrom(page, all);
    await expect(page.getByRole("heading", { level: 3, name: "Riverside Primary School", exact: true }).first()).toBeVisible();

    await searchBox(page).fill("qqxzv wwkjh zzqpt");
    await expect(page.getByText("No results.", { exact: true })).toBeVisible();
    await expect(stats(page)).toHaveText(/^No results found in \d+ ms$/);
    await expect(hits(page)).toHaveCount(0);
    await axe();

    await page.getByRole("button", { name: "Clear the search" }).click();
    await expect(searchBox(page)).toHaveValue("");
    await expect.poll(() => resultCount(page)).toBe(all);
  });

  test("shows a loading indicator in the search box when the search stalls", async ({ page }) => {
    await page.goto(SEARCH_PAGE);
    await expect(stats(page)).toHaveText(STATS);
    // Typed before hydration, the box would search nothing.
    await waitForHydration(page);
    // Answers well past the stalled delay (200 ms), so the indicator shows longer than the
    // checks below take to look, however busy the machine.
    await page.route("**/1/indexes/*/queries*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await route.continue();
    });
    await searchBox(page).fill("Leeds");
    // Both at once (one after the other, a busy machine can let the search end between them).
    await expect(page.locator('form[role=search][aria-busy="true"]').getByTestId("search-loading")).toBeVisible();
    await expect(page.getByTestId("search-loading")).toBeHidden({ timeout: 5_000 });
  });

  test("refines by lists, facet value search, menu, range, rating and toggle, with clickedFilters events", async ({
    page,
    axe,
  }) => {
    const events: Request[] = [];
    page.on("request", (r) => r.url().includes("/1/events") && events.push(r));
    await page.goto(SEARCH_PAGE);
    let count = await resultCount(page);

    // Refinement list: 10 values, 20 with "Show more".
    const kinds = facet(page, "Kind of organisation");
    await expect(kinds.getByRole("checkbox")).toHaveCount(10);
    await kinds.getByRole("button", { name: "Show more" }).click();
    expect(await kinds.getByRole("checkbox").count()).toBeGreaterThan(10);
    expect(await kinds.getByRole("checkbox").count()).toBeLessThanOrEqual(20);
    await kinds.getByRole("button", { name: "Show less" }).click();
    await expect(kinds.getByRole("checkbox")).toHaveCount(10);

    // clickedFilters reaches the Insights API as a click event with URL-encoded filters.
    const clickedFilter = page.waitForRequest((r) =>
      eventsOf(r).some((e) => e.eventType === "click" && e.filters?.includes(encodeURIComponent("kind:Primary school"))),
    );
    await kinds.getByRole("checkbox", { name: /^Primary school \d/ }).check();
    count = await countChangedFrom(page, count);
    await allEqual(details(page, "Kind"), "Primary school");
    await clickedFilter;
    // The refined value comes first.
    await expect(kinds.getByRole("checkbox").first()).toBeChecked();

    // Facet value search in a refinement list.
    const towns = facet(page, "Town");
    await towns.getByRole("searchbox", { name: "Search towns" }).fill("Leed");
    await expect(towns.getByRole("checkbox", { name: /^Leeds \d/ })).toBeVisible();
    await towns.getByRole("checkbox", { name: /^Leeds \d/ }).check();
    count = await countChangedFrom(page, count);
    await allEqual(details(page, "Town"), "Leeds");
    await expect(towns.getByRole("searchbox", { name: "Search towns" })).toHaveValue("");
    await towns.getByRole("searchbox", { name: "Search towns" }).fill("zzzzqx");
    await expect(towns.getByText("No matching towns.")).toBeVisible();
    await towns.getByRole("searchbox", { name: "Search towns" }).fill("");

    // Range input: max may not be lower than min; "Go" applies it.
    await towns.getByRole("checkbox", { name: /^Leeds \d/ }).uncheck();
    count = await countChangedFrom(page, count);
    const size = facet(page, "Size (pupils or members)");
    await expect(size.getByText("to", { exact: true })).toBeVisible();
    await size.getByLabel("Smallest").fill("400");
    await size.getByLabel("Largest").fill("200");
    await size.getByRole("button", { name: "Go" }).click();
    await expect(size.getByText("The largest size can't be lower than the smallest.")).toBeVisible();
    await expect(size.getByLabel("Largest")).toHaveAttribute("aria-invalid", "true");
    await size.getByLabel("Largest").fill("450");
    await size.getByRole("button", { name: "Go" }).click();
    count = await countChangedFrom(page, count);
    await expect(size.getByText("The largest size can't be lower than the smallest.")).toHaveCount(0);
    await expect(page).toHaveURL(/size=400%3A450/);

    // Rating menu: levels 4 down to 1, "& up".
    const rating = facet(page, "Visit rating");
    await expect(rating.getByRole("link")).toHaveText([/^4 stars & up/, /^3 stars & up/, /^2 stars & up/, /^1 star & up/]);
    await rating.getByRole("link", { name: /^4 stars & up/ }).click();
    count = await countChangedFrom(page, count);
    await expect(rating.getByRole("link", { name: /^4 stars & up/ })).toHaveAttribute("aria-current", "true");
    await expect(page).toHaveURL(/rating=4/);

    // Toggle refinement.
    const outreach = page.getByRole("checkbox", { name: /^In our outreach region/ });
    await outreach.check();
    count = await countChangedFrom(page, count);
    await expect(page).toHaveURL(/outreach=true/);

    // Menu: one region at a time.
    const regions = facet(page, "Region");
    await expect(regions.getByRole("link")).toHaveCount(1);
    await expect(regions.getByRole("link", { name: /^Yorkshire and the Humber/ })).toBeVisible();
    await outreach.uncheck();
    count = await countChangedFrom(page, count);
    await regions.getByRole("link", { name: /^London \d/ }).click();
    count = await countChangedFrom(page, count);
    await expect(regions.getByRole("link", { name: /^London \d/ })).toHaveAttribute("aria-current", "true");
    await axe();

    // Insights: clickedFilters for filter clicks; no event carries more than 20 objects.
    await expect.poll(() => events.length).toBeGreaterThan(0);
    const sent = events.flatMap(eventsOf);
    expect(sent.filter((e) => e.eventType === "click" && e.filters).length).toBeGreaterThanOrEqual(4);
    expect(sent.some((e) => e.eventType === "view" && e.objectIDs?.length)).toBe(true);
    for (const event of sent) expect(event.objectIDs?.length ?? 0).toBeLessThanOrEqual(20);
  });

  test("sorts, pages, and keeps its state in the URL through a reload", async ({ page, axe }) => {
    await page.goto(SEARCH_PAGE);
    const count = await resultCount(page);

    await facet(page, "Kind of organisation").getByRole("checkbox", { name: /^Secondary school \d/ }).check();
    const refined = await countChangedFrom(page, count);

    const sort = page.getByLabel("Sort results by");
    await expect(sort.locator("option")).toHaveText(["Most relevant", "Name A–Z", "Largest first", "Best rated first"]);
    await sort.selectOption({ label: "Name A–Z" });
    await expect(page).toHaveURL(/sort=name_asc/);
    const names = (await page.locator(".hit-name").allTextContents()).map((n) => n.toLowerCase());
    expect(names).toEqual([...names].sort());

    // Pagination: first, previous, next, last; 3 pages either side of the current one.
    const pages = page.getByRole("navigation", { name: "Results pages" });
    await expect(pages.getByRole("link", { name: "First page" })).toHaveAttribute("aria-disabled", "true");
    await expect(pages.getByRole("link", { name: "Previous page" })).toHaveAttribute("aria-disabled", "true");
    await pages.getByRole("link", { name: "Next page" }).click();
    await expect(pages.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    await expect(pages.getByRole("link", { name: "First page" })).not.toHaveAttribute("aria-disabled");
    await pages.getByRole("link", { name: "Page 5" }).click();
    await expect(pages.getByRole("link", { name: "Page 5" })).toHaveAttribute("aria-current", "page");
    await expect(pages.getByRole("link", { name: /^Page \d+$/ })).toHaveText(["2", "3", "4", "5", "6", "7", "8"]);
    await expect(page.getByRole("heading", { level: 2, name: "Results", exact: true })).toBeFocused();
    await pages.getByRole("link", { name: "Last page" }).click();
    await expect(pages.getByRole("link", { name: "Next page" })).toHaveAttribute("aria-disabled", "true");
    await expect(pages.getByRole("link", { name: "Last page" })).toHaveAttribute("aria-disabled", "true");
    await pages.getByRole("link", { name: "First page" }).click();
    await expect(pages.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
    await pages.getByRole("link", { name: "Page 3" }).click();
    await expect(pages.getByRole("link", { name: "Page 3" })).toHaveAttribute("aria-current", "page");
    await searchBox(page).fill("school");
    await expect(page).toHaveURL(/q=school/);
    const before = await resultCount(page);
    expect(before).toBeLessThanOrEqual(refined);

    // The URL is written 400 ms after the last change; wait past it, then reload.
    await page.waitForTimeout(600);
    const url = page.url();
    expect(url).toMatch(/kind=Secondary%20school/);
    expect(url).toMatch(/sort=name_asc/);
    await page.reload();
    expect(page.url()).toBe(url);
    await expect(searchBox(page)).toHaveValue("school");
    await expect(facet(page, "Kind of organisation").getByRole("checkbox", { name: /^Secondary school \d/ })).toBeChecked();
    await expect(page.getByLabel("Sort results by")).toHaveValue("dev_organisations_name_asc");
    expect(await resultCount(page)).toBe(before);
    await axe();

    // Back goes to the previous search state.
    await page.goBack();
    await expect(searchBox(page)).not.toHaveValue("school");
  });

  test("a URL asking for a page past the last shows the last page, at the last page's address", async ({ page, request, axe }) => {
    const refined = `${SEARCH_PAGE}?kind=Secondary%20school`;
    await page.goto(refined);
    const pages = page.getByRole("navigation", { name: "Results pages" });
    // The address the search's own "Last page" link has.
    const lastAddress = (await pages.getByRole("link", { name: "Last page" }).getAttribute("href")) ?? "";
    const last = Number(new URL(lastAddress, page.url()).searchParams.get("page"));
    expect(last).toBeGreaterThan(1);
    const asked = `${refined}&page=${last + 30}`;

    // The server (so without JavaScript too): a redirect to that address.
    const redirected = await request.get(asked, { maxRedirects: 0 });
    expect(redirected.status()).toBe(302);
    expect(redirected.headers()["location"]).toBe(lastAddress);
    const html = await (await request.get(lastAddress)).text();
    expect(html).toMatch(new RegExp(`aria-label="Page ${last}" aria-current="page"`));
    expect(html).toMatch(/<dt>Kind<\/dt><dd>Secondary school<\/dd>/);

    // The browser: the last page's hits, its link current, the later links off, its address.
    await page.goto(asked);
    await expect(page).toHaveURL((url) => url.pathname + url.search === lastAddress);
    await expect(pages.getByRole("link", { name: `Page ${last}` })).toHaveAttribute("aria-current", "page");
    await expect(pages.getByRole("link", { name: "Next page" })).toHaveAttribute("aria-disabled", "true");
    await expect(pages.getByRole("link", { name: "Last page" })).toHaveAttribute("aria-disabled", "true");
    await expect(hits(page).first()).toBeVisible();
    await allEqual(details(page, "Kind"), "Secondary school");
    await expect(stats(page)).toHaveText(STATS);
    await axe();
  });

  test("relevant sort: see all results, see relevant results", async ({ page }) => {
    await page.goto(`${SEARCH_PAGE}?q=primary`);
    await page.getByLabel("Sort results by").selectOption({ label: "Best rated first" });
    await expect(page.getByRole("button", { name: "See all results" })).toBeVisible();
    const relevant = await resultCount(page);
    await page.getByRole("button", { name: "See all results" }).click();
    await expect(page.getByRole("button", { name: "See relevant results" })).toBeVisible();
    expect(await resultCount(page)).toBeGreaterThanOrEqual(relevant);
    await expect(page).toHaveURL(/strictness=0/);
    await page.getByRole("button", { name: "See relevant results" }).click();
    await expect(page.getByRole("button", { name: "See all results" })).toBeVisible();
  });

  test("voice search is unsupported in headless Chromium", async ({ page, axe }) => {
    await page.goto(SEARCH_PAGE);
    const voice = page.getByRole("button", { name: "Search by voice (not supported on this browser)" });
    await expect(voice).toBeVisible();
    await expect(voice).toHaveAttribute("aria-disabled", "true");
    await expect(voice).toHaveAttribute("title", "Search by voice (not supported on this browser)");
    await axe();
  });

  test("voice search with a microphone: listens, searches, and shows a crossed-out microphone when not allowed", async ({
    page,
  }) => {
    // A browser with a microphone and a scripted speech recogniser.
    await page.addInitScript(() => {
      const w = window as unknown as Record<string, unknown>;
      Object.defineProperty(navigator.mediaDevices, "enumerateDevices", {
        value: async () => [{ kind: "audioinput", deviceId: "fake", groupId: "fake", label: "" }],
      });
      class ScriptedRecognition extends EventTarget {
        lang = "";
        interimResults = false;
        start() {
          const outcome = (w.__speech as string) ?? "leeds";
          setTimeout(() => {
            this.dispatchEvent(new Event("start"));
            setTimeout(() => {
              if (outcome === "not-allowed") {
                this.dispatchEvent(Object.assign(new Event("error"), { error: "not-allowed" }));
              } else {
                const results = [Object.assign([{ transcript: outcome, confidence: 0.9 }], { isFinal: true })];
                this.dispatchEvent(Object.assign(new Event("result"), { results }));
              }
              this.dispatchEvent(new Event("end"));
            }, 300);
          }, 100);
        }
        stop() {}
        abort() {}
      }
      w.SpeechRecognition = ScriptedRecognition;
      w.webkitSpeechRecognition = ScriptedRecognition;
    });
    await page.goto(SEARCH_PAGE);
    const voice = page.getByRole("button", { name: "Search by voice", exact: true });
    await expect(voice).toBeVisible();
    await expect(voice).toHaveAttribute("aria-pressed", "false");

    await voice.click();
    await expect(voice).toHaveAttribute("data-status", /askingPermission|waiting/);
    await expect(page.getByText("Listening… say what you are looking for.")).toBeVisible();
    await expect(voice).toHaveAttribute("data-status", "finished");
    await expect(searchBox(page)).toHaveValue("leeds");
    await expect(page.getByText("Searched for “leeds”.")).toBeVisible();
    await expect(page).toHaveURL(/q=leeds/);

    await page.evaluate(() => ((window as unknown as Record<string, unknown>).__speech = "not-allowed"));
    await voice.click();
    await expect(voice).toHaveAttribute("data-status", "error");
    await expect(voice.locator("svg")).toHaveAttribute("data-icon", "microphone-off");
    await expect(page.getByText("Voice search is not allowed: this site may not use your microphone.")).toBeVisible();
  });

  test("choosing an organisation goes on to its details; 'not listed' goes to a new one", async ({ page }) => {
    await page.goto(SEARCH_PAGE);
    await page.getByRole("link", { name: "My organisation is not listed" }).click();
    await expect(page).toHaveURL(/\/registration\/education\/organisation\/edit$/);

    // Several schools share the name: choose the one in Leeds (a gateway organisation, org-1001),
    // at once after searching, while the search's URL write is still waiting (its 400 ms
    // delay). The page's clock stands still from here, so that write is waiting when "Choose"
    // is pressed however loaded the machine is, and runs only when the test moves the clock.
    await page.clock.install();
    await page.goto(SEARCH_PAGE);
    await waitForHydration(page);
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
    const before = await resultCount(page);
    await searchBox(page).fill("Riverside Primary School Leeds");
    // The search itself goes out on a zero-delay timer: run only those (the clock does not
    // move), never the URL write's.
    await expect
      .poll(async () => {
        await page.clock.runFor(0);
        return resultCount(page);
      })
      .not.toBe(before);
    await page
      .getByRole("article")
      .filter({ hasText: "LS11 5PQ" })
      .getByRole("button", { name: "Choose Riverside Primary School" })
      .click();
    await expect(page).toHaveURL(/\/registration\/education\/organisation\/edit$/);
    await expect(page.getByRole("heading", { level: 1, name: "Your organisation's details" })).toBeVisible();
    // Every timer the search left runs now: none takes the URL back to the search.
    await page.clock.runFor(URL_WRITE_DELAY_MS * 2);
    await expect(page).toHaveURL(/\/registration\/education\/organisation\/edit$/);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Your organisation's details" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText("LS11 5PQ");
    // The search as it was left is in the history, written when the hit was chosen.
    await page.goBack();
    await expect(page).toHaveURL(`${SEARCH_PAGE}?q=Riverside%20Primary%20School%20Leeds`);
    await expect(searchBox(page)).toHaveValue("Riverside Primary School Leeds");

    await page.goto("/registration/home-education/organisation");
    await expect(page.getByRole("link", { name: "Create a home-education group" })).toHaveAttribute(
      "href",
      "/registration/home-education/organisation/edit",
    );
    await expect(page.getByRole("note", { name: "Search tip" })).toContainText("Home educators may create a home-education group");
  });

  test("a choice the server refuses is explained on the page", async ({ page }) => {
    // Without JavaScript the Choose forms post as they are; a tour operator is no school.
    const refused = await page.request.post(SEARCH_PAGE, { form: { organisationId: "org-3001" } });
    expect(refused.status()).toBe(422);
    expect(await refused.text()).toContain("is registered as a tour operator, not a school or college");
    const empty = await page.request.post(SEARCH_PAGE, { form: { organisationId: "" } });
    expect(empty.status()).toBe(400);
    expect(await empty.text()).toContain("Choose an organisation from the search results.");
  });

  test("an unknown group type is a 404", async ({ page }) => {
    const response = await page.goto("/registration/pirates/organisation");
    expect(response?.status()).toBe(404);
  });
});
