import { existsSync } from "node:fs";
import path from "node:path";
import { type Proc, spawnProcess } from "./processes.ts";

// HAProxy with deploy/haproxy.cfg as it is, in front of two SSR addresses (SSR_1, SSR_2:
// the config's fixed-address branch), on loopback ports: the cluster test's proxy
// (tests/cluster/cluster.ts, ADR 0023) and the hostile suite's (tests/hostile/).

export const ROOT = path.resolve(import.meta.dirname, "..", "..");
export const HAPROXY_CFG = path.join(ROOT, "deploy", "haproxy.cfg");

/** A Debian package's program (scripts/ensure-cluster-tools.sh installs haproxy and redis-server). */
export function executable(name: string): string {
  for (const directory of ["/usr/sbin", "/usr/bin", "/usr/local/sbin", "/usr/local/bin"]) {
    const candidate = path.join(directory, name);
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`${name} not found: run scripts/ensure-cluster-tools.sh`);
}

export async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      if (String(error).includes("exited")) throw error;
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what} not within ${timeoutMs} ms${last ? `: ${String(last)}` : ""}`);
}

/** Each server's state and the requests it is answering now, from HAProxy's stats (CSV). */
export async function serverStats(statsPort: number): Promise<Record<string, { status: string; current: number }>> {
  const response = await fetch(`http://127.0.0.1:${statsPort}/stats;csv`, { signal: AbortSignal.timeout(2_000) });
  const [header, ...rows] = (await response.text()).trim().split("\n");
  const columns = header!.replace(/^# /, "").split(",");
  const at = (name: string) => columns.indexOf(name);
  const result: Record<string, { status: string; current: number }> = {};
  for (const row of rows) {
    const cells = row.split(",");
    if (cells[at("pxname")] !== "ssr" || cells[at("svname")] === "BACKEND") continue;
    result[cells[at("svname")]!] = { status: cells[at("status")]!, current: Number(cells[at("scur")]) };
  }
  return result;
}

export interface ProxyOptions {
  port: number;
  statsPort: number;
  /** host:port of the two SSR servers (the same twice for one process). */
  servers: [string, string];
  /** The config's own variables: HAPROXY_REQUEST_TIMEOUT, HAPROXY_MAX_CONN_PER_CLIENT. */
  env?: Record<string, string>;
}

/** Starts HAProxy; resolves once it counts both servers UP (their /readyz answered). */
export async function startProxy(options: ProxyOptions): Promise<Proc> {
  const proxy = spawnProcess(
    "haproxy",
    executable("haproxy"),
    ["-db", "-f", HAPROXY_CFG],
    {
      HAPROXY_BIND: `127.0.0.1:${options.port}`,
      HAPROXY_STATS_BIND: `127.0.0.1:${options.statsPort}`,
      SSR_1: options.servers[0],
      SSR_2: options.servers[1],
      ...options.env,
    },
    ROOT,
  );
  try {
    await until("both SSR servers UP in HAProxy", async () => {
      if (!proxy.running()) throw new Error(`haproxy exited: ${proxy.lines.map((l) => l.text).join("\n")}`);
      const stats = await serverStats(options.statsPort);
      return ["ssr1", "ssr2"].every((id) => stats[id]?.status === "UP") ? true : undefined;
    });
  } catch (error) {
    await proxy.kill();
    throw error;
  }
  return proxy;
}
