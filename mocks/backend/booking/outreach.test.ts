import { getResponse } from "msw";
import { describe, expect, it } from "vitest";
import { cmsHandlers } from "../../handlers/cms";
import { gatewayHandlers } from "../../handlers/gateway";
import { DEMO_USER, createBackend } from "../index";
import { OUTREACH_TERMS_VERSION } from "./outreach-content";
import { OUTREACH_FIXTURE, outreachBasketAtStep, outreachSchedule, quietOutreachDate } from "./outreach-provider-states";
import type { Basket, Failure, Outcome } from "./types";

// The outreach flow through the booking service (and, at the end, over HTTP): eligibility,
// each step's rules, the quote, checkout as a request, card payment, cancellation notice,
// and the outreach team's days. The rules alone are in outreach-rules.test.ts.

const TODAY = new Date("2026-03-10T12:00:00Z");
const GATEWAY = "https://gateway.test/qa";
const CMS = "https://cms.test";
const RETURN_URL = "https://groups.example.org/account/book/outreach/payment/return";
const CHECKOUT = { acceptedTermsVersion: OUTREACH_TERMS_VERSION, returnUrl: RETURN_URL };
const SCHOOL = "usr-1108"; // outreach.school@example.org, Hebden Royd Primary School (HX7)
const OUTSIDE = "usr-1111"; // outreach.outside@example.org, Didsbury Road Primary School (M20)
const OPERATOR = "usr-3101"; // outreach.operator@example.org, Pennine Coach Holidays (HD1)
const OTHER_SCHOOL = "usr-1109";

function setup() {
  const clock = { now: TODAY.getTime() };
  const backend = createBackend({ today: TODAY, now: () => clock.now });
  const user = (id: string) => backend.state.users.get(id)!.user;
  return { backend, booking: backend.booking, clock, user };
}

function ok<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw new Error(`${outcome.status} ${outcome.code}: ${outcome.detail} ${JSON.stringify(outcome.errors ?? [])}`);
  return outcome.value;
}
function failure<T>(outcome: Outcome<T>): Failure {
  if (outcome.ok) throw new Error(`Expected a failure, got ${JSON.stringify(outcome.value).slice(0, 200)}`);
  return outcome;
}
const fields = (f: Failure) => Object.fromEntries((f.errors ?? []).map((e) => [e.field, e.message]));

type Ctx = ReturnType<typeof setup>;
const at = (ctx: Ctx, step: Basket["nextStep"], payment = "invoice", userId = SCHOOL, basketId = "bkt-o") =>
  outreachBasketAtStep(ctx.backend, { userId, basketId, step, payment });

describe("outreach eligibility", () => {
  it("lets schools and home-education groups in the region book, and says why others cannot", () => {
    const ctx = setup();
    const school = ctx.user(SCHOOL);
    expect(ok(ctx.booking.getOutreachEligibility(SCHOOL, "org-1014"))).toEqual({
      organisationId: "org-1014", eligible: true, region: "Yorkshire and the Humber", reasons: [],
    });
    expect(ok(ctx.booking.getOutreachEligibility("usr-2001", "org-2001")).eligible).toBe(true);
    const outside = ok(ctx.booking.getOutreachEligibility(OUTSIDE, "org-1017"));
    expect(outside).toMatchObject({ eligible: false, region: "Yorkshire and the Humber", reasons: [{ code: "outside_region" }] });
    expect(outside.reasons[0]?.message).toMatch(/Yorkshire and the Humber.*Manchester, M20 6RL/);
    expect(ok(ctx.booking.getOutreachEligibility(OPERATOR, "org-3002")).reasons.map((r) => r.code)).toEqual(["group_type_not_eligible"]);
    // Only for one's own organisations.
    expect(failure(ctx.booking.getOutreachEligibility(SCHOOL, "org-1001"))).toMatchObject({ status: 403 });
    expect(failure(ctx.booking.getOutreachEligibility(SCHOOL, "org-nope"))).toMatchObject({ status: 404 });
    // A pending member is told to wait for approval.
    expect(ok(ctx.booking.getOutreachEligibility("usr-1004", "org-1002")).reasons.map((r) => r.code)).toEqual(["association_not_approved"]);

    expect(ok(ctx.booking.createBasket(school, { kind: "outreach" }))).toMatchObject({
      kind: "outreach", completedSteps: ["outreach-eligibility"], nextStep: "outreach-activities",
      outreach: { activityIds: [], acknowledgedAdvisoryIds: [], answers: [] },
    });
    const refused = failure(ctx.booking.createBasket(ctx.user(OUTSIDE), { kind: "outreach" }));
    expect(refused).toMatchObject({ status: 403, code: "kind_not_allowed" });
    expect(refused.detail).toMatch(/outside the region/);
    expect(failure(ctx.booking.createBasket(ctx.user(OPERATOR), { kind: "outreach" })).detail).toMatch(/tour operator/);
  });

  it("lists the activities for schools only", () => {
    const ctx = setup();
    const items = ctx.booking.listOutreachActivities(ctx.user(SCHOOL)).items;
    expect(items.map((a) => a.kind).sort()).toEqual(["show", "show", "workshop", "workshop", "workshop"]);
    expect(items[0]).not.toHaveProperty("venueId");
    expect(items.every((a) => a.advisoryIds.includes("adv-hall-space") && a.pricePerSession.amount > 0)).toBe(true);
    expect(ctx.booking.listOutreachActivities(ctx.user(OPERATOR)).items).toEqual([]);
  });
});

