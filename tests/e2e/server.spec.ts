import { expect, test } from "@playwright/test";
import { holdRequest, startServerProcess, type ServerProcess } from "./server-process";

// The production server itself (server.ts, ADR 0010), each test on its own process and
// port over the same build as the rest of the e2e run. No browser needed.

// Each test starts a server (a few seconds: the embedded default builds its search index).
test.describe.configure({ timeout: 60_000 });

let server: ServerProcess | undefined;
test.afterEach(async () => {
  await server?.stop();
  server = undefined;
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

test("health and readiness, request ids, and one JSON log line per request", async () => {
  server = await startServerProcess();

  const health = await fetch(`${server.url}/healthz`);
  expect(health.status).toBe(200);
  expect(await health.json()).toEqual({ status: "ok" });
  const ready = await fetch(`${server.url}/readyz`);
  expect(ready.status).toBe(200);
  expect(await ready.json()).toMatchObject({ status: "ready", ready: true, embedded: true });

  // A valid id from the load balancer is kept; an invalid one is replaced.
  const home = await fetch(`${server.url}/?q=not-logged`, { headers: { "X-Request-Id": "lb-trace-0123456789" } });
  expect(home.status).toBe(200);
  expect(home.headers.get("x-request-id")).toBe("lb-trace-0123456789");
  await home.text();
  const odd = await fetch(`${server.url}/login`, { headers: { "X-Request-Id": "bad id <script>" } });
  expect(odd.headers.get("x-request-id")).toMatch(UUID);
  await odd.text();

  await expect.poll(() => server!.logs.find((l) => l.requestId === "lb-trace-0123456789")).toBeTruthy();
  const line = server.logs.find((l) => l.requestId === "lb-trace-0123456789")!;
  expect(line).toMatchObject({ level: "info", msg: "request", method: "GET", path: "/", status: 200 });
  expect(typeof line.durationMs).toBe("number");
  expect(typeof line.time).toBe("string");
  // The query string (which can hold what people typed) is not logged.
  expect(JSON.stringify(server.logs)).not.toContain("not-logged");
  // Successful probes are not logged; pages are.
  expect(server.logs.filter((l) => l.path === "/healthz" || l.path === "/readyz")).toEqual([]);
});

test("the client build's assets are immutable and compressed; other paths go to the app", async () => {
  server = await startServerProcess();
  const html = await (await fetch(`${server.url}/`)).text();
  const script = /<link rel="modulepreload" href="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(script, "a module preload link on the home page").toBeTruthy();

  const asset = await fetch(`${server.url}${script}`, { headers: { "Accept-Encoding": "br, gzip" } });
  expect(asset.status).toBe(200);
  expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  expect(asset.headers.get("content-encoding")).toBe("br");
  expect(asset.headers.get("content-type")).toContain("text/javascript");
  // The security headers documents get (HSTS only in production, see the unit tests).
  expect(asset.headers.get("x-content-type-options")).toBe("nosniff");
  expect(asset.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  expect(asset.headers.get("permissions-policy")).toContain("microphone=(self)");
  expect(asset.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
  const etag = asset.headers.get("etag")!;
  await asset.arrayBuffer();
  const again = await fetch(`${server.url}${script}`, { headers: { "If-None-Match": etag } });
  expect(again.status).toBe(304);

  // Only files of the build are served: escaping the directory is not a file, it is the app's 404.
  const escape = await fetch(`${server.url}/assets/..%2f..%2fserver%2findex.js`);
  expect(escape.status).toBe(404);
  expect(escape.headers.get("content-type")).toContain("text/html");
});

test("a body still arriving is not in flight: pages are answered, and bodies beyond MAX_IN_FLIGHT get 503 with Retry-After at once", async () => {
  server = await startServerProcess({ MAX_IN_FLIGHT: "1", METRICS_PORT: "0" });
  const metrics = String(server.logs.find((l) => String(l.msg).startsWith("Listening on"))!.metrics);
  const held = await holdRequest(server.port);
  // The server is reading its body (server/body.ts): one request receiving.
  await expect.poll(async () => /^http_requests_receiving 1$/m.test(await (await fetch(metrics)).text())).toBe(true);

  // The slow post holds no place pages need (issue 21)…
  const page = await fetch(`${server.url}/`);
  expect(page.status).toBe(200);
  await page.text();
  // …but bodies have a bound of their own: a second one is refused before it is read.
  const started = performance.now();
  const shed = await fetch(`${server.url}/login`, { method: "POST", body: "email=a%40b.org", headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin" } });
  expect(shed.status).toBe(503);
  expect(shed.headers.get("retry-after")).toBe("1");
  expect(await shed.text()).toContain("busy");
  expect(performance.now() - started).toBeLessThan(1_000);
  // Health probes are never shed.
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

  const answer = await held.finish();
  expect(answer.status).toBeLessThan(500);
  expect(server.logs.some((l) => l.status === 503 && l.method === "POST")).toBe(true);
});

test("SIGTERM: stops accepting, finishes the request in flight, exits 0", async () => {
  server = await startServerProcess();
  const held = await holdRequest(server.port);

  server.child.kill("SIGTERM");
  await expect.poll(() => server!.logs.some((l) => l.msg === "shutting down")).toBe(true);
  // No new connections once draining.
  await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();

  // The request in flight still gets its whole answer, told that the connection closes.
  const answer = await held.finish();
  expect(answer.status).toBeLessThan(500);
  expect(answer.body).toContain("</html>");
  expect(answer.headers.connection).toBe("close");

  expect(await server.exited).toBe(0);
  expect(server.logs.at(-1)).toMatchObject({ msg: "stopped", exitCode: 0 });
});

test("SIGTERM with a request that does not finish: gives up at the deadline and exits 1", async () => {
  server = await startServerProcess({ SHUTDOWN_TIMEOUT_MS: "500" });
  await holdRequest(server.port);

  const signalled = performance.now();
  server.child.kill("SIGTERM");
  expect(await server.exited).toBe(1);
  expect(performance.now() - signalled).toBeLessThan(5_000);
  expect(server.logs.some((l) => String(l.msg).startsWith("shutdown deadline reached"))).toBe(true);
});
