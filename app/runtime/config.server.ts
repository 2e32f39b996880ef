import { z } from "zod";
import type { RateLimitRule } from "../security/rate-limit";
// With its extension: tests load this file in plain Node (config.test.ts).
import { embeddedExposureIssues } from "./embedded-exposure.ts";

// The one place that reads process.env. Parsed once at start; a bad value stops the
// server with a message naming the variable (see ADR 0003).
const DEFAULT_SESSION_SECRET = "embedded-default-session-secret-not-for-production";
/** The test container, loaded by default everywhere but production. */
const TEST_GTM_ID = "GTM-TEST123";

const optionalUrl = z.url({ protocol: /^https?$/ }).optional();

/** "requests/seconds", e.g. "20/300": at most 20 posts per client in a 5-minute window. */
const rateLimit = (fallback: string) =>
  z
    .string()
    .regex(/^\d{1,7}\/\d{1,6}$/, "requests/seconds, like 20/300")
    .default(fallback)
    .transform((v) => {
      const [limit, seconds] = v.split("/").map(Number) as [number, number];
      return { limit, windowMs: seconds * 1000 };
    })
    .refine((r) => r.limit >= 1 && r.windowMs >= 1000, "at least 1 request in at least 1 second");

/** Comma-separated https origins (scheme and host, no path). */
const origins = z
  .string()
  .optional()
  .transform((v) => (v ? v.split(",").map((o) => o.trim()).filter(Boolean) : []))
  .refine((list) => list.every((o) => /^https:\/\/[a-z0-9.-]+(:\d+)?$/i.test(o)), "https origins like https://pay.example.com, comma-separated");