describe("the outreach team's calendar", () => {
  it("opens weekdays in term time from 3 weeks ahead, with session times for an activity", () => {
    const ctx = setup();
    const may = ok(ctx.booking.getOutreachAvailability("2026-05", "out-romans-classroom"));
    expect(may).toMatchObject({ month: "2026-05", bookableFrom: "2026-03-31", bookableUntil: "2027-03-10" });
    expect(may.days).toHaveLength(31);
    expect(may.days.find((d) => d.date === "2026-05-23")).toEqual({ date: "2026-05-23", status: "closed", slots: [] });
    expect(may.days.find((d) => d.date === "2026-05-26")?.status).toBe("closed"); // May half-term
    const open = may.days.filter((d) => d.status !== "closed");
    expect(open.length).toBeGreaterThan(12);
    const free = open.find((d) => d.status === "available");
    expect(free?.slots[0]).toEqual({ start: "09:00", end: "10:30", status: "available" });
    expect(open.filter((d) => d.status === "full").every((d) => d.slots.length === 0)).toBe(true);
    expect(ok(ctx.booking.getOutreachAvailability("2026-03")).days.slice(0, 30).every((d) => d.status === "closed")).toBe(true);
    expect(failure(ctx.booking.getOutreachAvailability("2026-05", "act-roman-life"))).toMatchObject({ status: 400 });
  });

  it("gives each day two teams: bookings and held baskets take one each", () => {
    const ctx = setup();
    const first = at(ctx, "review", "invoice", SCHOOL, "bkt-a");
    ok(ctx.booking.checkoutRecorded(SCHOOL, "bkt-a", "k-a", CHECKOUT));
    const day = () => ok(ctx.booking.getOutreachAvailability(first.month)).days.find((d) => d.date === first.date);
    expect(day()?.status).toBe("limited");
    expect(day()?.slots.every((s) => s.status === "limited")).toBe(true);
    // Another school's basket for the same day, held at review, takes the last team.
    const other = outreachBasketAtStep(ctx.backend, { userId: OTHER_SCHOOL, basketId: "bkt-b", step: "review" });
    expect(other.date).toBe(first.date);
    ok(ctx.booking.placeBasketHold(OTHER_SCHOOL, "bkt-b"));
    expect(day()).toMatchObject({ status: "full", slots: [] });
    // A third school cannot choose that day.
    at(ctx, "outreach-schedule", "invoice", "usr-1110", "bkt-c");
    expect(fields(failure(ctx.booking.updateBasketOutreachSchedule("usr-1110", "bkt-c", outreachSchedule(first.date))))).toEqual({
      date: expect.stringMatching(/fully booked/),
    });
  });
});

