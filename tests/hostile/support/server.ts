import { freePort, ROOT, startServer, type Server } from "../../../scripts/support/production-server.ts";
import { spawnProcess } from "../../support/processes";

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
 * The production server labelled production, on real services: the mock backend as a process
 * of its own (scripts/mock-backend.ts), over HTTP. A production label refuses the embedded
 * default (docs/decisions/0030-embedded-default-kept-private-and-neutral-answers.md).
 */
export async function startProductionTarget(env: (port: number) => Record<string, string> = () => ({})): Promise<Target> {
  const backend = spawnProcess("mock-backend", process.execPath, ["--import", "./scripts/support/ts-resolve.ts", "scripts/mock-backend.ts"], { PORT: String(await freePort()), HOST: "127.0.0.1" }, ROOT);
  const ready = await backend.waitFor("the mock backend listening", (l) => typeof l.json?.url === "string");
  const services = String(ready.json!.url);
  try {
    const target = await startTarget((port) => ({
      ENVIRONMENT_LABEL: "production",
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      SESSION_SECRET: "hostile-suite-production-secret-of-32+",
      GATEWAY_BASE_URL: `${services}/gateway`,
      CMS_BASE_URL: `${services}/cms`,
      ...env(port),
    }));
    return { ...target, async stop() { await target.stop(); await backend.kill(); } };
  } catch (error) {
    await backend.kill();
    throw error;
  }
}

/** A concrete path for a route template: every parameter (and splat) given a plausible value. */
export function concretePath(template: string): string {
  return template.replace(/:\w+\??/g, "x1").replace(/\*$/, "x1");
}

/** The headers every answer must carry (docs/decisions/0008-security-headers-and-limits.md), whoever made it. */
export const SECURITY_HEADERS = ["x-content-type-options", "x-frame-options", "referrer-policy", "content-security-policy", "permissions-policy", "cross-origin-opener-policy"];
