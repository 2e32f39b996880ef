import { readFileSync } from "node:fs";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { parseConfig } from "../../app/runtime/config.server";
import { type SearchHttpServer, serveSearchOverHttp } from "../../mocks/search/http-server";
import { getSearchEngine } from "../../mocks/search/protocol";
import { searchCaseRequests } from "./support/search-cases";

// The embedded search endpoint checked against Algolia's own API description
// (contracts/vendor/algolia/, ADR 0018), not only against the app's pact: each request
// below is valid for Algolia's operation, and each answer, success or error, is valid for
// the response Algolia documents for that operation and status. Errors are also Algolia's
// { message, status } with status equal to the HTTP status.

interface Operation {
  requestBody?: { content: { "application/json": { schema: { $ref: string } } } };
  responses: Record<string, { $ref?: string; content?: { "application/json": { schema: { $ref: string } } } }>;
}
interface Description {
  paths: Record<string, { post: Operation }>;
  components: { schemas: Record<string, unknown>; responses: Record<string, { content: { "application/json": { schema: { $ref: string } } } }> };
}

const description = parse(readFileSync("contracts/vendor/algolia/search-api.subset.yaml", "utf8")) as Description;

// The components' schemas as one 2020-12 schema document: its $defs, refs pointed there.
const ajv = new Ajv2020({ strict: true, strictRequired: false, allErrors: true });
ajv.addSchema({
  $id: "algolia",
  $defs: JSON.parse(JSON.stringify(description.components.schemas).replaceAll("#/components/schemas/", "#/$defs/")) as Record<string, unknown>,
});
const schema = (ref: string): ValidateFunction => {
  const validate = ajv.getSchema(ref.replace("#/components/schemas/", "algolia#/$defs/"));
  if (!validate) throw new Error(`no schema ${ref}`);
  return validate;
};

/** The described path a concrete path is an instance of. */
function describedPath(path: string): string {
  if (path === "/1/indexes/*/queries" || path === "/1/events") return path;
  if (/^\/1\/indexes\/[^/]+\/query$/.test(path)) return "/1/indexes/{indexName}/query";
  if (/^\/1\/indexes\/[^/]+\/facets\/[^/]+\/query$/.test(path)) return "/1/indexes/{indexName}/facets/{facetName}/query";
  throw new Error(`not a described path: ${path}`);
}

function requestSchema(path: string): ValidateFunction {
  const body = description.paths[describedPath(path)]!.post.requestBody;
  return schema(body!.content["application/json"].schema.$ref);
}

/** The schema Algolia documents for this status of this operation (errors without one: ErrorBase). */
function responseSchema(path: string, status: number): ValidateFunction {
  const response = description.paths[describedPath(path)]!.post.responses[String(status)];
  if (!response) {
    expect(status, `Algolia documents no ${status} for ${path}`).toBeGreaterThanOrEqual(400);
    return schema("#/components/schemas/ErrorBase");
  }
  const content = response.$ref ? description.components.responses[response.$ref.split("/").at(-1)!]!.content : response.content!;
  return schema(content["application/json"].schema.$ref);
}

const errorsOf = (validate: ValidateFunction) => JSON.stringify(validate.errors?.slice(0, 5), null, 1);

const { indexName: INDEX, appId, apiKey } = parseConfig({}).search;
const CREDENTIALS = { "x-algolia-application-id": appId, "x-algolia-api-key": apiKey };
let server: SearchHttpServer;

type Json = Record<string, any>;

