import { getResponse } from "msw";
import { describe, expect, it } from "vitest";
import { gatewayHandlers } from "../../handlers/gateway";
import { addDays } from "../dates";
import { DEMO_USER, createBackend, type BackendOptions } from "../index";
import { seededDayDemand } from "./calendar";
import { BOOKING_TERMS_VERSION } from "./content";
import { basketAtStep, quietDate } from "./provider-state-baskets";
import { GROUP_FIXTURE, VISIT_FIXTURE } from "./provider-state-fixtures";
import type { Basket, Failure, Outcome } from "./types";

const TODAY = new Date("2026-03-10T12:00:00Z");
const GATEWAY = "https://gateway.test/qa";
const RETURN_URL = "https://groups.example.org/account/book/payment/return";
const CHECKOUT = { acceptedTermsVersion: BOOKING_TERMS_VERSION, returnUrl: RETURN_URL };
const YORK = "venue-york-roman-quarter";
const OTHER_SCHOOL_USER = "usr-1003";
const OPERATOR = "usr-3001";

/** A backend on a fixed day, with a clock the test moves. */
function setup(options: BackendOptions = {}) {
  const clock = { now: TODAY.getTime() };
  const backend = createBackend({ today: TODAY, now: () => clock.now, ...options });
  const user = (id: string) => backend.state.users.get(id)!.user;
  return { backend, booking: backend.booking, clock, demo: user(DEMO_USER.id), user };
}

function ok<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw new Error(`${outcome.status} ${outcome.code}: ${outcome.detail} ${JSON.stringify(outcome.errors ?? [])}`);
  return outcome.value;
}
function failure<T>(outcome: Outcome<T>): Failure {
  if (outcome.ok) throw new Error(`Expected a failure, got ${JSON.stringify(outcome.value).slice(0, 200)}`);
  return outcome;
}

/** A visit basket of the demo school at the given step, on a quiet day 70 days ahead. */
function visitAt(ctx: ReturnType<typeof setup>, step: Basket["nextStep"], payment = "invoice", basketId = "bkt-t") {
  return basketAtStep(ctx.backend, { userId: DEMO_USER.id, basketId, kind: "visit", step, payment });
}

