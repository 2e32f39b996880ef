/**
 * Sections of `npm run bench` about pages (issue 6, "Performance"), on the production build
 * in BUILD_DIR (default build/; `npm run build` first):
 *
 * - ssr-in-process: server rendering through React Router's request handler in this process,
 *   on the embedded default (MSW answering the gateway and CMS in-process), against a bare
 *   React Router page of the same build. ADR 12's first method; the figures issue 15 judges
 *   come from the `ssr` section (scripts/bench-ssr-http.ts: over HTTP, backends in their own
 *   process). This one stays for what it shows apart: MSW's share of a request.
 * - initial-js: the JavaScript each page loads before it is interactive (gzip) versus the
 *   framework floor: React and React Router's client alone.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import type { ServerBuild } from "react-router";
import { bareBuild, bareContent, emptyRouteAssets } from "./support/bench-bare.ts";
import { BUILD_DIR, logIn, ROOT } from "./support/production-server.ts";
import { cpuNow, median, mark, table } from "./support/report.ts";

const ORIGIN = "http://localhost";

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

let loaded: Promise<ServerBuild> | null = null;

/** The server build, imported once (on the embedded default it starts the in-process gateway and CMS). */
function serverBuild(): Promise<ServerBuild> {
  loaded ??= (async () => {
    // Before React and React Router load: they pick their production builds from it.
    process.env.NODE_ENV ??= "production";
    const file = path.join(ROOT, BUILD_DIR, "server", "index.js");
    if (!existsSync(file)) throw new Error(`no server build in ${BUILD_DIR}/: run \`npm run build\` first`);
    return (await import(pathToFileURL(file).href)) as ServerBuild;
  })();
  return loaded;
}

// ---- SSR throughput ----

type Handler = (request: Request) => Promise<Response>;

interface Page {
  name: string;
  path: string;
  session: boolean;
  marker: string;
}

const PAGES: readonly Page[] = [
  { name: "home", path: "/", session: false, marker: "</html>" },
  { name: "CMS page", path: "/privacy", session: false, marker: "Privacy</h1>" },
  { name: "account (logged in)", path: "/account", session: true, marker: "Your account" },
  { name: "booking date step (logged in)", path: "/account/book/date", session: true, marker: "Choose a museum and a date" },
  { name: "search page", path: "/registration/education/organisation", session: false, marker: "Find your organisation" },
];
const ROUNDS = 3;
const SECONDS_PER_ROUND = 3;
/** Requests in flight at once: the app's pages wait on the (in-process) gateway and CMS, so some overlap, as on a server. */
const CONCURRENCY = 8;

/** The bare React Router page of scripts/support/bench-bare.ts, through React Router's handler. */
async function bareHandler(build: ServerBuild): Promise<Handler> {
  const { createRequestHandler } = await import("react-router");
  const handle = createRequestHandler(await bareBuild(build), "production");
  return (request) => handle(request);
}

/**
 * The bare page of this app: the whole server build plus one leaf route under its root
 * (/__bench-bare) rendering the same heading. It runs everything every page of ours runs —
 * the root's middleware (session, guards), its loader (the CMS's site data) and the shell —
 * and nothing of a page's own.
 */
async function appBareHandler(build: ServerBuild): Promise<Handler> {
  const { createRequestHandler } = await import("react-router");
  const id = "bench-bare";
  const withLeaf: ServerBuild = {
    ...build,
    routes: { ...build.routes, [id]: { id, parentId: "root", path: APP_BARE_PATH, module: { default: await bareContent() } as never } },
    assets: { ...build.assets, routes: { ...build.assets.routes, [id]: emptyRouteAssets(id, APP_BARE_PATH, "root") } },
  };
  const handle = createRequestHandler(withLeaf, "production");
  return (request) => handle(request);
}

const APP_BARE_PATH = "__bench-bare";

interface Throughput {
  rps: number;
  cpuMsPerRequest: number;
}

