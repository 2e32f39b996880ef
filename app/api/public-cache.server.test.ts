import { describe, expect, it } from "vitest";
import { cmsAnswerToKeep } from "./freshness.server";
import { createPublicCache, type CacheOutcome } from "./public-cache.server";
import type { ApiResult } from "./result.server";

// The cache against a fake CMS and a fake clock: what is served, and how often the CMS is
// asked. Answers go in as app/api/cms.server.ts puts them (cmsAnswerToKeep): with the
// Cache-Control they came with, none unless a test sets one.
function setUp(options: { ttlMs?: number; staleMs?: number; maxEntries?: number; maxBytes?: number } = {}) {
  let time = 1_000_000;
  const lookups: CacheOutcome[] = [];
  const limits = { ttlMs: 60_000, staleMs: 300_000, ...options };
  const cache = createPublicCache({ ...limits, now: () => time, onLookup: (_, outcome) => void lookups.push(outcome) });
  let version = 1;
  let calls = 0;
  let failing = false;
  let cacheControl: string | null = null;
  const load = async (): Promise<ApiResult<{ version: number }, "getSite">> => {
    calls++;
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (failing) return { ok: false, upstream: false, operation: "getSite", status: 404, problem: { type: "about:blank", title: "Not found", status: 404 } };
    return { ok: true, data: { version } };
  };
  return {
    cache, lookups, load,
    read: (inputs: unknown = {}) =>
      cache.read(`getSite ${JSON.stringify(inputs)}`, "getSite", async () => cmsAnswerToKeep({ result: await load(), cacheControl }, limits)),
    tick: (ms: number) => void (time += ms),
    publish: () => void version++,
    fail: (on: boolean) => void (failing = on),
    /** The Cache-Control the CMS's next answers carry (null: none). */
    cacheControl: (header: string | null) => void (cacheControl = header),
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

describe("the public cache and the CMS's Cache-Control", () => {
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

  it("keeps an answer with max-age=10 for 10 s, though the configured TTL is 60 s", async () => {
    const t = setUp();
    t.cacheControl("public, max-age=10");
    expect(versionOf(await t.read())).toBe(1);
    t.publish();
    t.tick(9_999);
    expect(versionOf(await t.read())).toBe(1);
    expect(t.calls).toBe(1);
    // No stale-while-revalidate: not served stale at all, the request waits for the new answer.
    t.tick(2);
    expect(versionOf(await t.read())).toBe(2);
    expect(t.calls).toBe(2);
    expect(t.lookups).toEqual(["miss", "hit", "miss"]);
  });

  it("never keeps an answer marked no-store, private or no-cache, and drops what it kept before", async () => {
    for (const header of ["no-store", "private, max-age=60", "no-cache", "public, no-store, max-age=60"]) {
      const t = setUp();
      t.cacheControl(header);
      await t.read();
      await t.read();
      expect(t.calls, header).toBe(2);
      expect(t.cache.size, header).toBe(0);
    }
    const t = setUp();
    t.cacheControl("public, max-age=60, stale-while-revalidate=300");
    await t.read();
    expect(t.cache.size).toBe(1);
    t.cacheControl("no-store");
    t.publish();
    t.tick(61_000);
    expect(versionOf(await t.read())).toBe(1); // stale, refreshed by an answer that must not be kept
    await settle();
    expect(t.cache.size).toBe(0);
    expect(versionOf(await t.read())).toBe(2);
    expect(t.calls).toBe(3);
  });

  it("falls back to the configured TTL and stale window when the header is missing or unreadable", async () => {
    for (const header of [null, "", "public", "public, max-age=soon"]) {
      const t = setUp({ ttlMs: 20_000, staleMs: 5_000 });
      t.cacheControl(header);
      await t.read();
      t.tick(19_000);
      await t.read();
      t.tick(2_000);
      await t.read(); // stale: served, and refreshed
      await settle();
      t.tick(25_001);
      await t.read(); // too old: waits
      expect(t.lookups, String(header)).toEqual(["miss", "hit", "stale", "miss"]);
      expect(t.calls, String(header)).toBe(3);
    }
  });

  it("caps a longer max-age and stale-while-revalidate with the configured ones", async () => {
    const t = setUp({ ttlMs: 60_000, staleMs: 30_000 });
    t.cacheControl("public, max-age=3600, stale-while-revalidate=86400");
    await t.read();
    t.publish();
    t.tick(61_000);
    t.fail(true);
    expect(versionOf(await t.read())).toBe(1); // stale after 60 s, not 3600; its refresh is refused
    await settle();
    t.fail(false);
    t.tick(30_000);
    expect(versionOf(await t.read())).toBe(2); // too old after 60 + 30 s: waits
    expect(t.lookups).toEqual(["miss", "stale", "miss"]);
  });

  it("serves a stale answer only for the header's stale-while-revalidate", async () => {
    const t = setUp();
    t.cacheControl("public, max-age=10, stale-while-revalidate=5");
    await t.read();
    t.publish();
    t.fail(true);
    t.tick(14_000);
    expect(versionOf(await t.read())).toBe(1); // stale within 10 + 5 s; its refresh is refused, the answer stays
    await settle();
    t.tick(1_001);
    expect(versionOf(await t.read())).toBe("failed 404"); // too old: never served, though the CMS refuses
    expect(t.lookups).toEqual(["miss", "stale", "miss"]);
    expect(t.calls).toBe(3);
  });

  it("takes the contract's header as it is: fresh for a minute, stale for five more", async () => {
    const t = setUp({ ttlMs: 3_600_000, staleMs: 3_600_000 });
    t.cacheControl("public, max-age=60, stale-while-revalidate=300");
    await t.read();
    t.tick(59_000);
    await t.read();
    t.tick(2_000);
    await t.read();
    await settle();
    t.tick(360_001);
    await t.read();
    expect(t.lookups).toEqual(["miss", "hit", "stale", "miss"]);
  });
});
