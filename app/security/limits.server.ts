import type { RouterContextProvider } from "react-router";
import { arrivalContext } from "../runtime/arrival";
import { config, type RateLimitName } from "../runtime/config.server";
import { clientAddress } from "./client-address.server";
import { FixedWindowLimiter, waitPhrase } from "./rate-limit";

// One limiter per form, per process, made at start with the limits from the configuration
// (RATE_LIMIT_*: production defaults; the e2e server relaxes them through its env).
const limiters = Object.fromEntries(
  Object.entries(config.rateLimits).map(([name, rule]) => [name, new FixedWindowLimiter(rule)]),
) as Record<RateLimitName, FixedWindowLimiter>;

export interface RateLimited {
  /** Shown on the form, which keeps what was typed. */
  message: string;
  /** For the action's answer: 429 with Retry-After. */
  init: { status: 429; headers: Record<string, string> };
}

/** Counts this post against its client's limit for `name`; the refusal, or null to go on. */
export function rateLimit(request: Request, context: Readonly<RouterContextProvider>, name: RateLimitName): RateLimited | null {
  const socketAddress = context.get(arrivalContext)?.socketAddress;
  const result = limiters[name].hit(clientAddress(request, socketAddress, config.trustProxyHops));
  if (result.ok) return null;
  const seconds = result.retryAfterSeconds;
  return {
    message: `There have been too many attempts from your network. Wait ${waitPhrase(seconds)} and try again.`,
    init: { status: 429, headers: { "Retry-After": String(seconds) } },
  };
}
