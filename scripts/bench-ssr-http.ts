/**
 * Section `ssr` of `npm run bench` (issue 15, ADR 26): the app's pages as a deployment serves them.
 * Three processes besides the bench itself, all on this machine:
 *
 * - the backends: the mock gateway and CMS over real HTTP (mocks/http-provider.ts) and the
 *   search provider's protocol at the same origin (scripts/support/bench-backend.ts);
 * - the app: the production server (server.ts) on the production build, with
 *   GATEWAY_BASE_URL, CMS_BASE_URL and SEARCH_HOSTS pointing at the backends' process;
 * - the baseline: a bare React Router page (scripts/support/bench-bare.ts) served by the
 *   same production server code (scripts/support/bench-bare-server.ts).
 *
 * autocannon sends CONNECTIONS requests at a time for a few seconds per page, in rounds
 * that alternate the pages and the bare page, so a change in the machine's load hits them
 * alike; medians of the rounds are shown. The SSR process's own CPU time per request comes
 * from /proc/<pid>/stat (user + system) over each run, read again once the server is idle.
 *
 * Environment: BENCH_SECONDS (per run, default 4), BENCH_ROUNDS (default 5), BENCH_PAGES
 * (comma-separated parts of page names, to run only those; "route table" adds the bare page
 * in the app's route table, which the default run leaves out), BENCH_CPU_PROF (a directory:
 * the SSR process runs with --cpu-prof and writes its profile there when the section ends).
 */
import { type ChildProcess, fork } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { allOrganisations } from "../mocks/search/generate.ts";
import { BUILD_DIR, freePort, logIn, ROOT, type Server, startServer } from "./support/production-server.ts";
import { mark, median, sleep, table } from "./support/report.ts";

const CONNECTIONS = 50;
// Five short rounds rather than three long ones: a burst of other work on the machine then
// spoils one round of a page, which the median leaves out.
export const SECONDS = Number(process.env.BENCH_SECONDS || 4);
export const ROUNDS = Number(process.env.BENCH_ROUNDS || 5);
export const WARM_UP_SECONDS = 2;
/** Every page's p99 at most this many times the bare page's (issue 15). */
export const SEARCH_PATH = "/registration/education/organisation";
export const SEARCH = { indexName: "dev_organisations", appId: "embedded", apiKey: "embedded-search-key" };

interface Page {
  name: string;
  path: string;
  session: boolean;
  /** Text the page must contain: the right page, not a redirect or an error page. */
  marker: string;
  /** ≥ this share of the bare page's req/s, in the same run (issue 26: the one measure). */
  rpsTarget?: number;
  /** p99 at most this many times the bare page's (issue 26: home and CMS pages only; for the personal and search pages it is the CPU ratio again). */
  p99Target?: number;
  /** Each request a different search (a query no request before it asked): nothing cached helps. */
  distinctQueries?: boolean;
}

const PAGES: readonly Page[] = [
  { name: "home", path: "/", session: false, marker: "School and group visits</h1>", rpsTarget: 0.6, p99Target: 2 },
  { name: "CMS page", path: "/privacy", session: false, marker: "Privacy</h1>", rpsTarget: 0.6, p99Target: 2 },
  { name: "login", path: "/login", session: false, marker: "Log in</h1>" },
  { name: "account (logged in)", path: "/account", session: true, marker: "Your account</h1>", rpsTarget: 0.25 },
  { name: "booking date step (logged in)", path: "/account/book/date", session: true, marker: "Choose a museum and a date", rpsTarget: 0.22 },
  { name: "organisation search (same page)", path: SEARCH_PATH, session: false, marker: "Find your organisation", rpsTarget: 0.16 },
  { name: "organisation search (new query each)", path: SEARCH_PATH, session: false, marker: "Find your organisation", distinctQueries: true },
];
const BARE = "bare React Router page";
/**
 * The bare page again, in a build with the app's route table (every route, none of its code):
 * what React Router's per-request work over that table costs (matching, the route objects it
 * makes per request, the partial manifest), at the paths of home and of the booking date step.
 */
