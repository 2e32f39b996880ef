import { beforeAll, describe, expect, it } from "vitest";
import { seedOrganisations } from "../backend/seed-organisations";
import { clearInsightsEvents, recentInsightsEvents } from "./insights";
import { getSearchEngine, handleSearchRequest } from "./protocol";
import { LIMITS, RULES } from "./settings";
import type { OrganisationRecord } from "./types";

// The Algolia wire protocol of the embedded engine, through handleSearchRequest as the
// app's /1/* route calls it. Counts are checked against a plain scan of the documents.

const INDEX = "dev_organisations";
const OPTIONS = { indexName: INDEX, appId: "app", apiKey: "key" };
const CREDENTIALS = { "x-algolia-application-id": "app", "x-algolia-api-key": "key" };

type Json = Record<string, any>;

/** Highlight tags that are easy to match in assertions. */
const TAGS = { highlightPreTag: "<b>", highlightPostTag: "</b>" };

async function call(path: string, body: unknown, init: { method?: string; headers?: Record<string, string> } = {}) {
  const response = await handleSearchRequest(
    new Request(`http://localhost${path}`, {
      method: init.method ?? "POST",
      headers: { "content-type": "text/plain", ...CREDENTIALS, ...init.headers },
      ...(init.method === "GET" ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
    }),
    OPTIONS,
  );
  return { status: response.status, body: (await response.json()) as Json };
}

/** One hits query through the multi-query endpoint; returns its result. */
async function query(params: Json, indexName = INDEX): Promise<Json> {
  const { status, body } = await call("/1/indexes/*/queries", { requests: [{ indexName, ...params }] });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.results[0];
}

let docs: readonly OrganisationRecord[];
const countWhere = (predicate: (o: OrganisationRecord) => boolean) => docs.filter(predicate).length;

// Builds the index: about a second, much longer on a busy machine.
beforeAll(() => {
  docs = getSearchEngine().docs;
}, 60_000);

describe("the embedded index", () => {
  it("holds the hand-written and at least 50,000 generated organisations", () => {
    // Build time is not asserted here (tests gate, benchmarks inform): `npm run bench` measures it.
    const handWritten = seedOrganisations().length;
    expect(docs.length).toBeGreaterThanOrEqual(50_000 + handWritten);
    expect(docs.filter((o) => /^org-\d{4}$/.test(o.objectID))).toHaveLength(handWritten);
  });
});

describe("search responses", () => {
  it("have Algolia's shape", async () => {
    const result = await query({ query: "riverside", hitsPerPage: 5, facets: ["groupType", "size"], clickAnalytics: true });
    expect(result).toMatchObject({
      nbHits: expect.any(Number),
      page: 0,
      nbPages: expect.any(Number),
      hitsPerPage: 5,
      exhaustiveNbHits: true,
      exhaustiveFacetsCount: true,
      query: "riverside",
      params: "query=riverside&hitsPerPage=5&facets=%5B%22groupType%22%2C%22size%22%5D&clickAnalytics=true",
      index: INDEX,
      processingTimeMS: expect.any(Number),
      queryID: expect.stringMatching(/^[0-9a-f]{32}$/),
      renderingContent: { facetOrdering: { facets: { order: expect.arrayContaining(["groupType", "region"]) } } },
    });
    expect(result.hits).toHaveLength(5);
    expect(Object.keys(result.hits[0]).sort()).toEqual(
      ["_highlightResult", "address", "groupType", "identifier", "kind", "name", "objectID", "outreachRegion", "postcode", "rating", "region", "size", "town", "verified"].sort(),
    );
    expect(result.hits[0]._highlightResult.name).toMatchObject({ value: expect.stringContaining("<em>Riverside</em>"), matchLevel: "full", matchedWords: ["riverside"] });
    expect(result.facets_stats.size).toMatchObject({ min: expect.any(Number), max: expect.any(Number), avg: expect.any(Number), sum: expect.any(Number) });
    expect(result.userData).toBeUndefined();
  });

  it("count facets exactly (empty query: the whole index)", async () => {
    const result = await query({ query: "", hitsPerPage: 0, facets: ["groupType", "region", "rating", "verified", "outreachRegion"] });
    expect(result.nbHits).toBe(docs.length);
    expect(result.facets.groupType.education).toBe(countWhere((o) => o.groupType === "education"));
    expect(result.facets.region["North West"]).toBe(countWhere((o) => o.region === "North West"));
    expect(result.facets.rating["4"]).toBe(countWhere((o) => o.rating === 4));
    expect(result.facets.verified.true).toBe(countWhere((o) => o.verified));
    expect(result.facets.outreachRegion.true).toBe(countWhere((o) => o.region === "Yorkshire and the Humber"));
  });

  it("sorts facet values by count, keeps maxValuesPerFacet, and expands facets *", async () => {
    const result = await query({ query: "", hitsPerPage: 0, facets: ["*"], maxValuesPerFacet: 3 });
    expect(Object.keys(result.facets).sort()).toEqual(["groupType", "kind", "outreachRegion", "rating", "region", "size", "town", "verified"]);
    const towns = Object.entries(result.facets.town as Record<string, number>);
    expect(towns).toHaveLength(3);
    const counts = towns.map(([, n]) => n);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const byTown = new Map<string, number>();
    for (const o of docs) byTown.set(o.town, (byTown.get(o.town) ?? 0) + 1);
    const top = [...byTown].sort((a, b) => b[1] - a[1]).slice(0, 3);
    expect(towns).toEqual(top);
  });

  it("filters with facetFilters (nested arrays are OR), numericFilters and the filters string", async () => {
    const result = await query({
      query: "",
      hitsPerPage: 1000,
      facets: ["groupType"],
      facetFilters: [["region:Yorkshire and the Humber", "region:North East"], "groupType:education", "kind:-Primary school"],
      numericFilters: ["size>=100", "size<=500", "rating>=4"],
      filters: "verified:true AND NOT town:Leeds",
    });
    const expected = countWhere(
      (o) => (o.region === "Yorkshire and the Humber" || o.region === "North East") && o.groupType === "education" && o.kind !== "Primary school"
        && o.size >= 100 && o.size <= 500 && o.rating >= 4 && o.verified && o.town !== "Leeds",
    );
    expect(expected).toBeGreaterThan(0);
    expect(result.nbHits).toBe(expected);
    expect(result.facets.groupType).toEqual({ education: expected });
    for (const hit of result.hits) expect(hit).toMatchObject({ groupType: "education", verified: true });
  });

  it("matches facet values case-insensitively and unknown attributes not at all", async () => {
    expect((await query({ facetFilters: ["groupType:EDUCATION"], hitsPerPage: 0 })).nbHits).toBe(countWhere((o) => o.groupType === "education"));
    expect((await query({ facetFilters: ["colour:red"], hitsPerPage: 0 })).nbHits).toBe(0);
    expect((await query({ filters: "size:100 TO 200 OR rating=1", hitsPerPage: 0 })).nbHits).toBe(countWhere((o) => (o.size >= 100 && o.size <= 200) || o.rating === 1));
  });

  it("accepts parameters as a URL-encoded params string", async () => {
    const params = new URLSearchParams({ query: "leeds", hitsPerPage: "2", facets: JSON.stringify(["town"]), facetFilters: JSON.stringify(["groupType:education"]) });
    const result = await query({ params: params.toString() });
    expect(result).toMatchObject({ query: "leeds", hitsPerPage: 2 });
    expect(result.facets.town.Leeds).toBeGreaterThan(0);
  });

  it("finds words with typos, prefixes of the last word, and requires every word", async () => {
    const typo = await query({ query: "prmary", hitsPerPage: 3 });
    expect(typo.nbHits).toBeGreaterThan(1000);
    expect(typo.hits[0]._highlightResult.name.value).toContain("<em>Primary</em>");
    expect((await query({ query: "prmary", typoTolerance: false, hitsPerPage: 0 })).nbHits).toBe(0);
    const prefix = await query({ query: "hudd", hitsPerPage: 0 });
    expect(prefix.nbHits).toBe(countWhere((o) => /\bhudd/i.test(`${o.name} ${o.town} ${o.kind}`)));
    const both = await query({ query: "riverside leeds", hitsPerPage: 50 });
    for (const hit of both.hits) expect(`${hit.name} ${hit.town}`).toMatch(/riverside.*leeds|leeds.*riverside/i);
    expect((await query({ query: "riverside zzzzqqq", hitsPerPage: 0 })).nbHits).toBe(0);
  });

  it("finds a hand-written organisation by name, postcode and URN", async () => {
    for (const q of ["Riverside Primary Leeds", "LS11 5PQ", "107412"]) {
      const result = await query({ query: q, hitsPerPage: 5 });
      expect(result.hits.map((h: Json) => h.objectID), q).toContain("org-1001");
    }
  });

  it("ranks exact name matches before matches in other attributes and typos", async () => {
    const result = await query({ query: "leeds", hitsPerPage: 5 });
    for (const hit of result.hits) expect(hit.name).toMatch(/Leeds/);
  });

  it("uses the requested highlight tags", async () => {
    const result = await query({ query: "riverside", hitsPerPage: 1, highlightPreTag: "__ais-highlight__", highlightPostTag: "__/ais-highlight__", attributesToHighlight: ["name"] });
    expect(Object.keys(result.hits[0]._highlightResult)).toEqual(["name"]);
    expect(result.hits[0]._highlightResult.name.value).toContain("__ais-highlight__Riverside__/ais-highlight__");
  });

  it("retrieves the attributes asked for", async () => {
    const result = await query({ hitsPerPage: 1, attributesToRetrieve: ["name"], attributesToHighlight: [] });
    expect(Object.keys(result.hits[0]).sort()).toEqual(["name", "objectID"]);
  });
});

describe("pagination", () => {
  it("limits nbPages to paginationLimitedTo (1,000 hits); a page past the last has no hits and is echoed, as on Algolia", async () => {
    const first = await query({ hitsPerPage: 20 });
    expect(first.nbPages).toBe(LIMITS.paginationLimitedTo / 20);
    const last = await query({ hitsPerPage: 20, page: first.nbPages - 1 });
    expect(last.hits).toHaveLength(20);
    const beyond = await query({ hitsPerPage: 20, page: 10_000 });
    expect(beyond).toMatchObject({ page: 10_000, hits: [], nbHits: first.nbHits, nbPages: first.nbPages });
    const small = await query({ query: "riverside leeds", hitsPerPage: 7, page: 99 });
    expect(small.nbPages).toBeLessThan(99);
    expect(small).toMatchObject({ page: 99, hits: [] });
    const lastSmall = await query({ query: "riverside leeds", hitsPerPage: 7, page: small.nbPages - 1 });
    expect(lastSmall.hits.length).toBe(small.nbHits - lastSmall.page * 7);
  });

  it("pages through the custom ranking without repeating a hit", async () => {
    const ids = new Set<string>();
    for (let page = 0; page < 3; page++) for (const hit of (await query({ hitsPerPage: 30, page, attributesToHighlight: [] })).hits) ids.add(hit.objectID);
    expect(ids.size).toBe(90);
  });

  it("answers hitsPerPage 0 with counts only", async () => {
    const result = await query({ hitsPerPage: 0, facets: ["groupType"] });
    expect(result).toMatchObject({ hits: [], nbPages: 0, hitsPerPage: 0 });
  });
});

describe("replicas", () => {
  it("sort by name and by size", async () => {
    const byName = await query({ hitsPerPage: 50, facetFilters: ["region:Wales"] }, `${INDEX}_name_asc`);
    const names = byName.hits.map((h: Json) => h.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const bySize = await query({ query: "school", hitsPerPage: 50 }, `${INDEX}_size_desc`);
    const sizes = bySize.hits.map((h: Json) => h.size);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    expect(bySize.index).toBe(`${INDEX}_size_desc`);
    expect(bySize.appliedRelevancyStrictness).toBeUndefined();
  });

  it("apply relevancyStrictness on the virtual replica (relevant sort)", async () => {
    const strict = await query({ query: "leeds", hitsPerPage: 20 }, `${INDEX}_relevant`);
    expect(strict.appliedRelevancyStrictness).toBe(100);
    expect(strict.nbSortedHits).toBeLessThan(strict.nbHits);
    const ratings = strict.hits.map((h: Json) => h.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    const all = await query({ query: "leeds", hitsPerPage: 20, relevancyStrictness: 0 }, `${INDEX}_relevant`);
    expect(all).toMatchObject({ appliedRelevancyStrictness: 0, nbSortedHits: strict.nbHits, nbHits: strict.nbHits });
    const loose = await query({ query: "leeds", hitsPerPage: 0, relevancyStrictness: 50 }, `${INDEX}_relevant`);
    expect(loose.nbSortedHits).toBeGreaterThanOrEqual(strict.nbSortedHits);
  });
});

describe("facet value search", () => {
  it("searches facet values by prefix, counted on the query's matches, sorted by count", async () => {
    const { status, body } = await call(`/1/indexes/${INDEX}/facets/town/query`, { facetQuery: "b", maxFacetHits: 100, facetFilters: ["groupType:education"] });
    expect(status).toBe(200);
    expect(body.exhaustiveFacetsCount).toBe(true);
    const hits = body.facetHits as { value: string; highlighted: string; count: number }[];
    expect(hits.length).toBeGreaterThan(5);
    for (const hit of hits) expect(hit.value.toLowerCase().split(/[^a-z]+/).some((w) => w.startsWith("b"))).toBe(true);
    expect(hits.map((h) => h.count)).toEqual(hits.map((h) => h.count).sort((a, b) => b - a));
    const bradford = hits.find((h) => h.value === "Bradford");
    expect(bradford).toEqual({ value: "Bradford", highlighted: "<em>B</em>radford", count: countWhere((o) => o.town === "Bradford" && o.groupType === "education") });
  });

  it("answers type facet requests of a multi-query, up to maxFacetHits", async () => {
    const { body } = await call("/1/indexes/*/queries", { requests: [{ indexName: INDEX, type: "facet", facet: "kind", facetQuery: "sch", maxFacetHits: 2 }] });
    expect(body.results[0].facetHits).toHaveLength(2);
    expect(body.results[0].facetHits[0]).toMatchObject({ value: expect.stringMatching(/sch/i), count: expect.any(Number) });
  });

  it("refuses more than 100 values and facets that are not searchable", async () => {
    expect(await call(`/1/indexes/${INDEX}/facets/town/query`, { facetQuery: "b", maxFacetHits: 101 })).toMatchObject({ status: 400 });
    const size = await call(`/1/indexes/${INDEX}/facets/size/query`, { facetQuery: "1" });
    expect(size).toMatchObject({ status: 400, body: { status: 400, message: expect.stringContaining("searchable(size)") } });
  });
});

describe("rules", () => {
  it("give the user data of the rules whose context is asked for", async () => {
    const result = await query({ ruleContexts: ["registration", "other"], hitsPerPage: 0 });
    expect(result.userData).toEqual([RULES.find((r) => r.context === "registration")!.userData]);
    expect(result.appliedRules).toEqual([{ objectID: "registration-not-listed" }]);
    expect((await query({ ruleContexts: ["registration"], enableRules: false, hitsPerPage: 0 })).userData).toBeUndefined();
    expect((await query({ hitsPerPage: 0 })).userData).toBeUndefined();
  });

  it("take at most 10 contexts of letters, digits, _ and -", async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `c${i}`);
    expect(await call("/1/indexes/*/queries", { requests: [{ indexName: INDEX, ruleContexts: eleven }] })).toMatchObject({ status: 400 });
    expect(await call("/1/indexes/*/queries", { requests: [{ indexName: INDEX, ruleContexts: ["not allowed!"] }] })).toMatchObject({ status: 400 });
  });
});

describe("validation", () => {
  it.each([
    ["bad JSON", "/1/indexes/*/queries", "{not json", "Invalid JSON in the request body"],
    ["no requests", "/1/indexes/*/queries", {}, "requests: expected an array"],
    ["an unknown multi-query property", "/1/indexes/*/queries", { requests: [], colour: "red" }, "Unknown parameter: colour"],
    ["strategy stopIfEnoughMatches", "/1/indexes/*/queries", { requests: [], strategy: "stopIfEnoughMatches" }, expect.stringContaining('"strategy"')],
    ["a negative page", `/1/indexes/${INDEX}/query`, { page: -1 }, "Page requested below 0."],
    ["hitsPerPage over 1000", `/1/indexes/${INDEX}/query`, { hitsPerPage: 1001 }, expect.stringContaining("hitsPerPage")],
    ["a bad facet name", `/1/indexes/${INDEX}/query`, { facets: ["no spaces"] }, expect.stringContaining("Invalid facet name")],
    ["a facet name over 64 characters", `/1/indexes/${INDEX}/query`, { facets: ["a".repeat(65)] }, expect.stringContaining("Invalid facet name")],
    ["a bad facet name in facetFilters", `/1/indexes/${INDEX}/query`, { facetFilters: ["a b:c"] }, expect.stringContaining("Invalid facet name")],
    ["an unknown parameter", `/1/indexes/${INDEX}/query`, { colour: "red" }, "Unknown parameter: colour"],
    ["a wrongly typed parameter", `/1/indexes/${INDEX}/query`, { hitsPerPage: "many" }, expect.stringContaining("hitsPerPage")],
    ["a query over 512 characters", `/1/indexes/${INDEX}/query`, { query: "a".repeat(513) }, expect.stringContaining("512")],
    ["a bad filters string", `/1/indexes/${INDEX}/query`, { filters: "(kind:a" }, expect.stringContaining("filters")],
  ])("%s is a 400 { message, status }", async (_name, path, body, message) => {
    expect(await call(path, body)).toEqual({ status: 400, body: { message, status: 400 } });
  });

  it("answers an unknown index with Algolia's 404", async () => {
    expect(await call("/1/indexes/*/queries", { requests: [{ indexName: "nope" }] })).toEqual({ status: 404, body: { message: "Index does not exist", status: 404 } });
    expect(await call("/1/indexes/nope/query", {})).toEqual({ status: 404, body: { message: "Index does not exist", status: 404 } });
  });

  it("needs the application id and key, and a POST", async () => {
    const response = await handleSearchRequest(new Request(`http://localhost/1/indexes/${INDEX}/query`, { method: "POST", body: "{}" }), OPTIONS);
    expect(response.status).toBe(403);
    const viaQuery = await handleSearchRequest(
      new Request(`http://localhost/1/indexes/${INDEX}/query?X-Algolia-Application-Id=app&X-Algolia-API-Key=key`, { method: "POST", body: "{}" }),
      OPTIONS,
    );
    expect(viaQuery.status).toBe(200);
    expect((await call(`/1/indexes/${INDEX}/query`, null, { headers: { "x-algolia-api-key": "wrong" } })).status).toBe(403);
    expect(await call(`/1/indexes/${INDEX}/query`, null, { method: "GET" })).toEqual({ status: 405, body: { message: "Method not allowed", status: 405 } });
    expect((await call("/1/nothing-here", {})).status).toBe(404);
    // Found by the fuzz suite (tests/faults): a malformed percent-encoding was a 500.
    expect(await call("/1/indexes/%E0%A4%A/query", {})).toEqual({ status: 400, body: { message: "The path is not validly percent-encoded", status: 400 } });
  });
});

describe("multi-query edge cases", () => {
  it("answers an empty list of requests with no results", async () => {
    expect(await call("/1/indexes/*/queries", { requests: [] })).toEqual({ status: 200, body: { results: [] } });
  });

  it("runs every query with strategy none", async () => {
    const { status, body } = await call("/1/indexes/*/queries", { strategy: "none", requests: [{ indexName: INDEX }, { indexName: INDEX, query: "zzzzqx" }] });
    expect(status).toBe(200);
    expect(body.results).toHaveLength(2);
  });
});

describe("HTTP methods", () => {
  it.each([
    ["GET", "/1/indexes/*/queries", "Method not allowed"],
    ["PUT", `/1/indexes/${INDEX}/query`, "Method not allowed"],
    ["DELETE", `/1/indexes/${INDEX}/facets/town/query`, "Method not allowed"],
    ["GET", "/1/events", "Method Not Allowed"],
  ])("%s %s is a 405 in Algolia's error body, allowing POST", async (method, path, message) => {
    const response = await handleSearchRequest(new Request(`http://localhost${path}`, { method, headers: CREDENTIALS }), OPTIONS);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
    expect(await response.json()).toEqual({ message, status: 405 });
  });
});

describe("parameters the engine does not implement", () => {
  it.each([
    ["removeWordsIfNoResults", "lastWords"],
    ["optionalFilters", ["kind:Primary school"]],
    ["restrictSearchableAttributes", ["town"]],
    ["aroundLatLng", "53.8, -1.5"],
    ["offset", 10],
    ["ignorePlurals", true],
    ["advancedSyntax", true],
    ["minWordSizefor1Typo", 3],
    ["mode", "neuralSearch"],
  ])("refuses %s = %j with a 400 { message, status }", async (name, value) => {
    const { status, body } = await call(`/1/indexes/${INDEX}/query`, { [name]: value });
    expect(status).toBe(400);
    expect(body).toEqual({ message: expect.stringContaining(`"${name}"`), status: 400 });
  });

  it.each([
    ["removeWordsIfNoResults", "none"],
    ["ignorePlurals", false],
    ["minWordSizefor1Typo", 4],
    ["optionalFilters", []],
    ["analytics", false],
    ["userToken", "anonymous-abc"],
    ["distinct", true],
    ["synonyms", false],
  ])("accepts %s = %j (what the engine does, or no effect on this index)", async (name, value) => {
    const plain = await query({ query: "primary", hitsPerPage: 5 });
    const withIt = await query({ query: "primary", hitsPerPage: 5, [name]: value });
    expect(withIt.hits.map((h: Json) => h.objectID)).toEqual(plain.hits.map((h: Json) => h.objectID));
  });
});

describe("responseFields, snippets and ranking info", () => {
  it("keeps only the response properties responseFields lists", async () => {
    const result = await query({ query: "primary", responseFields: ["hits", "nbHits"] });
    expect(Object.keys(result).sort()).toEqual(["hits", "nbHits"]);
    const none = await query({ query: "primary", responseFields: [] });
    expect(none).toEqual({});
    const all = await query({ query: "primary", responseFields: ["*"] });
    expect(all).toHaveProperty("nbPages");
  });

  it("snippets the attributes asked for, to the number of words asked for (10 by default)", async () => {
    const result = await query({ query: "", hitsPerPage: 20, attributesToSnippet: ["address:2", "name"] });
    const words = (text: string) => text.match(/[\p{L}\p{N}']+/gu) ?? [];
    for (const hit of result.hits) {
      const { address, name } = hit._snippetResult;
      expect(words(address.value).length).toBe(Math.min(2, words(hit.address).length));
      expect(address.value.endsWith("…")).toBe(words(hit.address).length > 2);
      expect(name).toEqual({ value: words(hit.name).length <= 10 ? hit.name : expect.any(String), matchLevel: "none" });
      expect(hit._snippetResult).not.toHaveProperty("town");
    }
    expect(result.hits.some((h: Json) => words(h.address).length > 2)).toBe(true);
  });

  it("highlights the matched word inside a snippet and starts the snippet at it", async () => {
    const result = await query({ query: "school", hitsPerPage: 3, attributesToSnippet: ["name:1"], snippetEllipsisText: "[…]", ...TAGS });
    for (const hit of result.hits) {
      const s = hit._snippetResult.name;
      expect(s.matchLevel).toBe("full");
      expect(s.value).toMatch(/<b>school/i);
      expect(s.value.replace(/\[…\]/g, "").replace(/<\/?b>/g, "").trim().split(/\s+/)).toHaveLength(1);
    }
  });

  it("adds _rankingInfo to each hit with getRankingInfo, and leaves it out otherwise", async () => {
    const plain = await query({ query: "primry", hitsPerPage: 3 });
    expect(plain.hits[0]).not.toHaveProperty("_rankingInfo");
    const ranked = await query({ query: "primry", hitsPerPage: 3, getRankingInfo: true, responseFields: ["hits"] });
    expect(ranked.hits[0]._rankingInfo).toMatchObject({ nbTypos: 1, words: 1, nbExactWords: 0, geoDistance: 0 });
    expect(ranked).toMatchObject({ serverUsed: "embedded", indexUsed: INDEX, parsedQuery: "primry" });
    const scores = ranked.hits.map((h: Json) => h._rankingInfo.userScore);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });
});

describe("insights events", () => {
  const event = { eventType: "click", eventName: "Filter Applied", index: INDEX, userToken: "anonymous-abc", filters: ["kind%3APrimary%20school"] };

  it("accepts valid events and keeps them", async () => {
    clearInsightsEvents();
    expect(await call("/1/events", { events: [event] })).toEqual({ status: 200, body: { status: 200, message: "OK" } });
    expect(recentInsightsEvents()).toEqual([event]);
  });

  it.each([
    ["no events", { events: [] }],
    ["an unknown event type", { events: [{ ...event, eventType: "hover" }] }],
    ["no userToken", { events: [{ ...event, userToken: undefined }] }],
    ["both objectIDs and filters", { events: [{ ...event, objectIDs: ["org-1001"] }] }],
    ["more than 20 objects", { events: [{ ...event, filters: undefined, objectIDs: Array.from({ length: 21 }, (_, i) => `org-${i}`) }] }],
    ["a filter that is not attribute:value", { events: [{ ...event, filters: ["nothing"] }] }],
    ["a click after search without positions", { events: [{ ...event, filters: undefined, objectIDs: ["org-1001"], queryID: "0".repeat(32) }] }],
  ])("refuses %s with a 422", async (_name, body) => {
    const { status, body: answer } = await call("/1/events", body);
    expect(status).toBe(422);
    expect(answer).toEqual({ status: 422, message: expect.any(String) });
  });
});
