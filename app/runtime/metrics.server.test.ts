import { beforeEach, describe, expect, it, vi } from "vitest";
import { call } from "../api/result.server";
import { countCacheLookup, metricsRegistry } from "./metrics.server";

// The app's metrics (ADR 0022): every backend call through call() is timed per operation
// with how it ended, and caches count their lookups through countCacheLookup.

/** The value of one series in the registry's text output (0 when absent). */
async function value(series: string): Promise<number> {
  const text = await metricsRegistry.metrics();
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

const count = (operation: string, outcome: string) =>
  value(`backend_call_duration_seconds_count{service="gateway",operation="${operation}",outcome="${outcome}"}`);

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

beforeEach(() => {
  metricsRegistry.resetMetrics();
  vi.restoreAllMocks();
});

describe("backend call metrics", () => {
  it("counts an answer as ok, with its time in the histogram", async () => {
    const accepted = { status: "accepted" };
    const result = await call("gateway", "subscribeToNewsletter", async () => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      return { data: accepted, response: json(202, accepted) };
    });
    expect(result.ok).toBe(true);
    expect(await count("subscribeToNewsletter", "ok")).toBe(1);
    const labels = 'service="gateway",operation="subscribeToNewsletter",outcome="ok"';
    expect(await value(`backend_call_duration_seconds_sum{${labels}}`)).toBeGreaterThanOrEqual(0.025);
    expect(await value(`backend_call_duration_seconds_bucket{le="0.01",${labels}}`)).toBe(0);
    expect(await value(`backend_call_duration_seconds_bucket{le="1",${labels}}`)).toBe(1);
  });

  it("counts a 4xx the route acts on as refused, a time-out as timeout, a 5xx or a dropped connection as error", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {}); // the [upstream] lines
    const problem = { type: "about:blank", title: "Unauthorized", status: 401 };
    const refused = await call("gateway", "login", async () => ({ error: problem, response: json(401, problem) }));
    expect(refused.ok).toBe(false);
    // Upstream failures are values (ADR 0021): counted as timeout or error, not thrown.
    expect(await call("gateway", "login", () => Promise.reject(new DOMException("late", "TimeoutError")))).toMatchObject({ upstream: true, status: 504 });
    expect(await call("gateway", "login", async () => ({ error: "down", response: new Response("down", { status: 503 }) }))).toMatchObject({ upstream: true, status: 503 });
    expect(await call("gateway", "login", () => Promise.reject(new TypeError("fetch failed")))).toMatchObject({ upstream: true, status: 502 });

    expect(await count("login", "refused")).toBe(1);
    expect(await count("login", "timeout")).toBe(1);
    expect(await count("login", "error")).toBe(2);
    expect(await count("login", "ok")).toBe(0);
  });
});

describe("cache lookups", () => {
  it("are counted per cache and outcome", async () => {
    countCacheLookup("cms-site", "hit");
    countCacheLookup("cms-site", "hit");
    countCacheLookup("cms-site", "miss");
    countCacheLookup("cms-page", "stale");
    expect(await value('cache_lookups_total{cache="cms-site",outcome="hit"}')).toBe(2);
    expect(await value('cache_lookups_total{cache="cms-site",outcome="miss"}')).toBe(1);
    expect(await value('cache_lookups_total{cache="cms-page",outcome="stale"}')).toBe(1);
    expect(await value('cache_lookups_total{cache="cms-page",outcome="hit"}')).toBe(0);
  });
});
