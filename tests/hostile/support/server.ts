import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { RouteEntry } from "../../support/route-table.ts";
import { BUILD_DIR, freePort, ROOT, startServer, type Server } from "../../../scripts/support/production-server.ts";

// The production server (server.ts) on its embedded default, as its own process on a free
// loopback port, configured through the environment as a deployment is.

export interface Target extends Server {
  port: number;
  stop(): Promise<void>;
}

/** The same environment as the e2e server's, with limits relaxed that every test would trip from one address. */
export const RELAXED_LIMITS = {
  RATE_LIMIT_LOGIN: "10000/60",
  RATE_LIMIT_REGISTRATION: "10000/60",
  RATE_LIMIT_PASSWORD_RESET: "10000/60",
  RATE_LIMIT_NEWSLETTER: "10000/60",
} as const;

/** `env` may depend on the port the server gets (PUBLIC_ORIGIN names it). */
export async function startTarget(env: Record<string, string> | ((port: number) => Record<string, string>) = {}): Promise<Target> {
  const port = await freePort();
  const own = typeof env === "function" ? env(port) : env;
  const server = await startServer(port, { SESSION_SECRET: "hostile-suite-session-secret-of-32-chars", ...RELAXED_LIMITS, ...own }, { keepLogs: true });
  return {
    ...server,
    port,
    async stop() {
      if (server.child.exitCode !== null || server.child.signalCode !== null) return;
      const exited = new Promise((resolve) => server.child.once("exit", resolve));
      server.child.kill("SIGKILL");
      await exited;
    },
  };
}

/**
 * The production build's route table (tests/support/route-table.ts), read in a process of
 * its own: importing the build starts its embedded default, whose MSW would intercept this
 * process's own requests.
 */
export function productionRoutes(): RouteEntry[] {
  const script = `
    const { routeTable } = await import(${JSON.stringify(pathToFileURL(join(ROOT, "tests/support/route-table.ts")).href)});
    const build = await import(${JSON.stringify(pathToFileURL(join(ROOT, BUILD_DIR, "server", "index.js")).href)});
    process.stdout.write("\\nROUTES " + JSON.stringify(routeTable(build)) + "\\n");
    process.exit(0);`;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: ROOT, env: { ...process.env, NODE_ENV: "production" }, stdio: ["ignore", "pipe", "ignore"] });
  // The embedded default writes notices of its own on stdout: the table is the marked line.
  const line = out.toString("utf8").split("\n").find((l) => l.startsWith("ROUTES "));
  if (!line) throw new Error("the build's route table was not printed");
  return JSON.parse(line.slice("ROUTES ".length)) as RouteEntry[];
}

/** A concrete path for a route template: every parameter (and splat) given a plausible value. */
export function concretePath(template: string): string {
  return template.replace(/:\w+\??/g, "x1").replace(/\*$/, "x1");
}

/** The headers every answer must carry (docs/decisions/0008-security-headers-and-limits.md), whoever made it. */
export const SECURITY_HEADERS = ["x-content-type-options", "x-frame-options", "referrer-policy", "content-security-policy", "permissions-policy", "cross-origin-opener-policy"];
