import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import path from "node:path";
import type { Registry } from "prom-client";
import type { ServerBuild } from "react-router";
import { REQUEST_ID_HEADER, requestIdFrom } from "../app/runtime/request-id.ts";
import { answerParserRefusals, defaultHeaders, sendPlain, setDefaultHeaders } from "./answers.ts";
import { hasBody, lingerOnClose, oversized, readBody } from "./body.ts";
import { type CheckReadiness, createHealth, PROBES } from "./health.ts";
import { listen } from "./listen.ts";
import { errorFields, log } from "./log.ts";
import { createServerMetrics, startMetricsEndpoint, type MetricsEndpoint } from "./metrics.ts";
import type { ServerOptions } from "./options.ts";
import { createAppHandler, type AppRequest, type GetLoadContext } from "./react-router-handler.ts";
import { requestTarget, validOrigin } from "./request-target.ts";
import { routeMatcher } from "./routes.ts";
import { loadStaticFiles } from "./static.ts";
import { createTurnQueue, type Turn } from "./turns.ts";

// The production HTTP server (ADR 0010, ADR 0029): node:http, static files of the client
// build, React Router for everything else, and around them what a public tier behind a
// load balancer needs: a request id, one JSON log line per request, /healthz and /readyz,
// deadlines for a request's headers and body and a minimum body rate, a body limit per
// route, a request URL built from a checked Host (or PUBLIC_ORIGIN), a bound on requests
// in flight (503 + Retry-After beyond it), a first-come first-served turn for React
// Router's work, the security headers on every answer, a graceful shutdown on SIGTERM /
// SIGINT, and with METRICS_PORT Prometheus metrics on a port of their own (ADR 0022).

export interface RunningServer {
  server: Server;
  url: string;
  /** The metrics endpoint (METRICS_PORT); null without it. */
  metricsUrl: string | null;
  /** Stops accepting, lets requests in flight finish (up to the deadline) and resolves with the exit code. */
  shutdown(reason: string): Promise<number>;
}

