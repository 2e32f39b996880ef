import { afterEach, describe, expect, it, vi } from "vitest";
import { createCmsClient, createGatewayClient } from "./client.server";
import { cmsCall, gatewayCall } from "./operation.server";

// The operation is named by method and path alone: what is sent, and which operation the
// answer is validated and reported as, both come from the contract's table.
const BASE = "http://backend.test";
const sent: Request[] = [];
function answer(status: number, body: unknown) {
  sent.length = 0;
  vi.stubGlobal("fetch", vi.fn(async (request: Request) => {
    sent.push(request);
    return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/problem+json" } });
  }));
}
afterEach(() => vi.unstubAllGlobals());

describe("gatewayCall and cmsCall", () => {
  it("send the method and path given and report the contract's operationId for them", async () => {
    answer(404, { type: "about:blank", title: "Not found", status: 404, code: "not_found" });
    const client = createGatewayClient({ baseUrl: BASE, timeoutMs: 1_000 });
    const result = await gatewayCall(client, "delete", "/users/me/associations/{organisationId}", { params: { path: { organisationId: "org 1" } } });
    expect(sent.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual(["DELETE /users/me/associations/org%201"]);
    expect(result).toMatchObject({ ok: false, operation: "leaveAssociation", status: 404 });
  });

  it("tell two operations on one path apart by method", async () => {
    answer(401, { type: "about:blank", title: "Sign in", status: 401 });
    const client = createGatewayClient({ baseUrl: BASE, timeoutMs: 1_000 });
    expect(await gatewayCall(client, "get", "/users/me", {})).toMatchObject({ operation: "getCurrentUser" });
    expect(await gatewayCall(client, "patch", "/users/me", { body: {} })).toMatchObject({ operation: "updateCurrentUser" });
  });

  it("look CMS paths up in the CMS contract", async () => {
    answer(404, { type: "about:blank", title: "Not found", status: 404, code: "not_found" });
    const result = await cmsCall(createCmsClient({ baseUrl: BASE, timeoutMs: 1_000 }), "get", "/pages/{slug}", { params: { path: { slug: "about" } } });
    expect(result).toMatchObject({ ok: false, operation: "getPage" });
  });

  it("show the CMS's response to whoever asks, for its Cache-Control (the public cache reads it)", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify({ type: "about:blank", title: "Not found", status: 404 }), {
      status: 404,
      headers: { "Content-Type": "application/problem+json", "Cache-Control": "public, max-age=10" },
    })));
    const seen: (string | null)[] = [];
    await cmsCall(createCmsClient({ baseUrl: BASE, timeoutMs: 1_000 }), "get", "/pages/{slug}", { params: { path: { slug: "about" } } }, (response) =>
      seen.push(response.headers.get("Cache-Control")),
    );
    expect(seen).toEqual(["public, max-age=10"]);
  });

  it("refuse, at compile time and at run time, a method the contract has not for that path", async () => {
    const client = createGatewayClient({ baseUrl: BASE, timeoutMs: 1_000 });
    // @ts-expect-error: /auth/login has no GET in contracts/gateway.yaml
    expect(() => gatewayCall(client, "get", "/auth/login", {})).toThrow("GET /auth/login is not an operation of contracts/gateway.yaml");
  });
});
