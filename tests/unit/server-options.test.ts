import path from "node:path";
import { describe, expect, it } from "vitest";
import { readServerOptions } from "../../server/options.ts";

describe("server options (server.ts)", () => {
  it("has defaults for a machine with nothing set", () => {
    expect(readServerOptions({}, "/srv/app", 2)).toEqual({
      port: 3000,
      // The embedded default (no GATEWAY_BASE_URL): the loopback interface only (ADR 30).
      host: "127.0.0.1",
      maxInFlight: 200,
      maxConcurrent: 4,
      shutdownDelayMs: 0,
      shutdownTimeoutMs: 20_000,
      keepAliveTimeoutMs: 65_000,
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      bodyTimeoutMs: 10_000,
      minBodyRate: 500,
      maxFormBodyBytes: 65_536,
      publicOrigin: null,
      buildDirectory: path.resolve("/srv/app/build"),
      instanceId: undefined,
      production: false,
      metricsPort: null,
      metricsHost: undefined,
    });
    expect(readServerOptions({ ENVIRONMENT_LABEL: "Production", PUBLIC_ORIGIN: "https://groups.example.org" }, "/srv/app").production).toBe(true);
  });

  it("reads PORT, HOST, MAX_IN_FLIGHT, MAX_CONCURRENT, SHUTDOWN_TIMEOUT_MS and BUILD_DIR (relative to the app or absolute)", () => {
    const options = readServerOptions(
      { PORT: "0", HOST: "127.0.0.1", MAX_IN_FLIGHT: "50", MAX_CONCURRENT: "8", SHUTDOWN_TIMEOUT_MS: "1000", BUILD_DIR: "build-e2e" },
      "/srv/app",
    );
    expect(options).toMatchObject({ port: 0, host: "127.0.0.1", maxInFlight: 50, maxConcurrent: 8, shutdownTimeoutMs: 1000, buildDirectory: "/srv/app/build-e2e" });
    expect(readServerOptions({ BUILD_DIR: "/opt/build" }, "/srv/app").buildDirectory).toBe("/opt/build");
  });

  it("listens on every interface by default with a real gateway, or with the embedded default opted in as a public demo (ADR 30)", () => {
    expect(readServerOptions({ GATEWAY_BASE_URL: "https://gw.example.org/qa" }, "/").host).toBeUndefined();
    expect(readServerOptions({ EMBEDDED_DEFAULT_PUBLIC: "true" }, "/").host).toBeUndefined();
    expect(readServerOptions({ EMBEDDED_DEFAULT_PUBLIC: "false" }, "/").host).toBe("127.0.0.1");
    expect(readServerOptions({ HOST: "::1" }, "/").host).toBe("::1");
  });

  it("gives React Router 2 turns per CPU on the embedded default, 64 with a real gateway (pages then wait on it)", () => {
    expect(readServerOptions({}, "/", 8).maxConcurrent).toBe(16);
    expect(readServerOptions({ GATEWAY_BASE_URL: "https://gw.example.org/qa" }, "/", 8).maxConcurrent).toBe(64);
    expect(readServerOptions({ GATEWAY_BASE_URL: "https://gw.example.org/qa", MAX_CONCURRENT: "12" }, "/", 8).maxConcurrent).toBe(12);
  });

  it("reads SHUTDOWN_DELAY_MS and INSTANCE_ID (a plain name, since it goes into a header)", () => {
    expect(readServerOptions({ SHUTDOWN_DELAY_MS: "5000", INSTANCE_ID: "ssr-1.eu-west-1a" }, "/")).toMatchObject({ shutdownDelayMs: 5000, instanceId: "ssr-1.eu-west-1a" });
    expect(readServerOptions({ INSTANCE_ID: "" }, "/").instanceId).toBeUndefined();
    expect(() => readServerOptions({ SHUTDOWN_DELAY_MS: "-1" }, "/")).toThrow(/^SHUTDOWN_DELAY_MS/);
    expect(() => readServerOptions({ INSTANCE_ID: "ssr 1" }, "/")).toThrow(/^INSTANCE_ID: expected 1 to 64 letters/);
    expect(() => readServerOptions({ INSTANCE_ID: "x".repeat(65) }, "/")).toThrow(/^INSTANCE_ID/);
  });

  it("serves metrics only with METRICS_PORT, on a port other than PORT", () => {
    expect(readServerOptions({ METRICS_PORT: "9464" }, "/")).toMatchObject({ port: 3000, metricsPort: 9464, metricsHost: undefined });
    expect(readServerOptions({ METRICS_PORT: "9464", METRICS_HOST: "10.0.1.5" }, "/").metricsHost).toBe("10.0.1.5");
    expect(readServerOptions({ METRICS_PORT: "" }, "/").metricsPort).toBeNull();
    expect(() => readServerOptions({ PORT: "8080", METRICS_PORT: "8080" }, "/")).toThrow(/^METRICS_PORT: must differ from PORT \(8080\)/);
    expect(() => readServerOptions({ METRICS_PORT: "3000" }, "/")).toThrow(/^METRICS_PORT: must differ from PORT/);
    expect(() => readServerOptions({ METRICS_PORT: "metrics" }, "/")).toThrow(/^METRICS_PORT: expected a whole number/);
  });

  it("names the variable when a value is wrong", () => {
    expect(() => readServerOptions({ PORT: "http" }, "/")).toThrow(/^PORT: expected a whole number from 0 to 65535, got "http"$/);
    expect(() => readServerOptions({ MAX_IN_FLIGHT: "0" }, "/")).toThrow(/^MAX_IN_FLIGHT/);
    expect(() => readServerOptions({ SHUTDOWN_TIMEOUT_MS: "1.5" }, "/")).toThrow(/^SHUTDOWN_TIMEOUT_MS/);
    expect(() => readServerOptions({ MAX_CONCURRENT: "0" }, "/")).toThrow(/^MAX_CONCURRENT/);
  });

  it("reads the request deadlines (headers within the whole request's) and the form body limit", () => {
    expect(readServerOptions({ REQUEST_TIMEOUT_MS: "4000", HEADERS_TIMEOUT_MS: "2000", BODY_TIMEOUT_MS: "3000", MIN_BODY_RATE: "100", MAX_FORM_BODY_BYTES: "2048" }, "/")).toMatchObject({
      requestTimeoutMs: 4000,
      headersTimeoutMs: 2000,
      bodyTimeoutMs: 3000,
      minBodyRate: 100,
      maxFormBodyBytes: 2048,
    });
    // A short request deadline bounds the defaults of the others.
    expect(readServerOptions({ REQUEST_TIMEOUT_MS: "5000" }, "/")).toMatchObject({ headersTimeoutMs: 5000, bodyTimeoutMs: 5000 });
    expect(() => readServerOptions({ REQUEST_TIMEOUT_MS: "4000", HEADERS_TIMEOUT_MS: "5000" }, "/")).toThrow(/^HEADERS_TIMEOUT_MS: expected a whole number from 500 to 4000/);
    expect(() => readServerOptions({ MAX_FORM_BODY_BYTES: "10" }, "/")).toThrow(/^MAX_FORM_BODY_BYTES/);
  });

  it("requires PUBLIC_ORIGIN in production, as an http(s) origin and nothing more", () => {
    expect(() => readServerOptions({ ENVIRONMENT_LABEL: "production" }, "/")).toThrow(/^PUBLIC_ORIGIN: required with ENVIRONMENT_LABEL=production/);
    expect(readServerOptions({ PUBLIC_ORIGIN: "https://groups.example.org" }, "/").publicOrigin?.host).toBe("groups.example.org");
    expect(readServerOptions({ PUBLIC_ORIGIN: "http://127.0.0.1:8080/" }, "/").publicOrigin?.host).toBe("127.0.0.1:8080");
    for (const bad of ["groups.example.org", "https://groups.example.org/path", "https://u:p@groups.example.org", "ftp://groups.example.org", "https://groups.example.org?x"]) {
      expect(() => readServerOptions({ PUBLIC_ORIGIN: bad }, "/"), bad).toThrow(/^PUBLIC_ORIGIN: expected an origin/);
    }
  });
});
