import { badRequest } from "./errors.ts";
import { FACET_ATTRIBUTES, FACET_NAME, LIMITS, RULE_CONTEXT } from "./settings.ts";

// Search parameters as the Algolia REST API takes them: JSON properties of a request,
// and/or a URL-encoded `params` string (v3/v4 clients; arrays JSON-encoded or
// comma-separated). Unknown parameters and ill-typed values are 400s, as on Algolia.

/** A nested filter list: an outer array is AND, an inner array OR; a string alone is one filter. */
export type FilterList = (string | string[])[];

export interface SnippetSpec {
  attribute: string;
  words: number;
}

/** Algolia's snippet length when `attributesToSnippet` names no number of words. */
export const DEFAULT_SNIPPET_WORDS = 10;

/** `name` or `name:5`, as attributesToSnippet lists them. */
function snippetSpec(entry: string): SnippetSpec {
  const match = /^(.+?)(?::(\d+))?$/.exec(entry.trim());
  const words = match?.[2] === undefined ? DEFAULT_SNIPPET_WORDS : Number(match[2]);
  if (!match || words < 1) throw badRequest(`Invalid value for "attributesToSnippet": ${JSON.stringify(entry)} (ATTRIBUTE or ATTRIBUTE:NUMBER)`);
  return { attribute: match[1]!, words };
}

export interface SearchParams {
  query: string;
  page: number;
  hitsPerPage: number;
  facets: string[];
  maxValuesPerFacet: number;
  sortFacetValuesBy: "count" | "alpha";
  facetFilters: FilterList;
  numericFilters: FilterList;
  tagFilters: FilterList;
  filters: string;
  attributesToRetrieve: string[];
  attributesToHighlight: string[] | null;
  highlightPreTag: string;
  highlightPostTag: string;
  ruleContexts: string[];
  enableRules: boolean;
  relevancyStrictness: number | null;
  clickAnalytics: boolean;
  typoTolerance: boolean | "min" | "strict";
  queryType: "prefixLast" | "prefixAll" | "prefixNone";
  /** Snippets: each attribute with its word count (`name:5`; 10 when not given). */
  attributesToSnippet: SnippetSpec[];
  snippetEllipsisText: string;
  getRankingInfo: boolean;
  /** Top-level response properties to keep; ["*"] keeps all. */
  responseFields: string[];
  facetQuery: string;
  maxFacetHits: number;
  /** The parameters as received (after merging `params`), echoed in `params`. */
  received: Record<string, unknown>;
}

/** Parameters the engine implements (parseSearchParams reads each one). */
const IMPLEMENTED = new Set([
  "query", "filters", "facetFilters", "numericFilters", "tagFilters", "facets", "page", "hitsPerPage",
  "maxValuesPerFacet", "sortFacetValuesBy", "attributesToRetrieve", "attributesToHighlight", "highlightPreTag",
  "highlightPostTag", "attributesToSnippet", "snippetEllipsisText", "ruleContexts", "enableRules",
  "relevancyStrictness", "clickAnalytics", "typoTolerance", "queryType", "getRankingInfo", "responseFields",
  "facetQuery", "maxFacetHits",
]);

/**
 * Parameters whose effect cannot show on this index, so any valid value is honoured by
 * doing nothing (ADR 0018): analytics and A/B flags (no analytics here), personalization
 * (no strategy), synonyms (none defined), distinct (no attributeForDistinct), re-ranking,
 * languages (they only steer ignorePlurals / removeStopWords / decompounding, all off),
 * restrictHighlightAndSnippetArrays (records hold no arrays), semanticSearch (keyword mode only).
 */
const WITHOUT_EFFECT_HERE = new Set([
  "analytics", "analyticsTags", "percentileComputation", "enableABTest", "userToken", "enablePersonalization",
  "personalizationImpact", "synonyms", "replaceSynonymsInHighlight", "alternativesAsExact", "distinct",
  "facetingAfterDistinct", "enableReRanking", "reRankingApplyFilter", "naturalLanguages", "queryLanguages",
  "decompoundQuery", "restrictHighlightAndSnippetArrays", "semanticSearch", "sumOrFiltersScores",
  "advancedSyntaxFeatures", "attributeCriteriaComputedByMinProximity",
]);

const isFalse = (v: unknown) => v === false || v === "false";
const isEmpty = (v: unknown) => v === "" || v === null || v === "[]" || (Array.isArray(v) && v.length === 0);
const is = (expected: string | number) => (v: unknown) => v === expected || (typeof v === "string" && v === String(expected));

/**
 * Parameters the engine does not implement and that would change the hits: accepted only
 * with the value that is what the engine does anyway (Algolia's default, or this index's
 * setting), else a 400 (ADR 0018), so a client never gets results that silently ignore it.
 */
