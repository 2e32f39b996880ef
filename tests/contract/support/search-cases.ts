import { MatchersV3 } from "@pact-foundation/pact";
import { createInsightsClient } from "search-insights";
import { expect } from "vitest";
import { parseConfig } from "../../../app/runtime/config.server";
import { createSearchClient } from "../../../app/search/client";
import { boolean, eachLike, integer, like, oneOf, regex, reify } from "./matchers";
import type { ConsumerCase } from "./pact";

// The search interactions of the app, made through the real clients: the algoliasearch v5
// lite client of app/search/client.ts (what InstantSearch calls) and search-insights (what
// the insights middleware calls). Provider "search": the Algolia wire protocol, verified
// against the embedded engine (search.provider.verify.test.ts).
//
// The lite client posts its JSON as text/plain (no CORS preflight with a real provider),
// so a search request's body is matched as the exact text the client sends: the cases
// build it with JSON.stringify from the very object they pass to the client, in the
// shape InstantSearch gives it (algoliasearch-helper's requestBuilder).

const { number } = MatchersV3;

/** The app's own defaults: the embedded default's application id, search-only key and index. */
const SEARCH = parseConfig({}).search;
const INDEX = SEARCH.indexName;
const GROUP_TYPES = ["education", "home-education", "tour-operator", "other-group"];
const MATCH_LEVELS = ["none", "partial", "full"];

const searchClient = (url: string) => createSearchClient({ appId: SEARCH.appId, apiKey: SEARCH.apiKey, hosts: [url], indexName: INDEX });

/** What the lite client adds to every request: its agent in the query, credentials in headers. */
const AGENT = { "x-algolia-agent": regex("^Algolia for JavaScript \\([^)]+\\)(; [^;]+)*$", "Algolia for JavaScript (5.64.0); Lite (5.64.0); Node.js (24.21.0)") };
const CLIENT_HEADERS = {
  "Content-Type": "text/plain",
  "x-algolia-application-id": SEARCH.appId,
  "x-algolia-api-key": SEARCH.apiKey,
};
const JSON_RESPONSE = { "Content-Type": regex("^application/json(;.*)?$", "application/json; charset=UTF-8") };

type RequestBuilder = Parameters<Parameters<Parameters<ConsumerCase["define"]>[0]["withRequest"]>[2] & {}>[0];

/**
 * A request as the lite client sends it: its agent in the query, the credentials in
 * headers, and the body as exactly this text (a binary body alone would be matched on
 * its content type only, hence the equality rule).
 */
const clientRequest = (body: unknown) => (b: RequestBuilder) =>
  b
    .query(AGENT)
    .headers(CLIENT_HEADERS)
    .body("text/plain", Buffer.from(JSON.stringify(body)))
    .matchingRules({ body: [{ path: "$", rules: [{ "pact:matcher:type": "equality" }] }] } as Parameters<RequestBuilder["matchingRules"]>[0]);

/** The example values of a response template: what the Pact mock server answers. */
const examplesOf = (template: unknown) => reify(template as Parameters<typeof reify>[0]) as unknown as { results: unknown[] };

/** InstantSearch's highlight tags (it escapes hits itself, then swaps them for <mark>). */
const TAGS = { highlightPreTag: "__ais-highlight__", highlightPostTag: "__/ais-highlight__" };

const organisationHit = (overrides: Record<string, unknown> = {}) => ({
  objectID: like("org-100123"),
  name: like("Riverside Primary School"),
  groupType: oneOf(GROUP_TYPES, "education"),
  kind: like("Primary school"),
  address: like("14 Canal Wharf Road"),
  town: like("Leeds"),
  postcode: regex("^[A-Z]{1,2}[0-9][0-9A-Z]? [0-9][A-Z]{2}$", "LS11 5PQ"),
  region: like("Yorkshire and the Humber"),
  size: integer(420),
  identifier: like("107412"),
  rating: integer(4),
  outreachRegion: boolean(true),
  verified: boolean(true),
  _highlightResult: {
    name: { value: like("Riverside __ais-highlight__Primary__/ais-highlight__ School"), matchLevel: oneOf(MATCH_LEVELS, "full") },
  },
  ...overrides,
});

