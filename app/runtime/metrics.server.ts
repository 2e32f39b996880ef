import { Counter, Gauge, Histogram, Registry } from "prom-client";

// The app's own Prometheus metrics (ADR 0022): backend calls, cache lookups and the rate
// limits' store. The HTTP server (server/metrics.ts) counts requests, in flight and shed
// itself, and serves these beside its own on METRICS_PORT; the server build hands this
// registry over as `metricsRegistry` (app/entry.server.tsx), as it does getLoadContext.
// Every label value comes from the code (service, operation, cache and limit names), never
// from a request, so the number of series stays bounded.

export const metricsRegistry = new Registry();

const backendCalls = new Histogram({
  name: "backend_call_duration_seconds",
  help: "Backend calls through app/api call(), by service, contract operation and outcome: ok (2xx), refused (a 4xx the route acts on), timeout (no answer in time, or a 504) or error (any other answer the user cannot act on: 5xx, unreachable, unreadable, the API gateway's own refusals).",
  labelNames: ["service", "operation", "outcome"] as const,
  // From a cached CMS read to GATEWAY_TIMEOUT_MS (8 s by default).
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

export type BackendOutcome = "ok" | "refused" | "timeout" | "error";

/** One backend call's time and how it ended (app/api/result.server.ts `call()`). */
export function observeBackendCall(service: string, operationId: string, seconds: number, outcome: BackendOutcome): void {
  backendCalls.observe({ service, operation: operationId, outcome }, seconds);
}

const cacheLookups = new Counter({
  name: "cache_lookups_total",
  help: "Lookups in the app's caches, by cache and outcome: hit, miss, or stale (an entry past its freshness, served or revalidated).",
  labelNames: ["cache", "outcome"] as const,
  registers: [metricsRegistry],
});

/** For a cache of the app: one lookup and what it found. `cache` is the cache's fixed name. */
export function countCacheLookup(cache: string, outcome: "hit" | "miss" | "stale"): void {
  cacheLookups.inc({ cache, outcome });
}

const rateLimitRefusals = new Counter({
  name: "rate_limit_refusals_total",
  help: "Posts refused with 429 by the app's rate limits, by limit (login, registration, passwordReset, newsletter).",
  labelNames: ["limit"] as const,
  registers: [metricsRegistry],
});

export function countRateLimitRefusal(limit: string): void {
  rateLimitRefusals.inc({ limit });
}

const rateLimitStoreUp = new Gauge({
  name: "rate_limit_store_up",
  help: "1 while the rate limits are counted in the shared store (REDIS_URL), 0 while each process counts alone because the store is unreachable or not yet connected. No series without REDIS_URL.",
  // A labelled gauge has no series until set, so a process without REDIS_URL reports none
  // rather than a misleading 0.
  labelNames: ["store"] as const,
  registers: [metricsRegistry],
});

export function setRateLimitStoreUp(up: boolean): void {
  rateLimitStoreUp.set({ store: "redis" }, up ? 1 : 0);
}

const rateLimitStoreErrors = new Counter({
  name: "rate_limit_store_errors_total",
  help: "Commands to the rate limits' shared store that failed or timed out (the post was counted in its process instead).",
  registers: [metricsRegistry],
});

export function countRateLimitStoreError(): void {
  rateLimitStoreErrors.inc();
}
