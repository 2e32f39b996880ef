import { type ChildProcess, spawn } from "node:child_process";
import { request as httpRequest, type ClientRequest, type IncomingMessage } from "node:http";
import path from "node:path";
import { test } from "@playwright/test";

// Starts the production server (server.ts) on the build the e2e run uses, as its own
// process on a free port, for tests of the server itself (health, logs, shedding, shutdown).

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Every JSON line the server has written to stdout so far. */
  logs: Record<string, unknown>[];
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, [path.resolve("server.ts")], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      BUILD_DIR: process.env.BUILD_DIR ?? "build",
      PORT: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: Record<string, unknown>[] = [];
  let stderr = "";
  let stopping = false;
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code, signal) => {
      if (signal && !stopping) console.log(`server killed by ${signal}; stderr:\n${stderr}`);
      resolve(code);
    }),
  );
  const url = await new Promise<string>((resolve, reject) => {
    let buffered = "";
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      buffered += chunk;
      let newline: number;
      while ((newline = buffered.indexOf("\n")) !== -1) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        if (!line.startsWith("{")) continue; // the embedded default's plain notices
        const entry = JSON.parse(line) as Record<string, unknown>;
        logs.push(entry);
        if (typeof entry.url === "string" && String(entry.msg).startsWith("Listening on")) resolve(entry.url);
      }
    });
    child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    void exited.then((code) => reject(new Error(`server exited (${code}) before listening:\n${stderr}`)));
  });
  const port = Number(new URL(url).port);
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    child,
    logs,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        stopping = true;
        child.kill("SIGKILL");
        await exited;
      }
    },
  };
}

/**
 * Runs the calling file's tests against a server of their own, on port E2E_PORT + offset
 * (a fixed port, so `test.use({ baseURL })` can name it), configured by `env` as a
 * deployment would be. Returns its base URL.
 */
export function ownServerForFile(offset: number, env: Record<string, string>): string {
  const port = Number(process.env.E2E_PORT ?? 3100) + offset;
  let server: ServerProcess | undefined;
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    server = await startServerProcess({ PORT: String(port), ...env });
  });
  test.afterAll(() => server?.stop());
  return `http://127.0.0.1:${port}`;
}

/**
 * As ownServerForFile, but on real services over HTTP: the mock gateway and CMS as a
 * process of their own (scripts/mock-backend.ts, as the cluster test and the compose file's
 * demo profile run them) on the next port, the server's GATEWAY_BASE_URL and CMS_BASE_URL
 * pointing at it. What a production-labelled site needs, since it refuses the embedded
 * default (docs/decisions/0030-embedded-default-kept-private-and-neutral-answers.md).
 */
export function ownServerOnServicesForFile(offset: number, env: Record<string, string>): string {
  const port = Number(process.env.E2E_PORT ?? 3100) + offset;
  let backend: ChildProcess | undefined;
  let server: ServerProcess | undefined;
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    backend = spawn(process.execPath, ["--import", "./scripts/support/ts-resolve.ts", "scripts/mock-backend.ts"], {
      env: { ...process.env, PORT: String(port + 1), HOST: "127.0.0.1" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    await new Promise<void>((resolve, reject) => {
      let buffered = "";
      backend!.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
        buffered += chunk;
        if (buffered.includes("Mock backend listening")) resolve();
      });
      backend!.once("exit", (code) => reject(new Error(`the mock backend exited (${code}) before listening`)));
    });
    const services = `http://127.0.0.1:${port + 1}`;
    server = await startServerProcess({ PORT: String(port), GATEWAY_BASE_URL: `${services}/gateway`, CMS_BASE_URL: `${services}/cms`, ...env });
  });
  test.afterAll(async () => {
    await server?.stop();
    if (backend && backend.exitCode === null && backend.signalCode === null) {
      const exited = new Promise((resolve) => backend!.once("exit", resolve));
      backend.kill("SIGKILL");
      await exited;
    }
  });
  return `http://127.0.0.1:${port}`;
}

export interface HeldRequest {
  request: ClientRequest;
  /** Sends the rest of the body; resolves with the response (status, headers, body). */
  finish(): Promise<{ status: number; headers: IncomingMessage["headers"]; body: string }>;
}

/**
 * A request the server is busy with until the test says so: a form post whose body is
 * sent in two parts, the second only on finish(). Resolves once the first part is sent.
 */
export async function holdRequest(port: number, path = "/login"): Promise<HeldRequest> {
  const body = new URLSearchParams({ email: "held.request@example.org", password: "not-the-password" }).toString();
  const split = Math.floor(body.length / 2);
  const request = httpRequest({
    host: "127.0.0.1",
    port,
    path,
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "Content-Length": Buffer.byteLength(body),
      Origin: `http://127.0.0.1:${port}`,
    },
  });
  const response = new Promise<IncomingMessage>((resolve, reject) => {
    request.once("response", resolve);
    request.once("error", reject);
  });
  // Handled by finish() when it is called; a test may also let the server cut it off.
  response.catch(() => {});
  await new Promise<void>((resolve) => request.write(body.slice(0, split), () => resolve()));
  // Give the server a moment to have read the headers and started on the request.
  await new Promise((resolve) => setTimeout(resolve, 300));
  return {
    request,
    async finish() {
      request.end(body.slice(split));
      const res = await response;
      let text = "";
      for await (const chunk of res) text += String(chunk);
      return { status: res.statusCode ?? 0, headers: res.headers, body: text };
    },
  };
}
