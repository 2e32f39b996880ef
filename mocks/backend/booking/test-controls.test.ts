import { getResponse } from "msw";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createGatewayClient } from "../../../app/api/client.server";
import { listOrders } from "../../../app/api/orders.server";
import { checkResponse } from "../../../app/api/validation.server";
import { gatewayHandlers } from "../../handlers/gateway";
import { startEmbeddedBackend, type EmbeddedBackend } from "../../server";
import { DEMO_USER, createBackend } from "../index";
import { basketAtStep } from "./provider-state-baskets";
import { VISIT_FIXTURE } from "./provider-state-fixtures";
import { HOLD_MINUTES } from "./rules";
import { NO_TEST_CONTROLS, parseTestControls, type TestControls, type UserTestControls } from "./test-controls";
import type { Outcome } from "./types";

// The embedded default's test controls (docs/decisions/0028-test-controls-of-the-embedded-default.md):
// read from one environment variable, applied to the named users' first hold or free
// payment of each basket, or their first call of an operation in each session (refused by
// the API Gateway in front), and to nobody else.

const TODAY = new Date("2026-03-10T12:00:00Z");
const OTHER_SCHOOL_USER = "usr-1003";

function setup(controls: UserTestControls) {
  const clock = { now: TODAY.getTime() };
  const testControls: TestControls = new Map([[DEMO_USER.email.toLowerCase(), controls]]);
  const backend = createBackend({ today: TODAY, now: () => clock.now, testControls });
  return { backend, booking: backend.booking, clock };
}

function ok<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw new Error(`${outcome.status} ${outcome.code}: ${outcome.detail}`);
  return outcome.value;
}

const atReview = (backend: ReturnType<typeof createBackend>, userId: string = DEMO_USER.id) =>
  basketAtStep(backend, { userId, kind: "visit", step: "review" }).basketId;

/** A visit that costs nothing (general admission only), its schedule saved: the step it is at next. */
function freeVisit(backend: ReturnType<typeof createBackend>, userId: string = DEMO_USER.id) {
  const { basketId } = basketAtStep(backend, { userId, kind: "visit", step: "information" });
  ok(backend.booking.updateBasketInformation(userId, basketId, { ...VISIT_FIXTURE.information, lunchSpace: false }));
  const saved = ok(backend.booking.updateBasketSchedule(userId, basketId, { items: [] }));
  expect(ok(backend.booking.getBasketQuote(userId, basketId)).total.amount).toBe(0);
  return { basketId, nextStep: saved.nextStep, payment: saved.payment };
}

