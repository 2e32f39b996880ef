import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { securityMiddleware } from "./middleware.server";

function run(request: Request, response = new Response("ok")) {
  const url = new URL(request.url);
  const args = { request, url, params: {}, context: new RouterContextProvider(), pattern: "/" } as never;
  let nextCalled = false;
  const next = (() => {
    nextCalled = true;
    return Promise.resolve(response);
  }) as never;
  return { result: Promise.resolve().then(() => securityMiddleware(args, next)) as Promise<Response>, nextCalled: () => nextCalled };
}

describe("security middleware", () => {
  it("refuses a cross-origin post with 403 before anything else runs", async () => {
    const { result, nextCalled } = run(new Request("http://localhost/newsletter", { method: "POST", headers: { Origin: "https://evil.example" } }));
    await expect(result).rejects.toMatchObject({ init: { status: 403 } });
    expect(nextCalled()).toBe(false);
  });

  it("lets a same-origin post through", async () => {
    const { result, nextCalled } = run(new Request("http://localhost/newsletter", { method: "POST", headers: { "Sec-Fetch-Site": "same-origin" } }));
    expect((await result).status).toBe(200);
    expect(nextCalled()).toBe(true);
  });

  it("adds the security headers to every response, and a deny-all CSP to non-documents", async () => {
    const response = await run(new Request("http://localhost/account.data"), Response.json({})).result;
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("Permissions-Policy")).toContain("microphone=(self)");
    expect(response.headers.get("Content-Security-Policy")).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it("keeps a route's own Referrer-Policy (the password-reset page's no-referrer), and sets the rest", async () => {
    const document = new Response("<!DOCTYPE html>", { headers: { "Referrer-Policy": "no-referrer" } });
    const response = await run(new Request("http://localhost/login/reset/a-token-of-the-link"), document).result;
    expect(response.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("X-Frame-Options")).toBe("DENY");
  });

  it("keeps a document's own CSP (with its nonce)", async () => {
    const document = new Response("<!DOCTYPE html>", { headers: { "Content-Security-Policy": "script-src 'nonce-x'" } });
    const response = await run(new Request("http://localhost/"), document).result;
    expect(response.headers.get("Content-Security-Policy")).toBe("script-src 'nonce-x'");
  });

  it("runs first in root, before the session is read (after only the Cache-Control middleware, which reads nothing)", async () => {
    const root = await import("../root");
    const { cacheControlMiddleware } = await import("../shell/cache-control.server");
    expect(root.middleware.slice(0, 2)).toEqual([cacheControlMiddleware, securityMiddleware]);
  });
});