/** The fields of every hits result (Algolia's SearchResponse). */
const resultFields = (query: string, index: string, hitsPerPage: number, page: number) => ({
  nbHits: integer(1200),
  page,
  nbPages: integer(20),
  hitsPerPage,
  exhaustiveNbHits: boolean(true),
  query,
  params: like("query=primary&hitsPerPage=10"),
  index,
  processingTimeMS: integer(1),
  renderingContent: { facetOrdering: { facets: { order: eachLike("groupType") } } },
});

// ---- 1. the page's searches: hits with facets, and a disjunctive facet's counts ----

const mainQuery = {
  indexName: INDEX,
  query: "primary",
  hitsPerPage: 10,
  page: 0,
  facets: ["groupType", "rating", "region", "size"],
  maxValuesPerFacet: 20,
  ruleContexts: ["registration"],
  clickAnalytics: true,
  ...TAGS,
};
const disjunctiveQuery = {
  indexName: INDEX,
  query: "primary",
  hitsPerPage: 0,
  page: 0,
  facets: ["region"],
  analytics: false,
  clickAnalytics: false,
  attributesToRetrieve: [],
  attributesToHighlight: [],
  attributesToSnippet: [],
};
const multiQuery = { requests: [mainQuery, disjunctiveQuery] };
const multiQueryResponse = {
  results: [
    {
      hits: eachLike(organisationHit()),
      ...resultFields("primary", INDEX, 10, 0),
      facets: {
        groupType: { education: integer(14000) },
        region: { "Yorkshire and the Humber": integer(4500) },
        rating: { "4": integer(5000) },
      },
      facets_stats: { size: { min: integer(30), max: integer(2600), avg: number(312.5), sum: integer(4000000) } },
      userData: eachLike({ banner: like("Can't find your school? Choose 'My organisation is not listed'.") }),
      queryID: regex("^[0-9a-f]{32}$", "0123456789abcdef0123456789abcdef"),
    },
    {
      hits: [],
      ...resultFields("primary", INDEX, 0, 0),
      nbPages: 0,
      facets: { region: { "Yorkshire and the Humber": integer(4500) } },
    },
  ],
};

// ---- 2. a filtered query on a sort replica, second page ----

const SIZE_REPLICA = `${INDEX}_size_desc`;
const filteredQuery = {
  indexName: SIZE_REPLICA,
  query: "",
  hitsPerPage: 5,
  page: 1,
  facetFilters: [["groupType:education"], ["region:Yorkshire and the Humber", "region:North East"]],
  numericFilters: ["size>=100", "size<=500", "rating>=4"],
  filters: "verified:true",
  ...TAGS,
};
const filteredResponse = {
  results: [
    {
      hits: eachLike(
        organisationHit({
          groupType: regex("^education$", "education"),
          region: regex("^(Yorkshire and the Humber|North East)$", "Yorkshire and the Humber"),
          _highlightResult: { name: { value: like("Riverside Primary School"), matchLevel: oneOf(MATCH_LEVELS, "none") } },
        }),
      ),
      ...resultFields("", SIZE_REPLICA, 5, 1),
      params: like("query=&hitsPerPage=5&page=1"),
    },
  ],
};

// ---- 3. facet value search ("Search towns…"), as InstantSearch's helper sends it ----

const facetSearch = {
  requests: [{ indexName: INDEX, type: "facet" as const, facet: "town", facetQuery: "hud", maxFacetHits: 100, query: "", ...TAGS }],
};
const facetSearchResponse = {
  results: [
    {
      facetHits: eachLike({
        value: like("Huddersfield"),
        highlighted: like("__ais-highlight__Hud__/ais-highlight__dersfield"),
        count: integer(1700),
      }),
      exhaustiveFacetsCount: boolean(true),
      processingTimeMS: integer(0),
    },
  ],
};

// ---- 4. an index that does not exist ----

const unknownIndexQuery = { requests: [{ indexName: "no_such_index", query: "" }] };

// ---- 5. insights: a clickedFilters event (a refinement clicked) ----

const INSIGHTS_USER = "anonymous-4d6f1b2e-5a7c-4e8f-9b1d-2c3e4f5a6b7c";
const clickedFilters = { eventName: "Filter Applied", index: INDEX, filters: ["kind:Primary school"] };

