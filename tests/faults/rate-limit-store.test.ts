import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { RateLimitResult } from "../../app/security/rate-limit";
import {
  BACK_MESSAGE,
  createRateLimitStore,
  REDIS_TIMEOUTS,
  UNREACHABLE_MESSAGE,
  type EventLog,
  type RateLimitStore,
} from "../../app/security/rate-limit-store.server";
import { startRedis, type RedisServer } from "./support/redis";

// The rate limits' shared store (ADR 0022) against a real redis-server: two stores, as two
// processes behind the load balancer each have, count against one limit; and when Redis
// goes away (killed, or hung) every post is still answered at once, counted per process, with
// one log line when the store goes and one when it comes back.

let redis: RedisServer;
const stores: RateLimitStore<string>[] = [];

beforeAll(async () => {
  redis = await startRedis();
}, 120_000);
afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
  redis.resume();
});
afterAll(async () => {
  await redis?.kill();
});

const RULES = { login: { limit: 3, windowMs: 60_000 }, newsletter: { limit: 1, windowMs: 3_600_000 } };

/** A store as one process has it, with its log lines kept; resolves once it is connected. */
async function processStore(options: { retryMs?: number; keyPrefix: string }) {
  const lines: { level: string; message: string }[] = [];
  const log: EventLog = (level, message) => lines.push({ level, message });
  const store = createRateLimitStore(RULES, { redisUrl: redis.url, log, ...options });
  stores.push(store);
  await vi.waitFor(() => expect(store.state).toBe("shared"), { timeout: 5_000 });
  const count = (message: string) => lines.filter((line) => line.message === message).length;
  return { store, lines, count };
}

/** A hit and how long it took to be answered. */
async function timed(store: RateLimitStore<string>, name: string, key: string): Promise<{ result: RateLimitResult; ms: number }> {
  const started = performance.now();
  const result = await store.hit(name, key);
  return { result, ms: performance.now() - started };
}