/** Sends one request as the clients do (JSON as text/plain) and returns the parsed answer. */
async function send(path: string, body: unknown, init: { method?: string; headers?: Record<string, string> } = {}) {
  const method = init.method ?? "POST";
  const response = await fetch(server.url + path, {
    method,
    headers: { "Content-Type": "text/plain", ...CREDENTIALS, ...init.headers },
    ...(method === "GET" ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
  });
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  return { status: response.status, body: (await response.json()) as Json, headers: response.headers };
}

/**
 * Upstream's searchResult is any of three shapes, and its searchResponsePartial takes
 * almost any object; so each result is also checked against the one shape its request
 * asks for: facet values, hits, or (responseFields without hits) the partial response.
 */
function resultSchema(request: Json): ValidateFunction {
  if (request.type === "facet") return schema("#/components/schemas/searchForFacetValuesResponse");
  const fields = request.responseFields as string[] | undefined;
  const full = fields === undefined || fields.includes("*") || fields.includes("hits");
  return schema(`#/components/schemas/${full ? "searchResponse" : "searchResponsePartial"}`);
}

interface ExchangeOptions {
  method?: string;
  headers?: Record<string, string>;
  /** Whether Algolia's description accepts the request (default true); null: not checked (not JSON). */
  validRequest?: boolean | null;
}

/**
 * One request, checked first against the operation's request schema, and its answer
 * checked against the response Algolia documents for that operation and status.
 */
async function exchange(path: string, body: unknown, options: ExchangeOptions = {}) {
  const { validRequest = true, ...init } = options;
  if (validRequest !== null && (init.method ?? "POST") === "POST") {
    const validate = requestSchema(path);
    expect(validate(body), `request for ${path}: ${errorsOf(validate)}`).toBe(validRequest);
  }
  const answer = await send(path, body, init);
  const validResponse = responseSchema(path, answer.status);
  expect(validResponse(answer.body), `${answer.status} from ${path}: ${errorsOf(validResponse)}`).toBe(true);
  if (answer.status >= 400) expect(answer.body).toEqual({ message: expect.stringMatching(/\S/), status: answer.status });
  if (answer.status === 200 && path === "/1/indexes/*/queries") {
    (body as { requests: Json[] }).requests.forEach((request, i) => {
      const validate = resultSchema(request);
      expect(validate(answer.body.results[i]), `result ${i}: ${errorsOf(validate)}`).toBe(true);
    });
  }
  return answer;
}

const TAGS = { highlightPreTag: "__ais-highlight__", highlightPostTag: "__/ais-highlight__" };

beforeAll(async () => {
  server = await serveSearchOverHttp({ indexName: INDEX, appId, apiKey });
  getSearchEngine();
}, 60_000);
afterAll(() => server?.close());

describe("the description itself", () => {
  it("rejects what Algolia would not send or answer (the check can fail)", () => {
    const search = requestSchema("/1/indexes/*/queries");
    expect(search({ requests: [{ indexName: INDEX, colour: "red" }] })).toBe(false);
    expect(search({ requests: [{ query: "no index name" }] })).toBe(false);
    expect(search({ requests: [{ indexName: INDEX, type: "facet" }] })).toBe(false);
    const results = responseSchema("/1/indexes/*/queries", 200);
    expect(results({ results: [{ hits: [{ name: "no objectID" }] }] })).toBe(false);
    expect(results({ results: [{ hits: [], page: "0" }] })).toBe(false);
    const facetValues = resultSchema({ type: "facet" });
    expect(facetValues({ facetHits: [{ value: "Leeds", count: 3 }], exhaustiveFacetsCount: true })).toBe(false);
    expect(resultSchema({})({ nbHits: 3 })).toBe(false);
  });
});

describe("the app's search page requests (the search pact's cases)", () => {
  it.each(searchCaseRequests["/1/indexes/*/queries"].map((body) => [JSON.stringify(body).slice(0, 90), body]))("%s", async (_name, body) => {
    const { status, body: answer } = await exchange("/1/indexes/*/queries", body);
    if (status === 200) expect(answer.results).toHaveLength((body as { requests: unknown[] }).requests.length);
    else expect(status).toBe(404);
  });
});

describe("more requests as InstantSearch sends them", () => {
  it.each([
    ["a query with refinements, numeric filters and stats", { query: "school", hitsPerPage: 10, page: 2, facets: ["groupType", "size", "rating"], facetFilters: [["groupType:education"]], numericFilters: ["size>=100", "rating>=3"], ...TAGS }],
    ["a disjunctive facet query as algoliasearch-helper sends it (one facet as a string, hitsPerPage 0)", { query: "school", hitsPerPage: 0, page: 0, analytics: false, clickAnalytics: false, facets: "region", userToken: "anonymous-abc" }],
    ["a query on the relevant-sort replica", { indexName: `${INDEX}_relevant`, query: "primary", relevancyStrictness: 50 }],
    ["rule contexts with user data", { query: "", ruleContexts: ["registration"], clickAnalytics: true }],
    ["snippets and ranking info", { query: "leeds school", attributesToSnippet: ["name:3", "address"], getRankingInfo: true, snippetEllipsisText: "…" }],
    ["responseFields cutting the hits", { query: "leeds", responseFields: ["nbHits", "page"] }],
    ["a params string (v4 clients)", { params: "query=york&hitsPerPage=3&facets=%5B%22town%22%5D" }],
  ])("%s", async (_name, params) => {
    const request = { indexName: INDEX, ...params };
    const { status, body } = await exchange("/1/indexes/*/queries", { requests: [request] });
    expect(status).toBe(200);
    expect(body.results).toHaveLength(1);
  });

  it("a page past the last: no hits, the page echoed", async () => {
    const { body } = await exchange("/1/indexes/*/queries", { requests: [{ indexName: INDEX, query: "school", hitsPerPage: 20, page: 999 }] });
    expect(body.results[0]).toMatchObject({ page: 999, hits: [], hitsPerPage: 20 });
    expect(body.results[0].nbPages).toBeLessThan(999);
  });

  it("an empty list of requests: no results", async () => {
    expect((await exchange("/1/indexes/*/queries", { requests: [] })).body).toEqual({ results: [] });
  });

  it("the single-index and facet-value endpoints", async () => {
    const single = await exchange(`/1/indexes/${INDEX}/query`, { query: "primary", hitsPerPage: 2, facets: ["town"] });
    expect(single.body.hits).toHaveLength(2);
    const facetValues = await exchange(`/1/indexes/${INDEX}/facets/town/query`, { facetQuery: "hud", maxFacetHits: 5 });
    expect(facetValues.body.facetHits.length).toBeGreaterThan(0);
  });
});

describe("errors, in Algolia's error body", () => {
  // validRequest: whether Algolia's description accepts the request; where it does, the
  // 400 is the embedded engine refusing what it does not implement (ADR 0018).
  it.each([
    ["bad JSON", "/1/indexes/*/queries", "{not json", 400, null],
    ["a negative page", `/1/indexes/${INDEX}/query`, { page: -1 }, 400, false],
    ["an unknown parameter", `/1/indexes/${INDEX}/query`, { colour: "red" }, 400, false],
    ["a parameter the engine does not implement", `/1/indexes/${INDEX}/query`, { removeWordsIfNoResults: "allOptional" }, 400, true],
    ["strategy stopIfEnoughMatches", "/1/indexes/*/queries", { requests: [], strategy: "stopIfEnoughMatches" }, 400, true],
    ["an unknown index", "/1/indexes/no_such_index/query", {}, 404, true],
    ["a facet that is not searchable", `/1/indexes/${INDEX}/facets/rating/query`, { facetQuery: "4" }, 400, true],
  ] as const)("%s", async (_name, path, body, status, validRequest) => {
    expect((await exchange(path, body, { validRequest })).status).toBe(status);
  });

  it("without credentials: 403", async () => {
    const { status } = await exchange(`/1/indexes/${INDEX}/query`, {}, { headers: { "x-algolia-api-key": "" } });
    expect(status).toBe(403);
  });

  it.each([
    ["GET", "/1/indexes/*/queries"],
    ["DELETE", `/1/indexes/${INDEX}/query`],
    ["PUT", `/1/indexes/${INDEX}/facets/town/query`],
    ["GET", "/1/events"],
  ])("%s %s: 405, allowing POST", async (method, path) => {
    const { status, headers } = await exchange(path, undefined, { method, validRequest: null });
    expect(status).toBe(405);
    expect(headers.get("allow")).toBe("POST");
  });
});

describe("insights events", () => {
  const click = { eventType: "click", eventName: "Filter Applied", index: INDEX, filters: ["kind%3APrimary%20school"], userToken: "anonymous-abc" };
  const afterSearch = { eventType: "click", eventName: "Hit Clicked", index: INDEX, objectIDs: ["org-1001"], positions: [1], queryID: "0123456789abcdef0123456789abcdef", userToken: "anonymous-abc" };

  it("accepts the events search-insights sends", async () => {
    const { status, body } = await exchange("/1/events", { events: [click, afterSearch, { ...afterSearch, eventType: "view", positions: undefined, queryID: undefined }] });
    expect(status).toBe(200);
    expect(body).toEqual({ status: 200, message: "OK" });
  });

  it("answers an invalid event with a 422 in the Insights body", async () => {
    // Valid for the description (a filter is any string), refused by the stand-in as Algolia does.
    expect((await exchange("/1/events", { events: [{ ...click, filters: ["nothing"] }] })).status).toBe(422);
    // Invalid for the description too (filters: at least one).
    expect((await exchange("/1/events", { events: [{ ...click, filters: [] }] }, { validRequest: false })).status).toBe(422);
  });
});
