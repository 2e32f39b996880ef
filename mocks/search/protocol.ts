import { type Engine, buildEngine } from "./engine.ts";
import { GENERATED_COUNT, allOrganisations } from "./generate.ts";
import { SearchApiError, badRequest } from "./errors.ts";
import { receiveEvents } from "./insights.ts";
import { checkFacetName, mergeParams, parseSearchParams, serializeParams, type SearchParams } from "./params.ts";
import { DEFAULT_INDEX_NAME, DEFAULT_RELEVANCY_STRICTNESS, RENDERING_CONTENT, REPLICAS, RULES, type SortKey } from "./settings.ts";

// The Algolia REST wire protocol, as far as the algoliasearch v5 client, InstantSearch
// and search-insights use it:
//   POST /1/indexes/*/queries                    multi-queries (hits and facet-value searches)
//   POST /1/indexes/{index}/query                one query
//   POST /1/indexes/{index}/facets/{facet}/query facet value search
//   POST /1/events                               insights events
// Errors are Algolia's shape, { message, status }. Bodies are JSON whatever the
// Content-Type (the clients send text/plain to avoid CORS preflights).

export interface SearchHandlerOptions {
  /** The primary index; its replicas are named after it. Default dev_organisations. */
  indexName?: string;
  /** When given, requests must carry this application id and key (else any non-empty ones do). */
  appId?: string;
  apiKey?: string;
  /**
   * Generated organisations beside the hand-written ones (default GENERATED_COUNT): a larger
   * or smaller index for measuring cost as the data grows (mocks/backend/seed-scale.ts).
   */
  organisations?: number;
}

const engines = new Map<number, Engine>();

/** The engine of `organisations` generated organisations, built on first use (once per process and size). */
export function getSearchEngine(organisations: number = GENERATED_COUNT): Engine {
  let engine = engines.get(organisations);
  if (!engine) engines.set(organisations, (engine = buildEngine(allOrganisations(organisations))));
  return engine;
}

const JSON_HEADERS = { "Content-Type": "application/json; charset=UTF-8" };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: JSON_HEADERS });
}

const errorResponse = (error: SearchApiError) =>
  new Response(JSON.stringify({ message: error.message, status: error.status }), {
    status: error.status,
    headers: { ...JSON_HEADERS, ...error.headers },
  });

interface ResolvedIndex {
  name: string;
  sort: SortKey | null;
  virtual: boolean;
}

function resolveIndex(name: unknown, primary: string): ResolvedIndex {
  if (typeof name !== "string" || name === "") throw badRequest("indexName is required");
  if (name === primary) return { name, sort: null, virtual: false };
  const replica = REPLICAS.find((r) => name === primary + r.suffix);
  if (!replica) throw new SearchApiError(404, "Index does not exist");
  return { name, sort: replica.sort, virtual: replica.virtual };
}

function credential(request: Request, url: URL, name: string): string | null {
  const header = request.headers.get(name);
  if (header) return header;
  for (const [key, value] of url.searchParams) if (key.toLowerCase() === name) return value;
  return null;
}

function checkCredentials(request: Request, url: URL, options: SearchHandlerOptions): void {
  const appId = credential(request, url, "x-algolia-application-id");
  const apiKey = credential(request, url, "x-algolia-api-key");
  const wrong = !appId || !apiKey || (options.appId !== undefined && appId !== options.appId) || (options.apiKey !== undefined && apiKey !== options.apiKey);
  if (wrong) throw new SearchApiError(403, "Invalid Application-ID or API key");
}

async function readJson(request: Request): Promise<Record<string, unknown>> {
  const text = await request.text();
  if (text.trim() === "") return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw badRequest("Invalid JSON in the request body");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw badRequest("The request body must be a JSON object");
  return body as Record<string, unknown>;
}

function rulesFor(params: SearchParams) {
  if (!params.enableRules || params.ruleContexts.length === 0) return {};
  const applied = RULES.filter((rule) => params.ruleContexts.includes(rule.context));
  if (applied.length === 0) return {};
  return { userData: applied.map((rule) => rule.userData), appliedRules: applied.map((rule) => ({ objectID: rule.objectID })) };
}

function queryID(): string {
  return crypto.randomUUID().replaceAll("-", "");
}

/** One hits query, answered as Algolia's SearchResponse. */
function runQuery(engine: Engine, index: ResolvedIndex, raw: Record<string, unknown>): Record<string, unknown> {
  const started = performance.now();
  const params = parseSearchParams(raw);
  const relevancyStrictness = index.virtual ? (params.relevancyStrictness ?? DEFAULT_RELEVANCY_STRICTNESS) : null;
  const outcome = engine.search(params, { sort: index.sort, relevancyStrictness });
  const processingTimeMS = Math.round(performance.now() - started);
  const { hits, ...rest } = outcome;
  const response: Record<string, unknown> = {
    hits,
    ...rest,
    exhaustiveFacetsCount: true,
    exhaustiveNbHits: true,
    exhaustiveTypo: true,
    exhaustive: { facetsCount: true, nbHits: true, typo: true },
    query: params.query,
    params: serializeParams(params.received),
    index: index.name,
    renderingContent: RENDERING_CONTENT,
    ...rulesFor(params),
    ...(params.clickAnalytics ? { queryID: queryID() } : {}),
    processingTimeMS,
    serverTimeMS: processingTimeMS,
  };
  // What getRankingInfo adds beside each hit's _rankingInfo (responseFields cannot remove it).
  const rankingFields = params.getRankingInfo ? { serverUsed: "embedded", indexUsed: index.name, parsedQuery: params.query.trim() } : {};
  return { ...keepResponseFields(response, params.responseFields), ...rankingFields };
}

