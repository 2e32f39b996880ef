import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { Agent, get as httpGet, request as httpRequest, type ClientRequest, type IncomingMessage, type ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { Counter, Registry } from "prom-client";
import type { ServerBuild } from "react-router";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startServer } from "../../server/app-server.ts";
import { readServerOptions } from "../../server/options.ts";

// server/app-server.ts with React Router's handler replaced by one the test drives: each
// request is held until the test answers it, so the order of turns, shedding and shutdown
// can be watched exactly. (The real listener is exercised by tests/e2e/server.spec.ts.)

interface Held {
  path: string;
  res: ServerResponse;
  answer(body?: string): void;
}
const held: Held[] = [];
const lines: Record<string, unknown>[] = [];

/** What the app's getLoadContext was handed, per request (the listener calls it as React Router does). */
const arrivals: unknown[] = [];

vi.mock("../../server/react-router-handler.ts", () => ({
  createAppHandler:
    (_build: unknown, getLoadContext?: (arrival: { socketAddress: string; requestId: string }) => unknown) =>
    ({ req, res, url }: { req: IncomingMessage; res: ServerResponse; url: URL }) => {
      const path = `${url.pathname}${url.search}`;
      if (getLoadContext) arrivals.push(getLoadContext({ socketAddress: req.socket.remoteAddress ?? "", requestId: String(req.headers["x-request-id"]) }));
      return new Promise<void>((resolve) => {
        const answer = (body = `page ${path}`) => {
          res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(body);
          resolve();
        };
        // A page whose data is cached: answered at once, without waiting on anything.
        if (path.startsWith("/at-once")) answer();
        else held.push({ path, res, answer });
      });
    },
}));
vi.mock("../../server/log.ts", () => ({
  log: (level: string, msg: string, fields: Record<string, unknown> = {}) => lines.push({ level, msg, ...fields }),
  errorFields: (error: unknown) => ({ error: String(error) }),
}));

let buildDirectory: string;
beforeAll(async () => {
  buildDirectory = await mkdtemp(path.join(tmpdir(), "server-app-test-"));
  await mkdir(path.join(buildDirectory, "client", "assets"), { recursive: true });
  await writeFile(path.join(buildDirectory, "client", "assets", "entry-AbC123.js"), `console.log(${JSON.stringify("x".repeat(2000))});\n`);
  await writeFile(path.join(buildDirectory, "client", "favicon.svg"), '<svg xmlns="http://www.w3.org/2000/svg"/>');
});
afterAll(async () => {
  await rm(buildDirectory, { recursive: true, force: true });
});

// A route with an action (posts read their body) under /form; every other path is unmatched.
const build = {
  entry: { module: {} },
  routes: { root: { id: "root", path: "" }, "routes/form": { id: "routes/form", parentId: "root", path: "form/*", module: { action: () => null } } },
} as unknown as ServerBuild;
type Running = Awaited<ReturnType<typeof startServer>>;
let running: Running | undefined;

async function start(env: Record<string, string> = {}): Promise<Running> {
  const options = readServerOptions({ PORT: "0", HOST: "127.0.0.1", ...env }, "/");
  running = await startServer(build, { ...options, buildDirectory });
  return running;
}

beforeEach(() => {
  held.length = 0;
  lines.length = 0;
});
afterEach(async () => {
  if (running) {
    for (const h of held) if (!h.res.writableEnded) h.res.destroy();
    running.server.closeAllConnections();
    await running.shutdown("test over");
    running = undefined;
  }
});

interface Sent {
  request: ClientRequest;
  response: Promise<{ status: number; headers: IncomingMessage["headers"]; body: string }>;
}

