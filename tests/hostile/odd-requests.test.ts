import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "./support/raw";
import { productionRoutes } from "../support/production-routes";
import { concretePath, SECURITY_HEADERS, startTarget, type Target } from "./support/server";

// Odd methods and headers, and what the server writes about them (issue 21, the low items;
// docs/security.md): TRACE and other methods, an Origin no browser sends, forged forwarding
// headers behind TRUST_PROXY_HOPS=1 — each answered 4xx before React Router runs, with the
// security headers; every line the server writes is one JSON object, none at error level
// for a 4xx; a password-reset token never reaches the logs or the metrics.

const METHODS = ["TRACE", "PUT", "DELETE", "PATCH", "OPTIONS", "PROPFIND", "PURGE"];
const BAD_ORIGINS = ["%%%", "evil.example", "https://groups.example.org/path", "javascript:alert(1)", "https://a@b"];
const TOKEN = "s3cr3t-reset-t0ken-0123456789";

let target: Target;
let metricsPort: number;
const actions = productionRoutes().filter((r) => r.hasAction);

beforeAll(async () => {
  const { freePort } = await import("../../scripts/support/production-server.ts");
  metricsPort = await freePort();
  // Behind a proxy on the embedded default: opted in as a public demonstration (ADR 30).
  target = await startTarget({ TRUST_PROXY_HOPS: "1", EMBEDDED_DEFAULT_PUBLIC: "true", METRICS_PORT: String(metricsPort) });
});
afterAll(() => target?.stop());

const send = (lines: string, body = "") => rawRequest(target.port, `${lines}\r\nHost: 127.0.0.1:${target.port}\r\nConnection: close\r\n${body ? `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n` : ""}\r\n${body}`);

describe("odd requests get a 4xx of the server's own, with the security headers", () => {
  it.each(METHODS)("%s / and on every route action", async (method) => {
    const statuses = new Set<number>();
    for (const path of ["/", ...actions.map((r) => concretePath(r.template))]) {
      const answer = await send(`${method} ${path} HTTP/1.1`);
      statuses.add(answer.status);
      expect(answer.status, `${method} ${path}`).toBe(405);
      expect(answer.headers.allow).toBe("GET, HEAD, POST");
      for (const name of SECURITY_HEADERS) expect(answer.headers[name], name).toBeTruthy();
    }
    console.log(`${method} on / and ${actions.length} actions: ${[...statuses].join(", ")}`);
  });

  it.each(BAD_ORIGINS)("a post with Origin %j, to every route action", async (origin) => {
    for (const path of actions.map((r) => concretePath(r.template))) {
      const answer = await send(`POST ${path} HTTP/1.1\r\nOrigin: ${origin}`, "email=a%40b.org");
      expect(answer.status, path).toBe(400);
      expect(answer.body).not.toContain("<html");
    }
  });

  it("forged X-Forwarded-Host and -Proto do not make another site's post same-origin (TRUST_PROXY_HOPS=1)", async () => {
    const forged = "X-Forwarded-Host: evil.example\r\nX-Forwarded-Proto: https\r\nOrigin: https://evil.example";
    for (const path of actions.map((r) => concretePath(r.template))) {
      expect((await send(`POST ${path} HTTP/1.1\r\n${forged}`, "email=a%40b.org")).status, path).toBe(403);
    }
  });
});

describe("ambiguous message framing (request smuggling) is refused by Node's parser, answered by the server", () => {
  it.each([
    ["Content-Length and Transfer-Encoding both", "Content-Length: 6\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nX"],
    ["two different Content-Lengths", "Content-Length: 6\r\nContent-Length: 7\r\n\r\nemail="],
    ["an obfuscated Transfer-Encoding", "Transfer-Encoding: xchunked\r\n\r\n0\r\n\r\n"],
    ["a bare LF in a header", "X-Odd: a\nb\r\nContent-Length: 0\r\n\r\n"],
  ])("%s: 400 with the security headers", async (_name, rest) => {
    const answer = await rawRequest(target.port, `POST /newsletter HTTP/1.1\r\nHost: 127.0.0.1:${target.port}\r\n${rest}`);
    expect(answer.status).toBe(400);
    expect(answer.headers.connection).toBe("close");
    for (const name of SECURITY_HEADERS) expect(answer.headers[name], name).toBeTruthy();
  });
});

describe("what the server writes", () => {
  it("never the reset token, in the logs or the metrics", async () => {
    await send(`GET /login/reset/${TOKEN} HTTP/1.1`);
    await send(`GET /login/reset/${TOKEN}.data HTTP/1.1`);
    await send(`POST /login/reset/${TOKEN} HTTP/1.1\r\nSec-Fetch-Site: same-origin`, "password=a&confirm=b");
    await new Promise((resolve) => setTimeout(resolve, 300));
    const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const logged = target.lines().filter((l) => l.includes("/login/reset/"));
    console.log(`reset page requests logged: ${logged.length}, as ${[...new Set(logged.map((l) => JSON.parse(l).path))].join(", ")}`);
    expect(logged.length).toBeGreaterThanOrEqual(3);
    expect(target.lines().join("\n")).not.toContain(TOKEN);
    expect(metrics).not.toContain(TOKEN);
    expect(metrics).toContain('route="routes/login-reset"');
  });

  it("every line is one JSON object, and no 4xx is logged at error level", () => {
    const lines = target.lines();
    const logLines = lines;
    const notJson = logLines.filter((l) => {
      try {
        return typeof JSON.parse(l) !== "object";
      } catch {
        return true;
      }
    });
    const parsed = logLines.filter((l) => !notJson.includes(l)).map((l) => JSON.parse(l) as Record<string, unknown>);
    const refused = parsed.filter((l) => l.msg === "request" && Number(l.status) >= 400 && Number(l.status) < 500);
    console.log(`${lines.length} lines written, ${notJson.length} not JSON, ${refused.length} 4xx answers, ${parsed.filter((l) => l.level === "error").length} at error level`);
    expect(notJson).toEqual([]);
    expect(refused.length).toBeGreaterThan(100);
    expect(parsed.filter((l) => l.level === "error")).toEqual([]);
  });
});
