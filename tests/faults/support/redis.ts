import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { connect, createServer } from "node:net";
import { join } from "node:path";
import { ROOT } from "./paths";

// A real Redis for the rate-limit store's tests: Debian's redis-server (scripts/ensure-redis.sh
// installs it when missing), one server per test file on a free port, in memory only. The
// tests stop, pause and restart it to show what the app does when its store goes away.

export interface RedisServer {
  url: string;
  /** Kills it (SIGKILL: it stops at once, and the kernel closes its connections). */
  kill(): Promise<void>;
  /** Starts it again on the same port, empty. */
  restart(): Promise<void>;
  /** SIGSTOP: connections stay open, nothing answers (a hung or partitioned Redis). */
  pause(): void;
  /** SIGCONT. */
  resume(): void;
}

/** The redis-server binary, installed first if missing (needs apt-get and root or sudo). */
export function redisServerPath(): string {
  const run = spawnSync("bash", [join(ROOT, "scripts", "ensure-redis.sh")], { encoding: "utf8" });
  if (run.status !== 0) throw new Error(`scripts/ensure-redis.sh failed:\n${run.stderr}`);
  return run.stdout.trim().split("\n").at(-1)!;
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, "close");
  return port;
}

async function launch(binary: string, port: number): Promise<ChildProcess> {
  const child = spawn(binary, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--loglevel", "warning"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  // Ready once it accepts a connection (its own "Ready" line is not printed at warning level).
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}:\n${output}`);
    if (await answersPing(port)) return child;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`redis-server on port ${port} did not answer within 10 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Sends PING on a new connection; true when PONG comes back. */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once("error", () => done(false));
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("data", (data) => done(data.toString().startsWith("+PONG")));
  });
}

export async function startRedis(): Promise<RedisServer> {
  const binary = redisServerPath();
  const port = await freePort();
  let child = await launch(binary, port);

  async function kill(): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, "exit");
    child.kill("SIGCONT");
    child.kill("SIGKILL");
    await exited;
  }

  return {
    url: `redis://127.0.0.1:${port}`,
    kill,
    async restart() {
      await kill();
      child = await launch(binary, port);
    },
    pause: () => void child.kill("SIGSTOP"),
    resume: () => void child.kill("SIGCONT"),
  };
}