/** A GET on its own connection; resolves with the whole answer. */
function send(url: string, pathname: string, headers: Record<string, string> = {}): Sent {
  const { port } = new URL(url);
  const request = httpRequest({ host: "127.0.0.1", port, path: pathname, agent: false, headers });
  const response = new Promise<{ status: number; headers: IncomingMessage["headers"]; body: string }>((resolve, reject) => {
    request.once("response", (res) => {
      let body = "";
      res.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    request.once("error", reject);
  });
  response.catch(() => {});
  request.end();
  return { request, response };
}

/** A form post on its own connection whose body is sent in two halves, the second on finish(). */
function postHalf(url: string, pathname: string, body: string): Sent & { finish(): void } {
  const { port } = new URL(url);
  const request = httpRequest({ host: "127.0.0.1", port, path: pathname, method: "POST", agent: false, headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(body) } });
  const response = new Promise<{ status: number; headers: IncomingMessage["headers"]; body: string }>((resolve, reject) => {
    request.once("response", (res) => {
      let text = "";
      res.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    request.once("error", reject);
  });
  response.catch(() => {});
  const half = Math.floor(body.length / 2);
  request.write(body.slice(0, half));
  return { request, response, finish: () => request.end(body.slice(half)) };
}

/** Waits until the server has logged `count` requests for this path, its route's pattern (their responses closed). */
async function logged(pathname: string, count = 1): Promise<Record<string, unknown>> {
  const found = () => lines.filter((l) => l.msg === "request" && l.path === pathname);
  await vi.waitFor(() => expect(found().length).toBeGreaterThanOrEqual(count));
  return found().at(-1)!;
}

/** Sends the requests one after another, each once the server has it (in React Router's hands or waiting). */
async function sendInOrder(url: string, paths: string[], inServer: () => number): Promise<Sent[]> {
  const sent: Sent[] = [];
  for (const p of paths) {
    const before = inServer();
    sent.push(send(url, p));
    await vi.waitFor(() => expect(inServer()).toBe(before + 1));
  }
  return sent;
}

describe("the production server's turns (MAX_CONCURRENT) with shedding and shutdown", () => {
  it("gives React Router at most MAX_CONCURRENT requests at once, the others in arrival order", async () => {
    const server = await start({ MAX_CONCURRENT: "1" });
    let accepted = 0;
    server.server.on("request", () => accepted++);
    const sent = await sendInOrder(server.url, ["/a", "/b", "/c"], () => accepted);
    expect(held.map((h) => h.path)).toEqual(["/a"]);

    held[0]!.answer();
    await vi.waitFor(() => expect(held.map((h) => h.path)).toEqual(["/a", "/b"]));
    held[1]!.answer();
    await vi.waitFor(() => expect(held.map((h) => h.path)).toEqual(["/a", "/b", "/c"]));
    held[2]!.answer();
    const answers = await Promise.all(sent.map((s) => s.response));
    expect(answers.map((a) => a.body)).toEqual(["page /a", "page /b", "page /c"]);
    // The wait is logged for the requests that had one.
    expect(typeof (await logged("/c")).waitedMs).toBe("number");
  });

  it("a request whose client goes away while it waits is never started, and frees its place in flight", async () => {
    const server = await start({ MAX_CONCURRENT: "1", MAX_IN_FLIGHT: "3" });
    let accepted = 0;
    server.server.on("request", () => accepted++);
    const [a, gone] = await sendInOrder(server.url, ["/a", "/gone"], () => accepted);
    gone!.request.destroy();
    expect(await logged("/gone")).toMatchObject({ aborted: true });

    const [c] = await sendInOrder(server.url, ["/c"], () => accepted);
    held[0]!.answer();
    await vi.waitFor(() => expect(held.map((h) => h.path)).toEqual(["/a", "/c"]));
    held[1]!.answer();
    expect((await a!.response).body).toBe("page /a");
    expect((await c!.response).body).toBe("page /c");
  });

  it("a form post's body is read before the post counts in flight or takes a turn: a slow body never sheds a page", async () => {
    const server = await start({ MAX_CONCURRENT: "1", MAX_IN_FLIGHT: "1" });
    let accepted = 0;
    server.server.on("request", () => accepted++);
    // A post whose body is half sent: not React Router's yet, and not in flight.
    const post = postHalf(server.url, "/form/post", "email=slow@example.org");
    await vi.waitFor(() => expect(accepted).toBe(1));
    const [page] = await sendInOrder(server.url, ["/page"], () => accepted);
    expect(held.map((h) => h.path)).toEqual(["/page"]);
    // A second body while one arrives: the bodies' own bound (MAX_IN_FLIGHT) sheds it, before reading it.
    const second = await postHalf(server.url, "/form/second", "email=x").response;
    expect([second.status, second.headers.connection, second.headers["retry-after"]]).toEqual([503, "close", "1"]);

    // Whole now, the post is a request like any other: in flight (MAX_IN_FLIGHT 1 is taken by
    // the page, so it is shed) — and once the page is answered, the next one runs.
    post.finish();
    expect((await post.response).status).toBe(503);
    held[0]!.answer();
    expect((await page!.response).body).toBe("page /page");
    const again = postHalf(server.url, "/form/post", "email=slow@example.org");
    again.finish();
    await vi.waitFor(() => expect(held.map((h) => h.path)).toEqual(["/page", "/form/post"]));
    held[1]!.answer();
    expect((await again.response).status).toBe(200);
  });

  it("refuses a body over the route's limit with 413 before reading it, and any body to a route without an action", async () => {
    const server = await start({ MAX_FORM_BODY_BYTES: "1024" });
    const { port } = new URL(server.url);
    const over = httpRequest({ host: "127.0.0.1", port, path: "/form/big", method: "POST", agent: false, headers: { "Content-Length": "1025" } });
    const answer = new Promise<IncomingMessage>((resolve, reject) => over.once("response", resolve).once("error", reject));
    over.write("x"); // the rest never comes: the answer must not wait for it
    const refused = await answer;
    refused.resume();
    expect([refused.statusCode, refused.headers.connection, refused.headers["x-content-type-options"]]).toEqual([413, "close", "nosniff"]);
    over.destroy();
    const toPage = postHalf(server.url, "/page-without-action", "x=1");
    toPage.finish();
    expect((await toPage.response).status).toBe(413);
    expect(held).toEqual([]);
    expect(await logged("/form/*")).toMatchObject({ status: 413, refused: "Content-Length over the route's limit" });
  });

  it("requests waiting their turn count in flight: beyond MAX_IN_FLIGHT the next is shed with 503 and Retry-After", async () => {
    const server = await start({ MAX_CONCURRENT: "1", MAX_IN_FLIGHT: "2" });
    let accepted = 0;
    server.server.on("request", () => accepted++);
    const [a, b] = await sendInOrder(server.url, ["/a", "/b"], () => accepted);
    const shed = await send(server.url, "/c").response;
    expect(shed.status).toBe(503);
    expect(shed.headers["retry-after"]).toBe("1");
    expect(shed.body).toContain("busy");
    expect(held.map((h) => h.path)).toEqual(["/a"]);
    // Static files count in flight too, but health probes are never shed.
    expect((await send(server.url, "/healthz").response).status).toBe(200);

    held[0]!.answer();
    await vi.waitFor(() => expect(held).toHaveLength(2));
    held[1]!.answer();
    expect((await a!.response).status).toBe(200);
    expect((await b!.response).status).toBe(200);
    expect((await send(server.url, "/favicon.svg").response).status).toBe(200);
  });

  it("requests arriving together are all counted before any is answered: pages answered at once are shed beyond MAX_IN_FLIGHT too", async () => {
    // Without this, each such page would be answered before the server read the next request,
    // and under overload the requests would wait in the kernel's socket buffers, unshed.
    const server = await start({ MAX_IN_FLIGHT: "4" });
    const { port } = new URL(server.url);
    const agent = new Agent({ keepAlive: true, maxSockets: 12 });
    const get = (pathname: string) =>
      new Promise<{ status: number; retryAfter: string | undefined }>((resolve, reject) => {
        httpGet({ host: "127.0.0.1", port, path: pathname, agent }, (res) => {
          res.resume().on("end", () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers["retry-after"] as string | undefined }));
        }).once("error", reject);
      });
    try {
      // Twelve open connections first, as a load balancer keeps, then twelve pages on them at once.
      await Promise.all(Array.from({ length: 12 }, () => get("/healthz")));
      const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => get(`/at-once/${i}`)));
      const shed = answers.filter((a) => a.status === 503);
      expect(shed.length).toBeGreaterThan(0);
      expect(shed.every((a) => a.retryAfter === "1")).toBe(true);
      expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(4);
      expect(answers.length).toBe(12);
    } finally {
      agent.destroy();
    }
  });

  it("SIGTERM: the request running and the one waiting are both answered, with Connection: close, then exit 0", async () => {
    const server = await start({ MAX_CONCURRENT: "1", SHUTDOWN_TIMEOUT_MS: "5000" });
    let accepted = 0;
    server.server.on("request", () => accepted++);
    const [a, b] = await sendInOrder(server.url, ["/a", "/b"], () => accepted);
    const stopped = server.shutdown("SIGTERM");

    held[0]!.answer();
    await vi.waitFor(() => expect(held).toHaveLength(2));
    held[1]!.answer();
    const answers = [await a!.response, await b!.response];
    expect(answers.map((r) => [r.status, r.headers.connection])).toEqual([
      [200, "close"],
      [200, "close"],
    ]);
    expect(await stopped).toBe(0);
    running = undefined;
  });

  it("SIGTERM with requests that do not finish: at the deadline their connections close, the waiting one never starts, exit 1", async () => {
    const server = await start({ MAX_CONCURRENT: "1", SHUTDOWN_TIMEOUT_MS: "300" });
    let accepted = 0;
    server.server.on("request", () => accepted++);
    const [a, b] = await sendInOrder(server.url, ["/a", "/b"], () => accepted);
    expect(await server.shutdown("SIGTERM")).toBe(1);
    running = undefined;
    await expect(a!.response).rejects.toThrow();
    await expect(b!.response).rejects.toThrow();
    // The waiting request's close released its turn without starting it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(held.map((h) => h.path)).toEqual(["/a"]);
  });
});

