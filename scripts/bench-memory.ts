/**
 * Section `memory` of `npm run bench` (issue 26, ADR 37): where the SSR process's memory is,
 * at rest, under load and after it, from Node's diagnostic report (V8's heap by space and the
 * resident memory; scripts/support/memory-report.ts). Three set-ups, one after another:
 * the embedded default (its search index of 50,000 organisations in the SSR process), and the
 * backends over HTTP in a process of their own at 6,000 and at 100,000 organisations (the
 * index in the backends' process). Then the search index's own heap at each size, built in
 * this process. The load is the load test's: its pages, 100 connections, one after another.
 *
 * Environment: BENCH_SECONDS (per page, default 10), BENCH_PORT_BASE (ports).
 */
import type { ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import autocannon from "autocannon";
import { buildEngine } from "../mocks/search/engine.ts";
import { allOrganisations } from "../mocks/search/generate.ts";
import { type Backend, backendEnv, settle, startBackend, stop } from "./bench-ssr-http.ts";
import { type MemorySummary, summariseReport, takeReport } from "./support/memory-report.ts";
import { BUILD_DIR, freePort, logIn, ROOT, type Server, startServer } from "./support/production-server.ts";
import { sleep, table } from "./support/report.ts";

const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const CONNECTIONS = 100;
/** The load test's pages (scripts/load-test.ts). */
const ROUTES = [
  { path: "/", session: false },
  { path: "/login", session: false },
  { path: "/account", session: true },
  { path: "/registration/education/organisation", session: false },
  { path: "/account/book/date", session: true },
] as const;

interface SetUp {
  name: string;
  /** With backends over HTTP: SEED_ORGANISATIONS; else the embedded default. */
  organisations?: number;
}

const SET_UPS: readonly SetUp[] = [
  { name: "embedded default (50,000 organisations in this process)" },
  { name: "backends over HTTP, 6,000 organisations", organisations: 6_000 },
  { name: "backends over HTTP, 100,000 organisations", organisations: 100_000 },
];

async function report(server: Server, directory: string): Promise<MemorySummary> {
  const pid = server.child.pid!;
  server.child.kill("SIGUSR2");
  const deadline = performance.now() + 30_000;
  while (performance.now() < deadline) {
    const found = takeReport(directory, pid);
    if (found) return summariseReport(found);
    await sleep(100);
  }
  throw new Error("the SSR process wrote no diagnostic report within 30 s");
}

async function measure(setUp: SetUp, directory: string): Promise<{ moments: [string, MemorySummary][]; backendRss: [number, number] | null }> {
  const children: ChildProcess[] = [];
  try {
    let backend: Backend | null = null;
    let env: Record<string, string> = {};
    if (setUp.organisations !== undefined) {
      backend = await startBackend({ SEED_ORGANISATIONS: String(setUp.organisations) });
      children.push(backend.child);
      env = backendEnv(backend);
    }
    const server = await startServer(await freePort(), env, { nodeArgs: ["--report-on-signal", `--report-directory=${directory}`] });
    children.push(server.child);
    const cookie = await logIn(server.origin);
    for (const route of ROUTES) await (await fetch(`${server.origin}${route.path}`, { headers: route.session ? { cookie } : {} })).text();
    await settle(server.origin);
    const moments: [string, MemorySummary][] = [["at rest", await report(server, directory)]];
    const backendBefore = backend ? (await backend.stats()).rssBytes : 0;
    for (const [i, route] of ROUTES.entries()) {
      const run = autocannon({ url: `${server.origin}${route.path}`, connections: CONNECTIONS, duration: SECONDS, timeout: 10, headers: route.session ? { cookie } : {} });
      // Halfway through the last page: the heap as the load leaves it, mid-collection or not.
      if (i === ROUTES.length - 1) {
        await sleep((SECONDS * 1000) / 2);
        moments.push(["under load", await report(server, directory)]);
      }
      await run;
      await settle(server.origin);
    }
    await sleep(2_000);
    moments.push(["after load", await report(server, directory)]);
    return { moments, backendRss: backend ? [backendBefore, (await backend.stats()).rssBytes] : null };
  } finally {
    await Promise.all(children.map(stop));
  }
}

/** The search index's heap (V8's heap and array buffers, after a full collection) at each size, built here. */
function indexHeap(): string[][] {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  const used = () => {
    gc();
    gc();
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  const kept: unknown[] = [];
  return [6_000, 50_000, 100_000].map((count) => {
    const before = used();
    const records = allOrganisations(count);
    const afterRecords = used();
    kept.push(records, buildEngine(records));
    const afterIndex = used();
    return [count.toLocaleString("en-GB"), mb(afterRecords - before), mb(afterIndex - afterRecords), mb(afterIndex - before)];
  });
}

const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0);

export async function memorySection(): Promise<void> {
  if (!existsSync(path.join(ROOT, BUILD_DIR, "server", "index.js"))) throw new Error(`no server build in ${BUILD_DIR}/: run \`npm run build\` first`);
  const directory = mkdtempSync(path.join(tmpdir(), "bench-memory-"));
  try {
    const rows: string[][] = [];
    const backends: string[][] = [];
    for (const setUp of SET_UPS) {
      const { moments, backendRss } = await measure(setUp, directory);
      for (const [moment, m] of moments) {
        rows.push([`${setUp.name}: ${moment}`, mb(m.rss), mb(m.heapCommitted), mb(m.heapUsed), `${mb(m.youngUsed)} / ${mb(m.youngCommitted)}`, `${mb(m.oldUsed)} / ${mb(m.oldCommitted)}`, mb(m.largeObjectsUsed), mb(m.codeUsed), mb(m.external), mb(m.outsideHeap)]);
      }
      if (backendRss) backends.push([setUp.name, mb(backendRss[0]), mb(backendRss[1])]);
    }
    console.log(
      `The SSR process (server.ts on the production build), MB, from Node's diagnostic report: at rest (logged in, each page\n` +
        `asked once), halfway through the load's last page, and 2 s after the load. The load: the load test's ${ROUTES.length} pages,\n` +
        `${CONNECTIONS} connections, ${SECONDS} s each. "young" is V8's new space (used / committed), "old" its old space; "outside\n` +
        "heap\" is resident memory neither V8's heap nor external (Node's own, malloc's arenas, thread stacks).\n",
    );
    console.log(table(["set-up: moment", "RSS", "heap", "heap used", "young", "old", "large obj", "code", "external", "outside heap"], rows));
    console.log("\nThe backends' process (resident MB), with the index when over HTTP:\n");
    console.log(table(["set-up", "at rest", "after load"], backends));
    console.log("\nThe search index's own memory (V8's heap and array buffers after a full collection), built in this process, MB:\n");
    console.log(table(["organisations", "documents", "index", "both"], indexHeap()));
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
