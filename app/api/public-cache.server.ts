import { LRUCache } from "lru-cache";
import type { ApiResult } from "./result.server";

// Public backend answers (the CMS's content: site data, pages, venues, group types, terms,
// advice), cached per process (docs/decisions/0025-public-caches-and-cache-control.md):
// bounded in entries and bytes, fresh for a TTL from configuration, then served stale for
// a while longer while one request fetches it again (stale-while-revalidate), with one
// backend call per key however many requests wait for it. Keys are the operation and the
// request's own inputs; only successful answers of operations that take no session are
// kept, so nothing personal can be stored or keyed on.

export type CacheOutcome = "hit" | "miss" | "stale";

export interface PublicCacheOptions {
  /** How long an answer is fresh; 0 turns the cache off. */
  ttlMs: number;
  /** How long after that it may still be served while it is fetched again. */
  staleMs: number;
  maxEntries?: number;
  /** Bound on the answers' JSON size, in bytes (about: UTF-16 length). */
  maxBytes?: number;
  /** For tests: the clock. */
  now?: () => number;
  /** Told of every lookup (for metrics). */
  onLookup?: (operation: string, outcome: CacheOutcome) => void;
}

interface Entry {
  result: ApiResult<unknown, string>;
  fetchedAt: number;
}
/** What a fetch is given: how to load, and where a refusal (never stored) is handed back. */
interface Load {
  load: () => Promise<ApiResult<unknown, string>>;
  refused?: ApiResult<unknown, string>;
}

export function createPublicCache(options: PublicCacheOptions) {
  const now = options.now ?? (() => performance.now());
  const cache = new LRUCache<string, Entry, Load>({
    max: options.maxEntries ?? 1_000,
    maxSize: options.maxBytes ?? 8_000_000,
    sizeCalculation: (entry) => Math.max(1, JSON.stringify(entry.result).length),
    ttl: Math.max(1, options.ttlMs),
    perf: { now },
    // Ask the clock every time (its default caches it for 1 ms, which a test clock would not see move).
    ttlResolution: 0,
    // Stale answers are served while one fetch refreshes them, and kept if that fetch fails.
    allowStale: true,
    allowStaleOnFetchRejection: true,
    noDeleteOnFetchRejection: true,
    fetchMethod: async (_key, _stale, { context }) => {
      const result = await context.load();
      if (result.ok) return { result, fetchedAt: now() };
      context.refused = result;
      // A rejection stores nothing, and leaves a stale answer in place to be served.
      throw new Error(`${result.operation} refused (${result.status}): not cached`);
    },
  });

  /** The answer for `operation` with these inputs: from the cache, or loaded once for everyone waiting. */
  async function read<T, Op extends string>(operation: Op, inputs: unknown, load: () => Promise<ApiResult<T, Op>>): Promise<ApiResult<T, Op>> {
    if (options.ttlMs <= 0) return load();
    const key = `${operation} ${JSON.stringify(inputs)}`;
    // Past its stale window an answer is not served: this request waits for a fresh one.
    const kept = cache.peek(key, { allowStale: true });
    const tooOld = kept !== undefined && now() - kept.fetchedAt > options.ttlMs + options.staleMs;
    const status: LRUCache.Status<string, Entry, Load> = {};
    const context: Load = { load };
    const entry = await cache
      .fetch(key, { context, status, ...(tooOld ? { forceRefresh: true, allowStale: false } : {}) })
      .catch((error: unknown) => {
        if (context.refused) return undefined;
        throw error;
      });
    options.onLookup?.(operation, status.fetch === "hit" ? "hit" : status.fetch === "stale" ? "stale" : "miss");
    if (entry) return entry.result as ApiResult<T, Op>;
    // Refused (kept out of the cache), or waited on another request's fetch that was refused.
    return (context.refused as ApiResult<T, Op> | undefined) ?? load();
  }

  return { read, clear: () => cache.clear(), get size() { return cache.size; }, get bytes() { return cache.calculatedSize; } };
}

export type PublicCache = ReturnType<typeof createPublicCache>;