describe("leaving a load balancer's rotation (SHUTDOWN_DELAY_MS, ADR 0023)", () => {
  it("after SIGTERM readiness fails at once while new requests are still answered; then the listener closes and exit 0", async () => {
    const server = await start({ SHUTDOWN_DELAY_MS: "400", SHUTDOWN_TIMEOUT_MS: "5000" });
    const signalled = performance.now();
    const stopped = server.shutdown("SIGTERM");
    const [ready, live] = await Promise.all([send(server.url, "/readyz").response, send(server.url, "/healthz").response]);
    expect([ready.status, JSON.parse(ready.body)]).toEqual([503, { status: "shutting down" }]);
    // Liveness stays: the orchestrator must not kill a process that is draining.
    expect(live.status).toBe(200);

    // A page arriving during the delay (the balancer has not yet seen the failed check) is answered.
    const late = send(server.url, "/arrived-during-the-delay");
    await vi.waitFor(() => expect(held.map((h) => h.path)).toEqual(["/arrived-during-the-delay"]));
    held[0]!.answer();
    expect(await late.response).toMatchObject({ status: 200, body: "page /arrived-during-the-delay", headers: { connection: "close" } });
    expect(lines.some((l) => l.msg === "no longer accepting connections")).toBe(false);

    expect(await stopped).toBe(0);
    expect(performance.now() - signalled).toBeGreaterThanOrEqual(390);
    expect(lines.map((l) => l.msg).filter((m) => m !== "request")).toEqual(["shutting down", "no longer accepting connections"]);
    // Closed now: a new connection is refused.
    await expect(send(server.url, "/too-late").response).rejects.toThrow(/ECONNREFUSED/);
    running = undefined;
  });

  it("a request in flight when the delay ends still finishes before exit 0", async () => {
    const server = await start({ SHUTDOWN_DELAY_MS: "100", SHUTDOWN_TIMEOUT_MS: "5000" });
    const slow = send(server.url, "/slow");
    await vi.waitFor(() => expect(held).toHaveLength(1));
    const stopped = server.shutdown("SIGTERM");
    await vi.waitFor(() => expect(lines.some((l) => l.msg === "no longer accepting connections")).toBe(true));
    held[0]!.answer();
    expect(await slow.response).toMatchObject({ status: 200, headers: { connection: "close" } });
    expect(await stopped).toBe(0);
    running = undefined;
  });
});

