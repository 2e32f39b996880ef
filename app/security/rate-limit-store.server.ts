import { Redis } from "ioredis";
import { RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { logEvent } from "../runtime/log.server";
import { countRateLimitStoreError, setRateLimitStoreUp } from "../runtime/metrics.server";
import { FixedWindowLimiter, type RateLimitResult, type RateLimitRule } from "./rate-limit";

// Where the rate limits count (ADR 0022). Without REDIS_URL: in this process's memory
// (FixedWindowLimiter), as the embedded default's single process needs. With it: in Redis,
// through rate-limiter-flexible's RateLimiterRedis, so every process behind the load
// balancer counts against the same limit. Both are fixed windows that start at a client's
// first post, refuse past the limit, and say when the window ends.
//
// Redis unreachable: fail open to per-process counting (each process then allows the limit
// on its own, so at worst N times it across N processes) rather than refusing every login,
// and say so once in the log when it starts and once when it ends, never per request. A
// dead Redis must never slow a page: pages never ask it, posts wait at most the command
// time-out, there is no offline queue, and while it is down it is not asked at all.
//
// Down means: the connection is lost, or FAILURES_BEFORE_DOWN commands in a row failed on an
// open connection (a hung Redis). One failed command alone (a process starved of CPU for
// longer than the time-out sees its timer fire before it reads the answer) only makes that
// post count here; it is counted in rate_limit_store_errors_total, not logged.

export type StoreState = "memory" | "connecting" | "shared" | "per-process";

export interface RateLimitStore<Name extends string> {
  /** Counts one post by `key` against the limit `name`. Never rejects: a store failure falls back to this process's count. */
  hit(name: Name, key: string): Promise<RateLimitResult>;
  /** memory: no REDIS_URL; connecting: not yet connected (counting per process); shared; per-process: Redis unreachable. */
  readonly state: StoreState;
  /** Closes the Redis connection (tests; the server's process simply exits). */
  close(): Promise<void>;
}

export type EventLog = (level: "info" | "warn", message: string, fields?: Record<string, unknown>) => void;

export interface StoreOptions {
  /** Unset or null: in memory. */
  redisUrl?: string | null;
  log?: EventLog;
  /** How long a post waits for Redis (REDIS_COMMAND_TIMEOUT_MS) before it is counted here instead. */
  commandTimeoutMs?: number;
  /** Once down with the connection open (a hung Redis), how long to count per process before one post asks Redis again. */
  retryMs?: number;
  /** Prefix of the Redis keys, so several sites or environments can share one Redis. */
  keyPrefix?: string;
  /** The in-process limiters' bound on clients kept (FixedWindowLimiter). */
  maxKeys?: number;
}

/** No post waits for a connection (it is counted here meanwhile), so connecting may take a TLS handshake's time. */
const CONNECT_TIMEOUT_MS = 500;
/** Failed commands in a row on an open connection after which the store counts as down. */
export const FAILURES_BEFORE_DOWN = 3;

export const UNREACHABLE_MESSAGE = "limiter store unreachable, using per-process limits";
export const BACK_MESSAGE = "limiter store back";

function secondsUntil(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/** The URL without its password, for the log. */
function shown(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unparseable REDIS_URL)";
  }
}

export function createRateLimitStore<Name extends string>(rules: Record<Name, RateLimitRule>, options: StoreOptions = {}): RateLimitStore<Name> {
  const names = Object.keys(rules) as Name[];
  const local = Object.fromEntries(names.map((name) => [name, new FixedWindowLimiter(rules[name], { maxKeys: options.maxKeys })])) as Record<Name, FixedWindowLimiter>;

  if (!options.redisUrl) {
    return {
      hit: (name, key) => Promise.resolve(local[name].hit(key)),
      state: "memory",
      close: () => Promise.resolve(),
    };
  }

  const log = options.log ?? logEvent;
  const retryMs = options.retryMs ?? 5_000;
  const keyPrefix = options.keyPrefix ?? "group-visits:rate-limit";
  const store = shown(options.redisUrl);

  const client = new Redis(options.redisUrl, {
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: options.commandTimeoutMs ?? 200,
    // A command while disconnected fails at once instead of waiting for a reconnection.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    // Reconnect in the background, every 2 s at most; requests meanwhile count per process.
    retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
  });
  const shared = Object.fromEntries(
    names.map((name) => [
      name,
      new RateLimiterRedis({
        storeClient: client,
        keyPrefix: `${keyPrefix}:${name}`,
        points: rules[name].limit,
        duration: rules[name].windowMs / 1000,
        // Not connected: reject at once (and we count per process) rather than send.
        rejectIfRedisNotReady: true,
      }),
    ]),
  ) as Record<Name, RateLimiterRedis>;

  let state: StoreState = "connecting";
  let failuresInARow = 0;
  /** Down with the connection open: not before this time is Redis asked again. */
  let retryAt = 0;
  let closing = false;
  setRateLimitStoreUp(false);

  function up(): void {
    failuresInARow = 0;
    if (state === "shared") return;
    const was = state;
    state = "shared";
    setRateLimitStoreUp(true);
    if (was === "per-process") log("info", BACK_MESSAGE, { store });
    else log("info", "limiter store connected, limits shared across processes", { store });
  }

  function down(error: unknown): void {
    if (state === "per-process" || closing) return;
    state = "per-process";
    setRateLimitStoreUp(false);
    log("warn", UNREACHABLE_MESSAGE, { store, error: error instanceof Error ? error.message : String(error) });
  }

  client.on("ready", () => {
    retryAt = 0;
    up();
  });
  // ioredis emits an error per failed (re)connection attempt: one log line for all of them.
  client.on("error", down);
  client.on("close", () => down(new Error("connection closed")));

  function usable(): boolean {
    return client.status === "ready" && (state !== "per-process" || Date.now() >= retryAt);
  }

  function failed(error: unknown): void {
    countRateLimitStoreError();
    failuresInARow += 1;
    if (failuresInARow < FAILURES_BEFORE_DOWN) return;
    retryAt = Date.now() + retryMs;
    down(error);
  }

  return {
    async hit(name, key) {
      if (usable()) {
        try {
          const res = await shared[name].consume(key);
          up();
          return { ok: true, remaining: res.remainingPoints };
        } catch (outcome) {
          // rate-limiter-flexible rejects with its result when the limit is used up, and
          // with an Error when the store failed.
          if (outcome instanceof RateLimiterRes) {
            up();
            return { ok: false, retryAfterSeconds: secondsUntil(outcome.msBeforeNext) };
          }
          failed(outcome);
        }
      }
      return local[name].hit(key);
    },
    get state() {
      return state;
    },
    async close() {
      closing = true;
      await client.quit().catch(() => client.disconnect());
    },
  };
}
