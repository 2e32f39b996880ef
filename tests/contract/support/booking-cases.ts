import { MatchersV3 } from "@pact-foundation/pact";
import { expect } from "vitest";
import {
  checkoutBasket, completePaymentReturn, createBasket, discardBasket, extendBasketHold, getBasket, getBasketQuote, getPayment,
  getVenueAvailability, listActivities, placeBasketHold, updateBasketDate, updateBasketGroupActivities,
  updateBasketGroupCapacities, updateBasketGroupDetails, updateBasketInformation, updateBasketPayment, updateBasketSchedule,
} from "../../../app/api/booking.server";
import { createOrderAmendment, quoteOrderAmendment, requestOrderCancellation, startOrderPayment } from "../../../app/api/orders.server";
import { basketStepValues, type CheckoutRequest } from "../../../generated/schemas";
import { createCmsClient, createGatewayClient } from "../../../app/api/client.server";
import { listVenues } from "../../../app/api/cms.server";
import { fieldErrors } from "../../../app/api/result.server";
import { findOpenBasket } from "../../../app/booking/basket.server";
import { checkoutRequest } from "../../../app/booking/checkout.server";
import { PAYMENT_RETURN_PATH, STEP_PATHS } from "../../../app/booking/steps";
import { GROUP_FIXTURE, PACT_DEFAULTS, VISIT_FIXTURE } from "../../../mocks/backend/booking/provider-state-fixtures";
import { STEP_KINDS } from "../../../mocks/backend/booking/steps";
import {
  JSON_CONTENT, PACT_TOKENS, PROBLEM_CONTENT, arrayContaining, bearer, boolean, calendarDate, eachLike, expectOk,
  expectProblem, fromState, instant, integer, like, money, oneOf, problemBody, regex, reify, timeOfDay,
  withQuotedTotal,
} from "./matchers";
import type { ConsumerCase, State } from "./pact";

// The booking interactions of the app: one or more per function in app/api/booking.server.ts
// (gateway), and the CMS venues (app/api/cms.server.ts listVenues). Dates the provider
// must be able to book are injected from its provider states (fromProviderState), since
// the bookable window moves with the day the pact is verified; so are the basket, order and
// payment ids, which the provider generates (the states return them: pacts/provider-states.json).

const { fromProviderState } = MatchersV3;

const TOKEN = PACT_TOKENS.demo;
const GROUP_TOKEN = PACT_TOKENS.group;
const AUTH = bearer(TOKEN);
const GROUP_AUTH = bearer(GROUP_TOKEN);
const SEND = { ...AUTH, ...JSON_CONTENT };
const GROUP_SEND = { ...GROUP_AUTH, ...JSON_CONTENT };

const YORK = PACT_DEFAULTS.venueId;
/** A venue id no provider has. */
const NO_VENUE = "venue-0000";
const NO_BASKET = "bkt-0000";
const NO_PAYMENT = "pay-0000";
// Examples of the ids the provider's states return, used by the consumer tests.
const VISIT = "bkt-example-visit";
const GROUP = "bkt-example-group";
const PAYMENT = "pay-example";
const ORDER = "ord-example";
const RETURN_URL = PACT_DEFAULTS.returnUrl;
const TERMS = PACT_DEFAULTS.termsVersion;
/** Examples of the quote's total the QUOTED state returns (30 × £4.50: the workshop; the lunch space is free). */
const QUOTED_TOTAL = 13500;
/** The review page the app checks out from. */
const REVIEW_PAGE = new URL(`https://groups.example.org${STEP_PATHS.review}`);
/**
 * A checkout body as the review page sends it, built by the app's own checkoutRequest
 * (app/booking/checkout.server.ts), with the total the page showed (the quote's).
 */
const checkout = (args: { termsVersion?: string; returnPath?: string } = {}): CheckoutRequest =>
  checkoutRequest({ termsVersion: args.termsVersion ?? TERMS, expectedTotal: QUOTED_TOTAL, url: REVIEW_PAGE, returnPath: args.returnPath ?? PAYMENT_RETURN_PATH });
const CHECKOUT = checkout();
/** Terms older than those in force (booking-2026-01), as a page loaded before they changed sends. */
const OLD_TERMS_CHECKOUT = checkout({ termsVersion: "booking-2025-01" });
/** A checkout with the same key and another request: the page's own URL as the return URL. */
const OTHER_CHECKOUT = checkout({ returnPath: STEP_PATHS.review });
/** Two more pupils aged 5–11 (32 with 4 adults is within the ratio). */
const MORE_PUPILS = { participants: [{ ageBand: "5-11" as const, count: 32 }], adults: 4 };
/** The fixture's information answered "No" to lunch space. */
const NO_LUNCH = { ...VISIT_FIXTURE.information, lunchSpace: false };
/** A show at 10:30 clashes with the 10:00–11:00 workshop. */
const CLASHING = { activityId: "act-viking-stories", slotId: "act-viking-stories@10:30", participants: 30 };

const LOGGED_IN: State = ["the demo user is logged in"];
const GROUP_LOGGED_IN: State = ["the group organiser is logged in"];
const QUIET_DAY: State = ["venue {venueId} has places on a bookable date", { venueId: YORK }];
const NO_SUCH_VENUE: State = ["no venue has id {venueId}", { venueId: NO_VENUE }];
const NO_SUCH_BASKET: State = ["no basket has id {basketId}", { basketId: NO_BASKET }];
const NO_SUCH_PAYMENT: State = ["no payment has id {paymentId}", { paymentId: NO_PAYMENT }];
const visitAt = (step: string, payment = "invoice"): State =>
  ["the demo user has an open visit basket at step {step}", { step, payment }];
const groupAt = (step: string): State => ["the group organiser has an open group-visit basket at step {step}", { step }];
const HELD: State = ["the demo user's visit basket is held"];
/** Returns `total`, the quote's total in pence, which a checkout sends back as expectedTotal. */
const QUOTED: State = ["the demo user's visit basket has been quoted"];
const PRICE_RISEN: State = ["the price of the demo user's visit basket has gone up"];
const DAY_NEARLY_FULL: State = ["the day of the demo user's visit basket has fewer places left than its group"];
const LAPSED: State = ["the hold on the demo user's visit basket has lapsed"];
const SOLD_OUT: State = ["a slot in the demo user's visit basket has sold out"];
const AWAITING_PAYMENT: State = ["the demo user's visit basket was checked out by card and its payment is pending"];
const checkedOutWith = (key: string): State => ["the demo user's visit basket was checked out with idempotency key {key}", { key }];
const checkoutInFlight = (key: string): State => ["a checkout of the demo user's visit basket with idempotency key {key} is in flight", { key }];
const order = (payment: "none" | "card" | "card-unpaid" | "invoice"): State =>
  ["the demo user has an upcoming visit order with payment {payment}", { payment }];

