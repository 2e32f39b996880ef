import { describe, expect, it } from "vitest";
import { anonymousRequest, createSearchCache, type SearchRequest } from "./search-cache.server";

// The per-process cache of the server's search answers (ADR 0024): bounded, fresh for its
// TTL then stale-while-revalidate, one provider call per key, and nothing personal kept.

const TTL = 60_000;

/** A provider that answers each request with the query and a version, recording what it is sent. */
function provider() {
  const sent: SearchRequest[][] = [];
  let version = 1;
  let gate: Promise<void> | null = null;
  let failWith: Error | null = null;
  return {
    sent,
    setVersion: (v: number) => (version = v),
    /** Holds every answer until the returned function is called. */
    hold() {
      let release!: () => void;
      gate = new Promise((resolve) => (release = resolve));
      return () => {
        gate = null;
        release();
      };
    },
    fail: (error: Error | null) => (failWith = error),
    client: {
      async search(requests: SearchRequest[]) {
        sent.push(requests);
        const v = version;
        if (gate) await gate;
        if (failWith) throw failWith;
        return { results: requests.map((r) => ({ query: r.params?.query, version: v, hits: [{ objectID: "org-1", name: "Riverside" }] })) };
      },
    },
  };
}

const query = (q: string, extra: Record<string, unknown> = {}): SearchRequest[] => [
  { indexName: "dev_organisations", params: { query: q, hitsPerPage: 10, clickAnalytics: true, ...extra } },
];

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe("search cache", () => {
  it("answers the same search from the cache while it is fresh: one provider call", async () => {
    const p = provider();
    const cache = createSearchCache({ ttlMs: TTL });
    const first = await cache.search(p.client, query("leeds"));
    const second = await cache.search(p.client, query("leeds"));
    expect(second).toEqual(first);
    expect(p.sent).toHaveLength(1);
    expect(cache.counts()).toMatchObject({ misses: 1, hits: 1, providerCalls: 1 });
    await cache.search(p.client, query("york"));
    expect(p.sent).toHaveLength(2);
  });

  it("keys on the whole search: another parameter, index or order of keys is another or the same entry as it should", async () => {
    const p = provider();
    const cache = createSearchCache({ ttlMs: TTL });
    await cache.search(p.client, [{ indexName: "dev_organisations", params: { query: "leeds", page: 0 } }]);
    await cache.search(p.client, [{ indexName: "dev_organisations", params: { page: 0, query: "leeds" } }]);
    expect(p.sent).toHaveLength(1);
    await cache.search(p.client, [{ indexName: "dev_organisations", params: { query: "leeds", page: 1 } }]);
    await cache.search(p.client, [{ indexName: "dev_organisations_name_asc", params: { query: "leeds", page: 0 } }]);
    expect(p.sent).toHaveLength(3);
  });

  it("gives each request its own copy: what one does to its answer never reaches another", async () => {
    const p = provider();
    const cache = createSearchCache({ ttlMs: TTL });
    const first = await cache.search(p.client, query("leeds"));
    (first.results[0] as { hits: unknown[] }).hits.length = 0;
    const second = await cache.search(p.client, query("leeds"));
    expect((second.results[0] as { hits: unknown[] }).hits).toHaveLength(1);
  });

  it("makes one provider call for a key however many requests wait for it", async () => {
    const p = provider();
    const cache = createSearchCache({ ttlMs: TTL });
    const release = p.hold();
    const waiting = Array.from({ length: 25 }, () => cache.search(p.client, query("leeds")));
    await Promise.resolve();
    release();
    const answers = await Promise.all(waiting);
    expect(p.sent).toHaveLength(1);
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(cache.counts()).toMatchObject({ misses: 1, inflight: 24, providerCalls: 1 });
  });

  it("is bounded in entries: the least recently used answer goes", async () => {
    const p = provider();
    const cache = createSearchCache({ ttlMs: TTL, maxEntries: 3 });
    for (const q of ["a", "b", "c"]) await cache.search(p.client, query(q));
    await cache.search(p.client, query("a"));
    await cache.search(p.client, query("d"));
    expect(cache.size().entries).toBe(3);
    await cache.search(p.client, query("a"));
    expect(p.sent).toHaveLength(4);
    await cache.search(p.client, query("b"));
    expect(p.sent).toHaveLength(5);
  });

  it("is bounded in bytes, and keeps no answer larger than it can hold", async () => {
    const p = provider();
    const one = Buffer.byteLength(JSON.stringify(await p.client.search(query("q0"))));
    const cache = createSearchCache({ ttlMs: TTL, maxBytes: one * 3 + 10 });
    for (let i = 0; i < 10; i += 1) await cache.search(p.client, query(`q${i}`));
    expect(cache.size().bytes).toBeLessThanOrEqual(one * 3 + 10);
    expect(cache.size().entries).toBe(3);

    const tiny = createSearchCache({ ttlMs: TTL, maxBytes: 10 });
    const answer = await tiny.search(p.client, query("too big"));
    expect(answer.results).toHaveLength(1);
    expect(tiny.size().entries).toBe(0);
  });

  it("serves a stale answer at once while one call refreshes it, then the new answer", async () => {
    const p = provider();
    const time = clock();
    const cache = createSearchCache({ ttlMs: TTL, now: time.now });
    await cache.search(p.client, query("leeds"));
    time.advance(TTL - 1);
    await cache.search(p.client, query("leeds"));
    expect(p.sent).toHaveLength(1);

    time.advance(2);
    p.setVersion(2);
    const release = p.hold();
    const stale = await Promise.all([cache.search(p.client, query("leeds")), cache.search(p.client, query("leeds"))]);
    expect(stale.map((a) => (a.results[0] as { version: number }).version)).toEqual([1, 1]);
    expect(p.sent).toHaveLength(2);
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const fresh = await cache.search(p.client, query("leeds"));
    expect((fresh.results[0] as { version: number }).version).toBe(2);
    expect(p.sent).toHaveLength(2);
    expect(cache.counts().staleHits).toBe(1);
  });

  it("waits for a new answer when the stored one is stale by more than one more TTL", async () => {
    const p = provider();
    const time = clock();
    const cache = createSearchCache({ ttlMs: TTL, now: time.now });
    await cache.search(p.client, query("leeds"));
    time.advance(2 * TTL + 1);
    p.setVersion(2);
    const answer = await cache.search(p.client, query("leeds"));
    expect((answer.results[0] as { version: number }).version).toBe(2);
    expect(p.sent).toHaveLength(2);
  });

  it("serves a stale answer for its own stale window when one is configured, then waits", async () => {
    const p = provider();
    const time = clock();
    const cache = createSearchCache({ ttlMs: TTL, staleMs: 10_000, now: time.now });
    await cache.search(p.client, query("leeds"));
    p.setVersion(2);
    p.fail(new Error("provider down"));
    time.advance(TTL + 9_000);
    const stale = await cache.search(p.client, query("leeds"));
    expect((stale.results[0] as { version: number }).version).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The refresh failed: the answer stays, but past TTL + 10 s it is not shown.
    time.advance(1_001);
    await expect(cache.search(p.client, query("leeds"))).rejects.toThrow("provider down");
    p.fail(null);
    const fresh = await cache.search(p.client, query("leeds"));
    expect((fresh.results[0] as { version: number }).version).toBe(2);
    expect(p.sent).toHaveLength(4);
    expect(cache.counts()).toMatchObject({ misses: 3, staleHits: 1, providerCalls: 4 });
  });

  it("keeps no failure: the error reaches the caller and the next request asks again", async () => {
    const p = provider();
    const cache = createSearchCache({ ttlMs: TTL });
    p.fail(new Error("provider down"));
    await expect(cache.search(p.client, query("leeds"))).rejects.toThrow("provider down");
    p.fail(null);
    await expect(cache.search(p.client, query("leeds"))).resolves.toMatchObject({ results: [{ query: "leeds" }] });
    expect(p.sent).toHaveLength(2);
  });

  it("refuses an answer that does not fit the search, and keeps it not", async () => {
    const cache = createSearchCache({ ttlMs: TTL });
    const odd = { search: () => Promise.resolve({ results: [] }) };
    await expect(cache.search(odd, query("leeds"))).rejects.toThrow("expected 1 results, got 0");
    expect(cache.size().entries).toBe(0);
  });

  it("never sends, keys on or keeps a user token: two users share one anonymous answer", async () => {
    const p = provider();
    const cache = createSearchCache({ ttlMs: TTL });
    const alice = await cache.search(p.client, query("leeds", { userToken: "anonymous-alice" }));
    const bob = await cache.search(p.client, query("leeds", { userToken: "anonymous-bob" }));
    expect(p.sent).toHaveLength(1);
    expect(p.sent[0]?.[0]?.params).not.toHaveProperty("userToken");
    expect(bob).toEqual(alice);
    expect(JSON.stringify(bob)).not.toContain("alice");
    expect(cache.storedAnswers().join()).not.toMatch(/alice|bob|userToken/);
  });

  it("does not cache a search whose answer would depend on the user", async () => {
    const p = provider();
    const cache = createSearchCache({ ttlMs: TTL });
    for (const personal of [{ enablePersonalization: true }, { authenticatedUserToken: "user-42" }]) {
      await cache.search(p.client, query("leeds", { ...personal, userToken: "anonymous-alice" }));
      await cache.search(p.client, query("leeds", { ...personal, userToken: "anonymous-alice" }));
    }
    expect(p.sent).toHaveLength(4);
    expect(cache.size().entries).toBe(0);
    expect(cache.counts().bypassed).toBe(4);
  });

  it("with a TTL of 0 keeps nothing, and still sends no user token", async () => {
    const p = provider();
    const cache = createSearchCache({ ttlMs: 0 });
    await cache.search(p.client, query("leeds", { userToken: "anonymous-alice" }));
    await cache.search(p.client, query("leeds", { userToken: "anonymous-alice" }));
    expect(p.sent).toHaveLength(2);
    expect(p.sent.flat().every((r) => r.params?.userToken === undefined)).toBe(true);
    expect(cache.size().entries).toBe(0);
  });

  it("anonymousRequest drops the user token only", () => {
    expect(anonymousRequest({ indexName: "i", params: { query: "q", userToken: "t", clickAnalytics: true } })).toEqual({
      indexName: "i",
      params: { query: "q", clickAnalytics: true },
    });
  });
});
