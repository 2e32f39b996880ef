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

export async function startTarget(env: Record<string, string> = {}): Promise<Target> {
  const port = await freePort();
  const server = await startServer(port, { SESSION_SECRET: "hostile-suite-session-secret-of-32-chars", ...RELAXED_LIMITS, ...env });
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
