import { renderToString } from "react-dom/server";
import { getServerState, type InstantSearchServerState } from "react-instantsearch-core";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { config } from "../runtime/config.server";
import { createSearchClient } from "./client";
import { getFirstResults } from "./first-results.server";
import { OrganisationSearchTree } from "./organisation-search";
import { createSearchCache, type SearchRequest } from "./search-cache.server";
import { HIGHLIGHTED_ATTRIBUTES, RETRIEVED_ATTRIBUTES } from "./widget-params";

// The loader's first results must be what InstantSearch's getServerState gives for the same
// page and URL (so <InstantSearch> hydrates from them without searching again), from one
// multi-query. Both run here against the embedded engine and its 50,000 organisations.

/** The first search builds the index (about a second; much longer on a busy machine). */
const BUILDS_THE_INDEX = 60_000;

const { appId, apiKey, indexName, hosts } = config.search;
const search = { appId, apiKey, indexName, hosts };
const engine = createSearchClient({ ...search, serverOrigin: "http://localhost" });

/** The engine, recording each multi-query it is sent. */
function recordingClient() {
  const calls: SearchRequest[][] = [];
  return {
    calls,
    client: {
      search(requests: SearchRequest[]) {
        calls.push(requests);
        return engine.search(requests as Parameters<typeof engine.search>[0]);
      },
    },
  };
}

interface Page {
  path: string;
  groupType?: string;
  ruleContexts?: string[];
}

const REGISTRATION = { path: "/registration/education/organisation", groupType: "education", ruleContexts: ["registration"] };
const ASSOCIATION = { path: "/account/organisation/association", groupType: "tour-operator" };
/** No group type fixed: the group type list is shown, and a refined one adds its rule context. */
const UNFIXED = { path: "/search" };

const CASES: Array<[string, Page, string]> = [
  ["registration, nothing asked", REGISTRATION, ""],
  ["registration, a query, a kind and page 2", REGISTRATION, "?q=school&kind=Primary%20school&page=2"],
  [
    "registration, every facet refined, sorted by name, page 2",
    REGISTRATION,
    "?q=park&kind=Academy&kind=Primary%20school&town=Leeds&town=York&region=London&size=100:900&rating=3&outreach=true&sort=name_asc&page=2",
  ],
  ["registration, the relevant sort showing all results", REGISTRATION, "?q=st&sort=relevant&strictness=0"],
  ["registration, a page past the last", REGISTRATION, "?q=riverside&page=400"],
  [
    "registration, values the URL may not have",
    REGISTRATION,
    `?q=${"x".repeat(600)}&page=-2&size=900:100&rating=9&sort=bogus&outreach=yes&groupType=tour-operator`,
  ],
  ["association, another group type, a query and page 3", ASSOCIATION, "?q=travel&page=3&sort=size_desc"],
  ["no fixed group type, two refined", UNFIXED, "?groupType=education&groupType=other-group&q=school&region=London"],
];

/** What must be equal: less the values that differ between any two searches (timings, query ids, the random user token). */
function comparable(serverState: InstantSearchServerState) {
  const [entry] = Object.values(serverState.initialResults);
  const token = (entry?.state as { userToken?: string } | undefined)?.userToken ?? "no token";
  const copy = JSON.parse(JSON.stringify(serverState).replaceAll(token, "<token>")) as InstantSearchServerState;
  for (const { results = [] } of Object.values(copy.initialResults)) {
    for (const result of results as Array<Record<string, unknown>>) {
      delete result.queryID;
      delete result.processingTimeMS;
      delete result.serverTimeMS;
      // The engine echoes the parameters it was sent; the loader sends no user token (ADR 0024).
      result.params = String(result.params).replace(/&?userToken=[^&]*/, "");
    }
  }
  return copy;
}

function treeProps({ path, groupType, ruleContexts }: Page, query: string) {
  return { config: search, serverUrl: `http://localhost${path}${query}`, groupType, ruleContexts };
}

function instantSearchServerState(page: Page, query: string) {
  return getServerState(<OrganisationSearchTree searchClient={engine} {...treeProps(page, query)} />, { renderToString });
}

function firstResults(page: Page, query: string, client = recordingClient().client, cache = createSearchCache({ ttlMs: 0 })) {
  return getFirstResults({ searchClient: client, cache, indexName, ...treeProps(page, query) });
}

beforeAll(async () => {
  await engine.search([{ indexName, params: { query: "" } }]);
}, BUILDS_THE_INDEX);

