import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { sendResponse } from "@remix-run/node-fetch-server";
import { getResponse, http, HttpResponse, type HttpHandler } from "msw";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createCmsClient, createGatewayClient } from "../../app/api/client.server";
import { getCurrentUser, updateCurrentUser } from "../../app/api/account.server";
import { cmsCall } from "../../app/api/operation.server";
import { closePools, poolTransport } from "../../app/api/transport.server";
import { SCHEMA_DOCUMENTS } from "../../app/api/validation.server";
import { readAppCalls } from "../support/app-calls";
import { expectedMessage, faultHandler, FAULTS } from "../faults/support/faults";
import { INVOCATIONS } from "../faults/support/operations";

// The keep-alive pools a configured backend is called through (app/api/transport.server.ts),
// over real sockets: the faults suite's own corpus (tests/faults/support/faults.ts) for every
// operation the app calls, answered by a node:http server from the same MSW resolvers; a
// connection reset is a socket destroyed mid-request. Each must end as the fetch path's does.

const TIMEOUT_MS = 150;
const BUDGET_MS = TIMEOUT_MS + 1_500;
const ROOT = new URL("../../", import.meta.url).pathname;

let server: Server;
let origin = "";
let handlers: HttpHandler[] = [];
const connections = new Set<Socket>();
const received: { method: string; url: string; headers: IncomingMessage["headers"]; body: string }[] = [];

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    received.push({ method: req.method!, url: req.url!, headers: req.headers, body: body.toString() });
    const request = new Request(`${origin}${req.url}`, { method: req.method, headers: req.headers as Record<string, string>, ...(body.length && { body }) });
    const response = await getResponse(handlers, request);
    if (!response || response.type === "error") return void req.socket.destroy();
    await sendResponse(res, response);
  });
  server.on("connection", (socket: Socket) => connections.add(socket));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  vi.spyOn(console, "error").mockImplementation(() => {});
});

afterAll(async () => {
  await closePools();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const clients = (token = "a-token") => {
  const transport = poolTransport({ connections: 4, timeoutMs: TIMEOUT_MS });
  return {
    gateway: createGatewayClient({ baseUrl: `${origin}/gateway`, timeoutMs: TIMEOUT_MS, token, requestId: "req-0123456789", transport }),
    cms: createCmsClient({ baseUrl: `${origin}/cms`, timeoutMs: TIMEOUT_MS, requestId: "req-0123456789", transport }),
  };
};

describe("calls through the pool", () => {
  it("send the method, path, query, headers and body, and read the answer's status, body and headers", async () => {
    received.length = 0;
    const refusal = { type: "about:blank", title: "Check the details", status: 422, errors: [{ field: "firstName", message: "Too long" }] };
    handlers = [http.patch(`${origin}/gateway/users/me`, () => HttpResponse.json(refusal, { status: 422, headers: { "Content-Type": "application/problem+json" } }))];
    const result = await updateCurrentUser(clients().gateway, { firstName: "Grace", lastName: "Hopper" });
    expect(received).toEqual([
      expect.objectContaining({
        method: "PATCH",
        url: "/gateway/users/me",
        headers: expect.objectContaining({ authorization: "Bearer a-token", "x-request-id": "req-0123456789", "content-type": "application/json" }),
        body: JSON.stringify({ firstName: "Grace", lastName: "Hopper" }),
      }),
    ]);
    expect(result).toMatchObject({ ok: false, upstream: false, status: 422, problem: refusal });

    handlers = [http.get(`${origin}/cms/pages/:slug`, () => HttpResponse.json(refusal, { status: 404, headers: { "Cache-Control": "public, max-age=10" } }))];
    const seen: (string | null)[] = [];
    await cmsCall(clients().cms, "get", "/pages/{slug}", { params: { path: { slug: "a page" } } }, (response) => seen.push(response.headers.get("Cache-Control")));
    expect(received.at(-1)?.url).toBe("/cms/pages/a%20page");
    expect(seen).toEqual(["public, max-age=10"]);
  });

  it("keep their connections open: calls one after another share one", async () => {
    handlers = [http.get(`${origin}/gateway/users/me`, () => HttpResponse.json({ type: "about:blank", title: "Sign in", status: 401 }, { status: 401 }))];
    const before = connections.size;
    const { gateway } = clients();
    for (let i = 0; i < 5; i++) expect(await getCurrentUser(gateway)).toMatchObject({ ok: false, status: 401 });
    expect(connections.size - before).toBeLessThanOrEqual(1);
  });
});

// The pool sends every operation alike but for its method and body: one operation of each
// method the app calls, of each backend, takes the whole corpus.
const { wrappers } = readAppCalls({ root: ROOT, appDir: "app", apiDir: "app/api" });
const calls = [...new Map(wrappers.map((c) => [`${c.service} ${c.method}`, c])).values()];

describe.each(calls.map((c) => [`${c.service} ${c.operationId}`, c] as const))("%s through the pool", (_, op) => {
  const operation = SCHEMA_DOCUMENTS[op.service].operations[op.operationId];
  const success = Number(Object.keys(operation?.responses ?? {}).find((s) => /^2\d\d$/.test(s)) ?? 200);

  it.each(FAULTS.map((f) => [f.name, f] as const))("%s", async (_, fault) => {
    const base = `${origin}/${op.service}`;
    handlers = [faultHandler(base, op.method, op.path, fault, success)];
    const started = performance.now();
    const result = await INVOCATIONS[op.operationId]!(clients());
    expect(result).toMatchObject({ ok: false, upstream: true, operation: op.operationId, status: fault.expected });
    expect(!result.ok && result.problem.detail).toMatch(expectedMessage(op.service, fault));
    expect(performance.now() - started).toBeLessThan(BUDGET_MS);
  });
});
