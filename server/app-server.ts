import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { createRequestListener } from "@react-router/node";
import type { Registry } from "prom-client";
import type { RouterContextProvider, ServerBuild } from "react-router";
import { REQUEST_ID_HEADER, requestIdFrom } from "../app/runtime/request-id.ts";
import { NON_DOCUMENT_POLICY, securityHeaders } from "../app/security/csp.ts";
import { errorFields, log } from "./log.ts";
import { createServerMetrics, startMetricsEndpoint, type MetricsEndpoint } from "./metrics.ts";
import type { ServerOptions } from "./options.ts";
import { loadStaticFiles } from "./static.ts";
import { createTurnQueue, type Turn } from "./turns.ts";
import { listen } from "./listen.ts";

// The production HTTP server (ADR 0010): node:http, static files of the client build,
// React Router's request listener for everything else, and around them what a tier
// behind a load balancer needs: a request id, one JSON log line per request, /healthz and
// /readyz, a bound on requests in flight (503 + Retry-After beyond it), a first-come
// first-served turn for the pages, a graceful shutdown on SIGTERM / SIGINT, and with
// METRICS_PORT Prometheus metrics on a port of their own (server/metrics.ts, ADR 0022).

interface Readiness {
  ready: boolean;
}
type CheckReadiness = (requestId: string) => Promise<Readiness>;
/** The server build's (app/entry.server.tsx): the request's context from what the server saw. */
type GetLoadContext = (arrival: { socketAddress: string; requestId: string }) => RouterContextProvider;

export interface RunningServer {
  server: Server;
  url: string;
  /** The metrics endpoint (METRICS_PORT); null without it. */
  metricsUrl: string | null;
  /** Stops accepting, lets requests in flight finish (up to the deadline) and resolves with the exit code. */
  shutdown(reason: string): Promise<number>;
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function pathnameOf(url: string | undefined): string {
  if (!url) return "/";
  if (url.startsWith("/")) {
    const query = url.indexOf("?");
    return query === -1 ? url : url.slice(0, query);
  }
  try {
    return new URL(url).pathname; // absolute-form request target
  } catch {
    return "/";
  }
}

/** Has (or may have) a request body: a Content-Length above 0 or a Transfer-Encoding. */
function hasBody(req: IncomingMessage): boolean {
  const length = req.headers["content-length"];
  return req.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

function sendJson(res: ServerResponse, status: number, body: unknown, head: boolean): void {
  const json = JSON.stringify(body);
  res.writeHead(status, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(json),
    "Cache-Control": "no-store",
  });
  res.end(head ? undefined : json);
}

export async function startServer(build: ServerBuild, options: ServerOptions): Promise<RunningServer> {
  // The headers the app's own non-document responses get (app/security/middleware.server.ts).
  const staticHeaders = [...securityHeaders({ production: options.production }), ["Content-Security-Policy", NON_DOCUMENT_POLICY] as const];
  const staticFiles = await loadStaticFiles(path.join(options.buildDirectory, "client"), staticHeaders);
  const entry = build.entry.module as { checkReadiness?: CheckReadiness; getLoadContext?: GetLoadContext; metricsRegistry?: Registry };
  const { checkReadiness, getLoadContext } = entry;
  // The app's own getLoadContext (app/runtime/arrival.ts) makes the request's context with
  // what only this server knows: the socket's address (rate limits) and the request id.
  const handleWithReactRouter = createRequestListener({
    build,
    mode: "production",
    ...(getLoadContext && {
      // React Router hands over the socket's address (`client`); the request id was set on
      // the request's headers above, before React Router's turn.
      getLoadContext: (request: Request, client: { address: string }) =>
        getLoadContext({ socketAddress: client.address, requestId: request.headers.get(REQUEST_ID_HEADER) ?? "" }),
    }),
  });

  // React Router's work starts in the event loop's check phase, once the poll phase has read
  // every request that arrived. A page whose data is cached renders without waiting on I/O:
  // started at once, it would finish before the next socket is read, so under overload the
  // requests would queue in the kernel's socket buffers, where MAX_IN_FLIGHT neither counts
  // nor sheds them, and every one would wait (ADR 0010).
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    if (!req.socket.destroyed) void handleWithReactRouter(req, res);
  };

  /** Responses being written or waiting their turn: the load-shedding count, and what shutdown waits for. */
  const inFlight = new Set<ServerResponse>();