const ONLY_AS_THE_ENGINE_BEHAVES: Record<string, (value: unknown) => boolean> = {
  similarQuery: isEmpty,
  optionalFilters: isEmpty,
  restrictSearchableAttributes: isEmpty,
  aroundLatLng: isEmpty,
  aroundLatLngViaIP: isFalse,
  insideBoundingBox: isEmpty,
  insidePolygon: isEmpty,
  ranking: () => false,
  customRanking: () => false,
  renderingContent: () => false,
  offset: () => false,
  length: () => false,
  aroundRadius: () => false,
  aroundPrecision: () => false,
  minimumAroundRadius: () => false,
  minWordSizefor1Typo: is(4),
  minWordSizefor2Typos: is(8),
  // The index does not allow typos on words with digits (README, Engine).
  allowTyposOnNumericTokens: isFalse,
  disableTypoToleranceOnAttributes: isEmpty,
  ignorePlurals: isFalse,
  removeStopWords: isFalse,
  advancedSyntax: isFalse,
  optionalWords: isEmpty,
  disableExactOnAttributes: isEmpty,
  exactOnSingleWordQuery: is("attribute"),
  removeWordsIfNoResults: is("none"),
  mode: is("keywordSearch"),
  minProximity: is(1),
};

/** Why a parameter is refused: a 400 in Algolia's error body. */
function unsupported(name: string, value: unknown): never {
  throw badRequest(`Unsupported value for "${name}" on the embedded search endpoint: ${JSON.stringify(value)}`);
}

/** Keys of a multi-query request entry that are not search parameters. */
const REQUEST_KEYS = new Set(["indexName", "type", "facet", "params"]);

const typeName = (value: unknown) => (Array.isArray(value) ? "array" : value === null ? "null" : typeof value);

/** Reads a `params` string: `a=1&b=%5B%22x%22%5D` → { a: "1", b: '["x"]' }. */
export function parseParamsString(params: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(params)) out[key] = value;
  return out;
}

/** Merges a request's JSON properties and its `params` string (the string wins, as on Algolia). */
export function mergeParams(request: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(request)) if (!REQUEST_KEYS.has(key) && value !== undefined) merged[key] = value;
  if (request.params !== undefined) {
    if (typeof request.params !== "string") throw badRequest(`Invalid value for "params": expected a string, got ${typeName(request.params)}`);
    Object.assign(merged, parseParamsString(request.params));
  }
  return merged;
}

function integer(name: string, value: unknown, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  if (typeof n !== "number" || !Number.isInteger(n)) throw badRequest(`Invalid value for "${name}": expected an integer, got ${JSON.stringify(value)}`);
  if (n < min || n > max) throw badRequest(`Invalid value for "${name}": ${n} is out of range [${min}, ${max}]`);
  return n;
}

function bool(name: string, value: unknown, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value === "boolean") return value;
  if (value === "true") return true;
  if (value === "false") return false;
  throw badRequest(`Invalid value for "${name}": expected a boolean, got ${JSON.stringify(value)}`);
}

function string(name: string, value: unknown, fallback: string): string {
  if (value === undefined) return fallback;
  if (typeof value !== "string") throw badRequest(`Invalid value for "${name}": expected a string, got ${typeName(value)}`);
  return value;
}

/** A list as Algolia takes it: the value itself, or a string holding a JSON array or comma-separated items. */
function parsedList(name: string, value: unknown): unknown {
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  if (!trimmed.startsWith("[")) return trimmed === "" ? [] : trimmed.split(",").map((s) => s.trim());
  try {
    return JSON.parse(trimmed);
  } catch {
    throw badRequest(`Invalid value for "${name}": malformed JSON array`);
  }
}

/** A list parameter: an array, a JSON-encoded array, or a comma-separated string. */
function stringList(name: string, value: unknown, fallback: string[]): string[] {
  if (value === undefined) return fallback;
  const list = parsedList(name, value);
  if (!Array.isArray(list) || !list.every((item) => typeof item === "string")) {
    throw badRequest(`Invalid value for "${name}": expected an array of strings`);
  }
  return list as string[];
}

/** facetFilters / numericFilters / tagFilters: a string, or an array of strings and arrays of strings. */
function filterList(name: string, value: unknown): FilterList {
  if (value === undefined) return [];
  const list = parsedList(name, value);
  if (!Array.isArray(list)) throw badRequest(`Invalid value for "${name}": expected an array, got ${typeName(list)}`);
  for (const item of list) {
    const ok = typeof item === "string" || (Array.isArray(item) && item.every((inner) => typeof inner === "string"));
    if (!ok) throw badRequest(`Invalid value for "${name}": expected strings or arrays of strings (one level of nesting)`);
  }
  return list as FilterList;
}

function oneOf<T extends string>(name: string, value: unknown, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (typeof value !== "string" || !allowed.includes(value as T)) {
    throw badRequest(`Invalid value for "${name}": expected one of ${allowed.join(", ")}`);
  }
  return value as T;
}

export function checkFacetName(name: string, where: string): void {
  if (!FACET_NAME.test(name)) {
    throw badRequest(`Invalid facet name ${JSON.stringify(name)} in ${where}: 1 to 64 letters, digits, "_" or "-"`);
  }
}

