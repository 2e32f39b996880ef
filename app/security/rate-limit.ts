export interface RateLimitRule {
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
}

export type RateLimitResult = { ok: true; remaining: number } | { ok: false; retryAfterSeconds: number };

/**
 * A fixed-window counter per key, in this process's memory (ADR 0008). Enough for one
 * process; several processes behind a load balancer each count on their own, so with
 * REDIS_URL the counts live in Redis instead and this is only the fallback while Redis is
 * unreachable (rate-limit-store.server.ts, ADR 0022; docs/architecture.md §4.4).
 *
 * Keys are kept in window-start order, so expired ones are dropped from the front as
 * requests come; `maxKeys` bounds memory when many clients (or forged ones) arrive at once.
 */
export class FixedWindowLimiter {
  readonly #windows = new Map<string, { count: number; resetAt: number }>();
  readonly #rule: RateLimitRule;
  readonly #now: () => number;
  readonly #maxKeys: number;

  constructor(rule: RateLimitRule, options: { now?: () => number; maxKeys?: number } = {}) {
    this.#rule = rule;
    this.#now = options.now ?? Date.now;
    this.#maxKeys = options.maxKeys ?? 100_000;
  }

  /** Counts one request by `key`; refused once the window's limit is used up. */
  hit(key: string): RateLimitResult {
    const now = this.#now();
    this.#dropExpired(now);
    let window = this.#windows.get(key);
    if (!window) {
      window = { count: 0, resetAt: now + this.#rule.windowMs };
      this.#windows.set(key, window);
      // Over the bound: forget the oldest windows (their clients start afresh).
      for (const oldest of this.#windows.keys()) {
        if (this.#windows.size <= this.#maxKeys) break;
        this.#windows.delete(oldest);
      }
    }
    window.count += 1;
    if (window.count > this.#rule.limit) {
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - now) / 1000)) };
    }
    return { ok: true, remaining: this.#rule.limit - window.count };
  }

  get size(): number {
    return this.#windows.size;
  }

  #dropExpired(now: number) {
    for (const [key, window] of this.#windows) {
      if (window.resetAt > now) break;
      this.#windows.delete(key);
    }
  }
}

/** "Try again in 5 minutes" from a Retry-After in seconds. */
export function waitPhrase(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}