describe("first results", () => {
  it.each(CASES)("equal getServerState's, from one multi-query: %s", async (_name, page, query) => {
    const expected = await instantSearchServerState(page, query);
    // Once the index's facet order is known (the first case teaches it), one search.
    await firstResults(page, query);
    const { client, calls } = recordingClient();
    const actual = await firstResults(page, query, client);
    expect(calls).toHaveLength(1);
    expect(comparable(actual)).toEqual(comparable(expected));
  });

  it("find what the URL asks for", async () => {
    const { initialResults } = await firstResults(REGISTRATION, "?q=riverside&kind=Primary%20school");
    const [main] = initialResults[indexName]?.results ?? [];
    expect(main?.nbHits).toBeGreaterThan(0);
    expect(main?.hits.every((hit) => (hit as { kind?: string }).kind === "Primary school")).toBe(true);
  });

  it("carry only the hit fields the page shows, and highlights only of those it shows highlighted", async () => {
    const { initialResults } = await firstResults(REGISTRATION, "?q=school");
    const hits = (initialResults[indexName]?.results?.[0]?.hits ?? []) as Array<Record<string, unknown>>;
    expect(hits.length).toBeGreaterThan(0);
    for (const hit of hits) {
      const fields = Object.keys(hit).filter((key) => !key.startsWith("_") && key !== "objectID" && key !== "__position" && key !== "__queryID");
      expect(fields.every((field) => RETRIEVED_ATTRIBUTES.includes(field))).toBe(true);
      expect(Object.keys(hit._highlightResult as object).sort()).toEqual([...HIGHLIGHTED_ATTRIBUTES].sort());
    }
  });

  it("carry no user token, in what is sent or what the page gets; they do ask for click analytics", async () => {
    const { client, calls } = recordingClient();
    const { initialResults } = await firstResults(REGISTRATION, "?q=school&kind=Academy", client);
    const entry = initialResults[indexName];
    expect(entry?.state).toMatchObject({ clickAnalytics: true });
    expect(entry?.state).not.toHaveProperty("userToken");
    expect(entry?.requestParams?.[0]).toMatchObject({ clickAnalytics: true });
    expect(JSON.stringify(initialResults)).not.toMatch(/anonymous-|userToken/);
    // The hits carry the query id their click and view events need.
    expect(entry?.results?.[0]?.queryID).toEqual(expect.any(String));
    expect(calls.flat().length).toBeGreaterThan(1);
    for (const request of calls.flat()) expect(request.params).not.toHaveProperty("userToken");
  });

  it("are the same for every visitor: two loads of one URL give one shared answer and equal first results", async () => {
    const cache = createSearchCache({ ttlMs: 60_000 });
    const { client, calls } = recordingClient();
    const query = "?q=academy&town=Leeds";
    const [first, second] = await Promise.all([firstResults(REGISTRATION, query, client, cache), firstResults(REGISTRATION, query, client, cache)]);
    expect(calls).toHaveLength(1);
    expect(cache.storedAnswers().join()).not.toMatch(/anonymous-|userToken/);
    // Exactly equal, query id and timings included: nothing per visitor in them.
    expect(JSON.stringify(first)).toBe(JSON.stringify(second));
  });

  it("fail when the search fails (the loader then lets the browser search)", async () => {
    const failing = { search: () => Promise.reject(new Error("search provider unreachable")) };
    await expect(firstResults(REGISTRATION, "?q=school", failing)).rejects.toThrow("search provider unreachable");
  });
});

describe("the index's facet order", () => {
  it("is learnt from the first answer: a search whose queries it changes is made again once, then never", { timeout: BUILDS_THE_INDEX }, async () => {
    // A new module: nothing learnt yet. The engine puts rating before size; our own order
    // has size first, and with both refined the numeric filters come in that order.
    vi.resetModules();
    const fresh = await import("./first-results.server");
    const query = "?size=100:900&rating=3";
    const run = async () => {
      const { client, calls } = recordingClient();
      const state = await fresh.getFirstResults({ searchClient: client, cache: createSearchCache({ ttlMs: 0 }), indexName, ...treeProps(REGISTRATION, query) });
      return { state, calls };
    };
    const first = await run();
    expect(first.calls).toHaveLength(2);
    const again = await run();
    expect(again.calls).toHaveLength(1);
    const expected = comparable(await instantSearchServerState(REGISTRATION, query));
    expect(comparable(first.state)).toEqual(expected);
    expect(comparable(again.state)).toEqual(expected);
  });
});