export const configSchema = z
  .object({
    /** Serverless API gateway (eu-west-1). Unset: the embedded default answers. */
    GATEWAY_BASE_URL: optionalUrl,
    /** CMS groups API v1. Unset: the embedded default answers. */
    CMS_BASE_URL: optionalUrl,
    SEARCH_INDEX_NAME: z.string().regex(/^[\w-]{1,64}$/).default("dev_organisations"),
    SEARCH_APP_ID: z.string().min(1).default("embedded"),
    SEARCH_API_KEY: z.string().min(1).default("embedded-search-key"),
    /** Comma-separated hosts; unset means the app's own server answers the search protocol. */
    SEARCH_HOSTS: z.string().optional(),
    /** Seconds an answer to the server's anonymous searches stays fresh in the per-process cache (ADR 0024); 0: no cache. */
    SEARCH_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
    /**
     * Seconds after that an answer may still be served while one call refreshes it; past them
     * the search waits for a new answer (ADR 0027). Unset: the TTL.
     */
    SEARCH_CACHE_STALE_SECONDS: z.coerce.number().int().min(0).max(86_400).optional(),
    TICKETING_SESSION_COOKIE: z
      .string()
      .regex(/^[A-Za-z0-9_.-]{1,64}$/, "letters, digits, _ . - only")
      .default("ticketing_session_qa"),
    ENVIRONMENT_LABEL: z.string().min(1).max(20).default("TEST"),
    SESSION_SECRET: z.string().min(32, "at least 32 characters").default(DEFAULT_SESSION_SECRET),
    /** Unset: the test container, except in production, which then loads no tag manager. */
    GTM_ID: z
      .string()
      .regex(/^GTM-[A-Z0-9]{4,10}$/, "a tag manager container id like GTM-ABC123")
      .optional(),
    GATEWAY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8_000),
    /**
     * Keep-alive connections per backend origin (gateway, CMS) in the process's pool
     * (app/api/transport.server.ts); 0: no pool, each call through fetch. Ignored on the
     * embedded default, which is answered in-process.
     */
    BACKEND_CONNECTIONS: z.coerce.number().int().min(0).max(1_024).default(128),
    /** Minutes without a request after which a session ends. */
    SESSION_IDLE_TIMEOUT_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(120),
    /** Minutes after login after which a session ends, however active. */
    SESSION_ABSOLUTE_TIMEOUT_MINUTES: z.coerce.number().int().min(1).max(7 * 24 * 60).default(720),
    /**
     * Reverse proxies in front of this server that set X-Forwarded-For (the client's address
     * for the rate limits). 0 (default): it is ignored, the socket's address is the client.
     */
    TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
    RATE_LIMIT_LOGIN: rateLimit("20/300"),
    RATE_LIMIT_REGISTRATION: rateLimit("10/3600"),
    RATE_LIMIT_PASSWORD_RESET: rateLimit("10/900"),
    RATE_LIMIT_NEWSLETTER: rateLimit("10/3600"),
    /**
     * Redis (or Valkey) shared by every process for the rate-limit counters (ADR 0022), as
     * redis://[user:password@]host[:port][/db] or rediss:// for TLS. Unset: each process counts
     * in its own memory, as the embedded default's single process needs.
     */
    REDIS_URL: z.url({ protocol: /^rediss?$/, error: "a redis:// or rediss:// URL" }).optional(),
    /**
     * How long a rate-limited post waits for Redis before it is counted in this process
     * instead. Short: only the four rate-limited posts ever wait for Redis, never pages.
     */
    REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(20).max(5_000).default(200),
    /** The card provider's hosted payment page origins, allowed as form targets (no-JS checkout redirects there). */
    PAYMENT_PAGE_ORIGINS: origins,
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    /**
     * The longest a public backend answer (CMS content, venues) is fresh in a process's cache,
     * and the freshness of one whose Cache-Control gives none (ADR 0027: the CMS's own
     * `max-age`/`s-maxage` applies below it); 0 turns the cache off.
     */
    PUBLIC_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(3_600).default(60),
    /** The longest it may then be served while it is fetched again (bounds the CMS's `stale-while-revalidate`, as above). */
    PUBLIC_CACHE_STALE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
    /** `s-maxage` of pages that are the same for every anonymous visitor (a CDN may keep them). */
    PUBLIC_PAGE_MAX_AGE_SECONDS: z.coerce.number().int().min(0).max(3_600).default(60),
    /** Their `stale-while-revalidate`. */
    PUBLIC_PAGE_STALE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  })
  .refine((c) => Boolean(c.GATEWAY_BASE_URL) === Boolean(c.CMS_BASE_URL), {
    message: "set both GATEWAY_BASE_URL and CMS_BASE_URL, or neither for the embedded default",
    path: ["GATEWAY_BASE_URL"],
  })
  .refine(
    (c) => c.ENVIRONMENT_LABEL.toLowerCase() !== "production" || c.SESSION_SECRET !== DEFAULT_SESSION_SECRET,
    { message: "production needs its own secret, not the embedded default's", path: ["SESSION_SECRET"] },
  )
  .refine((c) => c.ENVIRONMENT_LABEL.toLowerCase() !== "production" || c.GTM_ID !== TEST_GTM_ID, {
    message: "production must not load the test container; set its own or leave GTM_ID unset for none",
    path: ["GTM_ID"],
  })
  .refine((c) => c.SESSION_IDLE_TIMEOUT_MINUTES <= c.SESSION_ABSOLUTE_TIMEOUT_MINUTES, {
    message: "must not be longer than SESSION_ABSOLUTE_TIMEOUT_MINUTES",
    path: ["SESSION_IDLE_TIMEOUT_MINUTES"],
  });

export type RawConfig = z.infer<typeof configSchema>;

export interface Config {
  embedded: boolean;
  gatewayBaseUrl: string;
  cmsBaseUrl: string;
  gatewayTimeoutMs: number;
  /** Keep-alive connections per backend origin; 0: calls go through fetch (the embedded default always does). */
  backendConnections: number;
  search: { indexName: string; appId: string; apiKey: string; hosts: string[] | null };
  /** Freshness of the server's cached search answers; 0: not cached. Not part of `search`, which pages pass to the browser. */
  searchCacheTtlMs: number;
  /** How long after that a cached search answer may be served while it is refreshed. */
  searchCacheStaleMs: number;
  sessionCookieName: string;
  sessionSecret: string;
  environmentLabel: string;
  isProduction: boolean;
  /** The tag manager container; null: none is loaded. */
  gtmId: string | null;
  session: { idleTimeoutMs: number; absoluteTimeoutMs: number };
  trustProxyHops: number;
  rateLimits: Record<RateLimitName, RateLimitRule>;
  /** Where the rate-limit counters are shared; null: in each process's memory. */
  redisUrl: string | null;
  redisCommandTimeoutMs: number;
  paymentPageOrigins: string[];
  /** Public backend answers cached per process, and pages a CDN may keep (docs/decisions/0025-public-caches-and-cache-control.md). */
  publicCache: { ttlMs: number; staleMs: number; pageMaxAgeSeconds: number; pageStaleSeconds: number };
}

