import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { listen } from "./listen.ts";

// Prometheus metrics of the HTTP server (ADR 0022): requests by React Router route id,
// method and status, with their latency; requests in flight, running and waiting their
// turn; requests shed. Served with the app's own (backend calls, caches, rate limits; the
// server build's `metricsRegistry`) on METRICS_PORT only: a port of its own that the load
// balancer does not forward, so the public never reaches it. Without METRICS_PORT the
// server measures nothing and serves no metrics.

/** What the server's request handling reports. */
export interface ServerMetrics {
  /**
   * One answered request (or one whose client went away: status 499), by its route id
   * (server/routes.ts; `static` for a file of the client build).
   */
  observe(route: string, method: string | undefined, status: number | "aborted", seconds: number): void;
  /** One request refused at once with 503 (MAX_IN_FLIGHT). */
  shed(): void;
  readonly registry: Registry;
}

const METHODS = new Set(["GET", "HEAD", "POST"]);

export function createServerMetrics(load: { inFlight: () => number; receiving: () => number; running: () => number; waiting: () => number }): ServerMetrics {
  const registry = new Registry();
  // Process CPU, memory, event-loop delay, GC: the SSR tier's own health.
  collectDefaultMetrics({ register: registry });

  const labelNames = ["route", "method", "status"] as const;
  const requests = new Counter({
    name: "http_requests_total",
    help: "Requests answered (health probes and /metrics apart), by React Router route id (static: a file of the client build), method and status (499: the client went away before an answer).",
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to the end of its answer (waiting for a turn included), by route id, method and status.",
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const shedTotal = new Counter({
    name: "http_requests_shed_total",
    help: "Requests refused at once with 503 and Retry-After because MAX_IN_FLIGHT requests were in flight (also counted in http_requests_total).",
    registers: [registry],
  });
  new Gauge({
    name: "http_requests_in_flight",
    help: "Requests being answered or waiting their turn (what MAX_IN_FLIGHT bounds).",
    registers: [registry],
    collect() {
      this.set(load.inFlight());
    },
  });
  new Gauge({
    name: "http_requests_receiving",
    help: "Requests whose body is still arriving: not yet in flight, bounded by MAX_IN_FLIGHT on their own (server/body.ts).",
    registers: [registry],
    collect() {
      this.set(load.receiving());
    },
  });
  new Gauge({
    name: "http_requests_running",
    help: "Requests React Router is working on (at most MAX_CONCURRENT).",
    registers: [registry],
    collect() {
      this.set(load.running());
    },
  });
  new Gauge({
    name: "http_requests_waiting",
    help: "Requests waiting for their turn, first come first served.",
    registers: [registry],
    collect() {
      this.set(load.waiting());
    },
  });

  return {
    registry,
    observe(route, method, status, seconds) {
      const labels = {
        route,
        // The method is the client's to choose: anything unusual is one "other".
        method: method && METHODS.has(method) ? method : "other",
        status: status === "aborted" ? "499" : String(status),
      };
      requests.inc(labels);
      duration.observe(labels, seconds);
    },
    shed() {
      shedTotal.inc();
    },
  };
}

export interface MetricsEndpoint {
  server: Server;
  url: string;
  close(): Promise<void>;
}

/** GET /metrics on its own port: every registry's metrics in the Prometheus text format. */
export async function startMetricsEndpoint(registries: Registry[], options: { port: number; host: string | undefined }): Promise<MetricsEndpoint> {
  // Once, at start: a name defined twice (server and app) stops start-up rather than a scrape.
  const registry = Registry.merge(registries);
  const server = createServer((req, res) => {
    const pathname = (req.url ?? "/").split("?")[0];
    if (pathname !== "/metrics") {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found: metrics are at /metrics\n");
      return;
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { Allow: "GET, HEAD", "Content-Type": "text/plain; charset=utf-8" }).end();
      return;
    }
    registry.metrics().then(
      (text) => {
        res.writeHead(200, { "Content-Type": registry.contentType, "Cache-Control": "no-store" });
        res.end(req.method === "HEAD" ? undefined : text);
      },
      (error: unknown) => {
        res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" }).end(`${error instanceof Error ? error.message : String(error)}\n`);
      },
    );
  });
  await listen(server, { port: options.port, host: options.host });
  const { port } = server.address() as AddressInfo;
  const host = !options.host || options.host === "0.0.0.0" || options.host === "::" ? "localhost" : options.host;
  return {
    server,
    url: `http://${host.includes(":") ? `[${host}]` : host}:${port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
