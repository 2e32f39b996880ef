import { parse } from "@tusbar/cache-control";
import type { Freshness, Loaded } from "./public-cache.server";
import type { ApiResult } from "./result.server";

// How long the public cache may keep a CMS answer, from the answer's own Cache-Control
// (contracts/cms.yaml: one minute, and five more stale while revalidating; ADR 0027).
// The header is parsed by @tusbar/cache-control, not by a regular expression of ours.
// The cache bounds the result by the configured TTL and stale window.

/**
 * The freshness an answer's Cache-Control allows: `null` when it must not be kept
 * (`no-store`, `private`, or `no-cache`, which asks for a revalidation this cache does not
 * make), `fallback` when the header is missing or gives no readable lifetime.
 */
export function freshnessFromCacheControl(header: string | null, fallback: Freshness): Freshness | null {
  if (!header?.trim()) return fallback;
  const directives = parse(header);
  if (directives.noStore || directives.private || directives.noCache) return null;
  // A shared cache's lifetime (s-maxage) before everyone's (max-age): this cache is shared by every visitor.
  const lifetime = directives.sharedMaxAge ?? directives.maxAge;
  if (lifetime === null) return fallback;
  // A lifetime without stale-while-revalidate (or with must-revalidate) allows no stale answer.
  const mayServeStale = !directives.mustRevalidate && !directives.proxyRevalidate;
  const stale = mayServeStale ? (directives.staleWhileRevalidate ?? 0) : 0;
  return { ttlMs: lifetime * 1_000, staleMs: stale * 1_000 };
}

/** A CMS answer as the public cache takes it: a success kept as its Cache-Control allows; a refusal or failure never kept. */
export function cmsAnswerToKeep<T, Op extends string>(
  { result, cacheControl }: { result: ApiResult<T, Op>; cacheControl: string | null },
  limits: Freshness,
): Loaded<ApiResult<T, Op>> {
  if (!result.ok) return { value: result, failed: true };
  return { value: result, keepFor: freshnessFromCacheControl(cacheControl, limits) };
}
