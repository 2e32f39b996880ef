import { getResponse } from "msw";
import { describe, expect, it } from "vitest";
import { gatewayHandlers } from "../../handlers/gateway";
import { DEMO_USER, createBackend } from "../index";
import { VISIT_FIXTURE, basketAtStep } from "./provider-states";
import { HOLD_MINUTES } from "./rules";
import { NO_TEST_CONTROLS, parseTestControls, type TestControls, type UserTestControls } from "./test-controls";
import type { Outcome } from "./types";

// The embedded default's test controls (docs/decisions/0028-test-controls-of-the-embedded-default.md):
// read from one environment variable, applied to the named users' first hold or free
// payment of each basket, and to nobody else.

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
    }));
    expect([...controls]).toEqual([
      ["someone@example.org", { failFirstHold: true, firstHoldSeconds: 20 }],
      ["other@example.org", { failFirstFreePayment: true }],
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