describe("parseTestControls", () => {
  it("finds none when the variable is unset or empty", () => {
    expect(parseTestControls(undefined)).toBe(NO_TEST_CONTROLS);
    expect(parseTestControls("  ")).toBe(NO_TEST_CONTROLS);
  });

  it("reads each user's controls, by email in lower case", () => {
    const controls = parseTestControls(JSON.stringify({
      "Someone@Example.org": { failFirstHold: true, firstHoldSeconds: 20 },
      "other@example.org": { failFirstFreePayment: true },
      "third@example.org": { refuseFirst: { status: 429, operations: ["listOrders", "getOrder", "listOrders"] } },
    }));
    expect([...controls]).toEqual([
      ["someone@example.org", { failFirstHold: true, firstHoldSeconds: 20 }],
      ["other@example.org", { failFirstFreePayment: true }],
      ["third@example.org", { refuseFirst: { status: 429, operations: ["listOrders", "getOrder"] } }],
    ]);
  });

  it.each([
    ["not JSON", "{", /not JSON/],
    ["a list", "[]", /object of user emails/],
    ["a name that is not an email", JSON.stringify({ someone: {} }), /not an email/],
    ["an unknown control", JSON.stringify({ "a@example.org": { failEverything: true } }), /failEverything is not a control/],
    ["a flag that is not true or false", JSON.stringify({ "a@example.org": { failFirstHold: "yes" } }), /true or false/],
    ["a hold of no time", JSON.stringify({ "a@example.org": { firstHoldSeconds: 0 } }), /from 1 to 3600/],
    ["a hold of part of a second", JSON.stringify({ "a@example.org": { firstHoldSeconds: 1.5 } }), /whole number/],
    ["a refusal that is not an object", JSON.stringify({ "a@example.org": { refuseFirst: 429 } }), /refuseFirst must be an object/],
    ["a refusal the API Gateway does not send", JSON.stringify({ "a@example.org": { refuseFirst: { status: 503, operations: ["listOrders"] } } }), /refuseFirst\.status must be one of the API Gateway's refusals \(403, 413, 429\)/],
    ["a refusal of no operation", JSON.stringify({ "a@example.org": { refuseFirst: { status: 429, operations: [] } } }), /refuseFirst\.operations must be a list/],
    ["a refusal of an unknown operation", JSON.stringify({ "a@example.org": { refuseFirst: { status: 429, operations: ["listOrder"] } } }), /"listOrder" is not an operation of contracts\/gateway\.yaml/],
    ["a refusal of a CMS operation", JSON.stringify({ "a@example.org": { refuseFirst: { status: 403, operations: ["getSite"] } } }), /"getSite" is not an operation/],
    ["a refusal with more than it takes", JSON.stringify({ "a@example.org": { refuseFirst: { status: 429, operations: ["listOrders"], times: 2 } } }), /refuseFirst has no times/],
  ])("refuses %s, naming the variable", (_, text, message) => {
    expect(() => parseTestControls(text)).toThrow(/^EMBEDDED_TEST_CONTROLS: /);
    expect(() => parseTestControls(text)).toThrow(message);
  });
});

describe("failFirstHold", () => {
  it("fails the first hold of each of the user's baskets as an unavailable gateway, holding nothing; the next one holds", () => {
    const { backend, booking } = setup({ failFirstHold: true });
    const basketId = atReview(backend);
    expect(booking.placeBasketHold(DEMO_USER.id, basketId)).toMatchObject({ ok: false, status: 503, code: "service_unavailable" });
    expect(backend.state.booking.baskets.get(basketId)).toMatchObject({ status: "open" });
    expect(backend.state.booking.baskets.get(basketId)?.hold).toBeUndefined();
    expect(ok(booking.placeBasketHold(DEMO_USER.id, basketId))).toMatchObject({ status: "held", hold: { extensionsRemaining: 1 } });

    // A new basket's first hold fails again.
    ok(booking.discardBasket(DEMO_USER.id, basketId));
    const next = atReview(backend);
    expect(next).not.toBe(basketId);
    expect(booking.placeBasketHold(DEMO_USER.id, next)).toMatchObject({ ok: false, status: 503 });
  });

  it("leaves other users' holds alone", () => {
    const { backend, booking } = setup({ failFirstHold: true });
    const basketId = atReview(backend, OTHER_SCHOOL_USER);
    expect(ok(booking.placeBasketHold(OTHER_SCHOOL_USER, basketId)).status).toBe("held");
  });

  it("reaches the app as a 503 problem from the gateway's placeBasketHold", async () => {
    const { backend } = setup({ failFirstHold: true });
    const basketId = atReview(backend);
    backend.createSession(DEMO_USER.id, "tok-controls");
    const handlers = gatewayHandlers("https://gateway.test/qa", backend);
    const hold = () => getResponse(handlers, new Request(`https://gateway.test/qa/baskets/${basketId}/hold`, {
      method: "PUT", headers: { Authorization: "Bearer tok-controls" },
    }));
    const first = await hold();
    expect(first?.status).toBe(503);
    expect(first?.headers.get("Content-Type")).toMatch(/^application\/problem\+json/);
    expect(await first?.json()).toMatchObject({ status: 503, code: "service_unavailable", title: "Service unavailable" });
    expect((await hold())?.status).toBe(200);
  });
});

describe("firstHoldSeconds", () => {
  it("makes the first hold of each basket that short: it lapses on the mock's clock; the next hold is as usual", () => {
    const { backend, booking, clock } = setup({ firstHoldSeconds: 20 });
    const basketId = atReview(backend);
    const held = ok(booking.placeBasketHold(DEMO_USER.id, basketId));
    expect(Date.parse(held.hold!.expiresAt)).toBe(clock.now + 20_000);

    clock.now += 19_000;
    expect(ok(booking.getBasket(DEMO_USER.id, basketId)).status).toBe("held");
    clock.now += 1_000;
    const lapsed = ok(booking.getBasket(DEMO_USER.id, basketId));
    expect(lapsed).toMatchObject({ status: "open" });
    expect(lapsed.hold).toBeUndefined();
    expect(lapsed.messages.map((m) => m.code)).toContain("hold_expired");

    const again = ok(booking.placeBasketHold(DEMO_USER.id, basketId));
    expect(Date.parse(again.hold!.expiresAt)).toBe(clock.now + HOLD_MINUTES * 60_000);
  });
});

describe("failFirstFreePayment", () => {
  it("keeps a free visit at the payment step; the first save of \"none\" of each basket fails, saving nothing; the next is taken", () => {
    const { backend, booking } = setup({ failFirstFreePayment: true });
    const { basketId, nextStep, payment } = freeVisit(backend);
    expect(nextStep).toBe("payment");
    expect(payment).toBeUndefined();
    expect(booking.updateBasketPayment(DEMO_USER.id, basketId, { method: "none" })).toMatchObject({ ok: false, status: 503 });
    const unsaved = ok(booking.getBasket(DEMO_USER.id, basketId));
    expect(unsaved.nextStep).toBe("payment");
    expect(unsaved.payment).toBeUndefined();
    expect(ok(booking.updateBasketPayment(DEMO_USER.id, basketId, { method: "none" }))).toMatchObject({ nextStep: "review", payment: { method: "none" } });
  });

  it("leaves other users' free visits skipping payment", () => {
    const { backend } = setup({ failFirstFreePayment: true });
    expect(freeVisit(backend, OTHER_SCHOOL_USER)).toMatchObject({ nextStep: "review", payment: { method: "none" } });
  });

  it("leaves other ways to pay alone", () => {
    const { backend, booking } = setup({ failFirstFreePayment: true });
    const { basketId } = basketAtStep(backend, { userId: DEMO_USER.id, kind: "visit", step: "payment" });
    expect(ok(booking.getBasketQuote(DEMO_USER.id, basketId)).total.amount).toBeGreaterThan(0);
    expect(ok(booking.updateBasketPayment(DEMO_USER.id, basketId, { method: "invoice" })).nextStep).toBe("review");
  });
});

describe("refuseFirst", () => {
  const GATEWAY = "https://gateway.test/qa";

  /** A backend whose API Gateway refuses the demo user's first call of the operations in each session, and a way to call it as the app does. */
  function refusing(status: 403 | 413 | 429, operations: string[]) {
    const { backend } = setup({ refuseFirst: { status, operations } });
    const handlers = gatewayHandlers(GATEWAY, backend);
    const send = (path: string, token?: string, init: RequestInit = {}) =>
      getResponse(handlers, new Request(`${GATEWAY}${path}`, {
        ...init, headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(init.body ? { "Content-Type": "application/json" } : {}) },
      })).then((r) => {
        if (!r) throw new Error(`No handler for ${path}`);
        return r;
      });
    return { backend, send };
  }

  it("refuses the first call of a named operation in a session as the API Gateway in front: its status and its message body, in the contract's shape", async () => {
    const { backend, send } = refusing(429, ["listOrders"]);
    backend.createSession(DEMO_USER.id, "tok-a");
    const refused = await send("/orders?when=upcoming", "tok-a");
    expect(refused.status).toBe(429);
    // Not a problem: the API Gateway's own JSON (contracts/gateway.yaml, GatewayMessage).
    expect(refused.headers.get("Content-Type")).toMatch(/^application\/json/);
    const body: unknown = await refused.json();
    expect(body).toEqual({ message: "Too Many Requests" });
    expect(checkResponse("gateway", "listOrders", 429, body)).toEqual({ ok: true });

    // The next call of the session passes on to the gateway.
    const next = await send("/orders?when=past", "tok-a");
    expect(next.status).toBe(200);
    expect(checkResponse("gateway", "listOrders", 200, await next.json())).toEqual({ ok: true });
  });

  it("refuses once per session and operation: a new session is refused again; other operations and other users pass", async () => {
    const { backend, send } = refusing(403, ["listOrders", "getCurrentUser"]);
    backend.createSession(DEMO_USER.id, "tok-a");
    backend.createSession(DEMO_USER.id, "tok-b");
    backend.createSession(OTHER_SCHOOL_USER, "tok-other");
    expect((await send("/orders", "tok-a")).status).toBe(403);
    expect(await (await send("/users/me", "tok-a")).json()).toEqual({ message: "Forbidden" });
    expect((await send("/users/me", "tok-a")).status).toBe(200);
    expect((await send("/orders", "tok-a")).status).toBe(200);
    // Not named: passes.
    expect((await send("/users/me/associations", "tok-a")).status).toBe(200);
    // Another session of the same user: refused once more.
    expect((await send("/orders", "tok-b")).status).toBe(403);
    expect((await send("/orders", "tok-b")).status).toBe(200);
    // Another user: never.
    expect((await send("/orders", "tok-other")).status).toBe(200);
    // No session: the gateway's own 401 problem, as before.
    const anonymous = await send("/orders");
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ status: 401, code: "unauthenticated" });
  });

  it("refuses a write before the gateway sees it: nothing is saved, and the same body is taken next time", async () => {
    const { backend, send } = refusing(413, ["updateBasketInformation"]);
    backend.createSession(DEMO_USER.id, "tok-a");
    const { basketId } = basketAtStep(backend, { userId: DEMO_USER.id, kind: "visit", step: "information" });
    const before = ok(backend.booking.getBasket(DEMO_USER.id, basketId));
    const save = () => send(`/baskets/${basketId}/information`, "tok-a", { method: "PUT", body: JSON.stringify(VISIT_FIXTURE.information) });
    const refused = await save();
    expect(refused.status).toBe(413);
    const body: unknown = await refused.json();
    expect(body).toEqual({ message: "Request Too Long" });
    expect(checkResponse("gateway", "updateBasketInformation", 413, body)).toEqual({ ok: true });
    expect(ok(backend.booking.getBasket(DEMO_USER.id, basketId))).toEqual(before);
    const saved = await save();
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ id: basketId, nextStep: "schedule" });
  });

  it("answers through the gateway's handlers only when a control refuses calls, and a reset forgets which sessions were refused", async () => {
    expect(createBackend({ today: TODAY, testControls: NO_TEST_CONTROLS }).refusesCalls).toBe(false);
    const { backend, send } = refusing(429, ["getCurrentUser"]);
    expect(backend.refusesCalls).toBe(true);
    backend.createSession(DEMO_USER.id, "tok-a");
    expect((await send("/users/me", "tok-a")).status).toBe(429);
    expect((await send("/users/me", "tok-a")).status).toBe(200);
    backend.reset();
    backend.createSession(DEMO_USER.id, "tok-a");
    expect((await send("/users/me", "tok-a")).status).toBe(429);
  });

  describe("as the app sees it", () => {
    const gatewayBaseUrl = "https://gateway.controls.invalid/qa";
    let embedded: EmbeddedBackend;
    beforeAll(() => {
      embedded = startEmbeddedBackend({
        gatewayBaseUrl, cmsBaseUrl: "https://cms.controls.invalid/api/v1", onUnhandledRequest: "error", today: TODAY,
        testControls: new Map([[DEMO_USER.email, { refuseFirst: { status: 429, operations: ["listOrders"] } }]]),
      });
    });
    afterAll(() => embedded.close());

    it("is the API Gateway's refusal, an upstream failure with the app's message, then the orders", async () => {
      const error = vi.spyOn(console, "error").mockImplementation(() => {});
      embedded.backend.createSession(DEMO_USER.id, "tok-app");
      const client = createGatewayClient({ baseUrl: gatewayBaseUrl, timeoutMs: 2_000, token: "tok-app" });
      const refused = await listOrders(client, { when: "upcoming" });
      expect(refused).toMatchObject({
        ok: false, upstream: true, operation: "listOrders", status: 429,
        problem: { title: "The booking service is busy right now. Please try again shortly." },
      });
      expect(error).toHaveBeenCalledWith(expect.stringContaining('"msg":"[upstream] gateway listOrders: HTTP 429 from the API gateway in front"'));
      const again = await listOrders(client, { when: "upcoming" });
      expect(again.ok).toBe(true);
      error.mockRestore();
    });
  });
});

describe("without controls", () => {
  it("holds and saves as usual, and a reset forgets which baskets had their first", () => {
    const plain = createBackend({ today: TODAY, now: () => TODAY.getTime(), testControls: NO_TEST_CONTROLS });
    expect(ok(plain.booking.placeBasketHold(DEMO_USER.id, atReview(plain))).status).toBe("held");
    // A free visit skips payment: the mock marks it "none" itself.
    expect(freeVisit(plain)).toMatchObject({ nextStep: "review", payment: { method: "none" } });

    const { backend, booking } = setup({ failFirstHold: true });
    const before = atReview(backend);
    expect(booking.placeBasketHold(DEMO_USER.id, before).ok).toBe(false);
    backend.reset();
    // The same basket id again after the reset: its first hold fails again.
    const after = atReview(backend);
    expect(after).toBe(before);
    expect(booking.placeBasketHold(DEMO_USER.id, after).ok).toBe(false);
  });
});