describe("the standard flow", () => {
  it("resumes at the step the gateway says is due, and refuses steps out of order", () => {
    const ctx = setup();
    const basket = ok(ctx.booking.createBasket(ctx.demo, { kind: "visit" }));
    expect(basket).toMatchObject({ kind: "visit", status: "open", completedSteps: [], nextStep: "date" });
    expect(failure(ctx.booking.updateBasketSchedule(DEMO_USER.id, basket.id, VISIT_FIXTURE.schedule)))
      .toMatchObject({ status: 409, code: "step_out_of_order", detail: expect.stringContaining("(date)") });
    const date = quietDate(ctx.backend);
    expect(ok(ctx.booking.updateBasketDate(DEMO_USER.id, basket.id, { venueId: YORK, visitDate: date })).nextStep).toBe("information");
    expect(ok(ctx.booking.updateBasketInformation(DEMO_USER.id, basket.id, VISIT_FIXTURE.information)).nextStep).toBe("schedule");
    expect(ok(ctx.booking.updateBasketSchedule(DEMO_USER.id, basket.id, VISIT_FIXTURE.schedule)).nextStep).toBe("payment");
    const paid = ok(ctx.booking.updateBasketPayment(DEMO_USER.id, basket.id, { method: "invoice", purchaseOrderNumber: " PO-1 " }));
    expect(paid).toMatchObject({ nextStep: "review", completedSteps: ["date", "information", "schedule", "payment"], payment: { method: "invoice", purchaseOrderNumber: "PO-1" } });
    // The newest open basket is the booking in progress.
    expect(ctx.booking.listBaskets(DEMO_USER.id, { status: "open" })[0]?.id).toBe(basket.id);
  });

  it("fits the flow to the organisation's group type", () => {
    const ctx = setup();
    expect(failure(ctx.booking.createBasket(ctx.demo, { kind: "group-visit" }))).toMatchObject({ status: 403, code: "kind_not_allowed" });
    expect(ok(ctx.booking.createBasket(ctx.user(OPERATOR), { kind: "group-visit" })).nextStep).toBe("date");
    // Awaiting approval: no booking.
    expect(failure(ctx.booking.createBasket(ctx.user("usr-1004"), { kind: "visit" }))).toMatchObject({ status: 403, code: "association_not_approved" });
  });

  it("refuses closed days, days too soon or too far, and full days", () => {
    const ctx = setup();
    const { basketId } = visitAt(ctx, "date");
    const dateError = (visitDate: string) => failure(ctx.booking.updateBasketDate(DEMO_USER.id, basketId, { venueId: YORK, visitDate })).errors?.[0];
    expect(dateError("2026-12-25")).toEqual({ field: "visitDate", message: "The museum is closed on 25 December 2026 (closed 24 to 26 December)." });
    expect(dateError("2026-03-12")?.message).toMatch(/from 3 days ahead/);
    expect(dateError("2027-03-11")?.message).toMatch(/up to 12 months ahead/);
    let full = "2026-03-13";
    while (seededDayDemand(YORK, full) < 1) full = addDays(full, 1);
    expect(dateError(full)?.message).toMatch(/fully booked/);
    expect(ok(ctx.booking.getVenueAvailability(YORK, full.slice(0, 7))).days.find((d) => d.date === full))
      .toEqual({ date: full, status: "full", remainingCapacity: 0 });
    const december = ok(ctx.booking.getVenueAvailability(YORK, "2026-12")).days;
    expect(december.filter((d) => d.status === "closed").map((d) => d.date)).toEqual(["2026-12-24", "2026-12-25", "2026-12-26"]);
    expect(ok(ctx.booking.getVenueAvailability(YORK, "2026-03")).days.slice(0, 12).every((d) => d.status === "closed")).toBe(true);
  });

  it("checks ratios: a shortfall is refused with what is missing, and kept as a draft with the same advice", () => {
    const ctx = setup();
    const { basketId } = visitAt(ctx, "information");
    const refused = failure(ctx.booking.updateBasketInformation(DEMO_USER.id, basketId, { ...VISIT_FIXTURE.information, adults: 3 }));
    expect(refused).toMatchObject({ status: 422, code: "validation_failed", errors: [{ field: "adults", message: "Add 1 more adult for up to 8 more pupils aged 5–11" }] });
    const draft = ok(ctx.booking.getBasket(DEMO_USER.id, basketId));
    expect(draft).toMatchObject({ nextStep: "information", information: { adults: 3 } });
    expect(draft.messages).toContainEqual({ code: "ratio_shortfall", severity: "error", field: "adults", message: "Add 1 more adult for up to 8 more pupils aged 5–11." });
    const fixed = ok(ctx.booking.updateBasketInformation(DEMO_USER.id, basketId, VISIT_FIXTURE.information));
    expect(fixed.nextStep).toBe("schedule");
    expect(fixed.messages.map((m) => m.code)).toEqual(["ratio_met"]);
  });

  it("takes 1 to 200 participants, carers counted apart from the ratios", () => {
    const ctx = setup();
    const { basketId } = visitAt(ctx, "information");
    const save = (changes: object) => ctx.booking.updateBasketInformation(DEMO_USER.id, basketId, { ...VISIT_FIXTURE.information, ...changes });
    expect(failure(save({ participants: [{ ageBand: "5-11", count: 0 }], adults: 1 })).errors?.[0]?.field).toBe("participants");
    expect(failure(save({ participants: [{ ageBand: "16-18", count: 180 }], adults: 6, oneToOneCarers: 15 })).errors?.[0]?.message).toMatch(/1 to 200 people: your group is 201/);
    // Carers do not supervise: 8 pupils still need an adult.
    expect(failure(save({ participants: [{ ageBand: "5-11", count: 8 }], adults: 0, oneToOneCarers: 3 })).errors).toEqual([
      { field: "adults", message: "Add 1 more adult for up to 8 more pupils aged 5–11" },
    ]);
    expect(ok(save({ participants: [{ ageBand: "16-18", count: 180 }], adults: 6, oneToOneCarers: 14 })).participants).toBe(200);
    expect(failure(save({ arrivalTime: "09:00" })).errors).toEqual([{ field: "arrivalTime", message: expect.stringMatching(/Arrive between 10:00 and 16:00/) }]);
  });

  it("asks for lunch space only where the venue has it", () => {
    const ctx = setup();
    const { basketId } = visitAt(ctx, "schedule");
    expect(ok(ctx.booking.updateBasketDate(DEMO_USER.id, basketId, { venueId: "venue-bradford-colour-works", visitDate: quietDate(ctx.backend, "venue-bradford-colour-works") })).nextStep).toBe("information");
    expect(failure(ctx.booking.updateBasketInformation(DEMO_USER.id, basketId, VISIT_FIXTURE.information)).errors)
      .toEqual([{ field: "lunchSpace", message: "Bradford Colour Works Gallery has no lunch space for groups: plan to eat before or after your visit." }]);
    expect(ok(ctx.booking.updateBasketInformation(DEMO_USER.id, basketId, { ...VISIT_FIXTURE.information, lunchSpace: false })).nextStep).toBe("schedule");
  });

  it("drops the lunch slot when lunch space is answered No, and asks for one again after Yes", () => {
    const ctx = setup();
    const { basketId } = visitAt(ctx, "review");
    const kinds = (basket: Basket) => basket.schedule.map((e) => e.kind);
    expect(kinds(ok(ctx.booking.getBasket(DEMO_USER.id, basketId)))).toContain("lunch-space");

    const no = ok(ctx.booking.updateBasketInformation(DEMO_USER.id, basketId, { ...VISIT_FIXTURE.information, lunchSpace: false }));
    expect(kinds(no)).toEqual(["workshop"]);
    expect(no.information?.lunchSpace).toBe(false);
    expect(ok(ctx.booking.getBasketQuote(DEMO_USER.id, basketId)).lines.map((l) => l.description)).not.toContainEqual(expect.stringMatching(/Lunch/));
    // A lunch slot is refused while the answer is No.
    expect(failure(ctx.booking.updateBasketSchedule(DEMO_USER.id, basketId, VISIT_FIXTURE.schedule)).errors)
      .toEqual([{ field: "items.1.activityId", message: expect.stringMatching(/said you do not need lunch space/) }]);

    const yes = ok(ctx.booking.updateBasketInformation(DEMO_USER.id, basketId, VISIT_FIXTURE.information));
    expect(yes).toMatchObject({ nextStep: "schedule", completedSteps: ["date", "information"] });
    expect(ok(ctx.booking.updateBasketSchedule(DEMO_USER.id, basketId, VISIT_FIXTURE.schedule)).schedule.map((e) => e.kind)).toEqual(["workshop", "lunch-space"]);
  });

  it("refuses clashes, activities before arrival, a missing lunch slot and slots without room", () => {
    const ctx = setup();
    const { basketId } = visitAt(ctx, "schedule");
    const save = (items: object[]) => ctx.booking.updateBasketSchedule(DEMO_USER.id, basketId, { items });
    const [workshop, lunch] = VISIT_FIXTURE.schedule.items;
    const clash = failure(save([workshop!, lunch!, { activityId: "act-viking-stories", slotId: "act-viking-stories@10:30", participants: 30 }]));
    expect(clash.errors).toEqual([{
      field: "items.2.slotId",
      message: "Viking Jorvik storytelling 10:30–11:00 clashes with Life in Roman Eboracum 10:00–11:00: choose another time.",
    }]);
    // Back to back is fine.
    expect(ok(save([workshop!, lunch!, { activityId: "act-viking-stories", slotId: "act-viking-stories@11:30", participants: 30 }])).schedule).toHaveLength(3);
    expect(failure(save([workshop!])).errors).toEqual([{ field: "items", message: expect.stringMatching(/lunch space/) }]);
    expect(failure(save([workshop!, { ...lunch!, participants: 36 }])).errors?.[0]?.field).toBe("items.1.participants");
    expect(failure(save([{ activityId: "act-mill-workers", slotId: "act-mill-workers@10:00", participants: 30 }, lunch!])).errors?.[0])
      .toEqual({ field: "items.0.activityId", message: "Choose an activity at this venue" });
    // The dig holds 24.
    expect(failure(save([{ activityId: "act-archaeology-dig", slotId: "act-archaeology-dig@13:30", participants: 30 }, lunch!])).errors?.[0]?.message)
      .toMatch(/Only 24 places are left in Archaeology dig at 13:30/);
  });

  it("skips payment for a free visit", () => {
    const ctx = setup();
    const { basketId } = visitAt(ctx, "schedule");
    const free = ok(ctx.booking.updateBasketSchedule(DEMO_USER.id, basketId, { items: [VISIT_FIXTURE.schedule.items[1]] }));
    expect(free).toMatchObject({ nextStep: "review", completedSteps: ["date", "information", "schedule", "payment"], payment: { method: "none" } });
    const quote = ok(ctx.booking.getBasketQuote(DEMO_USER.id, basketId));
    expect(quote.total.amount).toBe(0);
    expect(quote.paymentOptions.filter((o) => o.available).map((o) => o.method)).toEqual(["none"]);
    const { order, payment } = ok(ctx.booking.checkoutRecorded(DEMO_USER.id, basketId, "k-free", CHECKOUT));
    expect(payment).toBeUndefined();
    expect(order).toMatchObject({ status: "confirmed", payment: { method: "none", status: "not-required" }, total: { amount: 0 } });
  });

  it("offers invoices to schools more than 28 days ahead only, and card holds by how far ahead", () => {
    const ctx = setup();
    const { basketId } = visitAt(ctx, "payment");
    expect(ok(ctx.booking.getBasketQuote(DEMO_USER.id, basketId)).paymentOptions).toEqual([
      { method: "card", available: true, payLaterAvailable: true, holdUntil: addDays(ctx.backend.today(), 10) },
      { method: "invoice", available: true },
      { method: "none", available: false, reason: "This visit has a charge." },
    ]);
    // A date 20 days ahead: card only, paid now.
    ok(ctx.booking.updateBasketDate(DEMO_USER.id, basketId, { venueId: YORK, visitDate: soonQuietDate(ctx, 20) }));
    ok(ctx.booking.updateBasketSchedule(DEMO_USER.id, basketId, VISIT_FIXTURE.schedule));
    expect(failure(ctx.booking.updateBasketPayment(DEMO_USER.id, basketId, { method: "invoice" })))
      .toMatchObject({ status: 422, code: "payment_method_unavailable", errors: [{ field: "method", message: expect.stringMatching(/more than 28 days/) }] });
    expect(failure(ctx.booking.updateBasketPayment(DEMO_USER.id, basketId, { method: "card", payLater: true })).errors?.[0]?.field).toBe("payLater");
    expect(ok(ctx.booking.updateBasketPayment(DEMO_USER.id, basketId, { method: "card" })).nextStep).toBe("review");
  });

  it("holds a card booking unpaid until 60 days before the visit when chosen", () => {
    const ctx = setup();
    const { basketId, visitDate } = visitAt(ctx, "review", "card-later");
    const { order, payment } = ok(ctx.booking.checkoutRecorded(DEMO_USER.id, basketId, "k-later", CHECKOUT));
    expect(payment).toBeUndefined();
    expect(order).toMatchObject({ status: "held", payment: { method: "card", status: "unpaid" }, heldUntil: `${addDays(visitDate, -60)}T23:00:00.000Z`, allowedActions: ["pay", "request-cancellation"] });
  });
});

