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
  bytes: number;
  loadedAt: number;
  freshness: Freshness;
}

/** A load's outcome as every waiting request takes it: the answer (or the error), and whether it failed. */
type Settled = { ok: true; stored: unknown; failed: boolean } | { ok: false; error: unknown };

const jsonBytes = (json: string) => Buffer.byteLength(json);

export function createPublicCache(options: PublicCacheOptions) {
  const now = options.now ?? (() => performance.now());
  const maxBytes = options.maxBytes ?? 8_000_000;
  const store = new LRUCache<string, Entry>({
    max: options.maxEntries ?? 1_000,
    maxSize: maxBytes,
    maxEntrySize: Math.min(options.maxEntryBytes ?? maxBytes, maxBytes),
    sizeCalculation: (entry) => Math.max(1, entry.bytes),
  });
  const loading = new Map<string, Promise<Settled>>();
  const counts: PublicCacheCounts = { hits: 0, staleHits: 0, inflight: 0, misses: 0, bypassed: 0, loads: 0 };

  /** The configured limits bound what an answer asks for: operators can shorten, never lengthen. */
  const bounded = (wanted: Freshness): Freshness => ({
    ttlMs: Math.max(0, Math.min(wanted.ttlMs, options.ttlMs)),
    staleMs: Math.max(0, Math.min(wanted.staleMs, options.staleMs)),
  });
  const toStored = (value: unknown) => (options.copyPerReader ? JSON.stringify(value) : value);
  const fromStored = <V>(stored: unknown) => (options.copyPerReader ? JSON.parse(stored as string) : stored) as V;

  /** Runs one load for the key, stores what may be kept, and settles every request waiting for it. */
  function load<V>(key: string, run: () => Promise<Loaded<V>>): Promise<Settled> {
    counts.loads += 1;
    // Called at once (so a request arriving next joins it); a synchronous throw is a failure too.
    const settled = (async () => run())().then(
      (loaded): Settled => {
        const stored = toStored(loaded.value);
        if ("failed" in loaded) return { ok: true, stored, failed: true };
        const freshness = loaded.keepFor && bounded(loaded.keepFor);
        if (!freshness || freshness.ttlMs + freshness.staleMs <= 0) store.delete(key);
        else {
          const bytes = options.copyPerReader ? jsonBytes(stored as string) : jsonBytes(JSON.stringify(stored));
          // An answer larger than maxEntryBytes is not kept (lru-cache refuses it, and drops the old one).
          store.set(key, { stored, bytes, loadedAt: now(), freshness });
        }
        return { ok: true, stored, failed: false };
      },
      (error: unknown): Settled => ({ ok: false, error }),
    );
    loading.set(key, settled);
    void settled.finally(() => loading.delete(key));
    return settled;
  }

  function answer<V>(settled: Settled): V {
    if (!settled.ok) throw settled.error;
    return fromStored<V>(settled.stored);
  }

  /**
   * The answer for `key`: fresh from the cache; stale from the cache while one load
   * refreshes it; or from a load (one for every request waiting on the key). `name` is
   * what metrics call the lookup (an operation).
   */
  async function read<V>(key: string, name: string, run: () => Promise<Loaded<V>>): Promise<V> {
    if (options.ttlMs <= 0) return pass(async () => (await run()).value);
    const entry = store.get(key);
    const age = entry ? now() - entry.loadedAt : Infinity;
    const inflight = loading.get(key);
    if (entry && age < entry.freshness.ttlMs) {
      counts.hits += 1;
      options.onLookup?.(name, "hit");
      return fromStored<V>(entry.stored);
    }
    if (entry && age <= entry.freshness.ttlMs + entry.freshness.staleMs) {
      // Stale: served at once; one load refreshes it (a failed one leaves it in place).
      if (inflight) counts.inflight += 1;
      else {
        counts.staleHits += 1;
        void load(key, run);
      }
      options.onLookup?.(name, "stale");
      return fromStored<V>(entry.stored);
    }
    // Nothing kept, or too old to show: wait for a load (another request's, if one is running).
    if (inflight) counts.inflight += 1;
    else counts.misses += 1;
    options.onLookup?.(name, "miss");
    return answer<V>(await (inflight ?? load(key, run)));
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
    storedAnswers: () => [...store.values()].map((entry) => (options.copyPerReader ? (entry.stored as string) : JSON.stringify(entry.stored))),
  };
}

export type PublicCache = ReturnType<typeof createPublicCache>;