/** React Router serves these; anything else (TRACE, PUT, OPTIONS…) is 405 before it runs. */
const METHODS = new Set(["GET", "HEAD", "POST"]);
/** How long a refused body's connection is still read (and dropped) after the answer: server/body.ts. */
const LINGER_MS = 2_000;

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** What a request's log line and metrics record: the route's pattern (never a path's secrets) and id. */
interface Entry {
  path?: string;
  route: string;
  probe?: boolean;
  fields: Record<string, unknown>;
}

export async function startServer(build: ServerBuild, options: ServerOptions): Promise<RunningServer> {
  const headers = defaultHeaders(options.production);
  const staticFiles = await loadStaticFiles(path.join(options.buildDirectory, "client"), headers);
  const entry = build.entry.module as { checkReadiness?: CheckReadiness; getLoadContext?: GetLoadContext; metricsRegistry?: Registry };
  // The app's own getLoadContext (app/runtime/arrival.ts) makes the request's context with
  // what only this server knows: the socket's address (rate limits) and the request id.
  const answerWithReactRouter = createAppHandler(build, entry.getLoadContext);
  const routeOf = routeMatcher(build);

  // React Router's work starts in the event loop's check phase, once the poll phase has read
  // every request that arrived. A page whose data is cached renders without waiting on I/O:
  // started at once, it would finish before the next socket is read, so under overload the
  // requests would queue in the kernel's socket buffers, where MAX_IN_FLIGHT neither counts
  // nor sheds them, and every one would wait (ADR 0010).
  const handle = (request: AppRequest) => {
    if (request.req.socket.destroyed) return;
    answerWithReactRouter(request).catch((error: unknown) => {
      log("error", "request failed", { requestId: request.req.headers[REQUEST_ID_HEADER], ...errorFields(error) });
      if (!request.res.headersSent) sendPlain(request.res, 500, { head: request.req.method === "HEAD" });
      else request.res.destroy();
    });
  };

  /** Responses being written or waiting their turn: the load-shedding count, and what shutdown waits for. */
  const inFlight = new Set<ServerResponse>();
  /**
   * Requests whose body is still arriving: not in flight (a slow upload must never shed a
   * page, issue 21), bounded by MAX_IN_FLIGHT on their own, each by its deadline and rate.
   */
  const receiving = new Set<ServerResponse>();
  /** The response each connection is answering now, for Node's own refusals on it ('clientError'). */
  const answering = new WeakMap<Socket, { res: ServerResponse; entry: Entry }>();
  /** Requests that sent Expect: 100-continue: told to go on only when their body is wanted. */
  const expectingContinue = new WeakSet<IncomingMessage>();

  // React Router works on at most maxConcurrent requests at once; the rest wait in arrival
  // order (server/turns.ts), and count in flight while they wait. Server rendering is CPU
  // work: a hundred renders at once do not finish sooner than in turn, but each event-loop
  // turn then runs a piece of every one, so answers come late and unevenly.
  const turns = createTurnQueue(options.maxConcurrent);
  const metrics =
    options.metricsPort === null
      ? null
      : createServerMetrics({ inFlight: () => inFlight.size, receiving: () => receiving.size, running: () => turns.running, waiting: () => turns.waiting });
  let shuttingDown = false;
  const health = createHealth(entry.checkReadiness, () => shuttingDown);

  function logRequest(req: IncomingMessage, res: ServerResponse, record: Entry, requestId: string, started: number): void {
    log("info", "request", {
      requestId,
      method: req.method,
      ...(record.path !== undefined && { path: record.path }),
      status: res.statusCode,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
      ...(res.writableFinished ? {} : { aborted: true }),
      ...record.fields,
    });
  }

  function shed(res: ServerResponse, head: boolean, close: boolean): void {
    metrics?.shed();
    if (close) lingerOnClose(res.socket!, LINGER_MS);
    // Answer at once rather than queue without bound: the balancer or browser retries.
    sendPlain(res, 503, { head, close, headers: { "Retry-After": "1" } });
  }

  function onRequest(req: IncomingMessage, res: ServerResponse): void {
    const started = performance.now();
    // Accepted from the load balancer when valid, else new; React Router's request (and so
    // the app's API clients, app/session/services.server.ts) sees the same header.
    const requestId = requestIdFrom(firstHeader(req.headers[REQUEST_ID_HEADER]));
    req.headers[REQUEST_ID_HEADER] = requestId;
    setDefaultHeaders(res, headers);
    res.setHeader("X-Request-Id", requestId);
    if (options.instanceId) res.setHeader("X-Served-By", options.instanceId);
    // While draining, answer what arrives on open connections but close them after.
    if (shuttingDown) res.setHeader("Connection", "close");
    const head = req.method === "HEAD";
    const record: Entry = { route: "refused", fields: {} };
    answering.set(req.socket, { res, entry: record });
    let turn: Turn | null = null;
    res.once("close", () => {
      inFlight.delete(res);
      receiving.delete(res);
      // Frees the place of a request that ran; a request still waiting leaves the queue.
      turn?.release();
      if (answering.get(req.socket)?.res === res) answering.delete(req.socket);
      if (shuttingDown) setImmediate(() => server.closeIdleConnections());
      // Probes come every few seconds: logged only when not healthy, never measured.
      if (record.probe && res.statusCode === 200) return;
      logRequest(req, res, record, requestId, started);
      if (!record.probe) metrics?.observe(record.route, req.method, res.headersSent ? res.statusCode : "aborted", (performance.now() - started) / 1000);
    });
    const refuse = (status: number, reason: string, extra: Record<string, string> = {}) => {
      record.fields.refused = reason;
      // A body not read (or not all read) cannot be skipped over: the connection closes.
      const close = hasBody(req);
      if (close) lingerOnClose(req.socket, LINGER_MS);
      sendPlain(res, status, { head, close, headers: extra });
    };

    if (!METHODS.has(req.method ?? "")) return refuse(405, `method ${req.method}`, { Allow: "GET, HEAD, POST" });
    const probe = PROBES.has((req.url ?? "").split("?", 1)[0]!);
    // A load balancer's probe names the process (Host: ssr, an IP), not the site.
    const target = requestTarget(req, probe ? null : options.publicOrigin);
    if (!target.ok) return refuse(target.status, target.reason);
    if (!validOrigin(req.headers.origin)) return refuse(400, "an Origin header that is not an origin");
    const { url } = target;

    if (probe) {
      Object.assign(record, { path: url.pathname, probe: true });
      health(req, res, url.pathname, requestId).catch((error: unknown) => {
        log("error", "health check failed", { requestId, path: url.pathname, ...errorFields(error) });
        if (!res.headersSent) sendPlain(res, 503, { head });
      });
      return;
    }

    const route = routeOf(url.pathname);
    Object.assign(record, { path: route.pattern, route: route.id });
    const takeTurn = (body: Buffer | null) => {
      turn = turns.take(() => {
        const waitedMs = performance.now() - started;
        if (waitedMs >= 1) record.fields.waitedMs = Math.round(waitedMs);
        // Its connection was closed while it waited (its own close event, which releases
        // the turn, may not have run yet): nothing to render for.
        if (req.socket.destroyed) return;
        setImmediate(handle, { req, res, url, body });
      });
    };
    const admitted = (closeIfShed: boolean): boolean => {
      if (inFlight.size >= options.maxInFlight) {
        shed(res, head, closeIfShed);
        return false;
      }
      inFlight.add(res);
      return true;
    };

    if (!hasBody(req)) {
      if (!admitted(false)) return;
      const served = staticFiles.serve(req, res, url.pathname);
      if (served === false) return takeTurn(null);
      Object.assign(record, { path: url.pathname, route: "static" });
      served.catch((error: unknown) => {
        log("error", "static file failed", { requestId, path: url.pathname, ...errorFields(error) });
        if (!res.headersSent) sendPlain(res, 500, { head });
        else res.destroy();
      });
      return;
    }

    // Only a route's action reads a body (a form, the search protocol's JSON); a page takes none.
    const maxBytes = route.hasAction && req.method === "POST" ? options.maxFormBodyBytes : 0;
    // Refused before a byte of the body is read: too large, or too many bodies arriving.
    if (oversized(req, maxBytes)) return refuse(413, "Content-Length over the route's limit");
    if (receiving.size >= options.maxInFlight) return shed(res, head, true);
    receiving.add(res);
    const limits = { maxBytes, timeoutMs: options.bodyTimeoutMs, minRate: options.minBodyRate, deadlineMs: options.requestTimeoutMs, startedAt: started };
    void readBody(req, limits, expectingContinue.has(req) ? () => res.writeContinue() : undefined).then((result) => {
      receiving.delete(res);
      if (result.ok) {
        // Whole now, it is a request like any other: in flight, and React Router's in its turn.
        if (!res.destroyed && admitted(false)) takeTurn(result.body);
        return;
      }
      record.fields.refused = result.reason;
      if (res.headersSent || res.destroyed) return;
      lingerOnClose(req.socket, LINGER_MS);
      sendPlain(res, result.status, { head, close: true });
    });
  }

  const server = createServer(
    {
      // Deliberate deadlines (issue 21): Node's defaults let a request's body take 300 s,
      // checked every 30 s; see ServerOptions.
      headersTimeout: options.headersTimeoutMs,
      requestTimeout: options.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1_000, options.headersTimeoutMs),
    },
    onRequest,
  );
  server.keepAliveTimeout = options.keepAliveTimeoutMs;
  server.on("checkContinue", (req: IncomingMessage, res: ServerResponse) => {
    expectingContinue.add(req);
    onRequest(req, res);
  });
  answerParserRefusals(server, headers, (socket) => {
    const current = answering.get(socket);
    return current && { res: current.res, refused: (reason) => (current.entry.fields.refused = reason) };
  });

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

  /** Answers not yet begun tell the client the connection closes after them. */
  function closeAfterAnswer(): void {
    for (const res of [...inFlight, ...receiving]) if (!res.headersSent) res.setHeader("Connection", "close");
  }

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
        closeAfterAnswer();
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
        closeAfterAnswer();
        setTimeout(stopAccepting, options.shutdownDelayMs);
      } else stopAccepting();
    });
    return stopped;
  }

  return { server, url, metricsUrl: metricsEndpoint?.url ?? null, shutdown };
}
