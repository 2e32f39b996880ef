import { join } from "node:path";
import { http, passthrough } from "msw";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { BACK_MESSAGE, createRateLimitStore, UNREACHABLE_MESSAGE, type RateLimitStore } from "../../app/security/rate-limit-store.server";
import { startServer, type RunningServer } from "../../server/app-server.ts";
import { readServerOptions } from "../../server/options.ts";
import { startApp, type App } from "./support/app";
import { FAULTS_BUILD_DIR, ROOT } from "./support/paths";
import { startRedis, type RedisServer } from "./support/redis";

// The production server build with REDIS_URL (ADR 0022), served by server/app-server.ts:
// its login limit is counted in Redis, so posts counted by another process (a second store
// on the same Redis, as the next process behind the balancer has) count here too; and with
// Redis killed the site keeps answering pages and posts, logging the change once.

vi.mock("../../server/log.ts", () => ({ log: () => {}, errorFields: (error: unknown) => ({ error: String(error) }) }));

let redis: RedisServer;
let app: App;
let site: RunningServer;
let otherProcess: RateLimitStore<"login">;
/** The app's own log lines about its store (app/runtime/log.server.ts writes JSON lines to stdout). */
const storeLines: { level: string; msg: string }[] = [];

beforeAll(async () => {
  redis = await startRedis();
  // Read by the build's configuration when it is imported (each test file has its own).
  vi.stubEnv("REDIS_URL", redis.url);
  vi.stubEnv("RATE_LIMIT_LOGIN", "3/60");
  vi.stubEnv("TRUST_PROXY_HOPS", "1");
  // Long, so that a worker starved of CPU by the other suites cannot turn an answer into a
  // time-out (tests/faults/rate-limit-store.test.ts checks the time-outs themselves).
  vi.stubEnv("REDIS_COMMAND_TIMEOUT_MS", "2000");
  const write = process.stdout.write.bind(process.stdout);
  vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
    for (const line of String(chunk).split("\n")) {
      if (line.includes('"msg":"limiter store')) storeLines.push(JSON.parse(line) as { level: string; msg: string });
    }
    return write(chunk, ...(rest as []));
  });

  app = await startApp({ timeoutMs: 1_000 });
  // The suite's MSW backend answers every request of this process: the test's own to the site go through.
  app.embedded.server.use(http.all(/^http:\/\/(127\.0\.0\.1|localhost):\d+\//, () => passthrough()));
  site = await startServer(app.build, readServerOptions({ PORT: "0", HOST: "127.0.0.1", METRICS_PORT: "0", BUILD_DIR: join(ROOT, FAULTS_BUILD_DIR) }, ROOT));
  otherProcess = createRateLimitStore({ login: { limit: 3, windowMs: 60_000 } }, { redisUrl: redis.url, commandTimeoutMs: 2_000, log: () => {} });
  await vi.waitFor(() => expect(otherProcess.state).toBe("shared"));
  await vi.waitFor(() => expect(storeLines.map((line) => line.msg)).toContain("limiter store connected, limits shared across processes"));
}, 120_000);

afterAll(async () => {
  site?.server.closeAllConnections();
  await site?.shutdown("test over");
  await otherProcess?.close();
  app?.close();
  await redis?.kill();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

/** A wrong-password login from `client` (X-Forwarded-For, one trusted proxy): its status, Retry-After and time. */
async function login(client: string): Promise<{ status: number; retryAfter: string | null; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${site.url}/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin", "X-Forwarded-For": client },
    body: new URLSearchParams({ email: `shared.limits+${Math.random()}@example.org`, password: "not-the-password" }),
  });
  await response.text();
  return { status: response.status, retryAfter: response.headers.get("Retry-After"), ms: performance.now() - started };
}

async function storeUp(): Promise<string | undefined> {
  const text = await (await fetch(site.metricsUrl!)).text();
  return text.split("\n").find((line) => line.startsWith('rate_limit_store_up{store="redis"}'))?.split(" ")[1];
}

describe("the login limit shared through Redis", () => {
  it("refuses a client whose posts another process counted, and the other process sees this one's", async () => {
    for (let i = 0; i < 3; i++) expect((await otherProcess.hit("login", "198.51.100.20")).ok).toBe(true);
    const refused = await login("198.51.100.20");
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(55);

    expect((await login("198.51.100.21")).status).toBe(401);
    expect((await login("198.51.100.21")).status).toBe(401);
    expect(await otherProcess.hit("login", "198.51.100.21")).toEqual({ ok: true, remaining: 0 });
    expect((await login("198.51.100.21")).status).toBe(429);
    expect(await storeUp()).toBe("1");
  });

  it("keeps serving when Redis is killed, counting per process, and logs the change once each way", async () => {
    await redis.kill();
    await vi.waitFor(() => expect(storeLines.filter((line) => line.msg === UNREACHABLE_MESSAGE)).toHaveLength(1));

    // Pages and posts are answered at once; this process now allows the limit on its own.
    expect((await fetch(`${site.url}/`)).status).toBe(200);
    const posts = [];
    for (let i = 0; i < 5; i++) posts.push(await login("198.51.100.30"));
    expect(posts.map((post) => post.status)).toEqual([401, 401, 401, 429, 429]);
    expect(posts[3]!.retryAfter).toBe("60");
    for (const post of posts) expect(post.ms).toBeLessThan(1_000);
    expect(await storeUp()).toBe("0");

    // However many posts and reconnection attempts: one warning.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(storeLines.filter((line) => line.msg === UNREACHABLE_MESSAGE)).toEqual([expect.objectContaining({ level: "warn" })]);

    await redis.restart();
    await vi.waitFor(() => expect(storeLines.filter((line) => line.msg === BACK_MESSAGE)).toHaveLength(1), { timeout: 10_000 });
    expect(await storeUp()).toBe("1");
    await vi.waitFor(() => expect(otherProcess.state).toBe("shared"), { timeout: 10_000 });
    // Shared again: the other process's posts count here.
    for (let i = 0; i < 3; i++) await otherProcess.hit("login", "198.51.100.31");
    expect((await login("198.51.100.31")).status).toBe(429);
    expect(storeLines.filter((line) => line.msg === UNREACHABLE_MESSAGE)).toHaveLength(1);
  }, 30_000);
});
