import { createPublicCache, type CacheOutcome, type Freshness } from "../api/public-cache.server";
import { config } from "../runtime/config.server";
import { countCacheLookup } from "../runtime/metrics.server";

// A per-process cache of the search provider's answers to the server's anonymous searches
// (the first results of a search page; ADR 0024), on the public cache of app/api
// (docs/decisions/0027-cache-control-from-the-cms-and-one-cache.md): bounded in entries and
// bytes, fresh for SEARCH_CACHE_TTL_SECONDS, then served stale for SEARCH_CACHE_STALE_SECONDS
// while one call refreshes it, then too old: the search waits; one provider call per key
// however many requests wait for it. Every request gets its own copy of the answer. It never
// holds anything personal: the key and the request sent are the search without its user
// token, and searches that would be personal (personalisation, an authenticated user token)
// are neither cached nor deduplicated.

/** One query of a multi-query, as instantsearch.js's helper sends it. */
export interface SearchRequest {
  indexName: string;
  params?: Record<string, unknown>;
}

export interface SearchAnswer {
  results: unknown[];
}

/** What the cache needs of a search client: a multi-query. */
export interface MultiQueryClient {
  search(requests: SearchRequest[]): Promise<unknown>;
}

export interface SearchCacheOptions {
  /** How long an answer is fresh; 0 turns the cache off (every search goes to the provider). */
  ttlMs: number;
  /** How long after that it may be served while one call refreshes it (default: `ttlMs`). */
  staleMs?: number;
  maxEntries?: number;
  maxBytes?: number;
  /** The clock (tests); milliseconds. */
  now?: () => number;
  /** Told of every lookup in the cache (for metrics); a search waiting on another's call is a miss. */
  onLookup?: (outcome: CacheOutcome) => void;
}

/** Counts since the cache was made, for metrics. */
export interface SearchCacheCounts {
  /** Answered from a fresh entry. */
  hits: number;
  /** Answered from a stale entry, starting its refresh. */
  staleHits: number;
  /** Joined a call another request had already started (waiting for it, or given the stale answer it refreshes). */
  inflight: number;
  /** No usable entry: waited for a new call. */
  misses: number;
  /** Not cacheable (personal, or the cache is off): sent as it is. */
  bypassed: number;
  /** Calls made to the provider. */
  providerCalls: number;
}

export interface SearchCache {
  /** The provider's answer to these requests, from the cache or from one call. */
  search(client: MultiQueryClient, requests: readonly SearchRequest[]): Promise<SearchAnswer>;
  counts(): Readonly<SearchCacheCounts>;
  /** Entries and their size in bytes. */
  size(): { entries: number; bytes: number };
  /** The stored answers (tests: to show what the cache holds). */
  storedAnswers(): string[];
}

/** Enough for every page of every common query; an answer (10 hits and facets) is 5–30 kB. */
export const DEFAULT_MAX_ENTRIES = 2_000;
export const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;
/** An answer larger than this is passed on but not kept. */
const MAX_ENTRY_BYTES = 1024 * 1024;

/** Parameters that identify a user: never sent from the server's search, never in a key. */
const USER_PARAMS = ["userToken"] as const;
/** Parameters that make an answer depend on who asks: such searches bypass the cache. */
const PERSONAL_PARAMS = ["authenticatedUserToken", "enablePersonalization", "personalizationImpact"] as const;

function isPersonal(request: SearchRequest): boolean {
  const params = request.params ?? {};
  return PERSONAL_PARAMS.some((name) => params[name] !== undefined && params[name] !== false);
}

/** The request without the user's token: what the server sends and what the key is made of. */
export function anonymousRequest(request: SearchRequest): SearchRequest {
  if (!request.params) return { indexName: request.indexName };
  const params = { ...request.params };
  for (const name of USER_PARAMS) delete params[name];
  return { indexName: request.indexName, params };
}

/** JSON with object keys sorted: the same search always makes the same key. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

function checkedAnswer(answer: unknown, requests: number): SearchAnswer {
  const results = (answer as { results?: unknown } | null)?.results;
  if (!Array.isArray(results) || results.length !== requests) {
    throw new Error(`Search provider: expected ${requests} results, got ${Array.isArray(results) ? results.length : "none"}`);
  }
  return { results };
}

export function createSearchCache(options: SearchCacheOptions): SearchCache {
  const freshness: Freshness = { ttlMs: options.ttlMs, staleMs: options.staleMs ?? options.ttlMs };
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const { onLookup } = options;
  const cache = createPublicCache({
    ...freshness,
    maxEntries: options.maxEntries ?? DEFAULT_MAX_ENTRIES,
    maxBytes,
    maxEntryBytes: Math.min(MAX_ENTRY_BYTES, maxBytes),
    // Stored as JSON: every request parses its own copy, so nothing one request does to
    // its answer (instantsearch.js writes into results) reaches another.
    copyPerReader: true,
    now: options.now,
    onLookup: onLookup && ((_, outcome) => onLookup(outcome)),
  });

  const call = async (client: MultiQueryClient, requests: SearchRequest[]) => checkedAnswer(await client.search(requests), requests.length);

  return {
    search(client, requests) {
      // A personal search is sent as asked (its token belongs to it), past the cache.
      if (requests.some(isPersonal)) return cache.pass(() => call(client, [...requests]));
      const anonymous = requests.map(anonymousRequest);
      // A failed call throws: nothing is kept, and every request waiting for it gets the error.
      return cache.read(stableJson(anonymous), "search", async () => ({ value: await call(client, anonymous), keepFor: freshness }));
    },
    counts: () => {
      const { loads, ...counts } = cache.counts();
      return { ...counts, providerCalls: loads };
    },
    size: () => ({ entries: cache.size, bytes: cache.bytes }),
    storedAnswers: () => cache.storedAnswers(),
  };
}

let processCache: SearchCache | undefined;

/** This process's cache, fresh for SEARCH_CACHE_TTL_SECONDS and then stale for SEARCH_CACHE_STALE_SECONDS (made on first use). */
export function processSearchCache(ttlMs: number, staleMs: number = config.searchCacheStaleMs): SearchCache {
  processCache ??= createSearchCache({ ttlMs, staleMs, onLookup: (outcome) => countCacheLookup("search", outcome) });
  return processCache;
}

/** This process's counts (hits, stale hits, misses…) for metrics; zeros before the first search. */
export function processSearchCacheCounts(): Readonly<SearchCacheCounts> {
  return processCache?.counts() ?? { hits: 0, staleHits: 0, inflight: 0, misses: 0, bypassed: 0, providerCalls: 0 };
}
