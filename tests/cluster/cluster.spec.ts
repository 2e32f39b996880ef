import { spawnSync } from "node:child_process";
import type { Page, Response } from "@playwright/test";
import { PASSWORD, VENUES, acceptTermsAndConfirm, bookToReview, chooseDay, expectStep, monthAhead, startAt } from "../e2e/booking-support";
import { DEMO, expect, logIn, test } from "../e2e/fixtures";
import { waitForHydration } from "../e2e/registration-support";
import { Cluster, SSR_IDS, type SsrId } from "./cluster";
import { HAPROXY_CFG, composeServices, durationMs, haproxyWorstDetectionMs } from "./deployment";

// The site as deploy/compose.yaml runs it (ADR 0023), on one machine: HAProxy with
// deploy/haproxy.cfg doing round robin without stickiness over two SSR processes, the
// mock gateway and CMS as an HTTP process of their own, Redis for the rate limits. In
// Chromium: a booking whose requests land on both processes; a process stopped with
// SIGTERM while it answers the user's "Confirm booking"; the login limit counted across
// both; Redis stopped. Each process says who it is in X-Served-By (INSTANCE_ID), and the
// proxy's log (JSON, with the same request ids) says where it sent each request.

/** RATE_LIMIT_LOGIN of both processes. */
const LOGIN_LIMIT = 8;
const cluster = new Cluster({ loginLimit: `${LOGIN_LIMIT}/600`, bookingLatencyMs: 1_500 });

const USERS = { booking: "booking.invoice@example.org", stopped: "booking.double@example.org" } as const;
const TOO_MANY = /There have been too many attempts from your network\. Wait \d+ (minutes?|seconds?) and try again\./;
const PROBES = /^\/(healthz|readyz)$/;

/** Login posts the SSR processes have answered so far (restarted ones' too), by their logs. */
const loginPosts = () =>
  cluster.started
    .filter((proc) => (SSR_IDS as readonly string[]).includes(proc.name))
    .flatMap((proc) => Cluster.requests(proc))
    .filter((r) => r.method === "POST" && /^\/login(\.data)?$/.test(String(r.path))).length;

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({}, testInfo) => {
  test.setTimeout(120_000);
  try {
    await cluster.start();
  } catch (error) {
    const files = await cluster.writeLogs(testInfo.outputPath("start-logs"));
    throw new Error(`${String(error)}\nThe processes' logs: ${files.join(", ")}`);
  }
});
test.afterAll(async () => {
  await cluster.stop();
});
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status === testInfo.expectedStatus) return;
  for (const file of await cluster.writeLogs(testInfo.outputPath("logs"))) {
    await testInfo.attach(file.split("/").pop()!, { path: file, contentType: "text/plain" });
  }
});

interface Seen {
  at: number;
  method: string;
  path: string;
  status: number;
  servedBy: string;
  requestId: string;
}

/** Every answer the page gets from the site, with the process that gave it. */
function watch(page: Page): Seen[] {
  const seen: Seen[] = [];
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (!url.origin.startsWith("http://127.0.0.")) return;
    const headers = response.headers();
    seen.push({
      at: Date.now(),
      method: response.request().method(),
      path: url.pathname,
      status: response.status(),
      servedBy: headers["x-served-by"] ?? "(none)",
      requestId: headers["x-request-id"] ?? "(none)",
    });
  });
  return seen;
}

const servedBy = (response: Response) => response.headers()["x-served-by"] as SsrId;
const other = (id: SsrId): SsrId => (id === "ssr1" ? "ssr2" : "ssr1");

/** Fills and sends the login form; resolves with the answer to its post. */
async function submitLogin(page: Page, email: string, password: string): Promise<Response> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname.startsWith("/login") && r.request().method() === "POST"),
    logIn(page, email, password),
  ]);
  return response;
}

async function acceptCookies(page: Page) {
  const accept = page.getByRole("button", { name: "Accept cookies" });
  if (await accept.isVisible()) await accept.click();
}

/**
 * What the browser was told (X-Served-By) is what the proxy logged for the same request id.
 * Pages and their data only: HAProxy logs a request when its answer has gone, and a script
 * file the browser stopped loading when the test moved on is logged only once its kept-alive
 * connection closes, long after this looks.
 */