describe("the outreach steps", () => {
  it("goes step by step, refusing steps out of order", () => {
    const ctx = setup();
    const basket = ok(ctx.booking.createBasket(ctx.user(SCHOOL), { kind: "outreach" }));
    const id = basket.id;
    expect(failure(ctx.booking.updateBasketOutreachAnswers(SCHOOL, id, OUTREACH_FIXTURE.answers)))
      .toMatchObject({ status: 409, code: "step_out_of_order", detail: expect.stringContaining("(outreach-activities)") });
    expect(failure(ctx.booking.updateBasketDate(SCHOOL, id, { venueId: "venue-york-roman-quarter", visitDate: "2026-05-19" })))
      .toMatchObject({ status: 409, detail: expect.stringContaining("not part of a outreach booking") });
    expect(ok(ctx.booking.updateBasketOutreachActivities(SCHOOL, id, { activityIds: OUTREACH_FIXTURE.activityIds })).nextStep).toBe("outreach-advisories");
    expect(ok(ctx.booking.updateBasketOutreachAdvisories(SCHOOL, id, { acknowledgedAdvisoryIds: OUTREACH_FIXTURE.acknowledgedAdvisoryIds })).nextStep).toBe("outreach-questions");
    expect(ok(ctx.booking.updateBasketOutreachAnswers(SCHOOL, id, OUTREACH_FIXTURE.answers)).nextStep).toBe("outreach-schedule");
    const date = quietOutreachDate(ctx.backend);
    const scheduled = ok(ctx.booking.updateBasketOutreachSchedule(SCHOOL, id, outreachSchedule(date)));
    expect(scheduled).toMatchObject({
      nextStep: "outreach-terms", visitDate: date, participants: 60,
      schedule: [
        { activityId: "out-romans-classroom", slotId: "out-romans-classroom@09:30", kind: "workshop", start: "09:30", end: "11:00", participants: 30 },
        { activityId: "out-planetarium-dome", slotId: "out-planetarium-dome@13:15", kind: "show", start: "13:15", end: "14:00", participants: 30 },
      ],
    });
    expect(scheduled.messages.map((m) => m.code)).toEqual(["outreach_request", "cancellation_notice"]);
    expect(ok(ctx.booking.updateBasketOutreachTerms(SCHOOL, id, { acceptedTermsVersion: OUTREACH_TERMS_VERSION })).nextStep).toBe("payment");
    const paid = ok(ctx.booking.updateBasketPayment(SCHOOL, id, { method: "invoice" }));
    expect(paid).toMatchObject({
      nextStep: "review",
      completedSteps: ["outreach-eligibility", "outreach-activities", "outreach-advisories", "outreach-questions", "outreach-schedule", "outreach-terms", "payment"],
      outreach: {
        activityIds: OUTREACH_FIXTURE.activityIds,
        questionnaireVersion: OUTREACH_FIXTURE.answers.questionnaireVersion,
        schedule: outreachSchedule(date),
        acceptedTermsVersion: OUTREACH_TERMS_VERSION,
      },
    });
    expect(paid.outreach?.answers).toContainEqual({ questionId: "school-start", value: "08:50" });
    // Resuming: the newest open basket is the outreach booking.
    expect(ctx.booking.listBaskets(SCHOOL, { status: "open", kind: "outreach" })[0]?.id).toBe(id);
  });

  it("needs every advisory of the chosen activities acknowledged", () => {
    const ctx = setup();
    const { basketId } = at(ctx, "outreach-advisories");
    const f = failure(ctx.booking.updateBasketOutreachAdvisories(SCHOOL, basketId, { acknowledgedAdvisoryIds: ["adv-hall-space", "adv-safety"] }));
    expect(f).toMatchObject({ status: 422, code: "validation_failed" });
    expect(fields(f)).toEqual({
      "acknowledgedAdvisoryIds.adv-parking": "Confirm you have read “Parking and unloading”",
      "acknowledgedAdvisoryIds.adv-access": "Confirm you have read “Access for our equipment”",
      "acknowledgedAdvisoryIds.adv-power": "Confirm you have read “Power”",
    });
    expect(fields(failure(ctx.booking.updateBasketOutreachAdvisories(SCHOOL, basketId, { acknowledgedAdvisoryIds: [...OUTREACH_FIXTURE.acknowledgedAdvisoryIds, "adv-nope"] }))))
      .toEqual({ "acknowledgedAdvisoryIds.5": "This is not one of the advisories" });
  });

  it("validates the answers on the server, per question", () => {
    const ctx = setup();
    const { basketId } = at(ctx, "outreach-questions");
    const answers = OUTREACH_FIXTURE.answers.answers.map((a) =>
      a.questionId === "pupils-per-session" ? { ...a, value: "40" } : a.questionId === "lunch-end" ? { ...a, value: "11:45" } : a);
    const f = failure(ctx.booking.updateBasketOutreachAnswers(SCHOOL, basketId, { ...OUTREACH_FIXTURE.answers, answers }));
    expect(fields(f)).toEqual({
      "answers.lunch-end": "Lunch must end after it starts (12:00)",
      "answers.pupils-per-session": "Planetarium dome takes up to 35 pupils in a session: split larger groups across more sessions.",
    });
    // Nothing was saved.
    expect(ok(ctx.booking.getBasket(SCHOOL, basketId)).nextStep).toBe("outreach-questions");
  });

  it("names the clashes of the day", () => {
    const ctx = setup();
    const { basketId, date } = at(ctx, "outreach-schedule");
    const [romans, dome] = OUTREACH_FIXTURE.sessions;
    const f = failure(ctx.booking.updateBasketOutreachSchedule(SCHOOL, basketId, {
      date, sessions: [{ ...romans, start: "10:00", end: "11:30" }, { ...dome, start: "12:15", end: "13:00" }], lunchBreak: { start: "11:00", end: "11:45" },
    }));
    expect(fields(f)).toEqual({
      "sessions.1.start": "Planetarium dome 12:15–13:00 clashes with the school's lunch time 12:00–13:00: choose another time.",
      lunchBreak: "The team's lunch break 11:00–11:45 clashes with Romans in your classroom 10:00–11:30: move it between sessions.",
    });
  });

  it("accepts only the CMS's current outreach terms, and sends the basket back when they change", () => {
    const ctx = setup();
    const { basketId } = at(ctx, "outreach-terms");
    expect(failure(ctx.booking.updateBasketOutreachTerms(SCHOOL, basketId, { acceptedTermsVersion: "outreach-2025-01" })))
      .toMatchObject({ status: 422, code: "terms_outdated" });
    ok(ctx.booking.updateBasketOutreachTerms(SCHOOL, basketId, { acceptedTermsVersion: OUTREACH_TERMS_VERSION }));
    const terms = ctx.backend.state.currentTerms.get("outreach")!;
    ctx.backend.state.currentTerms.set("outreach", { ...terms, version: "outreach-2026-06" });
    expect(ok(ctx.booking.getBasket(SCHOOL, basketId)).nextStep).toBe("outreach-terms");
  });

  it("keeps the rest of the day when an activity is dropped, and asks again for what is then missing", () => {
    const ctx = setup();
    const { basketId } = at(ctx, "payment");
    const basket = ok(ctx.booking.updateBasketOutreachActivities(SCHOOL, basketId, { activityIds: ["out-romans-classroom"] }));
    expect(basket.outreach?.schedule?.sessions.map((s) => s.activityId)).toEqual(["out-romans-classroom"]);
    expect(basket.nextStep).toBe("payment");
    const more = ok(ctx.booking.updateBasketOutreachActivities(SCHOOL, basketId, { activityIds: ["out-romans-classroom", "out-colour-chemistry"] }));
    expect(more.nextStep).toBe("outreach-schedule");
  });
});