/** Paths under the basket, payment and order the states return. */
const visitPath = (rest = "") => fromState(`/baskets/\${basketId}${rest}`, { basketId: VISIT });
const groupPath = (rest = "") => fromState(`/baskets/\${basketId}${rest}`, { basketId: GROUP });
const paymentPath = (rest = "") => fromState(`/payments/\${paymentId}${rest}`, { paymentId: PAYMENT });
const orderPath = (rest: string) => fromState(`/orders/\${orderId}${rest}`, { orderId: ORDER });
const paymentId = fromState("${paymentId}", { paymentId: PAYMENT });
const orderId = fromState("${orderId}", { orderId: ORDER });

const client = (baseUrl: string, token: string = TOKEN) => createGatewayClient({ baseUrl, timeoutMs: 5000, token });
const groupClient = (baseUrl: string) => client(baseUrl, GROUP_TOKEN);

const GROUP_TYPES = ["education", "home-education", "tour-operator", "other-group"];
/** The visit and group-visit steps, in the contract's order (mocks/backend/booking/steps.ts). */
const STEPS = basketStepValues.filter((step) => STEP_KINDS[step].some((kind) => kind !== "outreach"));
const BASKET_STATUSES = ["open", "held", "checked-out", "expired"];
const DAY_STATUSES = ["available", "limited", "full", "closed"];
const SLOT_STATUSES = ["available", "limited", "full"];
const ACTIVITY_KINDS = ["workshop", "show", "lunch-space", "exhibition", "tour"];
const SEVERITIES = ["info", "warning", "error"];
const ORDER_ACTIONS = ["request-cancellation", "amend", "pay"];
const PAYMENT_STATUSES = ["pending", "succeeded", "failed", "cancelled"];

const instantNow = instant("2026-06-01T09:30:00.000Z");

const organisation = (groupType = "education", name = "Riverside Primary School") => ({
  id: like(groupType === "education" ? "org-1001" : "org-3001"),
  name: like(name),
  groupType: oneOf(GROUP_TYPES, groupType),
  town: like("Leeds"),
  postcode: like("LS11 5PQ"),
});
const venue = { id: YORK, name: like("York Roman Quarter Museum") };
const priceLine = {
  description: like("Life in Roman Eboracum, 10:00–11:00"),
  quantity: integer(30),
  unitPrice: money(450),
  total: money(13500),
};
const scheduleEntry = {
  activityId: like("act-roman-life"),
  slotId: like("act-roman-life@10:00"),
  kind: oneOf(ACTIVITY_KINDS, "workshop"),
  name: like("Life in Roman Eboracum"),
  start: timeOfDay("10:00"),
  end: timeOfDay("11:00"),
  participants: integer(30),
};
const message = (code: string, example: string) => ({ code, severity: oneOf(SEVERITIES, "info"), message: like(example) });
const RATIO_MET = eachLike(message("ratio_met", "4 adults supervise 30 children: all are free within the supervision ratios."));
const session = {
  id: like("pay-3001"),
  redirectUrl: like("https://groups.example.org/hosted-payment/pay-3001"),
  expiresAt: instantNow,
};

const information = {
  participants: eachLike({ ageBand: regex("^(under-5|5-11|11-16|16-18)$", "5-11"), count: integer(30) }),
  adults: integer(4),
  oneToOneCarers: integer(1),
  accessNeeds: { mobility: boolean(true), sensory: boolean(false), communication: boolean(false), quietSpace: boolean(false) },
  lunchSpace: boolean(true),
  arrivalTime: timeOfDay("10:00"),
};

/** A basket's required fields; `extra` adds the sections saved so far. */
function basketBody(args: {
  id: string; kind: "visit" | "group-visit"; nextStep: string; done: boolean; status?: string;
  participants?: number; schedule?: boolean; tickets?: boolean; messages?: unknown; extra?: Record<string, unknown>;
}) {
  const group = args.kind === "group-visit";
  return {
    id: args.id === "new" ? like("bkt-1001") : fromState("${basketId}", { basketId: args.id }),
    kind: args.kind,
    status: oneOf(BASKET_STATUSES, args.status ?? "open"),
    organisation: group ? organisation("tour-operator", "Harrogate Heritage Tours") : organisation(),
    completedSteps: args.done ? eachLike(oneOf(STEPS, "date")) : [],
    nextStep: args.nextStep,
    participants: integer(args.participants ?? 0),
    schedule: args.schedule ? eachLike(scheduleEntry) : like([]),
    tickets: args.tickets
      ? eachLike({ activityId: like("act-roman-walk"), slotId: like("act-roman-walk@10:30"), ticketType: oneOf(["adult", "child", "concession", "carer"], "adult"), quantity: integer(12) })
      : like([]),
    messages: args.messages ?? [],
    expiresAt: instantNow,
    createdAt: instantNow,
    updatedAt: instantNow,
    ...(args.id === "new" ? {} : { venue, visitDate: calendarDate("2026-09-15") }),
    ...args.extra,
  };
}

const INVOICE_CHOICE = { method: "invoice", purchaseOrderNumber: "PO-RPS-2400" };
const visitAtReview = (extra: Record<string, unknown> = {}, status = "open") =>
  basketBody({
    id: VISIT, kind: "visit", nextStep: "review", done: true, status, participants: 35, schedule: true, messages: RATIO_MET,
    extra: { information, payment: { method: "invoice", purchaseOrderNumber: like("PO-RPS-2400") }, ...extra },
  });
const hold = (extensionsRemaining: number) => ({ expiresAt: instantNow, extensionsRemaining: integer(extensionsRemaining) });

