import { config, type RateLimitName } from "../config.server";
import { clientAddress } from "./client-address.server";
import { FixedWindowLimiter, waitPhrase } from "./rate-limit";

// One limiter per form, per process, with the limits from the configuration
// (RATE_LIMIT_*: production defaults; the e2e server relaxes them through its env).
const limiters = new Map<RateLimitName, FixedWindowLimiter>();

export interface RateLimited {
  status: 429;
  retryAfterSeconds: number;
  /** Retry-After, for the 429 response. */
  headers: Record<string, string>;
  /** Shown on the form, which keeps what was typed. */
  message: string;
}

/** Counts this post against its client's limit for `name`; the refusal, or null to go on. */
export function rateLimit(request: Request, name: RateLimitName): RateLimited | null {
  let limiter = limiters.get(name);
  if (!limiter) limiters.set(name, (limiter = new FixedWindowLimiter(config.rateLimits[name])));
  const result = limiter.hit(clientAddress(request, config.trustProxyHops));
  if (result.ok) return null;
  const seconds = result.retryAfterSeconds;
  return {
    status: 429,
    retryAfterSeconds: seconds,
    headers: { "Retry-After": String(seconds) },
    message: `There have been too many attempts from your network. Wait ${waitPhrase(seconds)} and try again.`,
  };
}