const BARE_IN_TABLE: readonly Page[] = [
  { name: "bare page, app's route table, at /", path: "/", session: false, marker: "<h1>Bare</h1>" },
  { name: "bare page, app's route table, at /account/book/date", path: "/account/book/date", session: false, marker: "<h1>Bare</h1>" },
];

// ---- the processes ----

export interface BackendStats {
  requests: number;
  cpuMs: number;
  rssBytes: number;
}

export interface Backend {
  url: string;
  child: ChildProcess;
  stats: () => Promise<BackendStats>;
}

/** The backends' process (scripts/support/bench-backend.ts); `env` adds to this process's environment (e.g. SEED_ORDERS). */
export async function startBackend(env: Record<string, string> = {}): Promise<Backend> {
  const child = fork(path.join(ROOT, "scripts/support/bench-backend.ts"), {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(await freePort()) },
    execArgv: ["--import", "./scripts/support/ts-resolve.ts"],
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once("message", (message) => resolve((message as { url: string }).url));
    child.once("exit", (code) => reject(new Error(`the backends' process exited (${code})`)));
  });
  const stats = () =>
    new Promise<BackendStats>((resolve) => {
      child.once("message", (message) => resolve(message as BackendStats));
      child.send("stats");
    });
  return { url, child, stats };
}

/** The SSR process's environment for reaching the backends' process. */
export function backendEnv(backend: Backend): Record<string, string> {
  return {
    GATEWAY_BASE_URL: `${backend.url}/gateway`,
    CMS_BASE_URL: `${backend.url}/cms`,
    SEARCH_HOSTS: backend.url,
    SEARCH_INDEX_NAME: SEARCH.indexName,
    SEARCH_APP_ID: SEARCH.appId,
    SEARCH_API_KEY: SEARCH.apiKey,
  };
}

/** The process's CPU time so far (user + system), ms, from /proc (Linux; 10 ms ticks). */
export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields 14 and 15: utime and stime in clock ticks (100 a second on Linux).
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Resolves once the child has exited (after SIGTERM, SIGKILL 20 s later). */
export function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill("SIGKILL"), 20_000);
    child.once("exit", () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/**
 * Waits until the server is idle: /healthz answered within 20 ms three times running.
 * autocannon stops without waiting for its last requests; their CPU time belongs to the
 * run that sent them, and must not slow the next.
 */
export async function settle(origin: string): Promise<void> {
  const deadline = performance.now() + 60_000;
  let quick = 0;
  while (quick < 3 && performance.now() < deadline) {
    const started = performance.now();
    try {
      await (await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(10_000) })).text();
      quick = performance.now() - started < 20 ? quick + 1 : 0;
    } catch {
      quick = 0;
    }
    await sleep(50);
  }
}

// ---- one run ----

export interface Subject {
  name: string;
  server: Server;
  path: string;
  headers: Record<string, string>;
  marker: string;
  /** The path of each request, when they differ. */
  nextPath?: () => string;
  page?: Page;
}

export interface Run {
  rps: number;
  p50: number;
  p99: number;
  /** SSR process CPU ms per request sent. */
  cpuMs: number;
  backendCalls: number;
  backendCpuMs: number;
  /** Errors, time-outs, answers other than 200, and pages without their marker. */
  failures: number;
}

export async function load(subject: Subject, backend: Backend, seconds: number): Promise<Run> {
  const pid = subject.server.child.pid!;
  const cpuBefore = processCpuMs(pid);
  const backendBefore = await backend.stats();
  let wrongPages = 0;
  const result = await autocannon({
    url: `${subject.server.origin}${subject.path}`,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 10,
    headers: subject.headers,
    requests: [
      {
        ...(subject.nextPath ? { setupRequest: (request: autocannon.Request) => ({ ...request, path: subject.nextPath!() }) } : {}),
        onResponse: (status: number, body: string) => {
          if (status === 200 && !body.includes(subject.marker)) wrongPages++;
        },
      },
    ],
  });
  await settle(subject.server.origin);
  const backendAfter = await backend.stats();
  const sent = Math.max(1, result.requests.sent);
  return {
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMs: (processCpuMs(pid) - cpuBefore) / sent,
    backendCalls: (backendAfter.requests - backendBefore.requests) / sent,
    backendCpuMs: (backendAfter.cpuMs - backendBefore.cpuMs) / sent,
    failures: result.errors + result.timeouts + result.non2xx + wrongPages,
  };
}