/** Properties Algolia answers whatever responseFields lists. */
const ALWAYS_ANSWERED = ["message", "warning", "cursor", "abTestVariantID"];

/** responseFields: only the listed top-level properties ("*" keeps all). */
function keepResponseFields(response: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  if (fields.includes("*")) return response;
  return Object.fromEntries(Object.entries(response).filter(([key]) => fields.includes(key) || ALWAYS_ANSWERED.includes(key)));
}

/** One facet value search, answered as Algolia's SearchForFacetValuesResponse. */
function runFacetQuery(engine: Engine, facet: unknown, raw: Record<string, unknown>): Record<string, unknown> {
  const started = performance.now();
  if (typeof facet !== "string") throw badRequest("facet is required for a facet query");
  checkFacetName(facet, "the facet of a facet value search");
  const params = parseSearchParams(raw);
  const { facetHits } = engine.searchFacetValues(facet, params);
  return { facetHits, exhaustiveFacetsCount: true, processingTimeMS: Math.round(performance.now() - started) };
}

/** A path segment, decoded; a malformed percent-encoding (e.g. "%E0%A4%A") is the client's error, not the server's. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw badRequest("The path is not validly percent-encoded");
  }
}

async function route(request: Request, url: URL, options: SearchHandlerOptions): Promise<Response> {
  const segments = url.pathname.split("/").filter(Boolean).map(decodeSegment);
  const primary = options.indexName ?? DEFAULT_INDEX_NAME;
  const engine = () => getSearchEngine(options.organisations);
  // Only POST is served on each known path: other methods are a 405 in Algolia's error body,
  // with the Allow header HTTP asks for (ADR 0018).
  const post = (message = "Method not allowed") => {
    if (request.method !== "POST") throw new SearchApiError(405, message, { Allow: "POST" });
  };

  // /1/events (the Insights API documents its 405 as { status: 405, message: "Method Not Allowed" })
  if (segments.length === 2 && segments[0] === "1" && segments[1] === "events") {
    post("Method Not Allowed");
    checkCredentials(request, url, options);
    const body = await readJson(request);
    const outcome = receiveEvents(body);
    return json(outcome.status, outcome.body);
  }
  if (segments[0] !== "1" || segments[1] !== "indexes" || segments.length < 4) throw new SearchApiError(404, "Not found");

  // /1/indexes/*/queries
  if (segments.length === 4 && segments[2] === "*" && segments[3] === "queries") {
    post();
    checkCredentials(request, url, options);
    const body = await readJson(request);
    for (const key of Object.keys(body)) if (key !== "requests" && key !== "strategy") throw badRequest(`Unknown parameter: ${key}`);
    // strategy "none" (the default) runs every query, as here; stopIfEnoughMatches is refused (ADR 0018).
    if (body.strategy !== undefined && body.strategy !== "none") {
      throw badRequest(`Unsupported value for "strategy" on the embedded search endpoint: ${JSON.stringify(body.strategy)}`);
    }
    const requests = body.requests;
    // An empty list is valid (Algolia's description sets no minimum): no results.
    if (!Array.isArray(requests)) throw badRequest("requests: expected an array");
    const results = requests.map((entry: unknown) => {
      if (typeof entry !== "object" || entry === null || Array.isArray(entry)) throw badRequest("requests: each request must be an object");
      const r = entry as Record<string, unknown>;
      const index = resolveIndex(r.indexName, primary);
      const type = r.type ?? "default";
      if (type === "facet") return runFacetQuery(engine(), r.facet, mergeParams(r));
      if (type !== "default") throw badRequest(`Invalid value for "type": expected default or facet`);
      return runQuery(engine(), index, mergeParams(r));
    });
    return json(200, { results });
  }

  // /1/indexes/{index}/query
  if (segments.length === 4 && segments[3] === "query") {
    post();
    checkCredentials(request, url, options);
    const index = resolveIndex(segments[2], primary);
    return json(200, runQuery(engine(), index, mergeParams(await readJson(request))));
  }

  // /1/indexes/{index}/facets/{facet}/query
  if (segments.length === 6 && segments[3] === "facets" && segments[5] === "query") {
    post();
    checkCredentials(request, url, options);
    resolveIndex(segments[2], primary);
    return json(200, runFacetQuery(engine(), segments[4], mergeParams(await readJson(request))));
  }
  throw new SearchApiError(404, "Not found");
}

/** Answers one request of the Algolia wire protocol from the embedded index. */
export async function handleSearchRequest(request: Request, options: SearchHandlerOptions = {}): Promise<Response> {
  try {
    return await route(request, new URL(request.url), options);
  } catch (error) {
    if (error instanceof SearchApiError) return errorResponse(error);
    throw error;
  }
}