/** A quiet date about `days` ahead (not a closed day). */
function soonQuietDate(ctx: ReturnType<typeof setup>, days: number): string {
  const date = addDays(ctx.backend.today(), days);
  ctx.backend.state.booking.quietDays.add(`${YORK} ${date}`);
  return date;
}

describe("the group flow", () => {
  it("books tickets per type and timed slot within the remaining capacity", () => {
    const ctx = setup();
    const { basketId } = basketAtStep(ctx.backend, { userId: OPERATOR, basketId: "bkt-g", kind: "group-visit", step: "group-capacities" });
    const save = (tickets: object[]) => ctx.booking.updateBasketGroupCapacities(OPERATOR, basketId, { tickets });
    // A quiet day leaves 20 of the tour's 25 places.
    expect(failure(save([{ ...GROUP_FIXTURE.tickets[0], quantity: 21 }])).errors).toEqual([
      { field: "tickets.0.quantity", message: "Only 20 places are left in Roman York walking tour at 10:30." },
    ]);
    expect(failure(save([{ ...GROUP_FIXTURE.tickets[2], quantity: 3 }])).errors?.[0]?.message).toMatch(/Free carers come with paying visitors/);
    expect(failure(save([])).errors).toEqual([{ field: "tickets", message: "Choose tickets for Roman York walking tour, or go back and remove it." }]);
    const saved = ok(save([...GROUP_FIXTURE.tickets, { ...GROUP_FIXTURE.tickets[0], ticketType: "child", quantity: 0 }]));
    expect(saved).toMatchObject({ nextStep: "group-details", participants: 18 });
    expect(saved.tickets).toHaveLength(3);
    expect(ok(ctx.booking.updateBasketGroupDetails(OPERATOR, basketId, GROUP_FIXTURE.details)).nextStep).toBe("payment");
    expect(failure(ctx.booking.updateBasketGroupDetails(OPERATOR, basketId, { ...GROUP_FIXTURE.details, leadMobile: "0113 496 0124", arrivalTime: "11:00" })).errors)
      .toEqual([
        { field: "leadMobile", message: "Enter a UK mobile number, like 07700 900 461" },
        { field: "arrivalTime", message: "Arrive by 10:30, when Roman York walking tour starts" },
      ]);
    const quote = ok(ctx.booking.getBasketQuote(OPERATOR, basketId));
    expect(quote.lines.map((l) => [l.description, l.total.amount])).toEqual([
      ["Roman York walking tour, 10:30: adult", 12 * 700],
      ["Roman York walking tour, 10:30: concession", 4 * 550],
      ["Roman York walking tour, 10:30: free carer", 0],
    ]);
    expect(quote.paymentOptions.find((o) => o.method === "invoice")?.available).toBe(false);
  });
});

