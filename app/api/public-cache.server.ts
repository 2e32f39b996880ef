import { LRUCache } from "lru-cache";

// The per-process cache of public backend answers (docs/decisions/0025-public-caches-and-cache-control.md,
// docs/decisions/0027-cache-control-from-the-cms-and-one-cache.md): the CMS's content
// (app/api/cms.server.ts) and the search provider's answers to anonymous searches
// (app/search/search-cache.server.ts). One rule for both: an answer is fresh for its TTL,
// then served stale for its stale window while one load refreshes it, then too old: the
// request waits for a new one. Each answer brings its own TTL and stale window (the CMS's
// Cache-Control), never longer than the configured ones. Whatever the number of requests
// waiting for a key, one load runs. Bounded in entries and bytes (lru-cache drops the least
// recently used). Callers key on the request's public inputs only, and bypass the cache for
// anything personal, so nothing personal is ever stored or keyed on.
// lru-cache's fetch() does the loading (ADR 0027): one load per key, stale-while-revalidate,
// a failed refresh leaving the kept answer. Ours is the glue: the answer's own stale window,
// the configured limits, answers passed on but not kept, copies, counts.

export type CacheOutcome = "hit" | "miss" | "stale";

/** How long an answer may be kept: fresh, then stale while it is loaded again. */
export interface Freshness {
  ttlMs: number;
  staleMs: number;
}

/**
 * What a load gives: the answer, and whether it is kept.
 * - `keepFor`: kept that long (within the configured limits); `null`: passed on but not kept,
 *   and what was kept for the key goes (the source says its answer must not be kept).
 * - `failed`: passed on, not kept; a kept answer stays, served within its stale window.
 *   (A load that throws is a failure too: its error reaches every request waiting for it.)
 */
export type Loaded<V> = { value: V; keepFor: Freshness | null } | { value: V; failed: true };

export interface PublicCacheOptions extends Freshness {
  /** `ttlMs`: the longest an answer is fresh (0 turns the cache off); `staleMs`: the longest it is then served stale. */
  maxEntries?: number;
  /** Bound on the answers' JSON size, in bytes. */
  maxBytes?: number;
  /** An answer whose JSON is larger than this is passed on but not kept (default: `maxBytes`). */
  maxEntryBytes?: number;
  /**
   * Every reader gets its own copy (kept as JSON, parsed per read): for answers their
   * readers write into. Otherwise every reader gets the one kept object, which none may change.
   */
  copyPerReader?: boolean;
  /** For tests: the clock, in milliseconds. */
  now?: () => number;
  /** Told of every lookup (for metrics): what the request was given (waiting for a load, its own or another's, is a miss). */
  onLookup?: (name: string, outcome: CacheOutcome) => void;
}

/** Counts since the cache was made, for metrics and tests. */
export interface PublicCacheCounts {
  /** Answered from a fresh entry. */
  hits: number;
  /** Answered from a stale entry, starting its refresh. */
  staleHits: number;
  /** Joined a load another request had started (waiting for it, or given the stale answer it refreshes). */
  inflight: number;
  /** No usable entry: waited for a new load. */
  misses: number;
  /** Not cacheable (personal, or the cache is off): loaded as it is. */
  bypassed: number;
  /** Loads run. */
  loads: number;
}

interface Entry {
  /** The answer, or its JSON when every reader gets a copy. */
  stored: unknown;
  /** Its own stale window: lru-cache has one stale state, with no end. */
  staleMs: number;
}
type Load = () => Promise<Loaded<unknown>>;

/** An answer passed on but not kept: thrown through lru-cache's fetch, so it reaches every request waiting for the load. */
class PassedOn extends Error {
  constructor(readonly stored: unknown) {
    super("passed on, not kept");
  }
}

