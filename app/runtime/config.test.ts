import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { EMBEDDED_GATEWAY_URL, parseConfig } from "./config.server";

/** Loads config.server.ts in a new Node process with `env` over this one's (less its SESSION_SECRET), as the server does at start. */
function startWith(env: Record<string, string>) {
  const { SESSION_SECRET: _inherited, ...inherited } = process.env;
  return spawnSync(process.execPath, ["--input-type=module", "-e", 'await import("./app/runtime/config.server.ts"); console.log("started")'], {
    env: { ...inherited, ...env },
    encoding: "utf8",
  });
}

/** A real gateway and CMS: what a production site (and anything behind a proxy) needs. */
const SERVICES = {
  GATEWAY_BASE_URL: "https://abc123.execute-api.eu-west-1.amazonaws.com/live",
  CMS_BASE_URL: "https://cms.example.org/groups/api/v1",
};

describe("configuration", () => {
  it("runs on the embedded default with nothing set", () => {
    const config = parseConfig({});
    expect(config.embedded).toBe(true);
    expect(config.gatewayBaseUrl).toBe(EMBEDDED_GATEWAY_URL);
    expect(config.search.indexName).toBe("dev_organisations");
    expect(config.environmentLabel).toBe("TEST");
    expect(config.isProduction).toBe(false);
  });

  it("points at real services when both URLs are set", () => {
    const config = parseConfig({
      GATEWAY_BASE_URL: "https://abc123.execute-api.eu-west-1.amazonaws.com/qa",
      CMS_BASE_URL: "https://cms.example.org/groups/api/v1",
    });
    expect(config.embedded).toBe(false);
    expect(config.cmsBaseUrl).toBe("https://cms.example.org/groups/api/v1");
  });

  it.each([
    ["GTM_ID", "UA-1234"],
    ["SESSION_SECRET", "short"],
    ["TICKETING_SESSION_COOKIE", "bad name;"],
    ["RATE_LIMIT_LOGIN", "ten a minute"],
    ["RATE_LIMIT_NEWSLETTER", "0/60"],
    ["SESSION_IDLE_TIMEOUT_MINUTES", "0"],
    ["SESSION_IDLE_TIMEOUT_MINUTES", "800"],
    ["TRUST_PROXY_HOPS", "-1"],
    ["SEARCH_CACHE_TTL_SECONDS", "-5"],
    ["SEARCH_CACHE_TTL_SECONDS", "1.5"],
    ["SEARCH_CACHE_TTL_SECONDS", "a minute"],
    ["PAYMENT_PAGE_ORIGINS", "http://pay.example.com"],
    ["PAYMENT_PAGE_ORIGINS", "https://pay.example.com/checkout"],
    ["REDIS_URL", "http://cache.example.org:6379"],
    ["REDIS_URL", "cache.example.org:6379"],
    ["REDIS_COMMAND_TIMEOUT_MS", "5"],
  ])("names the bad variable: %s=%j", (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it.each([
    [{ GATEWAY_BASE_URL: "not a url", CMS_BASE_URL: "https://cms.example.org" }, "GATEWAY_BASE_URL"],
    [{ GATEWAY_BASE_URL: "https://gw.example.org" }, "GATEWAY_BASE_URL"],
    [{ ENVIRONMENT_LABEL: "production", ...SERVICES }, "SESSION_SECRET"],
  ])("names the variable a setting is wrong for: %j", (env, name) => {
    expect(() => parseConfig(env)).toThrow(new RegExp(`${name}:`));
  });
});

describe("search cache", () => {
  it("keeps the server's search answers a minute by default, for as long as configured, or not at all with 0", () => {
    expect(parseConfig({}).searchCacheTtlMs).toBe(60_000);
    expect(parseConfig({ SEARCH_CACHE_TTL_SECONDS: "300" }).searchCacheTtlMs).toBe(300_000);
    expect(parseConfig({ SEARCH_CACHE_TTL_SECONDS: "0" }).searchCacheTtlMs).toBe(0);
  });

  it("serves a stale answer while it is refreshed for as long as the TTL by default, or as configured", () => {
    expect(parseConfig({}).searchCacheStaleMs).toBe(60_000);
    expect(parseConfig({ SEARCH_CACHE_TTL_SECONDS: "300" }).searchCacheStaleMs).toBe(300_000);
    expect(parseConfig({ SEARCH_CACHE_TTL_SECONDS: "300", SEARCH_CACHE_STALE_SECONDS: "30" }).searchCacheStaleMs).toBe(30_000);
    expect(parseConfig({ SEARCH_CACHE_STALE_SECONDS: "0" }).searchCacheStaleMs).toBe(0);
    expect(() => parseConfig({ SEARCH_CACHE_STALE_SECONDS: "-1" })).toThrow(/SEARCH_CACHE_STALE_SECONDS:/);
  });

  it("is not part of the search settings pages pass to the browser", () => {
    expect(Object.keys(parseConfig({}).search).sort()).toEqual(["apiKey", "appId", "hosts", "indexName"]);
  });
});

describe("tag manager", () => {
  const production = { ENVIRONMENT_LABEL: "production", SESSION_SECRET: "x".repeat(32), ...SERVICES };

  it("loads the test container by default outside production", () => {
    expect(parseConfig({}).gtmId).toBe("GTM-TEST123");
    expect(parseConfig({ ENVIRONMENT_LABEL: "QA" }).gtmId).toBe("GTM-TEST123");
  });

  it("loads none in production without GTM_ID, never the test container", () => {
    expect(parseConfig(production).gtmId).toBeNull();
    expect(parseConfig({ ...production, ENVIRONMENT_LABEL: "Production" }).gtmId).toBeNull();
  });

  it("loads the configured container in production", () => {
    expect(parseConfig({ ...production, GTM_ID: "GTM-ABC1234" }).gtmId).toBe("GTM-ABC1234");
  });

  it("refuses the test container named explicitly in production", () => {
    expect(() => parseConfig({ ...production, GTM_ID: "GTM-TEST123" })).toThrow(/GTM_ID: production must not load the test container/);
  });
});

describe("security settings", () => {
  it("has production defaults for the rate limits, session time-outs and proxies", () => {
    const config = parseConfig({});
    expect(config.rateLimits).toEqual({
      login: { limit: 20, windowMs: 300_000 },
      registration: { limit: 10, windowMs: 3_600_000 },
      passwordReset: { limit: 10, windowMs: 900_000 },
      newsletter: { limit: 10, windowMs: 3_600_000 },
    });
    expect(config.session).toEqual({ idleTimeoutMs: 2 * 3_600_000, absoluteTimeoutMs: 12 * 3_600_000 });
    expect(config.trustProxyHops).toBe(0);
    expect(config.paymentPageOrigins).toEqual([]);
    expect(config.redisUrl).toBeNull();
    expect(config.redisCommandTimeoutMs).toBe(200);
  });

  it("reads them from the environment", () => {
    const config = parseConfig({
      ...SERVICES,
      RATE_LIMIT_LOGIN: "5/60",
      SESSION_IDLE_TIMEOUT_MINUTES: "15",
      SESSION_ABSOLUTE_TIMEOUT_MINUTES: "480",
      TRUST_PROXY_HOPS: "2",
      PAYMENT_PAGE_ORIGINS: "https://pay.example.com, https://3ds.example.com",
    });
    expect(config.rateLimits.login).toEqual({ limit: 5, windowMs: 60_000 });
    expect(config.session).toEqual({ idleTimeoutMs: 15 * 60_000, absoluteTimeoutMs: 480 * 60_000 });
    expect(config.trustProxyHops).toBe(2);
    expect(config.paymentPageOrigins).toEqual(["https://pay.example.com", "https://3ds.example.com"]);
  });

  it("shares the rate-limit counters through REDIS_URL, plain or TLS", () => {
    expect(parseConfig({ REDIS_URL: "redis://cache.internal:6379/0" }).redisUrl).toBe("redis://cache.internal:6379/0");
    expect(parseConfig({ REDIS_COMMAND_TIMEOUT_MS: "500" }).redisCommandTimeoutMs).toBe(500);
    expect(parseConfig({ REDIS_URL: "rediss://app:secret@cache.example.org:6380" }).redisUrl).toBe("rediss://app:secret@cache.example.org:6380");
  });

  it("does not echo a bad REDIS_URL, which may hold a password", () => {
    expect(() => parseConfig({ REDIS_URL: "redis//app:hunter22@cache" })).toThrow(/REDIS_URL: a redis:\/\/ or rediss:\/\/ URL/);
    expect(() => parseConfig({ REDIS_URL: "redis//app:hunter22@cache" })).not.toThrow(/hunter22/);
  });
});

describe("secrets", () => {
  it("come only from the environment: production refuses the embedded default secret", () => {
    expect(() => parseConfig({ ...SERVICES, ENVIRONMENT_LABEL: "production", SESSION_SECRET: "embedded-default-session-secret-not-for-production" })).toThrow(
      /SESSION_SECRET: production needs its own secret/,
    );
    expect(parseConfig({ ...SERVICES, ENVIRONMENT_LABEL: "production", SESSION_SECRET: "x".repeat(32) }).sessionSecret).toBe("x".repeat(32));
  });

  it.each([
    ["unset", {}],
    ["set to the embedded default", { SESSION_SECRET: "embedded-default-session-secret-not-for-production" }],
  ])("a production server does not start with the session secret %s", (_name, env: Record<string, string>) => {
    const run = startWith({ ENVIRONMENT_LABEL: "production", ...SERVICES, ...env });
    expect(run.status).toBe(1);
    expect(run.stdout).not.toContain("started");
    expect(run.stderr).toMatch(/SESSION_SECRET: production needs its own secret/);
  });
});

describe("start-up with a bad value", () => {
  it("stops the process with a message naming the variable", () => {
    const run = startWith({ GTM_ID: "not-a-container" });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/Invalid configuration:\n\s+GTM_ID: /);
  });
});

describe("the embedded default (ADR 30)", () => {
  const production = { ENVIRONMENT_LABEL: "production", SESSION_SECRET: "x".repeat(32) };

  it("is never production: the refusal names the variables to set, whatever else is right", () => {
    for (const label of ["production", "Production", "PRODUCTION"]) {
      expect(() => parseConfig({ ...production, ENVIRONMENT_LABEL: label })).toThrow(
        /ENVIRONMENT_LABEL: production needs the real services: set GATEWAY_BASE_URL and CMS_BASE_URL/,
      );
      // Not even opted in as a public demonstration.
      expect(() => parseConfig({ ...production, ENVIRONMENT_LABEL: label, EMBEDDED_DEFAULT_PUBLIC: "true" })).toThrow(/ENVIRONMENT_LABEL: /);
    }
    expect(parseConfig({ ...production, ...SERVICES }).isProduction).toBe(true);
  });

  it.each([["127.0.0.1"], ["127.0.0.2"], ["::1"], ["[::1]"], ["localhost"], ["LOCALHOST"], ["::ffff:127.0.0.1"]])(
    "may listen on the loopback interface (HOST=%s)",
    (host) => {
      expect(parseConfig({ HOST: host }).embedded).toBe(true);
    },
  );

  it.each([["0.0.0.0"], ["::"], ["192.168.1.20"], ["10.0.0.5"], ["demo.example.org"], ["128.0.0.1"]])(
    "is refused on another interface (HOST=%s) unless opted in",
    (host) => {
      expect(() => parseConfig({ HOST: host })).toThrow(/HOST: the embedded default answers on the loopback interface only.*EMBEDDED_DEFAULT_PUBLIC=true/);
      expect(parseConfig({ HOST: host, EMBEDDED_DEFAULT_PUBLIC: "true" }).embedded).toBe(true);
      // A real gateway and CMS: HOST is the operator's to choose.
      expect(parseConfig({ HOST: host, ...SERVICES }).embedded).toBe(false);
    },
  );

  it("is refused behind a proxy (TRUST_PROXY_HOPS) unless opted in", () => {
    expect(() => parseConfig({ TRUST_PROXY_HOPS: "1" })).toThrow(/TRUST_PROXY_HOPS: a proxy in front would let others reach the embedded default/);
    expect(parseConfig({ TRUST_PROXY_HOPS: "1", EMBEDDED_DEFAULT_PUBLIC: "true" }).trustProxyHops).toBe(1);
    expect(parseConfig({ TRUST_PROXY_HOPS: "0" }).trustProxyHops).toBe(0);
  });

  it("takes only true or false as the opt-in", () => {
    expect(() => parseConfig({ EMBEDDED_DEFAULT_PUBLIC: "yes" })).toThrow(/EMBEDDED_DEFAULT_PUBLIC: true or false/);
    expect(() => parseConfig({ HOST: "0.0.0.0", EMBEDDED_DEFAULT_PUBLIC: "false" })).toThrow(/HOST: /);
  });
});