describe("holds", () => {
  it("holds ten times as long for a user who asked for more time, still extended once", () => {
    const ctx = setup();
    const { basketId } = visitAt(ctx, "review");
    const held = ok(ctx.booking.placeBasketHold(DEMO_USER.id, basketId, { extended: true }));
    expect(held.hold).toEqual({ extensionsRemaining: 1, expiresAt: new Date(ctx.clock.now + 150 * 60_000).toISOString() });
  });

  it.each([
    ["not extended", 0, 150],
    ["extended once", 1, 165],
  ])("lengthens a hold already running (%s) when the user asks for more time mid-booking, from when it was placed", (_, extensions, minutes) => {
    const ctx = setup();
    const placedAt = ctx.clock.now;
    const { basketId } = visitAt(ctx, "review");
    ok(ctx.booking.placeBasketHold(DEMO_USER.id, basketId));
    ctx.clock.now += 10 * 60_000;
    for (let i = 0; i < extensions; i++) ok(ctx.booking.extendBasketHold(DEMO_USER.id, basketId));

    expect(ctx.backend.updateUser(DEMO_USER.id, { extendedHolds: true })).toMatchObject({ ok: true });
    const expiry = () => ok(ctx.booking.getBasket(DEMO_USER.id, basketId)).hold?.expiresAt;
    expect(expiry()).toBe(new Date(placedAt + minutes * 60_000).toISOString());
    // Turned off again: the running hold stays as it is.
    ctx.backend.updateUser(DEMO_USER.id, { extendedHolds: false });
    expect(expiry()).toBe(new Date(placedAt + minutes * 60_000).toISOString());
  });

  it("does not bring back a hold that has lapsed when the user asks for more time", () => {
    const ctx = setup();
    const { basketId } = visitAt(ctx, "review");
    ok(ctx.booking.placeBasketHold(DEMO_USER.id, basketId));
    ctx.clock.now += 16 * 60_000;
    ctx.backend.updateUser(DEMO_USER.id, { extendedHolds: true });
    const basket = ok(ctx.booking.getBasket(DEMO_USER.id, basketId));
    expect(basket.status).toBe("open");
    expect(basket.hold).toBeUndefined();
  });

  it("holds places from review, takes them from others, extends once and lapses", () => {
    const ctx = setup();
    const { basketId, visitDate } = visitAt(ctx, "review");
    const before = ctx.booking.slotsOf(ctx.backend.state.activities.find((a) => a.id === "act-roman-life")!, visitDate)[0]!;
    const held = ok(ctx.booking.placeBasketHold(DEMO_USER.id, basketId));
    expect(held).toMatchObject({ status: "held", hold: { extensionsRemaining: 1, expiresAt: new Date(ctx.clock.now + 15 * 60_000).toISOString() } });
    const after = ctx.booking.slotsOf(ctx.backend.state.activities.find((a) => a.id === "act-roman-life")!, visitDate)[0]!;
    expect(after.remainingCapacity).toBe(before.remainingCapacity - 30);
    // Held again: nothing renews.
    expect(ok(ctx.booking.placeBasketHold(DEMO_USER.id, basketId)).hold).toEqual(held.hold);

    ctx.clock.now += 11 * 60_000;
    expect(ok(ctx.booking.getBasket(DEMO_USER.id, basketId)).messages.map((m) => m.code)).toContain("hold_expiring");
    expect(ok(ctx.booking.extendBasketHold(DEMO_USER.id, basketId)).hold?.extensionsRemaining).toBe(0);
    expect(failure(ctx.booking.extendBasketHold(DEMO_USER.id, basketId))).toMatchObject({ status: 409, code: "hold_extension_limit" });

    ctx.clock.now += 20 * 60_000;
    const lapsed = ok(ctx.booking.getBasket(DEMO_USER.id, basketId));
    expect(lapsed.status).toBe("open");
    expect(lapsed.hold).toBeUndefined();
    expect(lapsed.messages.map((m) => m.code)).toContain("hold_expired");
    expect(failure(ctx.booking.extendBasketHold(DEMO_USER.id, basketId))).toMatchObject({ status: 409, code: "hold_expired" });
    expect(failure(ctx.booking.checkoutRecorded(DEMO_USER.id, basketId, "k-lapsed", CHECKOUT))).toMatchObject({ status: 409, code: "hold_expired" });
    // Holding again (capacity permitting) allows the checkout.
    ok(ctx.booking.placeBasketHold(DEMO_USER.id, basketId));
    expect(ok(ctx.booking.checkoutRecorded(DEMO_USER.id, basketId, "k-lapsed", CHECKOUT)).order.status).toBe("confirmed");
  });

  it("says which slot sold out when another group took it between schedule and review", () => {
    const ctx = setup();
    const { basketId, visitDate } = visitAt(ctx, "review");
    // Another school books the same workshop slot and checks out first.
    const other = ok(ctx.booking.createBasket(ctx.user(OTHER_SCHOOL_USER), { kind: "visit" })).id;
    ok(ctx.booking.updateBasketDate(OTHER_SCHOOL_USER, other, { venueId: YORK, visitDate }));
    ok(ctx.booking.updateBasketInformation(OTHER_SCHOOL_USER, other, { ...VISIT_FIXTURE.information, participants: [{ ageBand: "5-11", count: 8 }], adults: 1, oneToOneCarers: 0, lunchSpace: false }));
    ok(ctx.booking.updateBasketSchedule(OTHER_SCHOOL_USER, other, { items: [{ activityId: "act-roman-life", slotId: "act-roman-life@10:00", participants: 9 }] }));
    ok(ctx.booking.updateBasketPayment(OTHER_SCHOOL_USER, other, { method: "card" }));
    ok(ctx.booking.checkoutRecorded(OTHER_SCHOOL_USER, other, "k-other", CHECKOUT));

    const basket = ok(ctx.booking.getBasket(DEMO_USER.id, basketId));
    expect(basket.messages).toContainEqual(expect.objectContaining({ code: "slot_sold_out", field: "schedule.0" }));
    const refused = failure(ctx.booking.placeBasketHold(DEMO_USER.id, basketId));
    expect(refused).toMatchObject({
      status: 409, code: "slot_sold_out",
      detail: expect.stringContaining("Life in Roman Eboracum at 10:00"),
      errors: [{ field: "schedule.0", message: "Life in Roman Eboracum at 10:00 has only 23 places left" }],
    });
    expect(failure(ctx.booking.checkoutRecorded(DEMO_USER.id, basketId, "k-mine", CHECKOUT)).code).toBe("slot_sold_out");
    // The user's choices are kept: choosing another time fixes it.
    const moved = ok(ctx.booking.updateBasketSchedule(DEMO_USER.id, basketId, {
      items: [{ activityId: "act-roman-life", slotId: "act-roman-life@11:15", participants: 30 }, VISIT_FIXTURE.schedule.items[1]],
    }));
    expect(moved).toMatchObject({ nextStep: "review", information: VISIT_FIXTURE.information, payment: { method: "invoice" } });
    expect(ok(ctx.booking.placeBasketHold(DEMO_USER.id, basketId)).status).toBe("held");
  });
});

