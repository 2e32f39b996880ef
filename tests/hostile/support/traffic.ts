import { connect } from "node:net";
import { freePort } from "../../../scripts/support/production-server.ts";
import { startProxy } from "../../support/haproxy.ts";
import type { Proc } from "../../support/processes.ts";
import { parseAnswer, rawRequest } from "./raw.ts";
import type { Target } from "./server.ts";

// What the hostile files send over many sockets at once: slow bodies from one client, and
// other visitors' page requests timed meanwhile; and HAProxy (deploy/haproxy.cfg) in front
// of a target, as the cluster test runs it (tests/support/haproxy.ts).

export const ATTACKER = "127.0.0.2";

export interface SlowBody {
  /** The status answered (0: closed without one, e.g. refused by the proxy's per-address limit). */
  status: number;
  /** ms from the connection's start to its close. */
  closedAfterMs: number;
}

/**
 * A form post whose body (Content-Length `length`) comes a byte every `everyMs`, as the
 * attack of issue 21 sends it, from ATTACKER; resolves when the connection closes (or after `giveUpMs`).
 */
export function slowBody(port: number, path: string, { length = 2_000, everyMs = 1_000, giveUpMs = 30_000 } = {}): Promise<SlowBody> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect({ host: "127.0.0.1", port, localAddress: ATTACKER });
    let text = "";
    let drip: NodeJS.Timeout | undefined;
    const done = () => {
      clearInterval(drip);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ status: parseAnswer(text).status, closedAfterMs: performance.now() - started });
    };
    const giveUp = setTimeout(done, giveUpMs);
    socket.on("data", (chunk) => (text += chunk.toString("latin1")));
    socket.on("close", done);
    socket.on("error", () => {});
    socket.on("connect", () => {
      socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${length}\r\n\r\nemail=`);
      drip = setInterval(() => socket.writable && socket.write("a"), everyMs);
    });
  });
}

export interface Probes {
  statuses: Record<number, number>;
  p99Ms: number;
  count: number;
}

/** Another visitor: `GET /`, each on a new connection from 127.0.0.1, one after another for `durationMs`. */
export async function probePages(port: number, durationMs: number): Promise<Probes> {
  const times: number[] = [];
  const statuses: Record<number, number> = {};
  const until = performance.now() + durationMs;
  while (performance.now() < until) {
    const answer = await rawRequest(port, `GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`, 10_000);
    times.push(answer.ms);
    statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  times.sort((a, b) => a - b);
  return { statuses, p99Ms: times[Math.min(times.length - 1, Math.ceil(times.length * 0.99) - 1)] ?? Number.NaN, count: times.length };
}

export interface Proxied {
  port: number;
  proc: Proc;
  stop(): Promise<void>;
}

/** HAProxy with deploy/haproxy.cfg in front of the target (both of its server lines to it); `env`: the config's own variables. */
export async function proxyFor(target: Target, env: Record<string, string> = {}): Promise<Proxied> {
  const port = await freePort();
  const proc = await startProxy({ port, statsPort: await freePort(), servers: [`127.0.0.1:${target.port}`, `127.0.0.1:${target.port}`], env });
  return { port, proc, stop: () => proc.kill() };
}