async function expectProxyAgrees(seen: Seen[]) {
  await expect
    .poll(() => {
      const proxied = new Map(cluster.proxied().map((p) => [p.requestId, p.server]));
      return seen.filter((s) => !s.path.startsWith("/assets/") && proxied.get(s.requestId) !== s.servedBy).map((s) => `${s.method} ${s.path} ${s.requestId}: ${s.servedBy} / ${proxied.get(s.requestId)}`);
    })
    .toEqual([]);
}

test("the deployment files agree: readiness noticed within the shutdown delay, a stop grace above delay + deadline, and haproxy.cfg valid for compose", () => {
  const services = composeServices();
  const ssr = services.ssr!;
  const environment = ssr.environment ?? {};
  for (const name of ["SESSION_SECRET", "GATEWAY_BASE_URL", "CMS_BASE_URL", "REDIS_URL"]) expect(environment[name], name).toBeTruthy();
  expect(environment.SESSION_SECRET).toMatch(/^\$\{SESSION_SECRET:\?/);
  expect(environment.TRUST_PROXY_HOPS).toBe("1");
  const delay = Number(environment.SHUTDOWN_DELAY_MS);
  const deadline = Number(environment.SHUTDOWN_TIMEOUT_MS);
  expect(delay, "SHUTDOWN_DELAY_MS covers HAProxy's slowest detection").toBeGreaterThan(haproxyWorstDetectionMs());
  expect(durationMs(ssr.stop_grace_period ?? "10s"), "stop_grace_period").toBeGreaterThan(delay + deadline);
  expect(services.proxy?.volumes).toContain("./haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro");
  expect(ssr.deploy?.replicas).toBeGreaterThanOrEqual(2);

  // The compose branch (server-template over Docker's DNS), which this machine cannot run.
  const check = spawnSync(cluster.haproxyPath, ["-c", "-f", HAPROXY_CFG], { encoding: "utf8", env: { PATH: process.env.PATH ?? "" } });
  expect(check.status, check.stderr).toBe(0);
});

test("a user logs in through one process and books a visit, with requests landing on both", async ({ page }) => {
  const seen = watch(page);
  await page.goto("/login");
  await waitForHydration(page);
  const login = await submitLogin(page, USERS.booking, PASSWORD);
  const loggedInAt = Date.now();
  const loggedInBy = servedBy(login);
  expect(SSR_IDS).toContain(loggedInBy);
  await expect(page).toHaveURL(/\/account$/);
  await acceptCookies(page);

  await startAt(page, VENUES.natural, monthAhead(2));
  await bookToReview(page, {
    day: 1,
    group: { bands: { "aged 16–18": 25 }, adults: 1, lunch: false },
    activity: "Planetarium show",
    people: 26,
    payment: "Pay by invoice",
  });
  await acceptTermsAndConfirm(page, /^Confirm booking$/);
  await expect(page).toHaveURL(/\/account\/book\/confirmation\?orderId=/);
  await expect(page.getByRole("heading", { level: 1, name: "Your visit is booked" })).toBeVisible();
  const reference = (await page.locator("strong", { hasText: /^GV-\d+$/ }).textContent())!;
  await page.getByRole("link", { name: "View your order" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Order ${reference}` })).toBeVisible();

  // Every answer came from one of the two processes (an answer without X-Served-By, seen
  // once in a full run and not since, is named here: what it was, its status)…
  expect(seen.filter((s) => s.servedBy === "(none)").map((s) => `${s.method} ${s.path} ${s.status}`), "answers no SSR process gave").toEqual([]);
  // No stickiness: both processes answered this one user's pages…
  expect(new Set(seen.map((s) => s.servedBy))).toEqual(new Set(SSR_IDS));
  // …and the session the one signed at login was read by the other.
  const elsewhere = seen.filter((s) => s.at > loggedInAt && s.servedBy !== loggedInBy && s.path.startsWith("/account/") && s.status === 200);
  expect(elsewhere.length, "account pages answered by the process that did not log the user in").toBeGreaterThan(0);
  expect(seen.filter((s) => s.status >= 500)).toEqual([]);
  await expectProxyAgrees(seen);
});

test("SIGTERM to the process answering 'Confirm booking': the booking completes, the next steps go to the other process, nothing is lost", async ({ page }) => {
  const seen = watch(page);
  await page.goto("/login");
  await waitForHydration(page);
  await submitLogin(page, USERS.stopped, PASSWORD);
  await expect(page).toHaveURL(/\/account$/);
  await acceptCookies(page);
  await startAt(page, VENUES.natural, monthAhead(3));
  await bookToReview(page, {
    day: 1,
    group: { bands: { "aged 11–16": 20 }, adults: 2, lunch: false },
    activity: "Planetarium show",
    people: 22,
    payment: "Pay by invoice",
  });

  // The checkout takes 1.5 s at the mock gateway: stop the process that is answering it.
  await page.getByLabel("I have read and agree to the terms of booking").check();
  const checkout = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/account/book/review"));
  await page.getByRole("button", { name: /^Confirm booking$/ }).click();
  const victim = await cluster.busyServer();
  const survivor = other(victim);
  const stopping = cluster.ssr.get(victim)!;
  const signalled = Date.now();
  stopping.child.kill("SIGTERM");

  // While it drains it is alive (/healthz) but not ready (/readyz), so the proxy takes it out.
  const [live, ready] = await Promise.all([fetch(`${cluster.ssrUrl(victim)}/healthz`), fetch(`${cluster.ssrUrl(victim)}/readyz`)]);
  expect([live.status, ready.status]).toEqual([200, 503]);

  // The request in flight was the checkout, and it finished.
  const checkedOut = await checkout;
  expect(servedBy(checkedOut)).toBe(victim);
  expect(checkedOut.status()).toBeLessThan(400);
  await expect(page).toHaveURL(/\/account\/book\/confirmation\?orderId=/);
  await expect(page.getByRole("heading", { level: 1, name: "Your visit is booked" })).toBeVisible();
  const reference = (await page.locator("strong", { hasText: /^GV-\d+$/ }).textContent())!;

  const down = await cluster.waitForState(victim, "DOWN", signalled);
  const next = seen.length;

  // The user's next steps: the order, the list of orders (it is there once), a new booking.
  await page.getByRole("link", { name: "View your order" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Order ${reference}` })).toBeVisible();
  await page.goto("/account/orders");
  await expect(page.getByRole("link", { name: reference, exact: true })).toHaveCount(1);
  await startAt(page, VENUES.natural, monthAhead(4));
  await chooseDay(page, 0);
  await expectStep(page, "information", "About your group");

  const after = seen.slice(next);
  expect(after.length).toBeGreaterThan(3);
  expect(after.filter((s) => s.servedBy !== survivor || s.status >= 400)).toEqual([]);
  expect(seen.filter((s) => s.status >= 500)).toEqual([]);
  await expectProxyAgrees(seen);

  // The stopped process finished what it had and exited 0…
  expect(await stopping.exited).toEqual({ code: 0, signal: null });
  const said = (msg: string) => stopping.lines.find((l) => l.json?.msg === msg);
  expect(Number(said("shutting down")?.json?.inFlight)).toBeGreaterThanOrEqual(1);
  const answered = Cluster.requests(stopping).find((r) => r.requestId === checkedOut.headers()["x-request-id"]);
  expect(answered).toMatchObject({ method: "POST", status: checkedOut.status() });
  expect(answered).not.toHaveProperty("aborted");
  expect(answered!.ended).toBeGreaterThan(signalled);
  // …and the proxy had taken it out before it stopped accepting connections.
  expect(said("no longer accepting connections")!.at).toBeGreaterThan(down.at);

  // No request was sent to it once it was out of rotation: not by the proxy's log, nor by its own.
  expect(cluster.proxied().filter((p) => p.server === victim && p.received > down.at)).toEqual([]);
  expect(Cluster.requests(stopping).filter((r) => !PROBES.test(String(r.path)) && r.started > down.at)).toEqual([]);
  // The proxy never retried, nor cut an answer off, and no answer was a 5xx.
  expect(cluster.proxied().filter((p) => p.retries > 0 || p.status >= 500 || !/^[-C]/.test(p.termination))).toEqual([]);

  // Started again (as an orchestrator replaces a task), it is back in rotation once ready.
  const restarted = Date.now();
  await cluster.startSsr(victim);
  await cluster.waitForState(victim, "UP", restarted);
});