/** The gateway's HTTP handlers over this backend, called as the app calls them. */
function http(ctx: ReturnType<typeof setup>, userId = DEMO_USER.id) {
  const handlers = gatewayHandlers(GATEWAY, ctx.backend);
  const token = `token-${userId}`;
  ctx.backend.createSession(userId, token);
  return async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await getResponse(handlers, new Request(`${GATEWAY}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }));
    if (!response) throw new Error(`No handler for ${method} ${path}`);
    return { status: response.status, headers: response.headers, body: response.status === 204 ? undefined : await response.json() };
  };
}

describe("checkout idempotency", () => {
  it("replays the stored response for the same key and body, refuses another body, and needs a key", async () => {
    const ctx = setup();
    const { basketId } = visitAt(ctx, "review");
    const send = http(ctx);
    const checkout = (key: string | undefined, body: object = CHECKOUT) =>
      send("POST", `/baskets/${basketId}/checkout`, body, key ? { "Idempotency-Key": key } : {});
    expect((await checkout(undefined)).body).toMatchObject({ status: 400, code: "idempotency_key_required" });
    const first = await checkout("k-1");
    expect(first.status).toBe(201);
    expect(first.headers.get("Idempotent-Replayed")).toBeNull();
    const again = await checkout("k-1");
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect((await checkout("k-1", { ...CHECKOUT, returnUrl: "https://groups.example.org/other" })).body)
      .toMatchObject({ status: 422, code: "idempotency_key_reused" });
    // A new key for a basket already checked out.
    expect((await checkout("k-2")).body).toMatchObject({ status: 409, code: "basket_not_open" });
    expect((await checkout("k-3", { ...CHECKOUT, acceptedTermsVersion: "booking-2020-01" })).body).toMatchObject({ status: 422, code: "terms_outdated" });
  });

  it("keeps no failure, so the same key can be retried once the problem is fixed", async () => {
    const ctx = setup();
    const { basketId } = visitAt(ctx, "review");
    const send = http(ctx);
    expect((await send("POST", `/baskets/${basketId}/checkout`, { ...CHECKOUT, expectedTotal: { amount: 1, currency: "GBP" } }, { "Idempotency-Key": "k" })).body)
      .toMatchObject({ status: 409, code: "price_changed" });
    expect((await send("POST", `/baskets/${basketId}/checkout`, { ...CHECKOUT, expectedTotal: { amount: 13500, currency: "GBP" } }, { "Idempotency-Key": "k" })).status).toBe(201);
  });

  it.each([
    ["answered at once", 0],
    ["still processing", 25],
  ])("makes one order from 50 concurrent identical checkouts (%s)", async (_label, latency) => {
    const ctx = setup({ bookingLatencyMs: latency });
    const { basketId } = visitAt(ctx, "review");
    const ordersBefore = ctx.backend.state.orders.size;
    const send = http(ctx);
    const results = await Promise.all(Array.from({ length: 50 }, () =>
      send("POST", `/baskets/${basketId}/checkout`, CHECKOUT, { "Idempotency-Key": "double-click" })));
    expect(ctx.backend.state.orders.size).toBe(ordersBefore + 1);
    const created = results.filter((r) => r.status === 201);
    const fresh = created.filter((r) => r.headers.get("Idempotent-Replayed") !== "true");
    expect(fresh).toHaveLength(1);
    for (const r of created) expect(r.body).toEqual(fresh[0]?.body);
    for (const r of results.filter((x) => x.status !== 201)) {
      expect(r).toMatchObject({ status: 409, body: { code: "idempotency_key_in_flight" } });
    }
    if (latency > 0) expect(results.some((r) => r.status === 409)).toBe(true);
    // Retried after the first finished: the same order.
    const retry = await send("POST", `/baskets/${basketId}/checkout`, CHECKOUT, { "Idempotency-Key": "double-click" });
    expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
    expect((retry.body as { order: { id: string } }).order.id).toBe((fresh[0]?.body as { order: { id: string } }).order.id);
  });

  it("makes one order from concurrent checkouts with different keys", async () => {
    const ctx = setup({ bookingLatencyMs: 10 });
    const { basketId } = visitAt(ctx, "review");
    const before = ctx.backend.state.orders.size;
    const send = http(ctx);
    const results = await Promise.all(["a", "b", "c"].map((key) =>
      send("POST", `/baskets/${basketId}/checkout`, CHECKOUT, { "Idempotency-Key": key })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(ctx.backend.state.orders.size).toBe(before + 1);
  });
});

describe("hosted payment", () => {
  it("keeps the basket after a declined card, and confirms the same order when the retry succeeds", async () => {
    const ctx = setup();
    const { basketId } = visitAt(ctx, "review", "card");
    const send = http(ctx);
    const first = await send("POST", `/baskets/${basketId}/checkout`, CHECKOUT, { "Idempotency-Key": "try-1" });
    const { order, payment } = first.body as { order: { id: string; status: string }; payment: { id: string; redirectUrl: string } };
    expect(order.status).toBe("held");
    // Like a real provider, the page returns the browser to the return URL it was given.
    const page = new URL(payment.redirectUrl);
    expect(page.origin + page.pathname).toBe(`https://groups.example.org/hosted-payment/${payment.id}`);
    expect(page.searchParams.get("return")).toBe(new URL(CHECKOUT.returnUrl).pathname);
    expect((await send("GET", `/payments/${payment.id}`)).body).toMatchObject({ status: "pending", orderId: order.id, amount: { amount: 13500 } });

    const declined = await send("POST", `/payments/${payment.id}/return`, { parameters: { result: "declined" } });
    expect(declined.body).toMatchObject({ status: "failed", message: expect.stringMatching(/declined/), order: { id: order.id, status: "held" }, retry: { id: expect.any(String) } });
    // The same report again: the same answer.
    expect((await send("POST", `/payments/${payment.id}/return`, { parameters: { result: "success" } })).body).toEqual(declined.body);
    expect((await send("POST", `/payments/${payment.id}/return`, { parameters: { outcome: "success" } })).body)
      .toMatchObject({ status: 422, code: "invalid_payment_return" });

    const reopened = ok(ctx.booking.getBasket(DEMO_USER.id, basketId));
    expect(reopened).toMatchObject({ status: "open", nextStep: "review", orderId: order.id, payment: { method: "card" } });
    expect(reopened.messages).toContainEqual(expect.objectContaining({ code: "payment_failed", severity: "warning" }));
    expect((await send("GET", "/baskets?status=open")).body).toMatchObject({ items: [{ id: basketId }] });

    const second = await send("POST", `/baskets/${basketId}/checkout`, CHECKOUT, { "Idempotency-Key": "try-2" });
    const retried = second.body as { order: { id: string }; payment: { id: string } };
    expect(retried.order.id).toBe(order.id);
    const paid = await send("POST", `/payments/${retried.payment.id}/return`, { parameters: { result: "success" } });
    expect(paid.body).toMatchObject({ status: "succeeded", order: { id: order.id, status: "confirmed", payment: { method: "card", status: "paid" }, allowedActions: ["request-cancellation", "amend"] } });
    const listed = ctx.backend.listOrders(DEMO_USER.id, { when: "upcoming", pageSize: 50 }).items;
    expect(listed.filter((o) => o.id === order.id)).toHaveLength(1);
    expect(ctx.backend.getOrder(DEMO_USER.id, order.id)?.timeline.map((e) => e.event)).toEqual(["booked", "held", "payment-failed", "resubmitted", "held", "paid", "confirmed"]);
    expect(ctx.booking.listBaskets(DEMO_USER.id, { status: "open" })).toEqual([]);
  });

  it("lets an unpaid hold lapse", () => {
    const ctx = setup();
    const { basketId } = visitAt(ctx, "review", "card");
    const { order } = ok(ctx.booking.checkoutRecorded(DEMO_USER.id, basketId, "k", CHECKOUT));
    ctx.clock.now += 31 * 60_000;
    expect(ctx.backend.getOrder(DEMO_USER.id, order.id)).toMatchObject({ status: "cancelled", allowedActions: [] });
  });

  it("starts a payment for a held order", async () => {
    const ctx = setup();
    const { basketId } = visitAt(ctx, "review", "card-later");
    const { order } = ok(ctx.booking.checkoutRecorded(DEMO_USER.id, basketId, "k", CHECKOUT));
    const send = http(ctx);
    const started = await send("POST", `/orders/${order.id}/payments`, { returnUrl: RETURN_URL }, { "Idempotency-Key": "pay-1" });
    expect(started.status).toBe(201);
    const again = await send("POST", `/orders/${order.id}/payments`, { returnUrl: RETURN_URL }, { "Idempotency-Key": "pay-1" });
    expect(again.body).toEqual(started.body);
    const id = (started.body as { id: string }).id;
    await send("POST", `/payments/${id}/return`, { parameters: { result: "success" } });
    expect((await send("POST", `/orders/${order.id}/payments`, { returnUrl: RETURN_URL }, { "Idempotency-Key": "pay-2" })).body)
      .toMatchObject({ status: 409, code: "payment_not_due" });
  });
});