/** search-insights as the app's insights option makes it: the app's own fetch requester, host set to the search origin. */
function insightsClient(host: string) {
  const aa = createInsightsClient(async (url: string, data: object) => {
    const response = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(data) });
    return response.ok;
  });
  aa("init", { appId: SEARCH.appId, apiKey: SEARCH.apiKey, host, userToken: INSIGHTS_USER, useCookie: false });
  return aa;
}

/**
 * The request bodies of the cases above, by endpoint path, for checks beyond the pact:
 * tests/contract/search-algolia-spec.test.ts validates them, and the engine's answers to
 * them, against Algolia's API description (ADR 0018).
 */
export const searchCaseRequests = {
  "/1/indexes/*/queries": [multiQuery, { requests: [filteredQuery] }, facetSearch, unknownIndexQuery],
} as const;

export const searchCases: readonly ConsumerCase[] = [
  {
    description: "a multi-query search: hits with facets, facet stats, rules' user data, and a disjunctive facet's counts",
    states: [],
    define: (i) =>
      i
        .withRequest("POST", "/1/indexes/*/queries", clientRequest(multiQuery))
        .willRespondWith(200, (b) => b.headers(JSON_RESPONSE).jsonBody(multiQueryResponse)),
    async exercise(url) {
      const { results } = await searchClient(url).search(multiQuery);
      expect(results).toEqual(examplesOf(multiQueryResponse).results);
      const [main] = results as { hits: { objectID: string }[]; userData: unknown[] }[];
      expect(main?.hits[0]?.objectID).toMatch(/^org-/);
      expect(main?.userData).toHaveLength(1);
    },
  },
  {
    description: "a filtered query (facet, numeric and filters string) on the size replica, second page",
    states: [],
    define: (i) =>
      i
        .withRequest("POST", "/1/indexes/*/queries", clientRequest({ requests: [filteredQuery] }))
        .willRespondWith(200, (b) => b.headers(JSON_RESPONSE).jsonBody(filteredResponse)),
    async exercise(url) {
      const { results } = await searchClient(url).search({ requests: [filteredQuery] });
      expect(results).toEqual(examplesOf(filteredResponse).results);
    },
  },
  {
    description: "a facet value search on towns",
    states: [],
    define: (i) =>
      i
        .withRequest("POST", "/1/indexes/*/queries", clientRequest(facetSearch))
        .willRespondWith(200, (b) => b.headers(JSON_RESPONSE).jsonBody(facetSearchResponse)),
    async exercise(url) {
      const { results } = await searchClient(url).search(facetSearch);
      expect(results).toEqual(examplesOf(facetSearchResponse).results);
    },
  },
  {
    description: "a query on an index that does not exist",
    states: [],
    define: (i) =>
      i
        .withRequest("POST", "/1/indexes/*/queries", clientRequest(unknownIndexQuery))
        .willRespondWith(404, (b) => b.headers(JSON_RESPONSE).jsonBody({ message: "Index does not exist", status: 404 })),
    async exercise(url) {
      await expect(searchClient(url).search(unknownIndexQuery)).rejects.toMatchObject({ status: 404, message: "Index does not exist" });
    },
  },
  {
    description: "an insights clickedFilters event",
    states: [],
    define: (i) =>
      i
        .withRequest("POST", "/1/events", (b) =>
          b
            .query({
              "X-Algolia-Application-Id": SEARCH.appId,
              "X-Algolia-API-Key": SEARCH.apiKey,
              "X-Algolia-Agent": regex("^insights-js \\([^)]+\\)(; [^;]+)*$", "insights-js (2.17.3); insights-js-node-esm (2.17.3)"),
            })
            .headers({ "Content-Type": "application/json" })
            .jsonBody({
              events: [
                {
                  eventType: "click",
                  eventName: clickedFilters.eventName,
                  index: INDEX,
                  // search-insights URL-encodes each filter.
                  filters: ["kind%3APrimary%20school"],
                  userToken: regex("^[A-Za-z0-9_=/+:.-]{1,129}$", INSIGHTS_USER),
                },
              ],
            }),
        )
        .willRespondWith(200, (b) => b.headers(JSON_RESPONSE).jsonBody({ status: 200, message: "OK" })),
    async exercise(url) {
      const sent = await insightsClient(url)("clickedFilters", clickedFilters);
      expect(sent).toBe(true);
    },
  },
];
