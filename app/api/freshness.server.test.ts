import { describe, expect, it } from "vitest";
import { freshnessFromCacheControl } from "./freshness.server";

// How long a CMS answer may be kept, from its Cache-Control (ADR 0027); the cache bounds it by configuration.
const FALLBACK = { ttlMs: 1_000, staleMs: 2_000 };

describe("freshnessFromCacheControl", () => {
  it.each([
    ["public, max-age=60, stale-while-revalidate=300", { ttlMs: 60_000, staleMs: 300_000 }],
    ["max-age=10", { ttlMs: 10_000, staleMs: 0 }],
    ["public, max-age=600, s-maxage=30, stale-while-revalidate=5", { ttlMs: 30_000, staleMs: 5_000 }],
    ["Public, MAX-AGE=20, Stale-While-Revalidate=7", { ttlMs: 20_000, staleMs: 7_000 }],
    ["max-age=60, stale-while-revalidate=300, must-revalidate", { ttlMs: 60_000, staleMs: 0 }],
    ["max-age=0, stale-while-revalidate=30", { ttlMs: 0, staleMs: 30_000 }],
  ])("%s", (header, freshness) => {
    expect(freshnessFromCacheControl(header, FALLBACK)).toEqual(freshness);
  });

  it.each(["no-store", "private", 'private="Set-Cookie", max-age=60', "no-cache", "public, max-age=60, no-store"])("%s: not kept", (header) => {
    expect(freshnessFromCacheControl(header, FALLBACK)).toBeNull();
  });

  it.each([null, "", "  ", "public", "max-age=soon", "stale-while-revalidate=30"])("%s: the configured freshness", (header) => {
    expect(freshnessFromCacheControl(header, FALLBACK)).toEqual(FALLBACK);
  });
});
