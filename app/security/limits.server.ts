import type { RouterContextProvider } from "react-router";
import { arrivalContext } from "../runtime/arrival";
import { config, type RateLimitName } from "../runtime/config.server";
import { countRateLimitRefusal } from "../runtime/metrics.server";
import { clientAddress } from "./client-address.server";
import { waitPhrase } from "./rate-limit";
import { createRateLimitStore } from "./rate-limit-store.server";

// One limiter per form, made at start with the limits from the configuration (RATE_LIMIT_*:
// production defaults; the e2e server relaxes them through its env), counted in Redis when
// REDIS_URL is set and in this process's memory otherwise (ADR 0022).
const store = createRateLimitStore(config.rateLimits, { redisUrl: config.redisUrl, commandTimeoutMs: config.redisCommandTimeoutMs });

export interface RateLimited {
  /** Shown on the form, which keeps what was typed. */
  message: string;
  /** For the action's answer: 429 with Retry-After. */
  init: { status: 429; headers: Record<string, string> };
}

/** Counts this post against its client's limit for `name`; the refusal, or null to go on. */
export async function rateLimit(request: Request, context: Readonly<RouterContextProvider>, name: RateLimitName): Promise<RateLimited | null> {
  const socketAddress = context.get(arrivalContext)?.socketAddress;
  const result = await store.hit(name, clientAddress(request, socketAddress, config.trustProxyHops));
  if (result.ok) return null;
  countRateLimitRefusal(name);
  const seconds = result.retryAfterSeconds;
  return {
    message: `There have been too many attempts from your network. Wait ${waitPhrase(seconds)} and try again.`,
    init: { status: 429, headers: { "Retry-After": String(seconds) } },
  };
}
