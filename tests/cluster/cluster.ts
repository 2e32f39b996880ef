import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { freePort } from "../../scripts/support/production-server.ts";
import { executable, serverStats, startProxy, until } from "../support/haproxy";
import { composeSsrSettings, ROOT } from "./deployment";
import { type LogLine, type Proc, spawnProcess } from "../support/processes";

// The deployment of deploy/compose.yaml on one machine, for tests/cluster/cluster.spec.ts
// (ADR 0023): Redis, the mock gateway and CMS as an HTTP process of their own, two SSR
// processes (server.ts on the production build) and HAProxy with deploy/haproxy.cfg in
// front, each a real process on a port of its own.

export const SSR_IDS = ["ssr1", "ssr2"] as const;
export type SsrId = (typeof SSR_IDS)[number];

/** The proxy's address: CLUSTER_PORT, which the Playwright config sets to a free port before the workers start. */
export const proxyUrl = () => `http://127.0.0.1:${proxyPort()}`;
function proxyPort(): number {
  const port = Number(process.env.CLUSTER_PORT);
  if (!Number.isInteger(port) || port <= 0) throw new Error("CLUSTER_PORT is not set (tests/cluster/playwright.config.ts sets it)");
  return port;
}

export interface ClusterSettings {
  /** RATE_LIMIT_LOGIN for both processes: "requests/seconds". */
  loginLimit: string;
  /** The mock backend's checkout and payment time (ms), so a stop can land while one is in flight. */
  bookingLatencyMs: number;
}

/** One line of the proxy's request log (deploy/haproxy.cfg's log-format). */
export interface ProxiedRequest {
  /** When the proxy had the request's headers and chose a server (ms since the epoch). */
  received: number;
  server: string;
  status: number;
  requestId: string;
  method: string;
  path: string;
  retries: number;
  termination: string;
}

export interface StateChange {
  at: number;
  server: string;
  state: "UP" | "DOWN";
  text: string;
}

export { freePort };

export class Cluster {
  readonly ssr = new Map<SsrId, Proc>();
  /** Every process started, restarts included, for the logs after a run. */
  readonly started: Proc[] = [];
  redis!: Proc;
  backend!: Proc;
  proxy!: Proc;
  #ports = new Map<string, number>();
  /** One secret for every process: each reads the session cookies the others signed. */
  readonly #sessionSecret = randomBytes(36).toString("base64url");
  #backendUrl = "";

  constructor(readonly settings: ClusterSettings) {}

  get haproxyPath(): string {
    return executable("haproxy");
  }

  async #port(name: string): Promise<number> {
    if (!this.#ports.has(name)) this.#ports.set(name, await freePort());
    return this.#ports.get(name)!;
  }