describe("X-Served-By (INSTANCE_ID)", () => {
  it("names the process on every answer when INSTANCE_ID is set, pages, files and probes alike", async () => {
    const server = await start({ INSTANCE_ID: "ssr-2" });
    const page = send(server.url, "/a-page");
    await vi.waitFor(() => expect(held).toHaveLength(1));
    held[0]!.answer();
    const answers = await Promise.all([page.response, send(server.url, "/favicon.svg").response, send(server.url, "/healthz").response]);
    expect(answers.map((a) => a.headers["x-served-by"])).toEqual(["ssr-2", "ssr-2", "ssr-2"]);
  });

  it("is not sent when INSTANCE_ID is unset", async () => {
    const server = await start();
    const answer = await send(server.url, "/healthz").response;
    expect(answer.status).toBe(200);
    expect(answer.headers).not.toHaveProperty("x-served-by");
  });
});

describe("static files and the server's own answers carry the security headers the app's responses get", () => {
  it.each([
    ["outside production: no HSTS", {}, null],
    ["in production: HSTS of a year", { ENVIRONMENT_LABEL: "production", PUBLIC_ORIGIN: "https://groups.example.org" }, "max-age=31536000; includeSubDomains"],
  ])("%s", async (_name, env: Record<string, string>, hsts) => {
    const server = await start({ ...env, MAX_IN_FLIGHT: "1" });
    const host = { Host: env.PUBLIC_ORIGIN ? new URL(env.PUBLIC_ORIGIN).host : new URL(server.url).host };
    const held1 = send(server.url, "/held", host);
    await vi.waitFor(() => expect(held).toHaveLength(1));
    // Files, and what the server answers itself: shed (503), a bad Host (400), TRACE (405).
    const own = [send(server.url, "/shed", host), send(server.url, "/", { Host: "a@b" })];
    const trace = httpRequest({ host: "127.0.0.1", port: new URL(server.url).port, path: "/", method: "TRACE", agent: false, headers: host });
    const traced = new Promise<IncomingMessage>((resolve) => trace.once("response", resolve));
    trace.end();
    const answers = await Promise.all(own.map((o) => o.response));
    expect(answers.map((a) => a.status)).toEqual([503, 400]);
    const traceAnswer = await traced;
    traceAnswer.resume();
    expect(traceAnswer.statusCode).toBe(405);
    for (const headers of [...answers.map((a) => a.headers), traceAnswer.headers]) {
      expect(headers).toMatchObject({ "x-content-type-options": "nosniff", "x-frame-options": "DENY", "content-security-policy": "default-src 'none'; frame-ancestors 'none'" });
      expect(headers["strict-transport-security"] ?? null).toBe(hsts);
    }
    held[0]!.answer();
    await held1.response;
    for (const file of ["/assets/entry-AbC123.js", "/favicon.svg"]) {
      const { status, headers } = await send(server.url, file, host).response;
      expect(status).toBe(200);
      expect(headers).toMatchObject({
        "x-content-type-options": "nosniff",
        "referrer-policy": "strict-origin-when-cross-origin",
        "x-frame-options": "DENY",
        "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
      });
      expect(headers["permissions-policy"]).toContain("microphone=(self)");
      expect(headers["strict-transport-security"] ?? null).toBe(hsts);
    }
    // A 304 carries them too.
    const first = await send(server.url, "/favicon.svg", host).response;
    const { port } = new URL(server.url);
    const revalidated = await new Promise<IncomingMessage>((resolve, reject) =>
      httpRequest({ host: "127.0.0.1", port, path: "/favicon.svg", headers: { ...host, "If-None-Match": first.headers.etag }, agent: false }, resolve).on("error", reject).end(),
    );
    revalidated.resume();
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers["x-content-type-options"]).toBe("nosniff");
    expect(revalidated.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(held.map((h) => h.path)).toEqual(["/held"]); // files are never React Router's
  });
});