/** Validates and normalises the merged parameters of one query. */
export function parseSearchParams(raw: Record<string, unknown>): SearchParams {
  for (const [key, value] of Object.entries(raw)) {
    if (IMPLEMENTED.has(key) || WITHOUT_EFFECT_HERE.has(key)) continue;
    const accepted = ONLY_AS_THE_ENGINE_BEHAVES[key];
    if (!accepted) throw badRequest(`Unknown parameter: ${key}`);
    if (!accepted(value)) unsupported(key, value);
  }
  const query = string("query", raw.query, "");
  if (query.length > LIMITS.maxQueryLength) throw badRequest(`Query too long: at most ${LIMITS.maxQueryLength} characters`);

  if (raw.page !== undefined) {
    const page = typeof raw.page === "string" ? Number(raw.page) : raw.page;
    if (typeof page === "number" && page < 0) throw badRequest("Page requested below 0.");
  }
  const page = integer("page", raw.page, 0, Number.MAX_SAFE_INTEGER, 0);
  const hitsPerPage = integer("hitsPerPage", raw.hitsPerPage, 0, LIMITS.maxHitsPerPage, LIMITS.defaultHitsPerPage);

  const requestedFacets = stringList("facets", raw.facets, []);
  for (const facet of requestedFacets) if (facet !== "*") checkFacetName(facet, "facets");
  const facets = requestedFacets.includes("*") ? [...FACET_ATTRIBUTES] : [...new Set(requestedFacets)];

  const ruleContexts = stringList("ruleContexts", raw.ruleContexts, []);
  if (ruleContexts.length > LIMITS.maxRuleContexts) {
    throw badRequest(`Too many rule contexts: at most ${LIMITS.maxRuleContexts}, got ${ruleContexts.length}`);
  }
  for (const context of ruleContexts) {
    if (!RULE_CONTEXT.test(context)) throw badRequest(`Invalid rule context ${JSON.stringify(context)}: 1 to 64 letters, digits, "_" or "-"`);
  }

  const relevancyStrictness = raw.relevancyStrictness === undefined ? null : integer("relevancyStrictness", raw.relevancyStrictness, 0, 100, 100);

  let typoTolerance: SearchParams["typoTolerance"] = true;
  if (raw.typoTolerance !== undefined) {
    typoTolerance = raw.typoTolerance === "min" || raw.typoTolerance === "strict" ? raw.typoTolerance : bool("typoTolerance", raw.typoTolerance, true);
  }

  const attributesToHighlight = raw.attributesToHighlight === undefined ? null : stringList("attributesToHighlight", raw.attributesToHighlight, []);

  return {
    query,
    page,
    hitsPerPage,
    facets,
    maxValuesPerFacet: integer("maxValuesPerFacet", raw.maxValuesPerFacet, 0, LIMITS.maxMaxValuesPerFacet, LIMITS.defaultMaxValuesPerFacet),
    sortFacetValuesBy: oneOf("sortFacetValuesBy", raw.sortFacetValuesBy, ["count", "alpha"], "count"),
    facetFilters: filterList("facetFilters", raw.facetFilters),
    numericFilters: filterList("numericFilters", raw.numericFilters),
    tagFilters: filterList("tagFilters", raw.tagFilters),
    filters: string("filters", raw.filters, ""),
    attributesToRetrieve: stringList("attributesToRetrieve", raw.attributesToRetrieve, ["*"]),
    attributesToHighlight,
    highlightPreTag: string("highlightPreTag", raw.highlightPreTag, "<em>"),
    highlightPostTag: string("highlightPostTag", raw.highlightPostTag, "</em>"),
    ruleContexts,
    enableRules: bool("enableRules", raw.enableRules, true),
    relevancyStrictness,
    clickAnalytics: bool("clickAnalytics", raw.clickAnalytics, false),
    typoTolerance,
    queryType: oneOf("queryType", raw.queryType, ["prefixLast", "prefixAll", "prefixNone"], "prefixLast"),
    attributesToSnippet: stringList("attributesToSnippet", raw.attributesToSnippet, []).map(snippetSpec),
    snippetEllipsisText: string("snippetEllipsisText", raw.snippetEllipsisText, "…"),
    getRankingInfo: bool("getRankingInfo", raw.getRankingInfo, false),
    responseFields: stringList("responseFields", raw.responseFields, ["*"]),
    facetQuery: string("facetQuery", raw.facetQuery, ""),
    maxFacetHits: integer("maxFacetHits", raw.maxFacetHits, 1, LIMITS.maxFacetHits, LIMITS.defaultMaxFacetHits),
    received: raw,
  };
}

/** The `params` string Algolia echoes: each parameter URL-encoded, arrays and objects as JSON. */
export function serializeParams(received: Record<string, unknown>): string {
  return Object.entries(received)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(typeof value === "string" ? value : JSON.stringify(value))}`)
    .join("&");
}
