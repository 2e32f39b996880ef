import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { sleep } from "./report.ts";

// The production server (server.ts) on its embedded default, as the load test and the
// Lighthouse run use it: built when the sources are newer, started on a port of its own,
// ready when /healthz answers.

export const ROOT = path.resolve(import.meta.dirname, "..", "..");
export const BUILD_DIR = process.env.BUILD_DIR || "build";
/** The embedded default's demo account (mocks/backend). */
export const DEMO = { email: "teacher@example.org", password: "museum-visit-2026" };

function newestSourceMtime(): number {
  let newest = 0;
  const visit = (entry: string) => {
    const info = statSync(entry);
    if (info.isDirectory()) for (const child of readdirSync(entry)) visit(path.join(entry, child));
    else newest = Math.max(newest, info.mtimeMs);
  };
  for (const source of ["app", "mocks", "generated", "public", "react-router.config.ts", "vite.config.ts", "package-lock.json"]) {
    const absolute = path.join(ROOT, source);
    if (existsSync(absolute)) visit(absolute);
  }
  return newest;
}

/** Builds into BUILD_DIR when asked to, or when a source is newer than the build. */
export function buildIfNeeded(force = false): void {
  const serverBuild = path.join(ROOT, BUILD_DIR, "server", "index.js");
  const stale = !existsSync(serverBuild) || statSync(serverBuild).mtimeMs < newestSourceMtime();
  if (!force && !stale) {
    console.log(`Using the build in ${BUILD_DIR}/ (newer than the sources).`);
    return;
  }
  console.log(`Building into ${BUILD_DIR}/ …`);
  const result = spawnSync(path.join(ROOT, "node_modules", ".bin", "react-router"), ["build"], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, BUILD_DIR },
  });
  if (result.status !== 0) throw new Error("react-router build failed");
}

/** PORT if set, otherwise a port nothing listens on. */
export function serverPort(): Promise<number> {
  if (process.env.PORT) return Promise.resolve(Number(process.env.PORT));
  return freePort();
}

/** Whether `port` (0: any) is free on 127.0.0.1 just now; the port found, or null when taken. */
function probePort(port: number): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", (error: NodeJS.ErrnoException) => (error.code === "EADDRINUSE" ? resolve(null) : reject(error)));
    probe.listen(port, "127.0.0.1", () => {
      const { port: found } = probe.address() as { port: number };
      probe.close(() => resolve(found));
    });
  });
}

/** The next port BENCH_PORT_BASE's range offers (each handed out once a process). */
let nextInRange = 0;
const PORT_RANGE = 100;

/**
 * A port nothing listens on (on 127.0.0.1, just now): any, or with BENCH_PORT_BASE set, the
 * next free one of the hundred from it, for machines where each user keeps to a range.
 */
export async function freePort(): Promise<number> {
  const base = Number(process.env.BENCH_PORT_BASE || 0);
  if (!base) return (await probePort(0))!;
  while (nextInRange < PORT_RANGE) {
    const found = await probePort(base + nextInRange++);
    if (found !== null) return found;
  }
  throw new Error(`BENCH_PORT_BASE: no free port left in ${base}–${base + PORT_RANGE - 1}`);
}

export interface Server {
  child: ChildProcess;
  origin: string;
  /** The last 20 kB the server wrote to stderr (its error log lines). */
  stderr: () => string;
  /** Every line it wrote to stdout and stderr, with StartOptions.keepLogs; else none. */
  lines: () => string[];
}

export interface StartOptions {
  /** The server's script, from the repository's root: server.ts unless a bench serves something else the same way. */
  script?: string;
  /** Node options before the script, e.g. --cpu-prof. */
  nodeArgs?: string[];
  /** Keep every line of its output (the hostile suite reads its logs). */
  keepLogs?: boolean;
}

/** Starts server.ts on the port, with any extra environment; resolves once /healthz answers. */
export async function startServer(port: number, env: Record<string, string> = {}, options: StartOptions = {}): Promise<Server> {
  let stderr = "";
  const { script = "server.ts", nodeArgs = [], keepLogs = false } = options;
  const kept: string[] = [];
  const child = spawn(process.execPath, [...nodeArgs, path.join(ROOT, script)], {
    cwd: ROOT,
    // The JSON request logs go where a container's would (written, then not read here).
    stdio: ["ignore", keepLogs ? "pipe" : "ignore", "pipe"],
    env: { ...process.env, NODE_ENV: "production", BUILD_DIR, PORT: String(port), HOST: "127.0.0.1", ...env },
  });
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
    stderr = (stderr + chunk).slice(-20_000);
  });
  if (keepLogs) {
    for (const stream of [child.stdout!, child.stderr!]) {
      let partial = "";
      stream.setEncoding("utf8").on("data", (chunk: string) => {
        const parts = (partial + chunk).split("\n");
        partial = parts.pop()!;
        kept.push(...parts.filter((l) => l !== ""));
      });
    }
  }
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${stderr}`);
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return { child, origin, stderr: () => stderr, lines: () => [...kept] };
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  child.kill("SIGTERM");
  throw new Error("the server did not start within 120 s");
}

/**
 * Logs the demo account in with the login form's post, over HTTP or through `send` (e.g.
 * React Router's request handler in this process); returns the session's Cookie header.
 */
export async function logIn(origin: string, send: (request: Request) => Promise<Response> = fetch): Promise<string> {
  const response = await send(
    new Request(`${origin}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, "Sec-Fetch-Site": "same-origin" },
      body: new URLSearchParams(DEMO),
    }),
  );
  const cookies = response.headers.getSetCookie().map((c) => c.split(";")[0]!);
  if (response.status !== 302 || cookies.length === 0) throw new Error(`logging in failed: HTTP ${response.status}`);
  return cookies.join("; ");
}
