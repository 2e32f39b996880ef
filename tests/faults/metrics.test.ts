import { join } from "node:path";
import { http, passthrough } from "msw";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SCHEMA_DOCUMENTS } from "../../app/api/validation.server";
import { startServer, type RunningServer } from "../../server/app-server.ts";
import { readServerOptions } from "../../server/options.ts";
import { startApp, type App } from "./support/app";
import { FAULTS, faultHandler } from "./support/faults";
import { FAULT_ORIGINS, FAULTS_BUILD_DIR, ROOT } from "./support/paths";

// /metrics of the production server build (ADR 0022), served by server/app-server.ts as in
// production: the counters move with the requests and backend calls the pages make, the
// route label is React Router's route id, and the public port never serves the metrics.

// One JSON line per request would only clutter the test's output.
vi.mock("../../server/log.ts", () => ({ log: () => {}, errorFields: (error: unknown) => ({ error: String(error) }) }));

let app: App;
let withMetrics: RunningServer;
let withoutMetrics: RunningServer;

/** The suite's MSW backend answers every request of this process: the test's own to the servers go through. */
const toTheServers = http.all(/^http:\/\/(127\.0\.0\.1|localhost):\d+\//, () => passthrough());
function resetBackend() {
  app.embedded.server.resetHandlers();
  app.embedded.server.use(toTheServers);
}

beforeAll(async () => {
  app = await startApp({ timeoutMs: 150 });
  resetBackend();
  const start = (env: Record<string, string>) =>
    startServer(app.build, readServerOptions({ PORT: "0", HOST: "127.0.0.1", BUILD_DIR: join(ROOT, FAULTS_BUILD_DIR), ...env }, ROOT));
  withMetrics = await start({ METRICS_PORT: "0" });
  withoutMetrics = await start({});
});

afterAll(async () => {
  for (const server of [withMetrics, withoutMetrics]) {
    server?.server.closeAllConnections();
    await server?.shutdown("test over");
  }
  app?.close();
});

/** A request to the site, its answer read to the end (only then is it counted). */
async function get(url: string, init?: RequestInit): Promise<number> {
  const response = await fetch(url, init);
  await response.text();
  return response.status;
}

async function scrape(): Promise<string> {
  const response = await fetch(withMetrics.metricsUrl!);
  expect(response.status).toBe(200);
  return response.text();
}

/** One series' value in the scraped text (0 when absent). */
function value(text: string, series: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

const homeRequests = 'http_requests_total{route="routes/home",method="GET",status="200"}';
const getSiteCalls = (outcome: string) => `backend_call_duration_seconds_count{service="cms",operation="getSite",outcome="${outcome}"}`;

describe("metrics of the production server", () => {
  it("count page requests by route id and status, and the backend calls they made by operation and outcome", async () => {
    const before = await scrape();
    expect(await get(`${withMetrics.url}/`)).toBe(200);
    expect(await get(`${withMetrics.url}/_.data`)).toBe(200);
    expect(await get(`${withMetrics.url}/no/such/page`)).toBe(404);
    // A request is counted when its response closes on the server, a moment after the client has it all.
    const after = await vi.waitFor(async () => {
      const text = await scrape();
      expect(value(text, homeRequests) - value(before, homeRequests)).toBe(2);
      return text;
    });

    expect(value(after, 'http_request_duration_seconds_count{route="routes/home",method="GET",status="200"}')).toBe(value(after, homeRequests));
    expect(value(after, 'http_requests_total{route="routes/not-found",method="GET",status="404"}')).toBe(1);
    expect(value(after, getSiteCalls("ok"))).toBeGreaterThan(value(before, getSiteCalls("ok")));
    expect(value(after, "http_requests_in_flight")).toBe(0);
  });

  it("count a backend time-out and a failure per operation, with the page's status", async () => {
    const getSite = SCHEMA_DOCUMENTS.cms.operations.getSite!;
    const before = await scrape();
    for (const name of ["timeout", "500"] as const) {
      const fault = FAULTS.find((f) => f.name === name)!;
      app.embedded.server.use(faultHandler(FAULT_ORIGINS.cms, getSite.method, getSite.path, fault, 200));
      const status = await get(`${withMetrics.url}/`);
      resetBackend();
      expect(status).toBe(fault.expected);
    }
    const after = await vi.waitFor(async () => {
      const text = await scrape();
      expect(value(text, 'http_requests_total{route="routes/home",method="GET",status="502"}')).toBe(1);
      return text;
    });
    expect(value(after, getSiteCalls("timeout")) - value(before, getSiteCalls("timeout"))).toBeGreaterThanOrEqual(1);
    expect(value(after, getSiteCalls("error")) - value(before, getSiteCalls("error"))).toBeGreaterThanOrEqual(1);
    expect(value(after, 'http_requests_total{route="routes/home",method="GET",status="504"}')).toBe(1);
    expect(value(after, 'http_requests_total{route="routes/home",method="GET",status="502"}')).toBe(1);
  });

  it("count a form post by its route, and a rate-limit store only when one is configured", async () => {
    const status = await get(`${withMetrics.url}/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin" },
      body: new URLSearchParams({ email: "metrics.test@example.org", password: "not-the-password" }),
    });
    expect(status).toBe(401);
    const text = await vi.waitFor(async () => {
      const scraped = await scrape();
      expect(value(scraped, 'http_requests_total{route="routes/login",method="POST",status="401"}')).toBe(1);
      return scraped;
    });
    expect(value(text, 'backend_call_duration_seconds_count{service="gateway",operation="login",outcome="refused"}')).toBe(1);
    // No REDIS_URL here: no store, so no store series (not a misleading 0).
    expect(text).not.toContain("rate_limit_store_up{");
  });

  it("are not served to the public: /metrics on the site's port is an ordinary 404 page, on either server", async () => {
    expect(withoutMetrics.metricsUrl).toBeNull();
    for (const server of [withMetrics, withoutMetrics]) {
      const response = await fetch(`${server.url}/metrics`);
      const body = await response.text();
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      expect(body).not.toContain("http_requests_total");
      expect(body).not.toContain("backend_call_duration_seconds");
    }
    // ...while the metrics port answers it.
    expect(new URL(withMetrics.metricsUrl!).port).not.toBe(new URL(withMetrics.url).port);
    expect(await scrape()).toContain("# TYPE http_requests_total counter");
  });
});