export type RateLimitName = "login" | "registration" | "passwordReset" | "newsletter";

// Fake origins the in-process mocks intercept; no network is touched.
export const EMBEDDED_GATEWAY_URL = "http://gateway.embedded.invalid/qa";
export const EMBEDDED_CMS_URL = "http://cms.embedded.invalid/groups/api/v1";

export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = configSchema.safeParse(env);
  const lines = [
    ...(result.success ? [] : result.error.issues.map((i) => `  ${i.path.join(".") || "config"}: ${i.message}`)),
    // Who may reach the embedded default, and never as production (ADR 0030).
    ...embeddedExposureIssues(env).map((i) => `  ${i.variable}: ${i.message}`),
  ];
  if (!result.success || lines.length > 0) throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  const c = result.data;
  const embedded = !c.GATEWAY_BASE_URL;
  const isProduction = c.ENVIRONMENT_LABEL.toLowerCase() === "production";
  return {
    embedded,
    gatewayBaseUrl: c.GATEWAY_BASE_URL ?? EMBEDDED_GATEWAY_URL,
    cmsBaseUrl: c.CMS_BASE_URL ?? EMBEDDED_CMS_URL,
    gatewayTimeoutMs: c.GATEWAY_TIMEOUT_MS,
    backendConnections: embedded ? 0 : c.BACKEND_CONNECTIONS,
    search: {
      indexName: c.SEARCH_INDEX_NAME,
      appId: c.SEARCH_APP_ID,
      apiKey: c.SEARCH_API_KEY,
      hosts: c.SEARCH_HOSTS ? c.SEARCH_HOSTS.split(",").map((h) => h.trim()) : null,
    },
    searchCacheTtlMs: c.SEARCH_CACHE_TTL_SECONDS * 1000,
    searchCacheStaleMs: (c.SEARCH_CACHE_STALE_SECONDS ?? c.SEARCH_CACHE_TTL_SECONDS) * 1000,
    sessionCookieName: c.TICKETING_SESSION_COOKIE,
    sessionSecret: c.SESSION_SECRET,
    environmentLabel: c.ENVIRONMENT_LABEL,
    isProduction,
    // Production never falls back to the test container: without its own GTM_ID it loads none.
    gtmId: c.GTM_ID ?? (isProduction ? null : TEST_GTM_ID),
    session: {
      idleTimeoutMs: c.SESSION_IDLE_TIMEOUT_MINUTES * 60_000,
      absoluteTimeoutMs: c.SESSION_ABSOLUTE_TIMEOUT_MINUTES * 60_000,
    },
    trustProxyHops: c.TRUST_PROXY_HOPS,
    rateLimits: {
      login: c.RATE_LIMIT_LOGIN,
      registration: c.RATE_LIMIT_REGISTRATION,
      passwordReset: c.RATE_LIMIT_PASSWORD_RESET,
      newsletter: c.RATE_LIMIT_NEWSLETTER,
    },
    redisUrl: c.REDIS_URL ?? null,
    redisCommandTimeoutMs: c.REDIS_COMMAND_TIMEOUT_MS,
    paymentPageOrigins: c.PAYMENT_PAGE_ORIGINS,
    publicCache: {
      ttlMs: c.PUBLIC_CACHE_TTL_SECONDS * 1_000,
      staleMs: c.PUBLIC_CACHE_STALE_SECONDS * 1_000,
      pageMaxAgeSeconds: c.PUBLIC_PAGE_MAX_AGE_SECONDS,
      pageStaleSeconds: c.PUBLIC_PAGE_STALE_SECONDS,
    },
  };
}

function loadConfig(): Config {
  try {
    return parseConfig(process.env);
  } catch (error) {
    // Stop start-up: a server with half a configuration would fail later and less clearly.
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

/** Read once per process; immutable, so sharing it between requests is safe. */
export const config: Config = Object.freeze(loadConfig());
