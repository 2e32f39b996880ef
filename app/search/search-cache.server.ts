import { LRUCache } from "lru-cache";
import { countCacheLookup } from "../runtime/metrics.server";

// A per-process cache of the search provider's answers to the server's anonymous searches
// (the first results of a search page; ADR 0024). Bounded in entries and bytes, fresh for
// the configured TTL, then served stale for at most one more TTL while one call refreshes
// it; one provider call per key however many requests wait for it. It never holds anything
// personal: the key and the request sent are the search without its user token, and
// searches that would be personal (personalisation, an authenticated user token) are
// neither cached nor deduplicated.

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
  maxEntries?: number;
  maxBytes?: number;
  /** The clock (tests); milliseconds. */
  now?: () => number;
  /** Told of every lookup in the cache (for metrics); a search waiting on another's call is a miss. */
  onLookup?: (outcome: "hit" | "miss" | "stale") => void;
}

/** Counts since the cache was made, for metrics. */
export interface SearchCacheCounts {
  /** Answered from a fresh entry. */
  hits: number;
  /** Answered from a stale entry while it is refreshed. */
  staleHits: number;
  /** Waited for a call another request had already started. */
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

interface FetchContext {
  client: MultiQueryClient;
  requests: SearchRequest[];
}

export function createSearchCache(options: SearchCacheOptions): SearchCache {
  const { ttlMs } = options;
  const counts: SearchCacheCounts = { hits: 0, staleHits: 0, inflight: 0, misses: 0, bypassed: 0, providerCalls: 0 };

  async function call(client: MultiQueryClient, requests: SearchRequest[]): Promise<SearchAnswer> {
    counts.providerCalls += 1;
    return checkedAnswer(await client.search(requests), requests.length);
  }

  const cache =
    ttlMs > 0
      ? new LRUCache<string, string, FetchContext>({
          max: options.maxEntries ?? DEFAULT_MAX_ENTRIES,
          maxSize: options.maxBytes ?? DEFAULT_MAX_BYTES,
          maxEntrySize: Math.min(MAX_ENTRY_BYTES, options.maxBytes ?? DEFAULT_MAX_BYTES),
          sizeCalculation: (value) => Buffer.byteLength(value),
          ttl: ttlMs,
          // Stale while revalidate: a stale answer is given at once while one call refreshes it.
          allowStale: true,
          noDeleteOnStaleGet: true,
          // An injected clock is read every time (no 1 ms caching of the time).
          ...(options.now ? { perf: { now: options.now }, ttlResolution: 0 } : {}),
          // Stored as JSON: every request parses its own copy, so nothing one request does to
          // its answer (instantsearch.js writes into results) reaches another.
          fetchMethod: async (_key, _stale, { context }) => JSON.stringify(await call(context.client, context.requests)),
        })
      : null;

  return {
    async search(client, requests) {
      const anonymous = requests.map(anonymousRequest);
      if (!cache || requests.some(isPersonal)) {
        counts.bypassed += 1;
        // A personal search is sent as asked (its token belongs to it); an anonymous one without the token.
        return call(client, requests.some(isPersonal) ? [...requests] : anonymous);
      }
      const key = stableJson(anonymous);
      // Stale for longer than one more TTL: too old to show, wait for the new answer.
      const tooStale = cache.has(key) === false && cache.getRemainingTTL(key) < -ttlMs;
      const status: LRUCache.Status<string, string, FetchContext> = {};
      const json = await cache.fetch(key, {
        context: { client, requests: anonymous },
        status,
        ...(tooStale ? { allowStale: false } : {}),
      });
      const outcome = status.fetch === "hit" ? "hit" : status.fetch === "stale" && !tooStale ? "stale" : "miss";
      if (status.fetch === "inflight") counts.inflight += 1;
      else counts[outcome === "hit" ? "hits" : outcome === "stale" ? "staleHits" : "misses"] += 1;
      options.onLookup?.(outcome);
      if (json === undefined) throw new Error("Search provider: no answer");
      return JSON.parse(json) as SearchAnswer;
    },
    counts: () => ({ ...counts }),
    size: () => ({ entries: cache?.size ?? 0, bytes: cache?.calculatedSize ?? 0 }),
    storedAnswers: () => (cache ? [...cache.values()] : []),
  };
}

let processCache: SearchCache | undefined;

/** This process's cache, fresh for SEARCH_CACHE_TTL_SECONDS (made on first use). */
export function processSearchCache(ttlMs: number): SearchCache {
  processCache ??= createSearchCache({ ttlMs, onLookup: (outcome) => countCacheLookup("search", outcome) });
  return processCache;
}

/** This process's counts (hits, stale hits, misses…) for metrics; zeros before the first search. */
export function processSearchCacheCounts(): Readonly<SearchCacheCounts> {
  return processCache?.counts() ?? { hits: 0, staleHits: 0, inflight: 0, misses: 0, bypassed: 0, providerCalls: 0 };
}
