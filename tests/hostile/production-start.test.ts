import { connect } from "node:net";
import { readFileSync } from "node:fs";
import { networkInterfaces } from "node:os";
import { afterAll, describe, expect, it } from "vitest";
import { BUILD_DIR, DEMO, freePort, ROOT } from "../../scripts/support/production-server.ts";
import { spawnProcess, type Proc } from "../support/processes";

// Wrong configuration (docs/security.md, ADR 30): the real server process (server.ts and
// the production build), started as an operator would start it. The embedded default is a
// demonstration — it prints its demo password, shows password-reset links on the page and
// its stand-in payment page pays on request — so it must refuse to start labelled as
// production, and it must answer on the loopback interface only unless opted in as a
// public demo. A production-labelled site on real services (here the mock gateway and
// CMS in a process of their own, over HTTP) starts, without any of the demo's behaviours.
// Nothing here listens beyond the loopback interface: the refusals happen before listening.

const started: Proc[] = [];
afterAll(async () => {
  await Promise.all(started.map((p) => p.kill()));
});

const SECRET = "hostile-suite-production-secret-of-32-chars";

function server(name: string, env: Record<string, string>): Proc {
  const proc = spawnProcess(name, process.execPath, ["server.ts"], { NODE_ENV: "production", BUILD_DIR, HOME: process.env.HOME ?? "/tmp", ...env }, ROOT);
  started.push(proc);
  return proc;
}

/** Its exit code, or "running" if it has not exited within 30 s (it started after all: a refusal comes before listening). */
async function exitCode(p: Proc): Promise<number | null | "running"> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const running = new Promise<"running">((resolve) => (timer = setTimeout(() => resolve("running"), 30_000)));
  const outcome = await Promise.race([p.exited.then((e) => e.code), running]);
  clearTimeout(timer);
  return outcome;
}

const listening = (p: Proc) => p.waitFor("listening", (l) => String(l.json?.msg ?? "").startsWith("Listening on"), 60_000);
const text = (p: Proc, stream: "stdout" | "stderr") => p.lines.filter((l) => l.stream === stream).map((l) => l.text).join("\n");

/** Whether a TCP connection to host:port is accepted. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 2_000 });
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => (socket.destroy(), resolve(false)));
  });
}

/** This machine's addresses other than the loopback's. */
const outwardAddresses = Object.values(networkInterfaces()).flat().filter((a) => a && !a.internal).map((a) => a!.address);

/** The local addresses listening on `port`, from the kernel's socket tables (Linux). */
function listenersOn(port: number): string[] {
  const hex = port.toString(16).toUpperCase().padStart(4, "0");
  return ["/proc/net/tcp", "/proc/net/tcp6"].flatMap((table) => {
    let rows: string[];
    try {
      rows = readFileSync(table, "utf8").trim().split("\n").slice(1);
    } catch {
      return [];
    }
    // local_address is HEXADDR:PORT; state 0A is LISTEN.
    return rows.map((r) => r.trim().split(/\s+/)).filter((c) => c[3] === "0A" && c[1]!.endsWith(`:${hex}`)).map((c) => c[1]!.split(":")[0]!);
  });
}

describe("a production label on the embedded default", () => {
  it.each([
    ["with its own secret", { SESSION_SECRET: SECRET }],
    ["opted in as a public demonstration too", { SESSION_SECRET: SECRET, EMBEDDED_DEFAULT_PUBLIC: "true" }],
    ["and the embedded secret", {}],
  ])("is refused at start, %s, naming the variables to set", async (_name, env: Record<string, string>) => {
    const port = await freePort();
    // PUBLIC_ORIGIN given (production requires it too), so the refusal seen is the embedded default's.
    const proc = server("production-embedded", { PORT: String(port), HOST: "127.0.0.1", ENVIRONMENT_LABEL: "production", PUBLIC_ORIGIN: `http://127.0.0.1:${port}`, ...env });
    const code = await exitCode(proc);
    const stderr = text(proc, "stderr");
    console.log(`exit ${code}: ${stderr.split("\n").find((l) => l.includes("ENVIRONMENT_LABEL")) ?? stderr}`);
    expect(code).toBe(1);
    expect(stderr).toMatch(/ENVIRONMENT_LABEL: production needs the real services: set GATEWAY_BASE_URL and CMS_BASE_URL/);
    // It never listened, never started the demo (whose notice prints the demo password).
    expect(text(proc, "stdout")).not.toMatch(/Listening on/);
    expect(`${text(proc, "stdout")}\n${stderr}`).not.toContain(DEMO.password);
    expect(await accepts("127.0.0.1", port)).toBe(false);
  });
});

