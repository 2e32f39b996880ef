import { describe, expect, it } from "vitest";
import { createPublicCache, type CacheOutcome } from "./public-cache.server";
import type { ApiResult } from "./result.server";

// The cache against a fake backend and a fake clock: what is served, and how often the
// backend is asked.
function setUp(options: { ttlMs?: number; staleMs?: number; maxEntries?: number; maxBytes?: number } = {}) {
  // Not 0: lru-cache reads a start time of 0 as "no TTL".
  let time = 1_000_000;
  const lookups: CacheOutcome[] = [];
  const cache = createPublicCache({ ttlMs: 60_000, staleMs: 300_000, ...options, now: () => time, onLookup: (_, outcome) => void lookups.push(outcome) });
  let version = 1;
  let calls = 0;
  let failing = false;
  const load = async (): Promise<ApiResult<{ version: number }, "getSite">> => {
    calls++;
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (failing) return { ok: false, upstream: false, operation: "getSite", status: 404, problem: { type: "about:blank", title: "Not found", status: 404 } };
    return { ok: true, data: { version } };
  };
  return {
    cache, lookups, load,
    read: (inputs: unknown = {}) => cache.read("getSite", inputs, load),
    tick: (ms: number) => void (time += ms),
    publish: () => void version++,
    fail: (on: boolean) => void (failing = on),
    get calls() { return calls; },
  };
}
const versionOf = (result: ApiResult<{ version: number }>) => (result.ok ? result.data.version : `failed ${result.status}`);

describe("the public cache", () => {
  it("asks the backend once for many requests waiting on the same key", async () => {
    const t = setUp();
    const answers = await Promise.all(Array.from({ length: 50 }, () => t.read()));
    expect(t.calls).toBe(1);
    expect(new Set(answers.map(versionOf))).toEqual(new Set([1]));
  });

  it("keys on the request's inputs: other inputs are other answers", async () => {
    const t = setUp();
    await t.read({ slug: "a" });
    await t.read({ slug: "b" });
    await t.read({ slug: "a" });
    expect(t.calls).toBe(2);
  });

  it("shows a change once the answer is no longer fresh: served stale once while it is fetched again", async () => {
    const t = setUp();
    expect(versionOf(await t.read())).toBe(1);
    t.publish();
    t.tick(59_000);
    expect(versionOf(await t.read())).toBe(1);
    t.tick(2_000);
    expect(versionOf(await t.read())).toBe(1); // stale, and a refresh starts
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(versionOf(await t.read())).toBe(2);
    expect(t.calls).toBe(2);
    expect(t.lookups).toEqual(["miss", "hit", "stale", "hit"]);
  });

  it("does not serve an answer past its stale window: that request waits for a fresh one", async () => {
    const t = setUp();
    await t.read();
    t.publish();
    t.tick(60_000 + 300_000 + 1);
    expect(versionOf(await t.read())).toBe(2);
  });

  it("never keeps a refusal, and keeps serving the last good answer while the backend refuses", async () => {
    const t = setUp();
    t.fail(true);
    expect(versionOf(await t.read())).toBe("failed 404");
    expect(versionOf(await t.read())).toBe("failed 404");
    expect(t.calls).toBe(2);
    t.fail(false);
    expect(versionOf(await t.read())).toBe(1);
    t.fail(true);
    t.tick(61_000);
    expect(versionOf(await t.read())).toBe(1);
  });

  it("is bounded in entries and in bytes", async () => {
    const byCount = setUp({ maxEntries: 3 });
    for (let i = 0; i < 10; i++) await byCount.read({ i });
    expect(byCount.cache.size).toBe(3);
    const byBytes = setUp({ maxBytes: 200 });
    for (let i = 0; i < 10; i++) await byBytes.read({ i });
    expect(byBytes.cache.bytes).toBeLessThanOrEqual(200);
    expect(byBytes.cache.size).toBeLessThan(10);
  });

  it("is off with a TTL of 0: every read asks the backend", async () => {
    const t = setUp({ ttlMs: 0 });
    await t.read();
    await t.read();
    expect(t.calls).toBe(2);
  });
});