  // React Router works on at most maxConcurrent requests at once; the rest wait in arrival
  // order (server/turns.ts), and count in flight while they wait. Server rendering is CPU
  // work: a hundred renders at once do not finish sooner than in turn, but each event-loop
  // turn then runs a piece of every one, so answers come late and unevenly.
  const turns = createTurnQueue(options.maxConcurrent);
  const metrics =
    options.metricsPort === null
      ? null
      : createServerMetrics(build, { inFlight: () => inFlight.size, running: () => turns.running, waiting: () => turns.waiting });
  let shuttingDown = false;
  let pendingReadiness: Promise<Readiness & Record<string, unknown>> | null = null;

  function logRequest(req: IncomingMessage, res: ServerResponse, pathname: string, requestId: string, started: number, extra: Record<string, unknown> = {}): void {
    log("info", "request", {
      requestId,
      method: req.method,
      path: pathname,
      status: res.statusCode,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
      ...(res.writableFinished ? {} : { aborted: true }),
      ...extra,
    });
  }

  async function health(req: IncomingMessage, res: ServerResponse, pathname: string, requestId: string): Promise<void> {
    const head = req.method === "HEAD";
    if (req.method !== "GET" && !head) {
      res.setHeader("Allow", "GET, HEAD");
      sendJson(res, 405, { status: "method not allowed" }, head);
      return;
    }
    // Liveness: the process is up and its event loop turns. Still true while draining.
    if (pathname === "/healthz") {
      sendJson(res, 200, { status: "ok" }, head);
      return;
    }
    // Readiness: send traffic here? Not while shutting down, nor when a backend is unreachable.
    if (shuttingDown) {
      sendJson(res, 503, { status: "shutting down" }, head);
      return;
    }
    if (!checkReadiness) {
      sendJson(res, 200, { status: "ready", detail: "the server build has no readiness check" }, head);
      return;
    }
    // Probes arriving together share one check rather than each calling the backends.
    pendingReadiness ??= checkReadiness(requestId)
      .then((result) => ({ ...result }))
      .finally(() => {
        pendingReadiness = null;
      });
    const result = await pendingReadiness;
    sendJson(res, result.ready ? 200 : 503, { status: result.ready ? "ready" : "not ready", ...result }, head);
  }

  /** Counts an answered request (or one whose client left before any answer) in the metrics. */
  function measure(req: IncomingMessage, res: ServerResponse, pathname: string, kind: "static" | "app", started: number): void {
    metrics?.observe(pathname, kind, req.method, res.headersSent ? res.statusCode : "aborted", (performance.now() - started) / 1000);
  }

  function shed(res: ServerResponse, head: boolean): void {
    const body = "The site is busy. Please try again in a moment.\n";
    res.writeHead(503, {
      "Retry-After": "1",
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Length": Buffer.byteLength(body),
      "Cache-Control": "no-store",
    });
    res.end(head ? undefined : body);
  }