describe("the embedded default beyond the loopback interface", () => {
  it.each([
    ["HOST=0.0.0.0", { HOST: "0.0.0.0" }, /HOST: the embedded default answers on the loopback interface only/],
    ["HOST=::", { HOST: "::" }, /HOST: the embedded default answers on the loopback interface only/],
    ["behind a proxy (TRUST_PROXY_HOPS=1)", { HOST: "127.0.0.1", TRUST_PROXY_HOPS: "1" }, /TRUST_PROXY_HOPS: a proxy in front would let others reach the embedded default/],
  ])("is refused at start without the opt-in: %s", async (_name, env: Record<string, string>, message) => {
    const port = await freePort();
    const proc = server("embedded-exposed", { PORT: String(port), ...env });
    const code = await exitCode(proc);
    const stderr = text(proc, "stderr");
    expect(code).toBe(1);
    expect(stderr).toMatch(message);
    expect(stderr).toContain("EMBEDDED_DEFAULT_PUBLIC=true");
    expect(listenersOn(port)).toEqual([]);
  });

  it("listens on the loopback interface only when HOST is unset (npm start), and answers there", async () => {
    const port = await freePort();
    const proc = server("embedded-default", { PORT: String(port) });
    await listening(proc);
    expect(await accepts("127.0.0.1", port)).toBe(true);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    const refused = await Promise.all(outwardAddresses.map(async (address) => [address, await accepts(address, port)] as const));
    const listeners = listenersOn(port);
    console.log(`listening on ${listeners.join(", ")} (0100007F is 127.0.0.1); connections from ${outwardAddresses.join(", ") || "no other address"}: ${refused.map(([a, ok]) => `${a} ${ok ? "accepted" : "refused"}`).join(", ")}`);
    expect(refused.filter(([, ok]) => ok)).toEqual([]);
    if (listeners.length > 0) expect(listeners).toEqual(["0100007F"]);
    await proc.kill();
  });

  it("starts when opted in as a public demonstration (shown here on the loopback interface, behind a proxy's trust)", async () => {
    const port = await freePort();
    const proc = server("embedded-public", { PORT: String(port), HOST: "127.0.0.1", TRUST_PROXY_HOPS: "1", EMBEDDED_DEFAULT_PUBLIC: "true" });
    await listening(proc);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    await proc.kill();
  });
});

describe("a production label on the mock backend (deploy/compose.yaml's demo profile passes the site's label to it)", () => {
  it("is refused: the mock backend does not start", async () => {
    const backend = spawnProcess("mock-backend", process.execPath, ["--import", "./scripts/support/ts-resolve.ts", "scripts/mock-backend.ts"], { PORT: String(await freePort()), HOST: "127.0.0.1", ENVIRONMENT_LABEL: "Production" }, ROOT);
    started.push(backend);
    expect(await exitCode(backend)).toBe(1);
    expect(text(backend, "stderr")).toMatch(/ENVIRONMENT_LABEL: production needs the real gateway and CMS \(GATEWAY_BASE_URL, CMS_BASE_URL\)/);
  });
});

describe("a production label on real services", () => {
  it("starts, and has none of the demonstration's behaviours", async () => {
    const backendPort = await freePort();
    const backend = spawnProcess("mock-backend", process.execPath, ["--import", "./scripts/support/ts-resolve.ts", "scripts/mock-backend.ts"], { PORT: String(backendPort), HOST: "127.0.0.1" }, ROOT);
    started.push(backend);
    const ready = await backend.waitFor("the mock backend listening", (l) => typeof l.json?.url === "string");
    const backendUrl = String(ready.json!.url);
    const port = await freePort();
    const site = server("production", {
      PORT: String(port),
      HOST: "127.0.0.1",
      ENVIRONMENT_LABEL: "production",
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      SESSION_SECRET: SECRET,
      GATEWAY_BASE_URL: `${backendUrl}/gateway`,
      CMS_BASE_URL: `${backendUrl}/cms`,
    });
    await listening(site);
    const origin = `http://127.0.0.1:${port}`;
    expect(text(site, "stdout")).not.toContain(DEMO.password);

    // A password reset says an email was sent, and shows no link.
    const reset = await fetch(`${origin}/login/forgot`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, "Sec-Fetch-Site": "same-origin" },
      body: new URLSearchParams({ email: DEMO.email }),
    });
    const page = await reset.text();
    expect(reset.status).toBe(200);
    expect(page).toContain("Check your email");
    expect(page).not.toMatch(/\/login\/reset\/[A-Za-z0-9_-]{8,}/);

    // The stand-in payment page does not exist.
    const login = await fetch(`${origin}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, "Sec-Fetch-Site": "same-origin" },
      body: new URLSearchParams(DEMO),
    });
    expect(login.status).toBe(302);
    const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const payment = await fetch(`${origin}/hosted-payment/pay-1`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(payment.status).toBe(404);
    const paid = await fetch(`${origin}/hosted-payment/pay-1`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: origin, "Sec-Fetch-Site": "same-origin" },
      body: "intent=pay",
    });
    expect(paid.status).toBe(404);
    console.log(`production on real services: listening, reset page ${reset.status} without a link, stand-in payment page ${payment.status}/${paid.status}`);
  });
});
