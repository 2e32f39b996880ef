import { describe, expect, it } from "vitest";
import { FixedWindowLimiter, waitPhrase } from "./rate-limit";

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe("fixed-window rate limiter", () => {
  it("allows the limit in a window, then refuses with the seconds until it ends", () => {
    const time = clock();
    const limiter = new FixedWindowLimiter({ limit: 3, windowMs: 60_000 }, { now: time.now });
    expect([1, 2, 3].map(() => limiter.hit("a").ok)).toEqual([true, true, true]);
    time.advance(15_500);
    expect(limiter.hit("a")).toEqual({ ok: false, retryAfterSeconds: 45 });
    expect(limiter.hit("a")).toEqual({ ok: false, retryAfterSeconds: 45 });
  });

  it("starts afresh when the window ends", () => {
    const time = clock();
    const limiter = new FixedWindowLimiter({ limit: 1, windowMs: 10_000 }, { now: time.now });
    expect(limiter.hit("a").ok).toBe(true);
    expect(limiter.hit("a").ok).toBe(false);
    time.advance(10_000);
    expect(limiter.hit("a")).toEqual({ ok: true, remaining: 0 });
  });

  it("counts each client on its own", () => {
    const limiter = new FixedWindowLimiter({ limit: 1, windowMs: 10_000 }, { now: clock().now });
    expect(limiter.hit("a").ok).toBe(true);
    expect(limiter.hit("b").ok).toBe(true);
    expect(limiter.hit("a").ok).toBe(false);
  });

  it("never says to retry in less than a second", () => {
    const time = clock();
    const limiter = new FixedWindowLimiter({ limit: 1, windowMs: 1_000 }, { now: time.now });
    limiter.hit("a");
    time.advance(999);
    expect(limiter.hit("a")).toEqual({ ok: false, retryAfterSeconds: 1 });
  });

  it("forgets ended windows as time goes on", () => {
    const time = clock();
    const limiter = new FixedWindowLimiter({ limit: 5, windowMs: 1_000 }, { now: time.now });
    for (let i = 0; i < 100; i++) limiter.hit(`client-${i}`);
    expect(limiter.size).toBe(100);
    time.advance(1_000);
    limiter.hit("late");
    expect(limiter.size).toBe(1);
  });

  it("keeps memory bounded when many clients (or forged ones) arrive at once", () => {
    const limiter = new FixedWindowLimiter({ limit: 5, windowMs: 60_000 }, { now: clock().now, maxKeys: 1_000 });
    for (let i = 0; i < 10_000; i++) limiter.hit(`client-${i}`);
    expect(limiter.size).toBe(1_000);
    // The newest clients are still counted.
    for (let i = 0; i < 4; i++) limiter.hit("client-9999");
    expect(limiter.hit("client-9999").ok).toBe(false);
  });
});

describe("wait phrase", () => {
  it.each([
    [1, "1 second"],
    [45, "45 seconds"],
    [60, "1 minute"],
    [61, "2 minutes"],
    [900, "15 minutes"],
  ])("%i s is %s", (seconds, phrase) => {
    expect(waitPhrase(seconds)).toBe(phrase);
  });
});