describe("rate limits shared through Redis", () => {
  it("counts two processes' posts against one limit, per client and per form", async () => {
    const keyPrefix = `shared-${Date.now()}`;
    const [a, b] = [await processStore({ keyPrefix }), await processStore({ keyPrefix })];

    expect(await a.store.hit("login", "198.51.100.1")).toEqual({ ok: true, remaining: 2 });
    expect(await b.store.hit("login", "198.51.100.1")).toEqual({ ok: true, remaining: 1 });
    expect(await a.store.hit("login", "198.51.100.1")).toEqual({ ok: true, remaining: 0 });
    // The fourth, on the other process: refused until the window that the first post opened ends.
    const refused = await b.store.hit("login", "198.51.100.1");
    expect(refused).toEqual({ ok: false, retryAfterSeconds: expect.any(Number) });
    expect((refused as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThanOrEqual(59);
    expect((refused as { retryAfterSeconds: number }).retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(await a.store.hit("login", "198.51.100.1")).toMatchObject({ ok: false });

    // Another client, and another form for the same client, count on their own.
    expect(await b.store.hit("login", "198.51.100.2")).toEqual({ ok: true, remaining: 2 });
    expect(await a.store.hit("newsletter", "198.51.100.1")).toEqual({ ok: true, remaining: 0 });
    const newsletter = await b.store.hit("newsletter", "198.51.100.1");
    expect(newsletter).toMatchObject({ ok: false });
    expect((newsletter as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(3_590);

    expect(a.lines.filter((line) => line.level === "warn")).toEqual([]);
  });

  it("keeps answering when Redis is killed: per-process counts, one log line each way", async () => {
    const keyPrefix = `killed-${Date.now()}`;
    const [a, b] = [await processStore({ keyPrefix }), await processStore({ keyPrefix })];
    await a.store.hit("login", "203.0.113.1");
    await b.store.hit("login", "203.0.113.1");

    await redis.kill();
    await vi.waitFor(() => expect([a.store.state, b.store.state]).toEqual(["per-process", "per-process"]));

    // Each process now counts alone, from zero: three posts allowed on each, then refused.
    const onA = [];
    for (let i = 0; i < 5; i++) onA.push(await timed(a.store, "login", "203.0.113.1"));
    expect(onA.map((hit) => hit.result.ok)).toEqual([true, true, true, false, false]);
    expect(onA[3]!.result).toEqual({ ok: false, retryAfterSeconds: 60 });
    const onB = [];
    for (let i = 0; i < 4; i++) onB.push(await timed(b.store, "login", "203.0.113.1"));
    expect(onB.map((hit) => hit.result.ok)).toEqual([true, true, true, false]);
    // No post waits for the dead store: it is not asked while the connection is down.
    for (const hit of [...onA, ...onB]) expect(hit.ms).toBeLessThan(20);

    // One line per process, however many posts and reconnection attempts there were.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect([a.count(UNREACHABLE_MESSAGE), b.count(UNREACHABLE_MESSAGE)]).toEqual([1, 1]);
    expect(a.lines.find((line) => line.message === UNREACHABLE_MESSAGE)?.level).toBe("warn");

    await redis.restart();
    await vi.waitFor(() => expect([a.store.state, b.store.state]).toEqual(["shared", "shared"]), { timeout: 10_000 });
    expect([a.count(BACK_MESSAGE), b.count(BACK_MESSAGE)]).toEqual([1, 1]);
    expect([a.count(UNREACHABLE_MESSAGE), b.count(UNREACHABLE_MESSAGE)]).toEqual([1, 1]);

    // Shared again (the restarted Redis is empty, so the count starts afresh).
    expect(await a.store.hit("login", "203.0.113.9")).toEqual({ ok: true, remaining: 2 });
    expect(await b.store.hit("login", "203.0.113.9")).toEqual({ ok: true, remaining: 1 });
  }, 30_000);

  it("costs one post the command time-out when Redis hangs, then skips it until the retry time", async () => {
    const keyPrefix = `hung-${Date.now()}`;
    const retryMs = 1_500;
    const a = await processStore({ keyPrefix, retryMs });

    redis.pause();
    const first = await timed(a.store, "login", "192.0.2.1");
    expect(first.result).toEqual({ ok: true, remaining: 2 });
    expect(first.ms).toBeGreaterThanOrEqual(REDIS_TIMEOUTS.commandTimeoutMs - 5);
    expect(first.ms).toBeLessThan(REDIS_TIMEOUTS.commandTimeoutMs + 300);
    expect(a.store.state).toBe("per-process");

    const next = [];
    for (let i = 0; i < 5; i++) next.push(await timed(a.store, "login", "192.0.2.1"));
    expect(next.map((hit) => hit.result.ok)).toEqual([true, true, false, false, false]);
    for (const hit of next) expect(hit.ms).toBeLessThan(20);

    // Past the retry time, still hung: one more post waits the time-out, and nothing more is logged.
    await new Promise((resolve) => setTimeout(resolve, retryMs));
    const retried = await timed(a.store, "login", "192.0.2.2");
    expect(retried.ms).toBeGreaterThanOrEqual(REDIS_TIMEOUTS.commandTimeoutMs - 5);
    expect(a.count(UNREACHABLE_MESSAGE)).toBe(1);

    // Answering again: the first post past the retry time goes to Redis, and that is logged once.
    redis.resume();
    await new Promise((resolve) => setTimeout(resolve, retryMs));
    expect(await a.store.hit("login", "192.0.2.3")).toEqual({ ok: true, remaining: 2 });
    expect(a.store.state).toBe("shared");
    expect(a.count(BACK_MESSAGE)).toBe(1);
    expect(a.count(UNREACHABLE_MESSAGE)).toBe(1);
  }, 30_000);

  it("counts in this process's memory without REDIS_URL, as the embedded default does", async () => {
    const store = createRateLimitStore(RULES, { redisUrl: null });
    expect(store.state).toBe("memory");
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await store.hit("login", "192.0.2.50"));
    expect(results.map((result) => result.ok)).toEqual([true, true, true, false]);
    expect(results[3]).toEqual({ ok: false, retryAfterSeconds: 60 });
  });
});