export function createPublicCache(options: PublicCacheOptions) {
  const maxBytes = options.maxBytes ?? 8_000_000;
  const counts: PublicCacheCounts = { hits: 0, staleHits: 0, inflight: 0, misses: 0, bypassed: 0, loads: 0 };
  const json = (stored: unknown) => (options.copyPerReader ? (stored as string) : JSON.stringify(stored));
  const fromStored = <V>(stored: unknown) => (options.copyPerReader ? JSON.parse(stored as string) : stored) as V;

  const store = new LRUCache<string, Entry, Load>({
    max: options.maxEntries ?? 1_000,
    maxSize: maxBytes,
    // An answer larger than this is not kept (lru-cache refuses it, and drops the old one).
    maxEntrySize: Math.min(options.maxEntryBytes ?? maxBytes, maxBytes),
    sizeCalculation: (entry) => Math.max(1, Buffer.byteLength(json(entry.stored))),
    ttl: Math.max(1, options.ttlMs),
    ...(options.now && { perf: { now: options.now } }),
    // Ask the clock every time (lru-cache's default reuses a reading for 1 ms).
    ttlResolution: 0,
    // A failed refresh leaves the kept answer; its error still reaches whoever waits for it.
    noDeleteOnFetchRejection: true,
    fetchMethod: async (_key, _kept, { options: entryOptions, context: load }) => {
      counts.loads += 1;
      const loaded = await load();
      const stored = options.copyPerReader ? JSON.stringify(loaded.value) : loaded.value;
      const keepFor = "failed" in loaded ? undefined : loaded.keepFor;
      // The configured limits bound what an answer asks for: operators can shorten, never lengthen.
      const ttlMs = Math.max(0, Math.min(keepFor?.ttlMs ?? 0, options.ttlMs));
      const staleMs = Math.max(0, Math.min(keepFor?.staleMs ?? 0, options.staleMs));
      if (ttlMs + staleMs > 0) {
        // lru-cache reads a TTL of 0 as "forever": max-age=0 is fresh for 1 ms.
        entryOptions.ttl = Math.max(1, ttlMs);
        return { stored, staleMs };
      }
      // Not kept: a failure leaves the kept answer in place; an answer that must not be kept drops it.
      entryOptions.noDeleteOnFetchRejection = keepFor === undefined;
      throw new PassedOn(stored);
    },
  });

  function count(name: string, { fetch, returnedStale }: LRUCache.Status<string, Entry, Load>) {
    if (fetch === "hit") counts.hits += 1;
    else if (fetch === "inflight") counts.inflight += 1;
    else if (returnedStale) counts.staleHits += 1;
    else counts.misses += 1;
    options.onLookup?.(name, fetch === "hit" ? "hit" : returnedStale ? "stale" : "miss");
  }

  /**
   * The answer for `key`: fresh from the cache; stale from the cache while one load
   * refreshes it; or from a load (one for every request waiting on the key). `name` is
   * what metrics call the lookup (an operation).
   */
  async function read<V>(key: string, name: string, run: () => Promise<Loaded<V>>): Promise<V> {
    if (options.ttlMs <= 0) return pass(async () => (await run()).value);
    // Past its own stale window an answer is not shown: the request waits for a new load.
    const kept = store.peek(key, { allowStale: true });
    const tooOld = kept !== undefined && store.getRemainingTTL(key) < -kept.staleMs;
    const status: LRUCache.Status<string, Entry, Load> = {};
    const fetched = store.forceFetch(key, { context: run, status, allowStale: !tooOld, forceRefresh: tooOld });
    count(name, status);
    try {
      return fromStored<V>((await fetched).stored);
    } catch (error) {
      if (error instanceof PassedOn) return fromStored<V>(error.stored);
      throw error;
    }
  }

  /** Loads past the cache, for what must not be cached (a personal request), or when the cache is off. */
  function pass<V>(run: () => Promise<V>): Promise<V> {
    counts.bypassed += 1;
    counts.loads += 1;
    // Its answer goes to this request alone: nothing to copy.
    return run();
  }

  return {
    read,
    pass,
    counts: (): Readonly<PublicCacheCounts> => ({ ...counts }),
    clear: () => store.clear(),
    get size() { return store.size; },
    get bytes() { return store.calculatedSize; },
    /** The kept answers as JSON (tests: to show what the cache holds). */
    storedAnswers: () => [...store.values()].map((entry) => json(entry.stored)),
  };
}

export type PublicCache = ReturnType<typeof createPublicCache>;