describe("outreach quote, checkout and orders", () => {
  it("quotes per session, prefers the pro-forma invoice and says the booking is a request", () => {
    const ctx = setup();
    const { basketId } = at(ctx, "payment");
    const quote = ok(ctx.booking.getBasketQuote(SCHOOL, basketId));
    expect(quote.lines.map((l) => [l.description, l.total.amount])).toEqual([
      ["Romans in your classroom, 09:30–11:00 (30 pupils)", 18000],
      ["Planetarium dome, 13:15–14:00 (30 pupils)", 22000],
    ]);
    expect(quote.total).toEqual({ amount: 40000, currency: "GBP" });
    expect(quote.paymentOptions.find((o) => o.preferred)?.method).toBe("invoice");
    expect(quote.messages.map((m) => m.code)).toEqual(["outreach_request", "cancellation_notice"]);
    expect(failure(ctx.booking.updateBasketPayment(SCHOOL, basketId, { method: "card", payLater: true }))).toMatchObject({ code: "payment_method_unavailable" });
    expect(failure(ctx.booking.updateBasketPayment(SCHOOL, basketId, { method: "none" }))).toMatchObject({ code: "payment_method_unavailable" });
  });

  it("makes a requested outreach order paid by pro-forma invoice, in the orders list, cancellable with 28 days' notice", () => {
    const ctx = setup();
    const { basketId, date } = at(ctx, "review");
    expect(failure(ctx.booking.checkoutRecorded(SCHOOL, basketId, "k-0", { ...CHECKOUT, acceptedTermsVersion: "booking-2026-01" })))
      .toMatchObject({ status: 422, code: "terms_outdated" });
    const { order, payment } = ok(ctx.booking.checkoutRecorded(SCHOOL, basketId, "k-1", CHECKOUT));
    expect(payment).toBeUndefined();
    expect(order).toMatchObject({
      kind: "outreach", status: "requested", reference: expect.stringMatching(/^OR-\d{6}$/), visitDate: date,
      venue: { id: "venue-york-roman-quarter", name: "York Roman Quarter Museum" }, arrivalTime: "09:00", participants: 60,
      total: { amount: 40000 }, payment: { method: "invoice", status: "unpaid", purchaseOrderNumber: "PO-RPS-2400" },
      outreach: { schedule: outreachSchedule(date), acceptedTermsVersion: OUTREACH_TERMS_VERSION },
      allowedActions: ["request-cancellation"],
    });
    expect(order.timeline.map((e) => e.event)).toEqual(["requested", "invoice-sent"]);
    expect(order.timeline[1]?.description).toMatch(/^Pro-forma invoice for £400.00 sent to Hebden Royd Primary School \(purchase order PO-RPS-2400\)/);
    expect(ok(ctx.booking.getBasket(SCHOOL, basketId))).toMatchObject({ status: "checked-out", orderId: order.id });

    const listed = ctx.backend.listOrders(SCHOOL).items.find((o) => o.id === order.id);
    expect(listed).toMatchObject({ kind: "outreach", status: "requested", visitDate: date });
    const detail = ctx.backend.getOrder(SCHOOL, order.id)!;
    expect(detail.cancellationPolicy).toMatch(/28 days' notice/);
    expect(detail.booked).toBeUndefined();
    expect(failure(ctx.booking.quoteOrderAmendment(SCHOOL, order.id, { adults: 9 }))).toMatchObject({ code: "amendment_not_allowed" });

    // Within 28 days of the visit it can no longer be cancelled online.
    ctx.backend.applyProviderState("the demo user's outreach order is within its 28 days' notice", { orderId: order.id });
    expect(ctx.backend.getOrder(SCHOOL, order.id)?.allowedActions).toEqual([]);
    expect(failure(ctx.booking.requestOrderCancellation(SCHOOL, order.id, { reason: "Closed for snow" })))
      .toMatchObject({ status: 409, code: "cancellation_not_allowed" });
  });

  it("is confirmed once paid by card; a declined card reopens the basket and the order waits for payment", () => {
    const ctx = setup();
    const { basketId } = at(ctx, "review", "card");
    const first = ok(ctx.booking.checkoutRecorded(SCHOOL, basketId, "k-card", CHECKOUT));
    expect(first.order).toMatchObject({ status: "requested", payment: { method: "card", status: "unpaid" }, allowedActions: ["pay", "request-cancellation"] });
    expect(first.payment?.redirectUrl).toContain("/hosted-payment/");
    const declined = ctx.booking.settlePayment(first.payment!.id, "declined");
    expect(declined).toMatchObject({ status: "failed", order: { status: "requested" }, retry: { id: expect.any(String) } });
    const reopened = ok(ctx.booking.getBasket(SCHOOL, basketId));
    expect(reopened).toMatchObject({ status: "open", nextStep: "review" });
    expect(reopened.messages.map((m) => m.code)).toContain("payment_failed");
    // Switching to the invoice resubmits the same order.
    ok(ctx.booking.updateBasketPayment(SCHOOL, basketId, { method: "invoice" }));
    const again = ok(ctx.booking.checkoutRecorded(SCHOOL, basketId, "k-invoice", CHECKOUT));
    expect(again.order).toMatchObject({ id: first.order.id, reference: first.order.reference, status: "requested", payment: { method: "invoice" } });

    const paidCtx = setup();
    const card = outreachBasketAtStep(paidCtx.backend, { userId: SCHOOL, basketId: "bkt-p", step: "review", payment: "card" });
    const checkout = ok(paidCtx.booking.checkoutRecorded(SCHOOL, card.basketId, "k-p", CHECKOUT));
    const paid = paidCtx.booking.settlePayment(checkout.payment!.id, "success");
    expect(paid.order).toMatchObject({ status: "confirmed", payment: { method: "card", status: "paid" } });
    expect(paid.order.timeline.at(-1)?.description).toBe("Outreach visit confirmed.");
  });

  it("refuses checkout when the team has been booked meanwhile", () => {
    const ctx = setup();
    const mine = at(ctx, "review", "invoice", SCHOOL, "bkt-m");
    for (const [userId, basketId] of [[OTHER_SCHOOL, "bkt-x"], ["usr-1110", "bkt-y"]] as const) {
      outreachBasketAtStep(ctx.backend, { userId, basketId, step: "review" });
      ok(ctx.booking.checkoutRecorded(userId, basketId, `k-${basketId}`, CHECKOUT));
    }
    expect(ok(ctx.booking.getBasket(SCHOOL, mine.basketId)).messages.map((m) => m.code)).toContain("capacity_unavailable");
    expect(failure(ctx.booking.placeBasketHold(SCHOOL, mine.basketId))).toMatchObject({ status: 409, code: "capacity_unavailable" });
    expect(failure(ctx.booking.checkoutRecorded(SCHOOL, mine.basketId, "k-m", CHECKOUT))).toMatchObject({ status: 409, code: "capacity_unavailable" });
  });
});

describe("outreach over HTTP", () => {
  it("answers the outreach operations and the CMS advisories and terms", async () => {
    const ctx = setup();
    const token = "token-outreach";
    ctx.backend.createSession(SCHOOL, token);
    const handlers = [...gatewayHandlers(GATEWAY, ctx.backend), ...cmsHandlers(CMS, ctx.backend)];
    const send = async (method: string, url: string, body?: unknown) => {
      const response = await getResponse(handlers, new Request(url, {
        method, headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }));
      if (!response) throw new Error(`No handler for ${method} ${url}`);
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    expect((await send("GET", `${GATEWAY}/outreach/eligibility?organisationId=org-1014`)).body).toMatchObject({ eligible: true });
    expect((await send("GET", `${GATEWAY}/outreach/eligibility`)).status).toBe(400);
    expect((await send("GET", `${GATEWAY}/outreach/activities`)).body.items).toHaveLength(5);
    expect((await send("GET", `${GATEWAY}/outreach/questionnaire`)).body).toMatchObject({ version: OUTREACH_FIXTURE.answers.questionnaireVersion });
    expect((await send("GET", `${GATEWAY}/outreach/availability?month=2026-5`)).status).toBe(400);
    expect((await send("GET", `${GATEWAY}/outreach/availability?month=2026-05&activityId=out-romans-classroom`)).status).toBe(200);
    const basket = await send("POST", `${GATEWAY}/baskets`, { kind: "outreach" });
    expect(basket).toMatchObject({ status: 201, body: { nextStep: "outreach-activities" } });
    const id = basket.body.id as string;
    expect((await send("PUT", `${GATEWAY}/baskets/${id}/outreach-activities`, { activityIds: ["out-fossil-roadshow"] })).body).toMatchObject({ nextStep: "outreach-advisories" });
    const refused = await send("PUT", `${GATEWAY}/baskets/${id}/outreach-advisories`, { acknowledgedAdvisoryIds: [] });
    expect(refused).toMatchObject({ status: 422, body: { code: "validation_failed", title: "Unprocessable content" } });
    expect((refused.body.errors as unknown[]).length).toBe(5);

    const advisories = await send("GET", `${CMS}/advisories?appliesTo=outreach&activityId=out-romans-classroom`);
    expect((advisories.body.items as { id: string }[]).map((a) => a.id)).toEqual(["adv-hall-space", "adv-parking", "adv-access", "adv-safety"]);
    expect((await send("GET", `${CMS}/advisories/adv-power`)).body).toMatchObject({ title: "Power", requiresAcknowledgement: true });
    expect((await send("GET", `${CMS}/advisories/adv-nope`)).status).toBe(404);
    expect((await send("GET", `${CMS}/terms/outreach`)).body).toMatchObject({ kind: "outreach", version: OUTREACH_TERMS_VERSION });
  });

  it("has e2e users with the demo password: schools in the region, one outside, a tour operator", () => {
    const ctx = setup();
    for (const email of ["outreach.school@example.org", "outreach.keys@example.org", "outreach.resume@example.org", "outreach.outside@example.org", "outreach.operator@example.org"]) {
      expect(ctx.backend.login(email, DEMO_USER.password).ok, email).toBe(true);
    }
  });
});