  async start(): Promise<void> {
    await Promise.all([this.startRedis(), this.#startBackend()]);
    await Promise.all(SSR_IDS.map((id) => this.startSsr(id)));
    await this.#startProxy();
  }

  async startRedis(): Promise<Proc> {
    const port = await this.#port("redis");
    const redis = spawnProcess(
      "redis",
      executable("redis-server"),
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      {},
      ROOT,
    );
    this.started.push(redis);
    await redis.waitFor("Redis ready", (l) => /Ready to accept connections/.test(l.text));
    this.redis = redis;
    return redis;
  }

  /** SIGTERM to Redis, as an outage would begin; resolves once it has exited. */
  async stopRedis(): Promise<void> {
    this.redis.child.kill("SIGTERM");
    await this.redis.exited;
  }

  async #startBackend(): Promise<void> {
    const backend = spawnProcess(
      "mock-backend",
      process.execPath,
      ["--import", "./scripts/support/ts-resolve.ts", "scripts/mock-backend.ts"],
      { PORT: String(await this.#port("backend")), HOST: "127.0.0.1", BOOKING_LATENCY_MS: String(this.settings.bookingLatencyMs) },
      ROOT,
    );
    this.started.push(backend);
    const listening = await backend.waitFor("the mock backend listening", (l) => typeof l.json?.url === "string");
    this.#backendUrl = String(listening.json!.url);
    this.backend = backend;
  }

  /** Starts (or starts again, on the same port, as an orchestrator replaces a task) one SSR process. */
  async startSsr(id: SsrId): Promise<Proc> {
    const port = await this.#port(id);
    const relaxed = "10000/60";
    const ssr = spawnProcess(
      id,
      process.execPath,
      ["server.ts"],
      {
        // The compose file's settings for the service (SHUTDOWN_DELAY_MS, TRUST_PROXY_HOPS, …)…
        ...composeSsrSettings(),
        // …and this machine's addresses for the rest.
        NODE_ENV: "production",
        BUILD_DIR: process.env.BUILD_DIR ?? "build",
        HOST: "127.0.0.1",
        PORT: String(port),
        INSTANCE_ID: id,
        SESSION_SECRET: this.#sessionSecret,
        GATEWAY_BASE_URL: `${this.#backendUrl}/gateway`,
        CMS_BASE_URL: `${this.#backendUrl}/cms`,
        REDIS_URL: `redis://127.0.0.1:${await this.#port("redis")}`,
        RATE_LIMIT_LOGIN: this.settings.loginLimit,
        RATE_LIMIT_REGISTRATION: relaxed,
        RATE_LIMIT_PASSWORD_RESET: relaxed,
        RATE_LIMIT_NEWSLETTER: relaxed,
      },
      ROOT,
    );
    this.started.push(ssr);
    await ssr.waitFor(`${id} listening`, (l) => String(l.json?.msg ?? "").startsWith("Listening on"));
    this.ssr.set(id, ssr);
    return ssr;
  }

  ssrUrl(id: SsrId): string {
    return `http://127.0.0.1:${this.#ports.get(id)}`;
  }

  async #startProxy(): Promise<void> {
    const proxy = await startProxy({
      port: proxyPort(),
      statsPort: await this.#port("stats"),
      servers: [`127.0.0.1:${await this.#port("ssr1")}`, `127.0.0.1:${await this.#port("ssr2")}`],
    });
    this.started.push(proxy);
    this.proxy = proxy;
  }

  /** Each server's state and requests it is answering now, from HAProxy's stats (CSV). */
  serverStats(): Promise<Record<string, { status: string; current: number }>> {
    return serverStats(this.#ports.get("stats")!);
  }

  /** The one server answering a request now (polled until exactly one is). */
  busyServer(timeoutMs = 10_000): Promise<SsrId> {
    return until(
      "a server answering a request",
      async () => {
        const stats = await this.serverStats();
        const busy = SSR_IDS.filter((id) => (stats[id]?.current ?? 0) > 0);
        return busy.length === 1 ? busy[0] : undefined;
      },
      timeoutMs,
    );
  }

  /** The proxy's request log so far. */
  proxied(): ProxiedRequest[] {
    return this.proxy.lines.flatMap((line) => {
      const j = line.json;
      if (j?.msg !== "proxied") return [];
      return [
        {
          received: Number(j.accepted) + Number(j.handshakeMs) + Number(j.idleMs) + Number(j.receiveMs),
          server: String(j.server),
          status: Number(j.status),
          requestId: String(j.requestId),
          method: String(j.method),
          path: String(j.path),
          retries: Number(j.retries),
          termination: String(j.termination),
        },
      ];
    });
  }

  /** HAProxy's "Server ssr/ssr1 is DOWN, …" and "… is UP, …" lines so far. */
  stateChanges(): StateChange[] {
    return this.proxy.lines.flatMap((line) => {
      const match = /^Server ssr\/(\w+) is (UP|DOWN)\b/.exec(line.text);
      return match ? [{ at: line.at, server: match[1]!, state: match[2] as "UP" | "DOWN", text: line.text }] : [];
    });
  }

  /** The proxy's next (or, with `after`, first since then) state change of a server. */
  async waitForState(server: SsrId, state: "UP" | "DOWN", after: number, timeoutMs = 15_000): Promise<StateChange> {
    const line = await this.proxy.waitFor(`${server} ${state}`, (l) => l.at >= after && new RegExp(`^Server ssr/${server} is ${state}\\b`).test(l.text), timeoutMs);
    return this.stateChanges().find((c) => c.at === line.at && c.server === server)!;
  }

  /** The request lines an SSR process logged (server/app-server.ts), with when each began. */
  static requests(proc: Proc): (Record<string, unknown> & { started: number; ended: number })[] {
    return proc.lines.flatMap((line: LogLine) =>
      line.json?.msg === "request" ? [{ ...line.json, ended: line.at, started: line.at - Number(line.json.durationMs ?? 0) }] : [],
    );
  }

  async stop(): Promise<void> {
    await Promise.all(this.started.map((proc) => proc.kill()));
  }

  /** Every process's output, one file each, for the report of a failed run. */
  async writeLogs(directory: string): Promise<string[]> {
    await mkdir(directory, { recursive: true });
    const files: string[] = [];
    for (const [index, proc] of this.started.entries()) {
      const file = path.join(directory, `${String(index).padStart(2, "0")}-${proc.name}.log`);
      await writeFile(file, proc.lines.map((l) => `${new Date(l.at).toISOString()} ${l.stream} ${l.text}`).join("\n") + "\n");
      files.push(file);
    }
    return files;
  }
}
