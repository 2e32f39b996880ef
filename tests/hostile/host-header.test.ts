import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { rawRequest } from "./support/raw";
import { SECURITY_HEADERS, startProductionTarget, startTarget, type Target } from "./support/server";
import { proxyFor, type Proxied } from "./support/traffic";

// The Host header and the request line (issue 21, must fix 3; docs/security.md): a Host that
// is not host[:port], and a request target that is not a path, get 400 with the security
// headers before React Router runs, directly and through HAProxy; with PUBLIC_ORIGIN (as in
// production) any other host gets 400 and the URL is the origin's. What is logged is the
// route of the path that was routed.

const HOSTILE_HOSTS = [
  (port: number) => `127.0.0.1:${port}/account/orders#`,
  (port: number) => `127.0.0.1:${port}/registration/education/organisation?query=TEXT#`,
  () => "a@b",
  () => "local host",
  () => "",
  (port: number) => `evil.example:${port}@127.0.0.1`,
  () => "127.0.0.1:99999",
  () => "[::1",
  () => "x".repeat(300),
  (port: number) => `127.0.0.1:${port}\\account`,
  () => "<script>",
  () => "%2e%2e",
];
const ODD_LINES = ["GET * HTTP/1.1", "OPTIONS * HTTP/1.1", "GET account HTTP/1.1", "GET http://a@b/ HTTP/1.1", "GET javascript:alert(1) HTTP/1.1"];

let plain: Target;
let production: Target;
let proxy: Proxied;
beforeAll(async () => {
  [plain, production] = await Promise.all([
    startTarget(),
    startProductionTarget(),
  ]);
  proxy = await proxyFor(plain);
});
afterAll(async () => {
  await proxy?.stop();
  await Promise.all([plain?.stop(), production?.stop()]);
});

const get = (port: number, host: string | null, line = "GET / HTTP/1.1") => rawRequest(port, `${line}\r\n${host === null ? "" : `Host: ${host}\r\n`}Connection: close\r\n\r\n`);

describe("hostile Host headers and request lines", () => {
  it.each([
    ["directly", () => plain.port],
    ["through HAProxy", () => proxy.port],
  ])("%s: every one is answered 400, with the security headers, never a page", async (_how, port) => {
    const statuses: Record<string, number> = {};
    for (const host of HOSTILE_HOSTS.map((h) => h(port()))) {
      const answer = await get(port(), host);
      statuses[JSON.stringify(host).slice(0, 40)] = answer.status;
      expect(answer.status, host).toBe(400);
      expect(answer.body).not.toContain("<html");
    }
    for (const line of ODD_LINES) {
      const answer = await get(port(), `127.0.0.1:${port()}`, line);
      statuses[line] = answer.status;
      expect(answer.status, line).toBeGreaterThanOrEqual(400);
      expect(answer.status, line).toBeLessThan(500);
    }
    console.log(`${_how}: ${JSON.stringify(statuses)}`);
  });

  it("directly, the server's own 400s carry the security headers, and it logged each as one JSON line with no stack", async () => {
    for (const host of HOSTILE_HOSTS.map((h) => h(plain.port))) {
      const answer = await get(plain.port, host);
      for (const name of SECURITY_HEADERS) expect(answer.headers[name], `${name} for ${host}`).toBeTruthy();
    }
    const lines = plain.lines().filter((l) => l.startsWith("{"));
    expect(plain.lines().filter((l) => l.includes("at ") && l.includes(".js:"))).toEqual([]);
    expect(lines.filter((l) => JSON.parse(l).level === "error")).toEqual([]);
  });

  it("a valid Host names the page's origin only; the path routed is the path logged", async () => {
    const answer = await get(plain.port, "other.example", "GET //evil.example/account/orders HTTP/1.1");
    expect(answer.status).toBe(404);
    const line = await vi.waitFor(() => {
      const found = plain.lines().find((l) => l.includes(answer.headers["x-request-id"]!) && l.includes('"msg":"request"'));
      if (!found) throw new Error("not logged yet");
      return found;
    });
    // Routed as the path it is (the not-found splat), not as /account/orders.
    expect(JSON.parse(line).path).toBe("/*");
  });
});

describe("with PUBLIC_ORIGIN (production)", () => {
  it("answers its own host, and 400 for any other, however well-formed", async () => {
    expect((await get(production.port, `127.0.0.1:${production.port}`)).status).toBe(200);
    const others = [`localhost:${production.port}`, "evil.example", `127.0.0.1:${production.port + 1}`];
    for (const host of others) expect((await get(production.port, host)).status, host).toBe(400);
    // Absolute-form names its host in the request line: the same rule.
    expect((await get(production.port, `127.0.0.1:${production.port}`, "GET http://evil.example/account/orders HTTP/1.1")).status).toBe(400);
    // A load balancer's probe names the process, not the site: answered.
    expect((await get(production.port, "ssr", "GET /readyz HTTP/1.1")).status).toBe(200);
  });
});
