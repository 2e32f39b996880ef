import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createCmsClient, createGatewayClient } from "./client.server";
import { getSite } from "./cms.server";
import { logout, requestPasswordReset } from "./account.server";
import { getOrder } from "./orders.server";
import { call, type ApiResult, type ReasonCode } from "./result.server";
import { checkResponse } from "./validation.server";
import { createBackend, DEMO_USER } from "../../mocks/backend";

// call() through the real openapi-fetch clients, with fetch answering what each test says.
const BASE = "http://gateway.test";
const gateway = () => createGatewayClient({ baseUrl: BASE, timeoutMs: 1_000, token: "t" });
const cms = () => createCmsClient({ baseUrl: BASE, timeoutMs: 1_000 });

function answer(body: BodyInit | null, init: ResponseInit & { json?: boolean } = {}) {
  const headers = new Headers(init.headers);
  if (init.json !== false && !headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  vi.stubGlobal("fetch", vi.fn(async () => new Response(body, { ...init, headers })));
}
const json = (value: unknown, init: ResponseInit & { json?: boolean } = {}) => answer(JSON.stringify(value), init);

// A real order, as the mock backend (verified against the contract by Pact) makes them.
const ORDER = (() => {
  const backend = createBackend({ today: new Date("2026-03-02T10:00:00Z") });
  const [first] = backend.listOrders(DEMO_USER.id, { when: "upcoming" }).items;
  const order = first && backend.getOrder(DEMO_USER.id, first.id);
  if (!order) throw new Error("the seed has no upcoming order");
  return order;
})();
const PROBLEM = { type: "about:blank", title: "Not found", status: 404, code: "not_found", detail: "There is no order with this id." };

/** The upstream failure the call returned (it must return one), as status and the message shown. */
async function upstreamOf(promise: Promise<ApiResult<unknown>>) {
  const result = await promise;
  if (result.ok || !result.upstream) throw new Error(`expected an upstream failure, got ${JSON.stringify(result)}`);
  expect(result.problem.detail).toBe(result.problem.title);
  expect(result.problem.status).toBe(result.status);
  return { status: result.status, message: result.problem.title };
}

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("call() validates backend answers against the contract", () => {
  it("passes a 2xx body of the documented shape through", async () => {
    const order = structuredClone(ORDER);
    // The fixture must itself be valid, or this test checks nothing.
    expect(checkResponse("gateway", "getOrder", 200, order)).toEqual({ ok: true });
    json(order);
    expect(await getOrder(gateway(), "ord-1")).toEqual({ ok: true, data: order });
  });

  it("turns a 2xx body of the wrong shape into a 502 the user can read, not a crash", async () => {
    json({ id: 42, items: "nope" });
    expect(await upstreamOf(getOrder(gateway(), "ord-1"))).toEqual({
      status: 502,
      message: "The booking service sent something we could not read. Please try again in a few minutes.",
    });
    const [line] = vi.mocked(console.error).mock.calls[0] ?? [];
    expect(JSON.parse(String(line))).toMatchObject({
      level: "error", service: "gateway", operationId: "getOrder",
      msg: expect.stringMatching(/^\[upstream\] gateway getOrder: unreadable answer: 200: /),
    });
  });

  it("names the content service for CMS answers", async () => {
    json({ title: 1 });
    expect((await upstreamOf(getSite(cms()))).message).toMatch(/^The content service sent something we could not read/);
  });

  it("reads a 2xx status the contract does not document by its default response (a problem)", async () => {
    // getSite documents 200; a 202 falls to `default` (a problem), which a site is not.
    json({ title: "Group visits" }, { status: 202 });
    expect(await upstreamOf(getSite(cms()))).toMatchObject({ status: 502 });
    expect(checkResponse("cms", "getSite", 202, { type: "about:blank", title: "Accepted", status: 202 })).toEqual({ ok: true });
  });

  it("reads a body that is not JSON as unreadable (502)", async () => {
    answer("{ not json");
    expect(await upstreamOf(getOrder(gateway(), "ord-1"))).toMatchObject({ status: 502, message: /could not read/ });
  });

  it("accepts an answer with no body where the contract documents none (204)", async () => {
    answer(null, { status: 204, json: false });
    expect(await logout(gateway())).toEqual({ ok: true, data: undefined });
  });

  it("returns a 4xx problem of the documented shape for the route to act on", async () => {
    json(PROBLEM, { status: 404, headers: { "Content-Type": "application/problem+json" } });
    expect(await getOrder(gateway(), "nope")).toEqual({ ok: false, upstream: false, operation: "getOrder", status: 404, problem: PROBLEM });
  });

  it("turns a 4xx JSON body that is not a problem into a 502", async () => {
    json({ message: "Not Found" }, { status: 404 });
    expect(await upstreamOf(getOrder(gateway(), "nope"))).toMatchObject({ status: 502 });
  });

  it("turns a 4xx labelled JSON whose body is not JSON into a 502", async () => {
    answer("<html>", { status: 400, headers: { "Content-Type": "application/problem+json" } });
    expect(await upstreamOf(getOrder(gateway(), "nope"))).toMatchObject({ status: 502 });
  });

  it("keeps a 4xx that is not JSON (a proxy's page) as a generic problem", async () => {
    answer("<html>Forbidden</html>", { status: 403, headers: { "Content-Type": "text/html" } });
    expect(await getOrder(gateway(), "x")).toEqual({
      ok: false, upstream: false, operation: "getOrder", status: 403, problem: { type: "about:blank", title: "Request failed", status: 403 },
    });
  });
});

describe("call() maps failures onto 502, 503 and 504", () => {
  const unavailable = "is not available right now";
  it.each([
    [500, 502, unavailable],
    [502, 502, unavailable],
    [503, 503, unavailable],
    // The gateway's (or the API gateway's) own time-out: the same advice as ours.
    [504, 504, "is taking too long to answer"],
  ])("an upstream %i becomes %i", async (upstream, status, what) => {
    json({ type: "about:blank", title: "Boom", status: upstream }, { status: upstream });
    expect(await upstreamOf(getOrder(gateway(), "x"))).toEqual({
      status,
      message: `The booking service ${what}. Please try again in a few minutes.`,
    });
  });

  it.each([
    [403, "refused this request. Please try again; if it keeps happening, contact us."],
    [413, "cannot take that much at once. Please make what you sent shorter and try again."],
    [429, "is busy right now. Please try again shortly."],
  ])("the API gateway's own %i ({\"message\"}) becomes that status with its advice", async (status, advice) => {
    json({ message: "Refused" }, { status });
    expect(await upstreamOf(getOrder(gateway(), "x"))).toEqual({ status, message: `The booking service ${advice}` });
  });

  it("a time-out becomes 504", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => {
      throw new DOMException("The operation was aborted due to timeout", "TimeoutError");
    }));
    expect(await upstreamOf(getOrder(gateway(), "x"))).toEqual({
      status: 504,
      message: "The booking service is taking too long to answer. Please try again in a few minutes.",
    });
  });

  it("a dropped connection becomes 502", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => {
      throw new TypeError("fetch failed");
    }));
    expect(await upstreamOf(getOrder(gateway(), "x"))).toMatchObject({ status: 502, message: /not available right now/ });
  });

  it("a run that throws synchronously is caught too", async () => {
    const run = () => {
      throw new TypeError("bad URL");
    };
    expect(await upstreamOf(call("gateway", "getOrder", run))).toMatchObject({ status: 502 });
  });
});