/** Requests for `seconds`, CONCURRENCY at a time, each body read to the end. */
async function throughput(handle: Handler, pathname: string, headers: Record<string, string>, seconds: number): Promise<Throughput> {
  let count = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  const cpuStarted = cpuNow();
  const worker = async () => {
    while (performance.now() < end) {
      const response = await handle(new Request(`${ORIGIN}${pathname}`, { headers }));
      await response.text();
      if (response.status !== 200) throw new Error(`${pathname} answered ${response.status}`);
      count++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const elapsed = (performance.now() - started) / 1000;
  return { rps: count / elapsed, cpuMsPerRequest: (cpuNow() - cpuStarted) / count };
}

/**
 * How much of a page is the embedded default's in-process backend: the gateway and CMS
 * calls one request makes (counted at globalThis.fetch, which the app's clients call),
 * and the CPU time of one such call through MSW's interception.
 */
function countBackendCalls(): { calls: () => number; sampleUrl: () => string | undefined; restore: () => void } {
  const original = globalThis.fetch;
  let calls = 0;
  let sampleUrl: string | undefined;
  globalThis.fetch = (input, init) => {
    calls++;
    const url = input instanceof Request ? input.url : String(input);
    if (url.endsWith("/site")) sampleUrl = url;
    return original(input, init);
  };
  return { calls: () => calls, sampleUrl: () => sampleUrl, restore: () => (globalThis.fetch = original) };
}

async function backendCallCpuMs(url: string): Promise<number> {
  for (let i = 0; i < 20; i++) await (await fetch(url)).text();
  const started = cpuNow();
  const runs = 200;
  for (let i = 0; i < runs; i++) await (await fetch(url)).text();
  return (cpuNow() - started) / runs;
}

export async function ssrSection(): Promise<void> {
  const build = await serverBuild();
  const { createRequestHandler } = await import("react-router");
  const appHandle = createRequestHandler(build, "production");
  const app: Handler = (request) => appHandle(request);
  const bare = await bareHandler(build);
  const appBare = await appBareHandler(build);
  const cookie = await logIn(ORIGIN, app);

  const subjects: { name: string; handle: Handler; path: string; headers: Record<string, string>; page?: Page }[] = [
    { name: FRAMEWORK_BARE, handle: bare, path: "/", headers: {} },
    { name: APP_BARE, handle: appBare, path: `/${APP_BARE_PATH}`, headers: {} },
    { name: APP_BARE_LOGGED_IN, handle: appBare, path: `/${APP_BARE_PATH}`, headers: { cookie } },
    ...PAGES.map((page) => ({ name: page.name, handle: app, path: page.path, headers: page.session ? { cookie } : ({} as Record<string, string>), page })),
  ];
  const backendCalls = new Map<string, number>();
  let sampleUrl: string | undefined;
  for (const subject of subjects) {
    const counter = countBackendCalls();
    const response = await subject.handle(new Request(`${ORIGIN}${subject.path}`, { headers: subject.headers }));
    const body = await response.text();
    counter.restore();
    backendCalls.set(subject.name, counter.calls());
    sampleUrl ??= counter.sampleUrl();
    if (response.status !== 200 || (subject.page && !body.includes(subject.page.marker))) {
      throw new Error(`${subject.name} (${subject.path}) answered ${response.status}`);
    }
    await throughput(subject.handle, subject.path, subject.headers, 1); // warm-up
  }
  const callCpuMs = sampleUrl ? await backendCallCpuMs(sampleUrl) : 0;

  // Rounds alternate the subjects, so a change in the machine's load hits them alike.
  const results = new Map<string, Throughput[]>(subjects.map((s) => [s.name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const subject of subjects) results.get(subject.name)!.push(await throughput(subject.handle, subject.path, subject.headers, SECONDS_PER_ROUND));
  }
  const summary = (name: string) => {
    const runs = results.get(name)!;
    return { rps: median(runs.map((r) => r.rps)), cpu: median(runs.map((r) => r.cpuMsPerRequest)) };
  };
  const floor = summary(FRAMEWORK_BARE);
  const rows = subjects.map((subject) => {
    const { rps, cpu } = summary(subject.name);
    const ratio = rps / floor.rps;
    const cpuRatio = floor.cpu / cpu;
    const calls = backendCalls.get(subject.name) ?? 0;
    const withoutBackend = Math.max(cpu - calls * callCpuMs, floor.cpu);
    return [
      subject.name,
      subject.path,
      rps.toFixed(0),
      cpu.toFixed(2),
      String(calls),
      withoutBackend.toFixed(2),
      `${(ratio * 100).toFixed(0)}%`,
      `${(cpuRatio * 100).toFixed(0)}%`,
      `${((floor.cpu / withoutBackend) * 100).toFixed(0)}%`,
    ];
  });
  console.log(
    `In this process, through React Router's request handler (no HTTP): ${CONCURRENCY} requests at a time, ` +
      `${ROUNDS} rounds of ${SECONDS_PER_ROUND} s per page alternating, medians shown.\n` +
      "The pages run their middleware (session, guards) and loaders against the embedded default's in-process gateway and CMS.\n" +
      "CPU ms/req is this process's CPU time per request: the ratio of its inverse is what the req/s ratio would be on an idle CPU.\n" +
      `Backend calls: gateway and CMS calls per request; on the embedded default each costs this process about ${callCpuMs.toFixed(2)} ms of CPU\n` +
      "(MSW intercepting fetch and answering from the in-memory backend). \"without backend\" subtracts that: an estimate of the page's own\n" +
      "cost, to set against the real HTTP calls of a deployment. No targets here: issue 15 judges the `ssr` section (over HTTP).\n",
  );
  console.log(
    table(["page", "path", "req/s", "CPU ms/req", "backend calls", "CPU ms/req without backend", "vs bare", "vs bare (CPU)", "vs bare (CPU, without backend)"], rows),
  );

  // The same pages against the bare page of this app, each with or without a session as
  // the page is measured: what a page adds to what every page of ours costs.
  const appRows = PAGES.map((page) => {
    const base = summary(page.session ? APP_BARE_LOGGED_IN : APP_BARE);
    const ratio = summary(page.name).rps / base.rps;
    return [page.name, page.session ? APP_BARE_LOGGED_IN : APP_BARE, `${(ratio * 100).toFixed(0)}%`];
  });
  console.log(
    `\nThe same pages against the bare page of this app (/${APP_BARE_PATH}, added to the build for the bench only): the root's ` +
      "middleware, loader and shell, nothing of a page's own: " +
      "this shows how much of the gap is the page and how much is what every page of ours shares.\n",
  );
  console.log(table(["page", "against", "req/s vs that page"], appRows));
}

const FRAMEWORK_BARE = "bare React Router page";
const APP_BARE = "bare page of this app";
const APP_BARE_LOGGED_IN = "bare page of this app (logged in)";

// ---- initial JavaScript ----

interface JsPage {
  name: string;
  routeId: string;
  search: boolean;
}

// The pages whose initial JS includes InstantSearch (the search target applies to them).
const SEARCH_ROUTE_IDS = new Set(["routes/registration/organisation", "routes/account/association"]);
const TARGET_NON_SEARCH = 1.25;
const TARGET_SEARCH = 1.9;

export async function initialJsSection(): Promise<void> {
  const { assets } = await serverBuild();
  const sizes = new Map<string, number>();
  const gzipped = (url: string) => {
    let size = sizes.get(url);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(ROOT, BUILD_DIR, "client", url)), { level: 9 }).length;
      sizes.set(url, size);
    }
    return size;
  };
  const total = (urls: Iterable<string>) => [...urls].reduce((sum, url) => sum + gzipped(url), 0);

  // The floor: what hydrating any React Router app loads (entry.client: React DOM and React
  // Router's client, with their shared chunks). Ours adds a 1 kB chunk-reload handler to it.
  const floorFiles = new Set([assets.entry.module, ...assets.entry.imports]);
  const floor = total(floorFiles);

  // Every page: each route that renders (has a default export) and has no child route.
  // The manifest has hasDefaultExport; React Router's EntryRoute type does not declare it.
  const routes = Object.values(assets.routes) as (NonNullable<ServerBuild["assets"]["routes"][string]> & { hasDefaultExport?: boolean })[];
  const pages: JsPage[] = routes
    .filter((route) => route.hasDefaultExport && !routes.some((child) => child.parentId === route.id))
    .map((route) => ({ name: route.id.replace(/^routes\//, ""), routeId: route.id, search: SEARCH_ROUTE_IDS.has(route.id) }))
    .sort((a, b) => Number(a.search) - Number(b.search) || a.name.localeCompare(b.name));

  const rows = pages.map((page) => {
    // A page loads the entry and, for each route from root down to it, the route's module and its imports
    // (React Router's <Scripts> preloads exactly these).
    const files = new Set(floorFiles);
    for (let id: string | undefined = page.routeId; id; id = assets.routes[id]?.parentId) {
      const route = assets.routes[id];
      if (!route) throw new Error(`no route ${id} in the build's manifest`);
      files.add(route.module);
      for (const file of route.imports ?? []) files.add(file);
    }
    const size = total(files);
    const ratio = size / floor;
    const target = page.search ? TARGET_SEARCH : TARGET_NON_SEARCH;
    return [page.name, String(files.size), kb(size), `+${kb(size - floor)}`, `${ratio.toFixed(2)}×`, `≤ ${target}×`, mark(ratio <= target)];
  });
  console.log(
    `Framework floor: ${kb(floor)} gzip in ${floorFiles.size} files (entry.client and its imports: React, React DOM, React Router).\n` +
      "Per page: the floor plus every route module from root down to the page and their imports, from the build's manifest; gzip -9.\n",
  );
  console.log(table(["page", "files", "JS gzip", "over floor", "× floor", "target", ""], rows));
}
