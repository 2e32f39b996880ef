import { freePort, startServer, type Server } from "../../../scripts/support/production-server.ts";

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

/** A concrete path for a route template: every parameter (and splat) given a plausible value. */
export function concretePath(template: string): string {
  return template.replace(/:\w+\??/g, "x1").replace(/\*$/, "x1");
}

/** The headers every answer must carry (docs/decisions/0008-security-headers-and-limits.md), whoever made it. */
export const SECURITY_HEADERS = ["x-content-type-options", "x-frame-options", "referrer-policy", "content-security-policy", "permissions-policy", "cross-origin-opener-policy"];
