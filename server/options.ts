import { availableParallelism } from "node:os";
import path from "node:path";
import { embeddedDefaultHost } from "../app/runtime/embedded-exposure.ts";

// The server's own settings (the app's are in app/runtime/config.server.ts). Read once at start;
// a bad value stops start-up with a message naming the variable, as the app's do.

export interface ServerOptions {
  port: number;
  /**
   * HOST; unset: every interface, except on the embedded default, which answers on the
   * loopback interface unless EMBEDDED_DEFAULT_PUBLIC=true (ADR 0030).
   */
  host: string | undefined;
  /** Requests being answered or waiting their turn, beyond which new ones get 503 + Retry-After at once. */
  maxInFlight: number;
  /**
   * Requests React Router works on at once; the others wait their turn, first come first
   * served. Default: on the embedded default (no GATEWAY_BASE_URL), where the backends are
   * in-process CPU work, 2 per CPU; with real backends, where a page mostly waits on them, 64.
   */
  maxConcurrent: number;
  /**
   * After SIGTERM, how long readiness fails while new requests are still answered, before
   * the listener closes: the time a load balancer needs to see /readyz fail and stop
   * sending (ADR 0023). 0 (default): close at once, for platforms that take the process
   * out of rotation before they signal it (ECS deregisters, then stops).
   */
  shutdownDelayMs: number;
  /** How long SIGTERM waits for requests in flight before closing their connections (after SHUTDOWN_DELAY_MS). */
  shutdownTimeoutMs: number;
  /** Longer than the load balancer's idle time-out (60 s on AWS ALB), so the balancer closes first. */
  keepAliveTimeoutMs: number;
  /** Node's `headersTimeout`: a request's headers must all arrive within this (Node's default 60 s). */
  headersTimeoutMs: number;
  /**
   * Node's `requestTimeout`: the whole request, headers and body, must arrive within this,
   * else 408 and the connection closes (Node's default 300 s was the only bound: issue 21).
   */
  requestTimeoutMs: number;
  /**
   * The minimum body rate, as Apache's mod_reqtimeout puts it: a body gets `bodyTimeoutMs`,
   * plus a second for every `minBodyRate` bytes received, to arrive (never more than
   * `requestTimeoutMs`); slower, 408 and the connection closes (server/body.ts).
   */
  bodyTimeoutMs: number;
  /** Bytes per second; see bodyTimeoutMs. */
  minBodyRate: number;
  /** The largest body a route with an action accepts (a form post); larger: 413 (server/body.ts). */
  maxFormBodyBytes: number;
  /**
   * PUBLIC_ORIGIN: the site's origin as browsers reach it (`https://groups.example.org`).
   * Set, every request URL is built from it and a Host header naming another host gets 400;
   * required in production. Unset: built from the Host header (checked to be `host[:port]`).
   */
  publicOrigin: URL | null;
  buildDirectory: string;
  /**
   * INSTANCE_ID: a name the operator gives this process, sent as `X-Served-By` so the
   * process behind the balancer that answered can be told (ADR 0023). Unset: no header.
   */
  instanceId: string | undefined;
  /** ENVIRONMENT_LABEL=production, as the app reads it (app/runtime/config.server.ts): HSTS on static files too. */
  production: boolean;
  /**
   * Prometheus metrics on GET /metrics at this port, never on PORT (ADR 0022): a port the
   * load balancer does not forward, reached by the scraper inside the network. Null (unset):
   * no metrics endpoint.
   */
  metricsPort: number | null;
  /** The metrics endpoint's interface; unset: every interface (the scraper comes from another host). */
  metricsHost: string | undefined;
}

function integer(env: Record<string, string | undefined>, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name}: expected a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

/** Letters, digits, `.`, `_`, `-`: safe in a header and a log line, and says nothing about the machine unless told to. */
function instanceId(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === "") return undefined;
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(raw)) throw new Error(`INSTANCE_ID: expected 1 to 64 letters, digits, ".", "_" or "-", got "${raw}"`);
  return raw;
}

/** An http(s) origin and nothing else: no path, query, fragment or credentials. */
function publicOrigin(raw: string | undefined, production: boolean): URL | null {
  if (raw === undefined || raw === "") {
    if (production) throw new Error("PUBLIC_ORIGIN: required with ENVIRONMENT_LABEL=production: the site's origin as browsers reach it, e.g. https://groups.example.org");
    return null;
  }
  const url = URL.parse(raw);
  if (!url || !/^https?:$/.test(url.protocol) || url.origin !== raw.replace(/\/$/, "").toLowerCase() || url.username || url.password) {
    throw new Error(`PUBLIC_ORIGIN: expected an origin like https://groups.example.org (scheme, host and port only), got "${raw}"`);
  }
  return url;
}

export function readServerOptions(env: Record<string, string | undefined>, root: string, cpus = availableParallelism()): ServerOptions {
  const port = integer(env, "PORT", 3000, 0, 65_535);
  const metricsPort = env.METRICS_PORT === undefined || env.METRICS_PORT === "" ? null : integer(env, "METRICS_PORT", 0, 0, 65_535);
  if (metricsPort !== null && metricsPort !== 0 && metricsPort === port) {
    throw new Error(`METRICS_PORT: must differ from PORT (${port}), or the metrics would be public`);
  }
  const production = (env.ENVIRONMENT_LABEL ?? "").toLowerCase() === "production";
  const requestTimeoutMs = integer(env, "REQUEST_TIMEOUT_MS", 30_000, 1_000, 600_000);
  return {
    port,
    host: env.HOST || embeddedDefaultHost(env),
    maxInFlight: integer(env, "MAX_IN_FLIGHT", 200, 1, 100_000),
    maxConcurrent: integer(env, "MAX_CONCURRENT", env.GATEWAY_BASE_URL ? 64 : 2 * cpus, 1, 100_000),
    shutdownDelayMs: integer(env, "SHUTDOWN_DELAY_MS", 0, 0, 600_000),
    shutdownTimeoutMs: integer(env, "SHUTDOWN_TIMEOUT_MS", 20_000, 0, 600_000),
    keepAliveTimeoutMs: integer(env, "KEEP_ALIVE_TIMEOUT_MS", 65_000, 1_000, 600_000),
    // Node requires headersTimeout ≤ requestTimeout.
    headersTimeoutMs: integer(env, "HEADERS_TIMEOUT_MS", Math.min(10_000, requestTimeoutMs), 500, requestTimeoutMs),
    requestTimeoutMs,
    bodyTimeoutMs: integer(env, "BODY_TIMEOUT_MS", Math.min(10_000, requestTimeoutMs), 500, requestTimeoutMs),
    minBodyRate: integer(env, "MIN_BODY_RATE", 500, 1, 100_000_000),
    maxFormBodyBytes: integer(env, "MAX_FORM_BODY_BYTES", 65_536, 1_024, 100_000_000),
    publicOrigin: publicOrigin(env.PUBLIC_ORIGIN, production),
    buildDirectory: path.resolve(root, env.BUILD_DIR || "build"),
    instanceId: instanceId(env.INSTANCE_ID),
    production,
    metricsPort,
    metricsHost: env.METRICS_HOST || undefined,
  };
}