describe("orders", () => {
  function orderOf(ctx: ReturnType<typeof setup>, payment: "none" | "card" | "invoice") {
    ctx.backend.applyProviderState("the demo user has an upcoming visit order with payment {payment}", { orderId: `ord-${payment}`, payment });
    return `ord-${payment}`;
  }

  it("records a cancellation request with the policy", () => {
    const ctx = setup();
    const id = orderOf(ctx, "card");
    expect(failure(ctx.booking.requestOrderCancellation(DEMO_USER.id, id, { reason: " " })).errors?.[0]?.field).toBe("reason");
    const requested = ok(ctx.booking.requestOrderCancellation(DEMO_USER.id, id, { reason: "Coach cancelled" }));
    expect(requested).toMatchObject({ status: "cancellation-requested", allowedActions: [] });
    expect(requested.timeline.at(-1)?.description).toMatch(/Coach cancelled.*14 or more days before the visit: you get a full refund/);
    expect(failure(ctx.booking.requestOrderCancellation(DEMO_USER.id, id, { reason: "Again" }))).toMatchObject({ status: 409, code: "cancellation_not_allowed" });
    expect(failure(ctx.booking.requestOrderCancellation(DEMO_USER.id, "ord-5005", { reason: "Past" })).detail).toMatch(/already happened/);
  });

  it("increases the numbers of a free visit at once", () => {
    const ctx = setup();
    const id = orderOf(ctx, "none");
    const quote = ok(ctx.booking.quoteOrderAmendment(DEMO_USER.id, id, { participants: [{ ageBand: "5-11", count: 32 }] }));
    expect(quote).toMatchObject({ additionalTotal: { amount: 0 }, paymentRequired: false });
    const order = ctx.backend.getOrder(DEMO_USER.id, id)!;
    expect(order.participants).toBe(35);
    expect(failure(ctx.booking.quoteOrderAmendment(DEMO_USER.id, id, { participants: [{ ageBand: "5-11", count: 29 }] })).errors)
      .toEqual([{ field: "participants.0.count", message: "You have 30 booked: numbers can only go up" }]);
    expect(failure(ctx.booking.quoteOrderAmendment(DEMO_USER.id, id, { participants: [{ ageBand: "5-11", count: 40 }] })).errors?.[0])
      .toEqual({ field: "adults", message: "Add 1 more adult for up to 8 more pupils aged 5–11" });
    expect(failure(ctx.booking.quoteOrderAmendment(DEMO_USER.id, id, {})).errors?.[0]?.message).toBe("Increase at least one number");
  });

  it("asks a card-paid visit to pay for the increase, and applies it when paid", async () => {
    const ctx = setup();
    const id = orderOf(ctx, "card");
    const send = http(ctx);
    const body = { participants: [{ ageBand: "5-11", count: 32 }], returnUrl: RETURN_URL };
    const created = await send("POST", `/orders/${id}/amendments`, body, { "Idempotency-Key": "more" });
    const { order, payment } = created.body as { order: { participants: number }; payment: { id: string } };
    expect(created.status).toBe(201);
    expect(order.participants).toBe(35);
    expect((await send("GET", `/payments/${payment.id}`)).body).toMatchObject({ amount: { amount: 900 } });
    const paid = await send("POST", `/payments/${payment.id}/return`, { parameters: { result: "success" } });
    expect(paid.body).toMatchObject({ status: "succeeded", order: { participants: 37, total: { amount: 13500 + 900 } } });
  });

  it("cannot change an invoice-paid visit", () => {
    const ctx = setup();
    const id = orderOf(ctx, "invoice");
    expect(failure(ctx.booking.quoteOrderAmendment(DEMO_USER.id, id, { participants: [{ ageBand: "5-11", count: 32 }] })))
      .toMatchObject({ status: 409, code: "amendment_not_allowed", detail: expect.stringMatching(/invoice-paid visit cannot be changed/) });
    expect(ctx.backend.getOrder(DEMO_USER.id, id)?.allowedActions).toEqual(["request-cancellation"]);
  });

  it("shows orders made from baskets in the user's orders, and not in other schools'", () => {
    const ctx = setup();
    const id = orderOf(ctx, "invoice");
    expect(ctx.backend.listOrders(DEMO_USER.id, { when: "upcoming", pageSize: 50 }).items.map((o) => o.id)).toContain(id);
    expect(ctx.backend.getOrder(OTHER_SCHOOL_USER, id)).toBeUndefined();
    expect(failure(ctx.booking.getBasket(OTHER_SCHOOL_USER, "bkt-for-ord-invoice")).status).toBe(404);
  });
});