function orderBody(args: { status: string; method: string; paymentStatus: string; actions: string[]; heldUntil?: boolean }) {
  return {
    id: like("ord-6001"),
    reference: like("GV-276001"),
    kind: "visit",
    status: args.status,
    venue,
    visitDate: calendarDate("2026-09-15"),
    participants: integer(35),
    total: money(13500),
    organisation: organisation(),
    arrivalTime: timeOfDay("10:00"),
    lines: eachLike(priceLine),
    payment: { method: args.method, status: args.paymentStatus },
    timeline: eachLike({ at: instantNow, event: like("booked"), description: like("Booking made by Amara Okafor.") }),
    createdAt: instantNow,
    schedule: eachLike(scheduleEntry),
    allowedActions: args.actions.length > 0 ? eachLike(oneOf(ORDER_ACTIONS, args.actions[0] ?? "amend")) : [],
    ...(args.heldUntil ? { heldUntil: instantNow } : {}),
  };
}

type Interaction = Parameters<ConsumerCase["define"]>[0];
type ResponseBuilder = Parameters<NonNullable<Parameters<ReturnType<Interaction["withRequest"]>["willRespondWith"]>[1]>>[0];

const problem = (status: number, code: Parameters<typeof problemBody>[1], extra: Record<string, unknown> = {}) =>
  (b: ResponseBuilder) => {
    b.headers(PROBLEM_CONTENT).jsonBody(problemBody(status, code, extra));
  };