describe("an upstream failure is a value", () => {
  it("names the operation and holds the message as title and detail, with no reason code or field errors", async () => {
    json({}, { status: 503 });
    const message = "The booking service is not available right now. Please try again in a few minutes.";
    expect(await getOrder(gateway(), "x")).toEqual({
      ok: false,
      upstream: true,
      operation: "getOrder",
      status: 503,
      problem: { type: "about:blank", status: 503, title: message, detail: message },
    });
    // Logged once, for operators; returned, never thrown.
    expect(console.error).toHaveBeenCalledTimes(1);
  });

  it("is told apart from the gateway's own 429 problem by `upstream`, not by the status", async () => {
    // requestPasswordReset documents the gateway's own 429 (rate_limited).
    const ask = () => requestPasswordReset(gateway(), { email: "teacher@example.org" });
    json({ message: "Too Many Requests" }, { status: 429 });
    const refused = await ask();
    json({ type: "about:blank", title: "Slow down", status: 429, code: "rate_limited" }, { status: 429, headers: { "Content-Type": "application/problem+json" } });
    const problem = await ask();
    expect([refused.ok, problem.ok]).toEqual([false, false]);
    expect(!refused.ok && refused.status).toBe(429);
    expect(!problem.ok && problem.status).toBe(429);
    expect(!refused.ok && refused.upstream).toBe(true);
    expect(!problem.ok && problem.upstream).toBe(false);
  });
});

describe("reason codes", () => {
  it("are typed per operation from the contract, so a branch on a code it lacks does not compile", () => {
    const known: ReasonCode<"checkoutBasket"> = "price_changed";
    // @ts-expect-error: not a reason code of checkoutBasket in contracts/gateway.yaml (tsc checks this line)
    const unknown: ReasonCode<"checkoutBasket"> = "no_such_code";
    expect([known, unknown]).toEqual(["price_changed", "no_such_code"]);
  });
});