test("the login limit holds across both processes: within one request of RATE_LIMIT_LOGIN, then both refuse", async ({ page }) => {
  // Every post from this machine counts against one limit (the proxy forwards 127.0.0.1),
  // the earlier tests' logins included: read from both processes' logs how many there were.
  const counted = loginPosts();
  expect(counted).toBeLessThan(LOGIN_LIMIT - 2);
  await page.goto("/login");
  await waitForHydration(page);
  const outcomes: { status: number; servedBy: string }[] = [];
  const refusedBy = () => new Set(outcomes.filter((o) => o.status === 429).map((o) => o.servedBy));
  for (let attempt = 1; attempt <= 2 * LOGIN_LIMIT + 4 && refusedBy().size < SSR_IDS.length; attempt++) {
    // A new address each time: the mock gateway has a per-address limit of its own.
    const response = await submitLogin(page, `limit.${attempt}@example.org`, "not-the-password");
    outcomes.push({ status: response.status(), servedBy: servedBy(response) });
  }
  const allowed = outcomes.findIndex((o) => o.status === 429);
  expect(allowed, `a refusal came: ${JSON.stringify(outcomes)}`).toBeGreaterThan(-1);
  expect(Math.abs(counted + allowed - LOGIN_LIMIT), `${counted} + ${allowed} posts allowed, limit ${LOGIN_LIMIT}`).toBeLessThanOrEqual(1);
  expect(outcomes.slice(0, allowed).map((o) => o.status)).toEqual(Array(allowed).fill(401));
  // The attempts that counted went to both processes, and after the limit both refuse.
  expect(new Set(outcomes.slice(0, allowed).map((o) => o.servedBy))).toEqual(new Set(SSR_IDS));
  const refused = outcomes.slice(allowed);
  expect(refused.map((o) => o.status)).toEqual(Array(refused.length).fill(429));
  expect(refusedBy()).toEqual(new Set(SSR_IDS));
  await expect(page.getByRole("alert")).toHaveText(TOO_MANY);
});