  const server = createServer((req, res) => {
    const started = performance.now();
    // Accepted from the load balancer when valid, else new; React Router's request (and so
    // the app's API clients, app/session/services.server.ts) sees the same header.
    const requestId = requestIdFrom(firstHeader(req.headers[REQUEST_ID_HEADER]));
    req.headers[REQUEST_ID_HEADER] = requestId;
    res.setHeader("X-Request-Id", requestId);
    if (options.instanceId) res.setHeader("X-Served-By", options.instanceId);
    const pathname = pathnameOf(req.url);
    // While draining, answer what arrives on open connections but close them after.
    if (shuttingDown) res.setHeader("Connection", "close");

    if (pathname === "/healthz" || pathname === "/readyz") {
      // Never shed, and logged only when not healthy: probes come every few seconds.
      res.once("close", () => {
        if (res.statusCode !== 200) logRequest(req, res, pathname, requestId, started);
      });
      health(req, res, pathname, requestId).catch((error: unknown) => {
        log("error", "health check failed", { requestId, path: pathname, ...errorFields(error) });
        if (!res.headersSent) sendJson(res, 503, { status: "not ready" }, req.method === "HEAD");
      });
      return;
    }

    if (inFlight.size >= options.maxInFlight) {
      // Answer at once rather than queue without bound: the balancer or browser retries.
      res.once("close", () => {
        logRequest(req, res, pathname, requestId, started, { shed: true });
        measure(req, res, pathname, "app", started);
      });
      metrics?.shed();
      shed(res, req.method === "HEAD");
      return;
    }

    inFlight.add(res);
    let turn: Turn | null = null;
    let waitedMs = 0;
    let kind: "static" | "app" = "app";
    res.once("close", () => {
      inFlight.delete(res);
      // Frees the place of a request that ran; a request still waiting leaves the queue.
      turn?.release();
      logRequest(req, res, pathname, requestId, started, waitedMs >= 1 ? { waitedMs: Math.round(waitedMs) } : {});
      measure(req, res, pathname, kind, started);
      if (shuttingDown) setImmediate(() => server.closeIdleConnections());
    });

    try {
      const served = staticFiles.serve(req, res, pathname);
      if (served === false) {
        // A request with a body (a form post) goes straight in: a turn would be held while
        // the body arrives, so a few slow uploads could stop every page. Those requests are
        // bounded by MAX_IN_FLIGHT (and the app's rate limits) instead.
        if (hasBody(req)) {
          setImmediate(handle, req, res);
          return;
        }
        turn = turns.take(() => {
          waitedMs = performance.now() - started;
          // Its connection was closed while it waited (its own close event, which releases
          // the turn, may not have run yet): nothing to render for.
          if (req.socket.destroyed) return;
          setImmediate(handle, req, res);
        });
        return;
      }
      kind = "static";
      served.catch((error: unknown) => {
        log("error", "static file failed", { requestId, path: pathname, ...errorFields(error) });
        if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" }).end("Internal Server Error\n");
        else res.destroy();
      });
    } catch (error) {
      log("error", "request failed", { requestId, path: pathname, ...errorFields(error) });
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" }).end("Internal Server Error\n");
      else res.destroy();
    }
  });
  server.keepAliveTimeout = options.keepAliveTimeoutMs;
  server.headersTimeout = options.keepAliveTimeoutMs + 1_000;

  await listen(server, { port: options.port, host: options.host });
  const { port } = server.address() as AddressInfo;
  let metricsEndpoint: MetricsEndpoint | null = null;
  if (metrics && options.metricsPort !== null) {
    const registries = entry.metricsRegistry ? [metrics.registry, entry.metricsRegistry] : [metrics.registry];
    try {
      metricsEndpoint = await startMetricsEndpoint(registries, { port: options.metricsPort, host: options.metricsHost });
    } catch (error) {
      server.close();
      throw error;
    }
  }
  const shownHost = !options.host || options.host === "0.0.0.0" || options.host === "::" ? "localhost" : options.host;
  const url = `http://${shownHost.includes(":") ? `[${shownHost}]` : shownHost}:${port}`;

  // Compress the client build's files now, on the thread pool, so first visits find them ready.
  staticFiles.warm().catch((error: unknown) => log("warn", "could not precompress static files", errorFields(error)));

  let stopped: Promise<number> | null = null;
  function shutdown(reason: string): Promise<number> {
    stopped ??= new Promise<number>((resolve) => {
      // Readiness fails from now on (ADR 0023): the balancer takes this process out of
      // rotation while it still answers what arrives, for SHUTDOWN_DELAY_MS; then the
      // listener closes and requests in flight get SHUTDOWN_TIMEOUT_MS to finish.
      shuttingDown = true;
      log("info", "shutting down", { reason, inFlight: inFlight.size, delayMs: options.shutdownDelayMs, deadlineMs: options.shutdownTimeoutMs });
      const stopAccepting = () => {
        log("info", "no longer accepting connections", { inFlight: inFlight.size });
        for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
        // Metrics stay scrapeable while the requests in flight finish.
        const deadline = setTimeout(() => {
          log("warn", "shutdown deadline reached: closing connections with requests still in flight", { inFlight: inFlight.size });
          server.closeAllConnections();
          void metricsEndpoint?.close();
          resolve(1);
        }, options.shutdownTimeoutMs);
        // Stop accepting; the callback runs once every connection has closed.
        server.close(() => {
          clearTimeout(deadline);
          void metricsEndpoint?.close();
          resolve(0);
        });
        server.closeIdleConnections();
      };
      if (options.shutdownDelayMs > 0) {
        for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
        setTimeout(stopAccepting, options.shutdownDelayMs);
      } else stopAccepting();
    });
    return stopped;
  }

  return { server, url, metricsUrl: metricsEndpoint?.url ?? null, shutdown };
}