export const bookingCases: readonly ConsumerCase[] = [
  // ---- Availability and activities
  {
    description: "get a venue's availability for a month",
    states: [LOGGED_IN, QUIET_DAY],
    define: (i) =>
      i
        .withRequest("GET", `/venues/${YORK}/availability`, (b) =>
          b.headers(AUTH).query({ month: fromProviderState("${month}", "2026-09") }))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            venueId: like(YORK),
            month: like("2026-09"),
            bookableFrom: calendarDate("2026-06-04"),
            bookableUntil: calendarDate("2027-06-01"),
            days: eachLike({ date: calendarDate("2026-09-01"), status: oneOf(DAY_STATUSES, "available") }),
          })),
    async exercise(url) {
      const calendar = expectOk(await getVenueAvailability(client(url), YORK, { month: "2026-09" }));
      expect(calendar.days[0]).toEqual({ date: "2026-09-01", status: "available" });
    },
  },
  {
    description: "list a venue's activities with their slots on a date",
    states: [LOGGED_IN, QUIET_DAY],
    define: (i) =>
      i
        .withRequest("GET", `/venues/${YORK}/activities`, (b) =>
          b.headers(AUTH).query({ date: fromProviderState("${visitDate}", "2026-09-15") }))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            venueId: like(YORK),
            date: calendarDate("2026-09-15"),
            items: eachLike({
              id: like("act-roman-life"),
              venueId: YORK,
              kind: oneOf(ACTIVITY_KINDS, "workshop"),
              name: like("Life in Roman Eboracum"),
              summary: like("Dress as legionaries and build a testudo."),
              durationMinutes: integer(60),
              price: money(450),
              groupTypes: eachLike(oneOf(GROUP_TYPES, "education")),
              slots: eachLike({
                id: like("act-roman-life@10:00"), start: timeOfDay("10:00"), end: timeOfDay("11:00"),
                capacity: integer(32), remainingCapacity: integer(32), status: oneOf(SLOT_STATUSES, "available"),
              }),
            }),
          })),
    async exercise(url) {
      const list = expectOk(await listActivities(client(url), YORK, { date: "2026-09-15" }));
      expect(list.items[0]?.slots[0]?.remainingCapacity).toBe(32);
    },
  },

  {
    description: "get the availability of a venue that does not exist",
    states: [LOGGED_IN, QUIET_DAY, NO_SUCH_VENUE],
    define: (i) =>
      i
        .withRequest("GET", `/venues/${NO_VENUE}/availability`, (b) =>
          b.headers(AUTH).query({ month: fromProviderState("${month}", "2026-09") }))
        .willRespondWith(404, problem(404, like("not_found"))),
    async exercise(url) {
      const p = expectProblem(await getVenueAvailability(client(url), NO_VENUE, { month: "2026-09" }), 404);
      expect(p.code).toBe("not_found");
    },
  },
  {
    description: "list the activities of a venue that does not exist",
    states: [LOGGED_IN, QUIET_DAY, NO_SUCH_VENUE],
    define: (i) =>
      i
        .withRequest("GET", `/venues/${NO_VENUE}/activities`, (b) =>
          b.headers(AUTH).query({ date: fromProviderState("${visitDate}", "2026-09-15") }))
        .willRespondWith(404, problem(404, like("not_found"))),
    async exercise(url) {
      const p = expectProblem(await listActivities(client(url), NO_VENUE, { date: "2026-09-15" }), 404);
      expect(p.code).toBe("not_found");
    },
  },

  // ---- Baskets
  {
    // What the booking guard runs (app/booking/basket.server.ts): the user's baskets of the
    // kind, of which it takes the newest open or held one.
    description: "find the demo user's visit basket in progress",
    states: [LOGGED_IN, visitAt("schedule")],
    define: (i) =>
      i
        .withRequest("GET", "/baskets", (b) => b.headers(AUTH).query({ kind: "visit" }))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            items: eachLike(basketBody({
              id: VISIT, kind: "visit", nextStep: "schedule", done: true, participants: 35, messages: RATIO_MET, extra: { information },
            })),
          })),
    async exercise(url) {
      const basket = await findOpenBasket(client(url), "visit");
      expect(basket?.id).toBe(VISIT);
      expect(basket?.status).toBe("open");
      expect(basket?.nextStep).toBe("schedule");
    },
  },
  {
    description: "find the demo user's visit basket held at review",
    states: [LOGGED_IN, visitAt("review"), HELD],
    define: (i) =>
      i
        .withRequest("GET", "/baskets", (b) => b.headers(AUTH).query({ kind: "visit" }))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody({ items: eachLike(visitAtReview({ hold: hold(1) }, "held")) })),
    async exercise(url) {
      const basket = await findOpenBasket(client(url), "visit");
      expect(basket?.id).toBe(VISIT);
      expect(basket?.status).toBe("held");
    },
  },
  {
    description: "create a visit basket",
    states: [LOGGED_IN],
    define: (i) =>
      i
        .withRequest("POST", "/baskets", (b) => b.headers(SEND).jsonBody({ kind: "visit" }))
        .willRespondWith(201, (b) =>
          b.headers(JSON_CONTENT).jsonBody(basketBody({ id: "new", kind: "visit", nextStep: "date", done: false }))),
    async exercise(url) {
      const basket = expectOk(await createBasket(client(url), { kind: "visit" }));
      expect(basket.nextStep).toBe("date");
      expect(basket.completedSteps).toEqual([]);
    },
  },
  {
    description: "get a visit basket ready for review",
    states: [LOGGED_IN, visitAt("review")],
    define: (i) =>
      i
        .withRequest("GET", visitPath(), (b) => b.headers(AUTH))
        .willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody(visitAtReview())),
    async exercise(url) {
      const basket = expectOk(await getBasket(client(url), VISIT));
      expect(basket).toEqual(reify(visitAtReview()));
      expect(basket.payment?.method).toBe("invoice");
    },
  },
  {
    description: "get a basket that does not exist",
    states: [LOGGED_IN, NO_SUCH_BASKET],
    define: (i) =>
      i.withRequest("GET", `/baskets/${NO_BASKET}`, (b) => b.headers(AUTH)).willRespondWith(404, problem(404, like("not_found"))),
    async exercise(url) {
      expect(expectProblem(await getBasket(client(url), NO_BASKET), 404).code).toBe("not_found");
    },
  },
  {
    description: "discard a visit basket",
    states: [LOGGED_IN, visitAt("schedule")],
    define: (i) => i.withRequest("DELETE", visitPath(), (b) => b.headers(AUTH)).willRespondWith(204),
    async exercise(url) {
      expect(await discardBasket(client(url), VISIT)).toEqual({ ok: true, data: undefined });
    },
  },
  {
    description: "discard a basket that does not exist",
    states: [LOGGED_IN, NO_SUCH_BASKET],
    define: (i) =>
      i.withRequest("DELETE", `/baskets/${NO_BASKET}`, (b) => b.headers(AUTH)).willRespondWith(404, problem(404, like("not_found"))),
    async exercise(url) {
      expect(expectProblem(await discardBasket(client(url), NO_BASKET), 404).code).toBe("not_found");
    },
  },
  {
    description: "discard a visit basket that has been checked out",
    states: [LOGGED_IN, visitAt("review"), checkedOutWith("pact-checkout-before-discard")],
    define: (i) =>
      i.withRequest("DELETE", visitPath(), (b) => b.headers(AUTH)).willRespondWith(409, problem(409, like("basket_not_open"))),
    async exercise(url) {
      expect(expectProblem(await discardBasket(client(url), VISIT), 409).code).toBe("basket_not_open");
    },
  },

  // ---- Steps
  {
    description: "save the venue and date of a visit basket",
    states: [LOGGED_IN, visitAt("date")],
    define: (i) =>
      i
        .withRequest("PUT", visitPath("/date"), (b) =>
          b.headers(SEND).jsonBody({ venueId: YORK, visitDate: fromProviderState("${visitDate}", "2026-09-15") }))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody(basketBody({ id: VISIT, kind: "visit", nextStep: "information", done: true }))),
    async exercise(url) {
      const basket = expectOk(await updateBasketDate(client(url), VISIT, { venueId: YORK, visitDate: "2026-09-15" }));
      expect(basket.nextStep).toBe("information");
      expect(basket.visitDate).toBe("2026-09-15");
    },
  },
  {
    description: "save a date outside the bookable window",
    states: [LOGGED_IN, visitAt("date")],
    define: (i) =>
      i
        .withRequest("PUT", visitPath("/date"), (b) => b.headers(SEND).jsonBody({ venueId: YORK, visitDate: "2025-12-25" }))
        .willRespondWith(422, problem(422, like("validation_failed"), {
          errors: arrayContaining({ field: "visitDate", message: like("Visits can be booked from 3 days ahead.") }),
        })),
    async exercise(url) {
      const problemBody = expectProblem(await updateBasketDate(client(url), VISIT, { venueId: YORK, visitDate: "2025-12-25" }), 422);
      expect(fieldErrors(problemBody).visitDate).toBeDefined();
    },
  },
  {
    description: "save the information of a visit basket",
    states: [LOGGED_IN, visitAt("information")],
    define: (i) =>
      i
        .withRequest("PUT", visitPath("/information"), (b) => b.headers(SEND).jsonBody(VISIT_FIXTURE.information))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody(basketBody({
            id: VISIT, kind: "visit", nextStep: "schedule", done: true, participants: 35, messages: RATIO_MET, extra: { information },
          }))),
    async exercise(url) {
      const basket = expectOk(await updateBasketInformation(client(url), VISIT, VISIT_FIXTURE.information));
      expect(basket.nextStep).toBe("schedule");
      expect(basket.messages[0]?.code).toBe("ratio_met");
    },
  },
  {
    // The basket keeps no lunch slot the group said it does not need (updateBasketInformation's
    // description). The pact asserts only what the app reads (ADR 36): the day is shown as the
    // gateway sends it, so the rule itself is the description's and the mock's, not a matcher's.
    description: "save visit information with no lunch space on a basket whose day has a lunch slot",
    states: [LOGGED_IN, visitAt("review")],
    define: (i) =>
      i
        .withRequest("PUT", visitPath("/information"), (b) => b.headers(SEND).jsonBody(NO_LUNCH))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody(visitAtReview({ information: { ...information, lunchSpace: false } }))),
    async exercise(url) {
      const basket = expectOk(await updateBasketInformation(client(url), VISIT, NO_LUNCH));
      expect(basket.information?.lunchSpace).toBe(false);
    },
  },
  {
    description: "save visit information with too few adults for the ratios",
    states: [LOGGED_IN, visitAt("information")],
    define: (i) =>
      i
        .withRequest("PUT", visitPath("/information"), (b) => b.headers(SEND).jsonBody({ ...VISIT_FIXTURE.information, adults: 3 }))
        .willRespondWith(422, problem(422, like("validation_failed"), {
          errors: arrayContaining({ field: "adults", message: like("Add 1 more adult for up to 8 more pupils aged 5–11") }),
        })),
    async exercise(url) {
      const p = expectProblem(await updateBasketInformation(client(url), VISIT, { ...VISIT_FIXTURE.information, adults: 3 }), 422);
      expect(fieldErrors(p)).toEqual({ adults: "Add 1 more adult for up to 8 more pupils aged 5–11" });
    },
  },
  {
    description: "save the schedule of a visit basket",
    states: [LOGGED_IN, visitAt("schedule")],
    define: (i) =>
      i
        .withRequest("PUT", visitPath("/schedule"), (b) => b.headers(SEND).jsonBody(VISIT_FIXTURE.schedule))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody(basketBody({
            id: VISIT, kind: "visit", nextStep: "payment", done: true, participants: 35, schedule: true, messages: RATIO_MET, extra: { information },
          }))),
    async exercise(url) {
      const basket = expectOk(await updateBasketSchedule(client(url), VISIT, VISIT_FIXTURE.schedule));
      expect(basket.nextStep).toBe("payment");
      expect(basket.schedule[0]?.slotId).toBe("act-roman-life@10:00");
    },
  },
  {
    description: "save a visit schedule whose activities clash",
    states: [LOGGED_IN, visitAt("schedule")],
    define: (i) =>
      i
        .withRequest("PUT", visitPath("/schedule"), (b) =>
          b.headers(SEND).jsonBody({ items: [...VISIT_FIXTURE.schedule.items, CLASHING] }))
        .willRespondWith(422, problem(422, like("validation_failed"), {
          errors: arrayContaining({ field: "items.2.slotId", message: like("Viking Jorvik storytelling 10:30–11:00 clashes with Life in Roman Eboracum 10:00–11:00: choose another time.") }),
        })),
    async exercise(url) {
      const p = expectProblem(await updateBasketSchedule(client(url), VISIT, { items: [...VISIT_FIXTURE.schedule.items, CLASHING] }), 422);
      expect(fieldErrors(p)["items.2.slotId"]).toContain("clashes");
    },
  },
  {
    description: "save the activities of a group-visit basket",
    states: [GROUP_LOGGED_IN, groupAt("group-activities")],
    define: (i) =>
      i
        .withRequest("PUT", groupPath("/group-activities"), (b) => b.headers(GROUP_SEND).jsonBody({ activityIds: GROUP_FIXTURE.activityIds }))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody(basketBody({
            id: GROUP, kind: "group-visit", nextStep: "group-capacities", done: true, extra: { groupActivityIds: eachLike(like("act-roman-walk")) },
          }))),
    async exercise(url) {
      const basket = expectOk(await updateBasketGroupActivities(groupClient(url), GROUP, { activityIds: GROUP_FIXTURE.activityIds }));
      expect(basket.nextStep).toBe("group-capacities");
    },
  },
  {
    description: "save the tickets of a group-visit basket",
    states: [GROUP_LOGGED_IN, groupAt("group-capacities")],
    define: (i) =>
      i
        .withRequest("PUT", groupPath("/group-capacities"), (b) => b.headers(GROUP_SEND).jsonBody({ tickets: GROUP_FIXTURE.tickets }))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody(basketBody({
            id: GROUP, kind: "group-visit", nextStep: "group-details", done: true, participants: 18, schedule: true, tickets: true,
            extra: { groupActivityIds: eachLike(like("act-roman-walk")) },
          }))),
    async exercise(url) {
      const basket = expectOk(await updateBasketGroupCapacities(groupClient(url), GROUP, { tickets: GROUP_FIXTURE.tickets }));
      expect(basket.nextStep).toBe("group-details");
      expect(basket.participants).toBe(18);
    },
  },
  {
    description: "save the group details of a group-visit basket",
    states: [GROUP_LOGGED_IN, groupAt("group-details")],
    define: (i) =>
      i
        .withRequest("PUT", groupPath("/group-details"), (b) => b.headers(GROUP_SEND).jsonBody(GROUP_FIXTURE.details))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody(basketBody({
            id: GROUP, kind: "group-visit", nextStep: "payment", done: true, participants: 18, schedule: true, tickets: true,
            extra: {
              groupActivityIds: eachLike(like("act-roman-walk")),
              groupDetails: {
                groupName: like(GROUP_FIXTURE.details.groupName), leadName: like("Tom Whitaker"), leadMobile: like("07700 900461"),
                arrivalTime: timeOfDay("10:00"), coaches: integer(1),
              },
            },
          }))),
    async exercise(url) {
      const basket = expectOk(await updateBasketGroupDetails(groupClient(url), GROUP, GROUP_FIXTURE.details));
      expect(basket.nextStep).toBe("payment");
      expect(basket.groupDetails?.leadMobile).toBe("07700 900461");
    },
  },
  {
    description: "choose to pay for a visit by invoice with a purchase order number",
    states: [LOGGED_IN, visitAt("payment")],
    define: (i) =>
      i
        .withRequest("PUT", visitPath("/payment"), (b) => b.headers(SEND).jsonBody(INVOICE_CHOICE))
        .willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody(visitAtReview())),
    async exercise(url) {
      const basket = expectOk(await updateBasketPayment(client(url), VISIT, { method: "invoice", purchaseOrderNumber: "PO-RPS-2400" }));
      expect(basket.nextStep).toBe("review");
    },
  },
  {
    description: "choose to pay for a group visit by invoice",
    // Invoices are for education organisations only.
    states: [GROUP_LOGGED_IN, groupAt("payment")],
    define: (i) =>
      i
        .withRequest("PUT", groupPath("/payment"), (b) => b.headers(GROUP_SEND).jsonBody({ method: "invoice" }))
        .willRespondWith(422, problem(422, "payment_method_unavailable", {
          errors: arrayContaining({ field: "method", message: like("Invoices are for schools and colleges only: pay by card.") }),
        })),
    async exercise(url) {
      const p = expectProblem(await updateBasketPayment(groupClient(url), GROUP, { method: "invoice" }), 422);
      expect(p.code).toBe("payment_method_unavailable");
    },
  },

  // ---- Holds
  {
    description: "hold the places of a visit basket",
    states: [LOGGED_IN, visitAt("review")],
    define: (i) =>
      i
        .withRequest("PUT", visitPath("/hold"), (b) => b.headers(AUTH))
        .willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody(visitAtReview({ hold: hold(1) }, "held"))),
    async exercise(url) {
      const basket = expectOk(await placeBasketHold(client(url), VISIT));
      expect(basket.status).toBe("held");
      expect(basket.hold?.extensionsRemaining).toBe(1);
    },
  },
  {
    description: "hold the places of a visit basket whose slot has sold out",
    states: [LOGGED_IN, visitAt("review"), SOLD_OUT],
    define: (i) =>
      i
        .withRequest("PUT", visitPath("/hold"), (b) => b.headers(AUTH))
        .willRespondWith(409, problem(409, like("slot_sold_out"), {
          errors: eachLike({ field: like("schedule.0"), message: like("Life in Roman Eboracum at 10:00 has sold out") }),
        })),
    async exercise(url) {
      const p = expectProblem(await placeBasketHold(client(url), VISIT), 409);
      expect(p.code).toBe("slot_sold_out");
      expect(fieldErrors(p)["schedule.0"]).toBeDefined();
    },
  },
  {
    description: "hold the places of a visit basket before its payment step",
    states: [LOGGED_IN, visitAt("payment")],
    define: (i) =>
      i
        .withRequest("PUT", visitPath("/hold"), (b) => b.headers(AUTH))
        .willRespondWith(409, problem(409, "basket_incomplete")),
    async exercise(url) {
      expect(expectProblem(await placeBasketHold(client(url), VISIT), 409).code).toBe("basket_incomplete");
    },
  },
  {
    description: "extend the hold of a visit basket",
    states: [LOGGED_IN, visitAt("review"), HELD],
    define: (i) =>
      i
        .withRequest("POST", visitPath("/hold/extensions"), (b) => b.headers(AUTH))
        .willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody(visitAtReview({ hold: hold(0) }, "held"))),
    async exercise(url) {
      const basket = expectOk(await extendBasketHold(client(url), VISIT));
      expect(basket.hold?.extensionsRemaining).toBe(0);
    },
  },
  {
    description: "extend a hold that has lapsed",
    states: [LOGGED_IN, visitAt("review"), LAPSED],
    define: (i) =>
      i
        .withRequest("POST", visitPath("/hold/extensions"), (b) => b.headers(AUTH))
        .willRespondWith(409, problem(409, like("hold_expired"))),
    async exercise(url) {
      expect(expectProblem(await extendBasketHold(client(url), VISIT), 409).code).toBe("hold_expired");
    },
  },

  // ---- Quote and checkout
  {
    description: "get the quote of a visit basket",
    states: [LOGGED_IN, visitAt("review")],
    define: (i) =>
      i
        .withRequest("GET", visitPath("/quote"), (b) => b.headers(AUTH))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            basketId: fromState("${basketId}", { basketId: VISIT }),
            lines: eachLike(priceLine),
            total: money(13500),
            paymentOptions: eachLike({ method: oneOf(["card", "invoice", "none"], "card"), available: boolean(true) }),
            messages: RATIO_MET,
            validUntil: instantNow,
          })),
    async exercise(url) {
      const quote = expectOk(await getBasketQuote(client(url), VISIT));
      expect(quote.total.amount).toBe(13500);
      expect(quote.paymentOptions[0]?.available).toBe(true);
    },
  },
  {
    description: "get the quote of a visit basket before its schedule",
    states: [LOGGED_IN, visitAt("schedule")],
    define: (i) =>
      i.withRequest("GET", visitPath("/quote"), (b) => b.headers(AUTH)).willRespondWith(409, problem(409, like("basket_incomplete"))),
    async exercise(url) {
      expect(expectProblem(await getBasketQuote(client(url), VISIT), 409).code).toBe("basket_incomplete");
    },
  },
  {
    description: "check out a visit basket paid by invoice",
    states: [LOGGED_IN, visitAt("review"), QUOTED],
    define: (i) =>
      i
        .withRequest("POST", visitPath("/checkout"), (b) =>
          b.headers({ ...SEND, "Idempotency-Key": "pact-checkout-invoice" }).jsonBody(withQuotedTotal(CHECKOUT)))
        .willRespondWith(201, (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            order: orderBody({ status: "confirmed", method: "invoice", paymentStatus: "unpaid", actions: ["request-cancellation"] }),
          })),
    async exercise(url) {
      const result = expectOk(await checkoutBasket(client(url), VISIT, "pact-checkout-invoice", CHECKOUT));
      expect(result.order.status).toBe("confirmed");
      expect(result.payment).toBeUndefined();
    },
  },
  {
    description: "check out a visit basket paid by card now",
    states: [LOGGED_IN, visitAt("review", "card"), QUOTED],
    define: (i) =>
      i
        .withRequest("POST", visitPath("/checkout"), (b) =>
          b.headers({ ...SEND, "Idempotency-Key": "pact-checkout-card" }).jsonBody(withQuotedTotal(CHECKOUT)))
        .willRespondWith(201, (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            order: orderBody({ status: "held", method: "card", paymentStatus: "unpaid", actions: ["pay"], heldUntil: true }),
            payment: session,
          })),
    async exercise(url) {
      const result = expectOk(await checkoutBasket(client(url), VISIT, "pact-checkout-card", CHECKOUT));
      expect(result.order.status).toBe("held");
      expect(result.payment?.redirectUrl).toContain("/hosted-payment/");
    },
  },
  {
    description: "check out a visit basket again with the key of a completed checkout",
    states: [LOGGED_IN, visitAt("review"), QUOTED, checkedOutWith("pact-checkout-replayed")],
    define: (i) =>
      i
        .withRequest("POST", visitPath("/checkout"), (b) =>
          b.headers({ ...SEND, "Idempotency-Key": "pact-checkout-replayed" }).jsonBody(withQuotedTotal(CHECKOUT)))
        .willRespondWith(201, (b) =>
          b.headers({ ...JSON_CONTENT, "Idempotent-Replayed": "true" }).jsonBody({
            order: orderBody({ status: "confirmed", method: "invoice", paymentStatus: "unpaid", actions: ["request-cancellation"] }),
          })),
    async exercise(url) {
      const result = expectOk(await checkoutBasket(client(url), VISIT, "pact-checkout-replayed", CHECKOUT));
      expect(result.order.status).toBe("confirmed");
    },
  },
  {
    description: "check out a visit basket while a checkout with the same key is in flight",
    states: [LOGGED_IN, visitAt("review"), QUOTED, checkoutInFlight("pact-checkout-in-flight")],
    define: (i) =>
      i
        .withRequest("POST", visitPath("/checkout"), (b) =>
          b.headers({ ...SEND, "Idempotency-Key": "pact-checkout-in-flight" }).jsonBody(withQuotedTotal(CHECKOUT)))
        .willRespondWith(409, problem(409, "idempotency_key_in_flight")),
    async exercise(url) {
      const p = expectProblem(await checkoutBasket(client(url), VISIT, "pact-checkout-in-flight", CHECKOUT), 409);
      expect(p.code).toBe("idempotency_key_in_flight");
    },
  },
  {
    description: "check out a visit basket with a used key and a different request",
    states: [LOGGED_IN, visitAt("review"), QUOTED, checkedOutWith("pact-checkout-reused")],
    define: (i) =>
      i
        .withRequest("POST", visitPath("/checkout"), (b) =>
          b.headers({ ...SEND, "Idempotency-Key": "pact-checkout-reused" }).jsonBody(withQuotedTotal(OTHER_CHECKOUT)))
        .willRespondWith(422, problem(422, like("idempotency_key_reused"))),
    async exercise(url) {
      const p = expectProblem(await checkoutBasket(client(url), VISIT, "pact-checkout-reused", OTHER_CHECKOUT), 422);
      expect(p.code).toBe("idempotency_key_reused");
    },
  },
  {
    description: "check out a visit basket whose slot has sold out",
    states: [LOGGED_IN, visitAt("review"), QUOTED, SOLD_OUT],
    define: (i) =>
      i
        .withRequest("POST", visitPath("/checkout"), (b) =>
          b.headers({ ...SEND, "Idempotency-Key": "pact-checkout-sold-out" }).jsonBody(withQuotedTotal(CHECKOUT)))
        .willRespondWith(409, problem(409, "slot_sold_out", {
          errors: eachLike({ field: like("schedule.0"), message: like("Life in Roman Eboracum at 10:00 has sold out") }),
        })),
    async exercise(url) {
      const p = expectProblem(await checkoutBasket(client(url), VISIT, "pact-checkout-sold-out", CHECKOUT), 409);
      expect(p.code).toBe("slot_sold_out");
    },
  },
  {
    description: "check out a visit basket whose hold has lapsed",
    states: [LOGGED_IN, visitAt("review"), QUOTED, LAPSED],
    define: (i) =>
      i
        .withRequest("POST", visitPath("/checkout"), (b) =>
          b.headers({ ...SEND, "Idempotency-Key": "pact-checkout-lapsed" }).jsonBody(withQuotedTotal(CHECKOUT)))
        .willRespondWith(409, problem(409, "hold_expired")),
    async exercise(url) {
      expect(expectProblem(await checkoutBasket(client(url), VISIT, "pact-checkout-lapsed", CHECKOUT), 409).code).toBe("hold_expired");
    },
  },

  {
    description: "check out a visit basket that has already been checked out",
    states: [LOGGED_IN, visitAt("review"), QUOTED, checkedOutWith("pact-checkout-first")],
    define: (i) =>
      i
        .withRequest("POST", visitPath("/checkout"), (b) =>
          b.headers({ ...SEND, "Idempotency-Key": "pact-checkout-second" }).jsonBody(withQuotedTotal(CHECKOUT)))
        .willRespondWith(409, problem(409, "basket_not_open")),
    async exercise(url) {
      expect(expectProblem(await checkoutBasket(client(url), VISIT, "pact-checkout-second", CHECKOUT), 409).code).toBe("basket_not_open");
    },
  },
  {
    description: "check out a visit basket whose day has too few places left",
    states: [LOGGED_IN, visitAt("review"), QUOTED, DAY_NEARLY_FULL],
    define: (i) =>
      i
        .withRequest("POST", visitPath("/checkout"), (b) =>
          b.headers({ ...SEND, "Idempotency-Key": "pact-checkout-day-full" }).jsonBody(withQuotedTotal(CHECKOUT)))
        .willRespondWith(409, problem(409, "capacity_unavailable")),
    async exercise(url) {
      expect(expectProblem(await checkoutBasket(client(url), VISIT, "pact-checkout-day-full", CHECKOUT), 409).code).toBe("capacity_unavailable");
    },
  },
  {
    description: "check out a visit basket whose price has gone up since it was quoted",
    // The total sent is the quote's before the rise, as the review page showed it.
    states: [LOGGED_IN, visitAt("review"), QUOTED, PRICE_RISEN],
    define: (i) =>
      i
        .withRequest("POST", visitPath("/checkout"), (b) =>
          b.headers({ ...SEND, "Idempotency-Key": "pact-checkout-price-changed" }).jsonBody(withQuotedTotal(CHECKOUT)))
        .willRespondWith(409, problem(409, "price_changed")),
    async exercise(url) {
      expect(expectProblem(await checkoutBasket(client(url), VISIT, "pact-checkout-price-changed", CHECKOUT), 409).code).toBe("price_changed");
    },
  },
  {
    description: "check out a visit basket accepting booking terms that are no longer current",
    states: [LOGGED_IN, visitAt("review"), QUOTED],
    define: (i) =>
      i
        .withRequest("POST", visitPath("/checkout"), (b) =>
          b.headers({ ...SEND, "Idempotency-Key": "pact-checkout-old-terms" }).jsonBody(withQuotedTotal(OLD_TERMS_CHECKOUT)))
        .willRespondWith(422, problem(422, "terms_outdated")),
    async exercise(url) {
      expect(expectProblem(await checkoutBasket(client(url), VISIT, "pact-checkout-old-terms", OLD_TERMS_CHECKOUT), 422).code).toBe("terms_outdated");
    },
  },

  // ---- Payments
  {
    description: "get a payment that does not exist",
    states: [LOGGED_IN, NO_SUCH_PAYMENT],
    define: (i) =>
      i.withRequest("GET", `/payments/${NO_PAYMENT}`, (b) => b.headers(AUTH)).willRespondWith(404, problem(404, like("not_found"))),
    async exercise(url) {
      expect(expectProblem(await getPayment(client(url), NO_PAYMENT), 404).code).toBe("not_found");
    },
  },
  {
    description: "report a return from the hosted payment page for a payment that does not exist",
    states: [LOGGED_IN, NO_SUCH_PAYMENT],
    define: (i) =>
      i
        .withRequest("POST", `/payments/${NO_PAYMENT}/return`, (b) => b.headers(SEND).jsonBody({ parameters: { result: "success" } }))
        .willRespondWith(404, problem(404, like("not_found"))),
    async exercise(url) {
      const p = expectProblem(await completePaymentReturn(client(url), NO_PAYMENT, { parameters: { result: "success" } }), 404);
      expect(p.code).toBe("not_found");
    },
  },
  {
    description: "get a card payment awaiting the hosted payment page",
    states: [LOGGED_IN, visitAt("review", "card"), AWAITING_PAYMENT],
    define: (i) =>
      i
        .withRequest("GET", paymentPath(), (b) => b.headers(AUTH))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            id: paymentId, orderId, status: oneOf(PAYMENT_STATUSES, "pending"), amount: money(13500), createdAt: instantNow,
          })),
    async exercise(url) {
      const payment = expectOk(await getPayment(client(url), PAYMENT));
      expect(payment.status).toBe("pending");
    },
  },
  {
    description: "report a successful return from the hosted payment page",
    states: [LOGGED_IN, visitAt("review", "card"), AWAITING_PAYMENT],
    define: (i) =>
      i
        .withRequest("POST", paymentPath("/return"), (b) =>
          b.headers(SEND).jsonBody({ parameters: { result: "success" } }))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            paymentId,
            status: "succeeded",
            order: orderBody({ status: "confirmed", method: "card", paymentStatus: "paid", actions: ["request-cancellation", "amend"] }),
          })),
    async exercise(url) {
      const result = expectOk(await completePaymentReturn(client(url), PAYMENT, { parameters: { result: "success" } }));
      expect(result.status).toBe("succeeded");
      expect(result.order.status).toBe("confirmed");
    },
  },
  {
    description: "report a declined card payment from the hosted payment page",
    states: [LOGGED_IN, visitAt("review", "card"), AWAITING_PAYMENT],
    define: (i) =>
      i
        .withRequest("POST", paymentPath("/return"), (b) =>
          b.headers(SEND).jsonBody({ parameters: { result: "declined" } }))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            paymentId,
            status: "failed",
            message: like("Your card was declined and no money was taken."),
            order: orderBody({ status: "held", method: "card", paymentStatus: "unpaid", actions: ["pay"], heldUntil: true }),
            retry: session,
          })),
    async exercise(url) {
      const result = expectOk(await completePaymentReturn(client(url), PAYMENT, { parameters: { result: "declined" } }));
      expect(result.status).toBe("failed");
      expect(result.message).toBeTruthy();
      expect(result.order.status).toBe("held");
    },
  },

  // ---- Orders
  {
    description: "ask to cancel a card-paid visit",
    states: [LOGGED_IN, order("card")],
    define: (i) =>
      i
        .withRequest("POST", orderPath("/cancellation-requests"), (b) =>
          b.headers(SEND).jsonBody({ reason: "The coach company has withdrawn." }))
        .willRespondWith(202, (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            ...orderBody({ status: "cancellation-requested", method: "card", paymentStatus: "paid", actions: [] }),
            id: orderId,
          })),
    async exercise(url) {
      const updated = expectOk(await requestOrderCancellation(client(url), ORDER, { reason: "The coach company has withdrawn." }));
      expect(updated.status).toBe("cancellation-requested");
    },
  },
  {
    description: "price an increase in numbers on a card-paid visit",
    states: [LOGGED_IN, order("card")],
    define: (i) =>
      i
        .withRequest("POST", orderPath("/amendment-quotes"), (b) => b.headers(SEND).jsonBody(MORE_PUPILS))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            orderId,
            lines: eachLike({ ...priceLine, quantity: integer(2), total: money(900) }),
            additionalTotal: money(900),
            paymentRequired: boolean(true),
            messages: eachLike(message("ratio_met", "4 adults supervise 32 children: all are free within the supervision ratios.")),
          })),
    async exercise(url) {
      const quote = expectOk(await quoteOrderAmendment(client(url), ORDER, MORE_PUPILS));
      expect(quote.additionalTotal.amount).toBe(900);
      expect(quote.paymentRequired).toBe(true);
    },
  },
  {
    description: "price an increase in numbers on an invoice-paid visit",
    states: [LOGGED_IN, order("invoice")],
    define: (i) =>
      i
        .withRequest("POST", orderPath("/amendment-quotes"), (b) => b.headers(SEND).jsonBody(MORE_PUPILS))
        .willRespondWith(409, problem(409, like("amendment_not_allowed"))),
    async exercise(url) {
      const p = expectProblem(await quoteOrderAmendment(client(url), ORDER, MORE_PUPILS), 409);
      expect(p.code).toBe("amendment_not_allowed");
    },
  },
  {
    description: "increase the numbers of a free visit",
    states: [LOGGED_IN, order("none")],
    define: (i) =>
      i
        .withRequest("POST", orderPath("/amendments"), (b) =>
          b.headers({ ...SEND, "Idempotency-Key": "pact-amendment-free" }).jsonBody(MORE_PUPILS))
        .willRespondWith(201, (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            order: {
              ...orderBody({ status: "confirmed", method: "none", paymentStatus: "not-required", actions: ["request-cancellation", "amend"] }),
              id: orderId, participants: integer(37), total: money(0),
            },
          })),
    async exercise(url) {
      const result = expectOk(await createOrderAmendment(client(url), ORDER, "pact-amendment-free", MORE_PUPILS));
      expect(result.order.participants).toBe(37);
      expect(result.payment).toBeUndefined();
    },
  },
  {
    description: "pay a held visit by card",
    states: [LOGGED_IN, order("card-unpaid")],
    define: (i) =>
      i
        .withRequest("POST", orderPath("/payments"), (b) =>
          b.headers({ ...SEND, "Idempotency-Key": "pact-order-payment" }).jsonBody({ returnUrl: RETURN_URL }))
        .willRespondWith(201, (b) => b.headers(JSON_CONTENT).jsonBody(session)),
    async exercise(url) {
      const result = expectOk(await startOrderPayment(client(url), ORDER, "pact-order-payment", { returnUrl: RETURN_URL }));
      expect(result.redirectUrl).toContain("/hosted-payment/");
    },
  },
];


const cmsClient = (baseUrl: string) => createCmsClient({ baseUrl, timeoutMs: 5000 });

/** The CMS venues the date step shows (names, summaries, opening times). */
export const bookingCmsCases: readonly ConsumerCase[] = [
  {
    description: "list the venues",
    states: [["the CMS has published venues"]],
    define: (i) =>
      i.withRequest("GET", "/venues").willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          items: eachLike({
            id: like(YORK),
            slug: like("york-roman-quarter"),
            name: like("York Roman Quarter Museum"),
            summary: like("Roman Eboracum and Viking Jorvik."),
            body: like("<p>General admission is free.</p>"),
            address: { line1: like("Museum Street"), town: like("York"), postcode: like("YO1 7DR") },
            openingTimes: like("Open daily 10:00–17:00; closed 24–26 December."),
            accessInformation: like("<p>Step-free access.</p>"),
            groupTypes: eachLike(oneOf(GROUP_TYPES, "education")),
            lunchSpace: boolean(true),
          }),
        })),
    async exercise(url) {
      const { items } = expectOk(await listVenues(cmsClient(url)));
      expect(items[0]?.name).toBe("York Roman Quarter Museum");
    },
  },
];