test("with Redis stopped the site keeps serving, and each process logs the limiter's state once, not per request", async ({ page }) => {
  const seen = watch(page);
  const stoppedAt = Date.now();
  await cluster.stopRedis();

  for (const path of ["/", "/login", "/"]) expect((await page.goto(path))?.status(), path).toBe(200);
  await page.goto("/login");
  await waitForHydration(page);
  // The shared count for this machine was used up by the test before: these posts are
  // answered because each process now counts on its own (fail open, ADR 0022).
  for (let attempt = 1; attempt <= LOGIN_LIMIT; attempt++) {
    const started = Date.now();
    const response = await submitLogin(page, `outage.${attempt}@example.org`, "not-the-password");
    expect(response.status()).toBe(401);
    // A dead Redis does not slow the pages.
    expect(Date.now() - started).toBeLessThan(3_000);
  }
  const login = await submitLogin(page, DEMO.email, DEMO.password);
  expect(login.status()).toBeLessThan(400);
  await expect(page).toHaveURL(/\/account$/);
  expect(new Set(seen.map((s) => s.servedBy))).toEqual(new Set(SSR_IDS));
  expect(seen.filter((s) => s.status >= 500)).toEqual([]);

  const limiterLines = (id: SsrId, since: number, pattern: RegExp) =>
    cluster.ssr.get(id)!.lines.filter((l) => l.at >= since && pattern.test(String(l.json?.msg ?? l.text)));
  for (const id of SSR_IDS) expect(limiterLines(id, stoppedAt, /limiter store unreachable/i), id).toHaveLength(1);

  // Redis back: each process says so once (on reconnecting), and goes on serving.
  const restartedAt = Date.now();
  await cluster.startRedis();
  await expect.poll(() => SSR_IDS.map((id) => limiterLines(id, restartedAt, /limiter store back/i).length), { timeout: 15_000 }).toEqual([1, 1]);
  for (const path of ["/account/orders", "/account"]) expect((await page.goto(path))?.status(), path).toBe(200);
  expect(seen.filter((s) => s.status >= 500)).toEqual([]);
  for (const id of SSR_IDS) expect(limiterLines(id, stoppedAt, /limiter store unreachable/i), id).toHaveLength(1);
});