describe("the request's context", () => {
  it("is made by the build's getLoadContext from the socket's address and the request id the server answers with", async () => {
    const getLoadContext = (arrival: unknown) => arrival;
    const withContext = { entry: { module: { getLoadContext } } } as unknown as ServerBuild;
    arrivals.length = 0;
    const options = readServerOptions({ PORT: "0", HOST: "127.0.0.1" }, "/");
    running = await startServer(withContext, { ...options, buildDirectory });
    const sent = send(running.url, "/some-page");
    await vi.waitFor(() => expect(held.length).toBe(1));
    held[0]!.answer();
    const { headers } = await sent.response;
    expect(arrivals).toEqual([{ socketAddress: "127.0.0.1", requestId: headers["x-request-id"] }]);
  });
});

describe("metrics on METRICS_PORT", () => {
  // A build with two routes and an app registry of its own, as the server build hands over.
  const routes = {
    root: { id: "root", path: "" },
    "routes/home": { id: "routes/home", parentId: "root", index: true },
    "routes/page": { id: "routes/page", parentId: "root", path: ":name" },
  };
  const appRegistry = new Registry();
  new Counter({ name: "app_side_total", help: "A metric of the app's own registry.", registers: [appRegistry] }).inc(3);
  const metricsBuild = { entry: { module: { metricsRegistry: appRegistry } }, routes, routeDiscovery: { mode: "initial", manifestPath: "/__manifest" } } as unknown as ServerBuild;

  async function startWithMetrics(env: Record<string, string> = {}): Promise<Running> {
    const options = readServerOptions({ PORT: "0", HOST: "127.0.0.1", METRICS_PORT: "0", ...env }, "/");
    running = await startServer(metricsBuild, { ...options, buildDirectory });
    return running;
  }

  async function scrape(server: Running): Promise<string> {
    const response = await fetch(server.metricsUrl!);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.text();
  }

  /** One series' value in the scraped text (0 when absent). */
  function value(text: string, series: string): number {
    const line = text.split("\n").find((l) => l.startsWith(`${series} `));
    return line ? Number(line.slice(series.length + 1)) : 0;
  }

  it("counts requests in flight, running, waiting and shed, and answered ones by route id, method and status", async () => {
    const server = await startWithMetrics({ MAX_CONCURRENT: "1", MAX_IN_FLIGHT: "2" });
    let accepted = 0;
    server.server.on("request", () => accepted++);
    const [a, b] = await sendInOrder(server.url, ["/a", "/b"], () => accepted);
    expect((await send(server.url, "/c").response).status).toBe(503);
    // Logged by its route's pattern (server/routes.ts), as every app request is.
    await logged("/:name");

    let text = await scrape(server);
    expect(value(text, "http_requests_in_flight")).toBe(2);
    expect(value(text, "http_requests_running")).toBe(1);
    expect(value(text, "http_requests_waiting")).toBe(1);
    expect(value(text, "http_requests_shed_total")).toBe(1);
    expect(value(text, 'http_requests_total{route="routes/page",method="GET",status="503"}')).toBe(1);
    // The app's registry is served beside the server's, and the process's own metrics too.
    expect(value(text, "app_side_total")).toBe(3);
    expect(text).toContain("nodejs_eventloop_lag_seconds");

    held[0]!.answer();
    await vi.waitFor(() => expect(held).toHaveLength(2));
    held[1]!.answer();
    await Promise.all([a!.response, b!.response]);
    const home = send(server.url, "/_.data"); // the home page's data: its route's
    await vi.waitFor(() => expect(held).toHaveLength(3));
    held[2]!.answer();
    await home.response;
    expect((await send(server.url, "/favicon.svg").response).status).toBe(200);
    expect((await send(server.url, "/healthz").response).status).toBe(200);
    await Promise.all([logged("/:name", 3), logged("/"), logged("/favicon.svg")]);

    text = await scrape(server);
    expect(value(text, "http_requests_in_flight")).toBe(0);
    expect(value(text, 'http_requests_total{route="routes/page",method="GET",status="200"}')).toBe(2);
    expect(value(text, 'http_requests_total{route="routes/home",method="GET",status="200"}')).toBe(1);
    expect(value(text, 'http_requests_total{route="static",method="GET",status="200"}')).toBe(1);
    expect(value(text, 'http_request_duration_seconds_count{route="routes/page",method="GET",status="200"}')).toBe(2);
    // Health probes are not counted (nor logged): only the five requests above are.
    const counted = text.split("\n").filter((l) => l.startsWith("http_requests_total{")).reduce((sum, l) => sum + Number(l.split(" ")[1]), 0);
    expect(counted).toBe(5);
  });

  it("counts a request whose client went away before an answer as 499, and an unusual method (refused) as other", async () => {
    const server = await startWithMetrics();
    const gone = send(server.url, "/gone");
    await vi.waitFor(() => expect(held).toHaveLength(1));
    gone.request.destroy();
    await logged("/:name");
    const { port } = new URL(server.url);
    const odd = httpRequest({ host: "127.0.0.1", port, path: "/odd", method: "PURGE", agent: false });
    odd.on("error", () => {});
    odd.end();
    // An unusual method is refused before React Router (and before its path is read).
    await vi.waitFor(() => expect(lines.some((l) => l.msg === "request" && l.method === "PURGE")).toBe(true));
    const text = await scrape(server);
    expect(value(text, 'http_requests_total{route="routes/page",method="GET",status="499"}')).toBe(1);
    expect(value(text, 'http_requests_total{route="refused",method="other",status="405"}')).toBe(1);
    expect(text).not.toContain('method="PURGE"');
  });

  it("serves them only on METRICS_PORT, only at /metrics; the public port's /metrics is React Router's like any path", async () => {
    const server = await startWithMetrics();
    expect(new URL(server.metricsUrl!).port).not.toBe(new URL(server.url).port);
    const publicMetrics = send(server.url, "/metrics");
    await vi.waitFor(() => expect(held.map((h) => h.path)).toEqual(["/metrics"]));
    held[0]!.answer();
    expect((await publicMetrics.response).body).toBe("page /metrics");

    const base = server.metricsUrl!.replace(/\/metrics$/, "");
    expect((await fetch(`${base}/`)).status).toBe(404);
    expect((await fetch(`${base}/metrics`, { method: "POST" })).status).toBe(405);
    expect((await fetch(`${base}/metrics`, { method: "HEAD" })).status).toBe(200);
  });

  it("has no metrics endpoint without METRICS_PORT", async () => {
    const options = readServerOptions({ PORT: "0", HOST: "127.0.0.1" }, "/");
    running = await startServer(metricsBuild, { ...options, buildDirectory });
    expect(running.metricsUrl).toBeNull();
  });
});