/** Organisation names (of an index of `count` generated ones), in a fixed shuffled order: a new search for each request of the cold runs. */
export function distinctQueries(count?: number): () => string {
  const names = [...new Set(allOrganisations(count).map((o) => o.name))];
  let seed = 15;
  for (let i = names.length - 1; i > 0; i--) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = seed % (i + 1);
    [names[i], names[j]] = [names[j]!, names[i]!];
  }
  let next = 0;
  return () => `${SEARCH_PATH}?q=${encodeURIComponent(names[next++ % names.length]!)}`;
}

// ---- the section ----

const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2));
const percent = (ratio: number) => `${(ratio * 100).toFixed(0)}%`;

export async function ssrHttpSection(): Promise<void> {
  if (!existsSync(path.join(ROOT, BUILD_DIR, "server", "index.js"))) throw new Error(`no server build in ${BUILD_DIR}/: run \`npm run build\` first`);
  const only = process.env.BENCH_PAGES?.split(",").map((s) => s.trim().toLowerCase()).filter(Boolean);
  const chosen = (page: Page) => !only || only.some((part) => page.name.toLowerCase().includes(part));
  const pages = PAGES.filter(chosen);
  // Only when asked for by name: a fourth server on two CPUs moved the other pages' figures
  // (home 1.07 → 1.4 ms of CPU a request in the same build), so the default run has none.
  const inTable = only ? BARE_IN_TABLE.filter(chosen) : [];
  const profileDir = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : undefined;

  const backend = await startBackend();
  const children: ChildProcess[] = [backend.child];
  try {
    const env = backendEnv(backend);
    const app = await startServer(await freePort(), env, profileDir ? { nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] } : {});
    children.push(app.child);
    const bare = await startServer(await freePort(), env, { script: "scripts/support/bench-bare-server.ts" });
    children.push(bare.child);
    const bareTable = inTable.length ? await startServer(await freePort(), { ...env, BARE_ROUTE_TABLE: "app" }, { script: "scripts/support/bench-bare-server.ts" }) : null;
    if (bareTable) children.push(bareTable.child);
    const cookie = await logIn(app.origin);

    const subjects: Subject[] = [
      { name: BARE, server: bare, path: "/", headers: {}, marker: "<h1>Bare</h1>" },
      ...pages.map((page) => ({
        name: page.name,
        server: app,
        path: page.path,
        headers: page.session ? { cookie } : ({} as Record<string, string>),
        marker: page.marker,
        page,
        ...(page.distinctQueries ? { nextPath: distinctQueries() } : {}),
      })),
      ...inTable.map((page) => ({ name: page.name, server: bareTable!, path: page.path, headers: {}, marker: page.marker, page })),
    ];
    for (const subject of subjects) {
      const response = await fetch(`${subject.server.origin}${subject.nextPath?.() ?? subject.path}`, { headers: subject.headers, redirect: "manual" });
      const body = await response.text();
      if (response.status !== 200 || !body.includes(subject.marker)) throw new Error(`${subject.name} (${subject.path}) answered ${response.status} without "${subject.marker}"`);
      await load(subject, backend, WARM_UP_SECONDS);
    }

    const runs = new Map<string, Run[]>(subjects.map((s) => [s.name, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const subject of subjects) runs.get(subject.name)!.push(await load(subject, backend, SECONDS));
    }
    const summary = (name: string) => {
      const of = runs.get(name)!;
      const mid = (pick: (run: Run) => number) => median(of.map(pick));
      return {
        rps: mid((r) => r.rps),
        p50: mid((r) => r.p50),
        p99: mid((r) => r.p99),
        cpuMs: mid((r) => r.cpuMs),
        cpuRange: [Math.min(...of.map((r) => r.cpuMs)), Math.max(...of.map((r) => r.cpuMs))] as const,
        backendCalls: mid((r) => r.backendCalls),
        backendCpuMs: mid((r) => r.backendCpuMs),
        failures: of.reduce((sum, r) => sum + r.failures, 0),
      };
    };
    const floor = summary(BARE);
    const missed: string[] = [];
    const judged = (pass: boolean, what: string) => {
      if (!pass) missed.push(what);
      return mark(pass);
    };

    const throughputRows = subjects.map(({ name, page }) => {
      const s = summary(name);
      const ratio = s.rps / floor.rps;
      const p99Ratio = s.p99 / floor.p99;
      return [
        name,
        s.rps.toFixed(0),
        page ? percent(ratio) : "",
        page?.rpsTarget ? `≥ ${percent(page.rpsTarget)}` : "",
        page?.rpsTarget ? judged(ratio >= page.rpsTarget, `${name}: req/s ${percent(ratio)} of the bare page`) : "",
        String(s.p50),
        String(s.p99),
        page ? `${p99Ratio.toFixed(1)}×` : "",
        page?.p99Target ? judged(p99Ratio <= page.p99Target, `${name}: p99 ${p99Ratio.toFixed(1)}× the bare page's (≤ ${page.p99Target}×)`) : "",
        String(s.failures),
      ];
    });
    const cpuRows = subjects.map(({ name, page }) => {
      const s = summary(name);
      return [
        name,
        ms(s.cpuMs),
        `${ms(s.cpuRange[0])}–${ms(s.cpuRange[1])}`,
        page ? percent(floor.cpuMs / s.cpuMs) : "",
        page ? s.backendCalls.toFixed(1) : "",
        page ? ms(s.backendCpuMs) : "",
      ];
    });

    console.log(
      `Over HTTP, ${CONNECTIONS} connections (autocannon), ${ROUNDS} rounds of ${SECONDS} s per page alternating with the bare page, medians shown.\n` +
        "The app: server.ts on the production build, its gateway, CMS and search provider over HTTP in a process of their own\n" +
        "(the mock backend of mocks/http-provider.ts). The bare page: one React Router route of the same build served by the same\n" +
        "server code (server/app-server.ts). Search: \"same page\" asks the same search every time (what a warm cache would serve);\n" +
        "\"new query each\" asks a different organisation's name in every request (cold). All processes share this machine's CPUs,\n" +
        "so req/s and latency move with its load; the ratios and the CPU time per request are what to compare.\n",
    );
    console.log(table(["page", "req/s", "vs bare", "target", "", "p50 ms", "p99 ms", "p99 vs bare", "p99 target", "failures"], throughputRows));
    console.log(
      "\nCPU time per request: the SSR process's own (user + system, /proc/<pid>/stat over the run, divided by requests sent),\n" +
        "and what each page asks of the backends' process (its HTTP requests and CPU time per page request); \"rounds\": the lowest and\n" +
        "highest of the rounds, how much the machine's other work moved the figure. \"bare ÷ page\" is what\n" +
        "the req/s ratio would be with the SSR process on a CPU of its own, the load generator and backends elsewhere; here they\n" +
        "share this machine's CPUs, which lowers the measured ratio of the pages that call the backends most.\n",
    );
    console.log(table(["page", "SSR CPU ms/req", "rounds", "bare ÷ page", "backend calls/req", "backend CPU ms/req"], cpuRows));
    const failures = subjects.reduce((sum, s) => sum + summary(s.name).failures, 0);
    console.log(
      `\nTargets: ${missed.length === 0 ? "all met" : `${missed.length} missed`}.` +
        (missed.length ? `\n${missed.map((m) => `  ✘ ${m}`).join("\n")}` : "") +
        (failures ? `\n✘ ${failures} failed requests (errors, time-outs, answers other than 200 or the wrong page): the figures above are not to be trusted.` : ""),
    );
    if (profileDir) {
      console.log(`\nThe SSR process's CPU profile is written to ${profileDir} as it stops; summarise it with\n  node scripts/support/bench-profile.ts ${profileDir}/<file>.cpuprofile`);
    }
  } finally {
    await Promise.all(children.map(stop));
  }
}
