import { MatchersV3 } from "@pact-foundation/pact";
import { expect } from "vitest";
import { checkoutBasket, createBasket, getBasket, getBasketQuote, updateBasketPayment } from "../../../app/api/booking.server";
import { requestOrderCancellation } from "../../../app/api/orders.server";
import { createCmsClient, createGatewayClient } from "../../../app/api/client.server";
import { getCurrentTerms, listAdvisories } from "../../../app/api/cms.server";
import { getOrder } from "../../../app/api/orders.server";
import {
  getOutreachAvailability, getOutreachEligibility, getOutreachQuestionnaire, listOutreachActivities,
  updateBasketOutreachActivities, updateBasketOutreachAdvisories, updateBasketOutreachAnswers,
  updateBasketOutreachSchedule, updateBasketOutreachTerms,
} from "../../../app/api/outreach.server";
import { fieldErrors } from "../../../app/api/result.server";
import { findOpenBasket } from "../../../app/booking/basket.server";
import { checkoutRequest } from "../../../app/booking/checkout.server";
import { OUTREACH_PATHS } from "../../../app/outreach/steps";
import { OUTREACH_FIXTURE, OUTREACH_PACT_DEFAULTS, outreachSchedule } from "../../../mocks/backend/booking/outreach-provider-states";
import { STEPS as BOOKING_STEPS } from "../../../mocks/backend/booking/steps";
import {
  JSON_CONTENT, PACT_TOKENS, PROBLEM_CONTENT, arrayContaining, bearer, boolean, calendarDate, eachLike, expectOk,
  expectProblem, fromState, instant, integer, like, money, oneOf, problemBody, reify, timeOfDay, withQuotedTotal,
} from "./matchers";
import type { ConsumerCase, State } from "./pact";

// The outreach interactions of the app: one or more per function in app/api/outreach.server.ts,
// the outreach use of the shared basket, quote, checkout and order operations
// (booking.server.ts, account.server.ts), and the CMS advisories and outreach terms.
// Dates the team must be free on come from the provider states (fromProviderState), and
// so do the organisation, basket and order ids, which the provider chooses
// (pacts/provider-states.json lists what each state returns).

const { fromProviderState, atLeastLike } = MatchersV3;

const TOKEN = PACT_TOKENS.demo;
const AUTH = bearer(TOKEN);
const SEND = { ...AUTH, ...JSON_CONTENT };
const SCHOOL = OUTREACH_PACT_DEFAULTS.organisationId;
const OUTSIDE = OUTREACH_PACT_DEFAULTS.outsideOrganisationId;
// Examples of the ids the provider's states return, used by the consumer tests.
const BASKET = "bkt-example-outreach";
const ORDER = "ord-example-outreach";
const schoolId = fromState("${organisationId}", { organisationId: SCHOOL });
const outsideId = fromState("${otherOrganisationId}", { otherOrganisationId: OUTSIDE });
const basketId = fromState("${basketId}", { basketId: BASKET });
const basketPath = (rest = "") => fromState(`/baskets/\${basketId}${rest}`, { basketId: BASKET });
const orderPath = (rest = "") => fromState(`/orders/\${orderId}${rest}`, { orderId: ORDER });
const TERMS = OUTREACH_PACT_DEFAULTS.termsVersion;
/** What the payment page sends (app/booking/checkout.server.ts), with the quote's total (40000 here). */
const CHECKOUT = checkoutRequest({
  termsVersion: TERMS, expectedTotal: 40000, url: new URL(`https://groups.example.org${OUTREACH_PATHS.payment}`), returnPath: OUTREACH_PATHS.payment,
});
/** Returns `total`, the quote's total in pence, which a checkout sends back as expectedTotal. */
const QUOTED: State = ["the demo user's outreach basket has been quoted"];
const EXAMPLE_DATE = "2026-09-15";

const LOGGED_IN: State = ["the demo user is logged in"];
const ELIGIBLE: State = ["the demo user's organisation is eligible for outreach"];
const OUTSIDE_REGION: State = ["the demo user also belongs to an organisation outside the outreach region"];
const TEAM_FREE: State = ["the outreach team is free on a bookable date"];
const basketAt = (step: string, payment = "invoice"): State =>
  ["the demo user has an open outreach basket at step {step}", { step, payment }];
const outreachOrder = (payment = "invoice"): State => ["the demo user has an outreach order with payment {payment}", { payment }];
const WITHIN_NOTICE: State = ["the demo user's outreach order is within its 28 days' notice"];
const CHECKED_OUT: State = ["the demo user's outreach basket has been checked out"];

const client = (baseUrl: string) => createGatewayClient({ baseUrl, timeoutMs: 5000, token: TOKEN });
const cmsClient = (baseUrl: string) => createCmsClient({ baseUrl, timeoutMs: 5000 });

/** The outreach steps, in the contract's order (mocks/backend/booking/steps.ts). */
const STEPS = BOOKING_STEPS.outreach;
const SEVERITIES = ["info", "warning", "error"];
const QUESTION_TYPES = ["text", "textarea", "integer", "boolean", "select", "time"];
const DAY_STATUSES = ["available", "limited", "full", "closed"];
const SLOT_STATUSES = ["available", "limited", "full"];
const ORDER_ACTIONS = ["request-cancellation", "amend", "pay"];

const instantNow = instant("2026-06-01T09:30:00.000Z");
const REQUEST_MESSAGE = eachLike({
  code: like("outreach_request"), severity: oneOf(SEVERITIES, "info"),
  message: like("An outreach booking is a request: it is confirmed when its pro-forma invoice (or card payment) is paid."),
});

const organisation = {
  id: like(SCHOOL), name: like("Riverside Primary School"), groupType: "education", town: like("Leeds"), postcode: like("LS11 5PQ"),
};
const sessionEntry = {
  activityId: like("out-romans-classroom"),
  slotId: like("out-romans-classroom@09:30"),
  kind: oneOf(["workshop", "show"], "workshop"),
  name: like("Romans in your classroom"),
  start: timeOfDay("09:30"),
  end: timeOfDay("11:00"),
  participants: integer(30),
};
const outreachSession = { activityId: like("out-romans-classroom"), start: timeOfDay("09:30"), end: timeOfDay("11:00"), pupils: integer(30) };
const scheduleSection = {
  date: calendarDate(EXAMPLE_DATE),
  sessions: eachLike(outreachSession),
  lunchBreak: { start: timeOfDay("12:00"), end: timeOfDay("12:45") },
};

type Section = "activities" | "advisories" | "answers" | "schedule" | "terms";
/** The basket's outreach section with what is saved up to `upTo`. */
function outreachSection(upTo: Section | "none") {
  const order: Section[] = ["activities", "advisories", "answers", "schedule", "terms"];
  const has = (s: Section) => upTo !== "none" && order.indexOf(s) <= order.indexOf(upTo);
  return {
    activityIds: has("activities") ? eachLike(like("out-romans-classroom")) : [],
    acknowledgedAdvisoryIds: has("advisories") ? eachLike(like("adv-hall-space")) : like([]),
    answers: has("answers") ? eachLike({ questionId: like("school-start"), value: like("08:50") }) : like([]),
    ...(has("answers") ? { questionnaireVersion: like(OUTREACH_FIXTURE.answers.questionnaireVersion) } : {}),
    ...(has("schedule") ? { schedule: scheduleSection } : {}),
    ...(has("terms") ? { acceptedTermsVersion: TERMS } : {}),
  };
}

/** An outreach basket's required fields, and what its steps saved. */
function basketBody(args: { nextStep: string; section: Section | "none"; id?: unknown; payment?: boolean }) {
  const scheduled = ["schedule", "terms"].includes(args.section);
  return {
    id: args.id ?? basketId,
    kind: "outreach",
    status: oneOf(["open", "held", "checked-out", "expired"], "open"),
    organisation,
    completedSteps: eachLike(oneOf(STEPS, "outreach-eligibility")),
    nextStep: args.nextStep,
    participants: integer(scheduled ? 60 : 0),
    schedule: scheduled ? eachLike(sessionEntry) : like([]),
    tickets: like([]),
    messages: REQUEST_MESSAGE,
    expiresAt: instantNow,
    createdAt: instantNow,
    updatedAt: instantNow,
    outreach: outreachSection(args.section),
    ...(scheduled ? { visitDate: calendarDate(EXAMPLE_DATE) } : {}),
    ...(args.payment ? { payment: { method: "invoice", purchaseOrderNumber: like("PO-RPS-2400") } } : {}),
  };
}

const priceLine = {
  description: like("Romans in your classroom, 09:30–11:00 (30 pupils)"),
  quantity: integer(1),
  unitPrice: money(18000),
  total: money(18000),
};

const regexReference = MatchersV3.regex("^OR-[0-9]{6}$", "OR-276001");

function orderBody(args: { method: "invoice" | "card"; actions: string[]; cancellationPolicy?: boolean }) {
  return {
    id: like("ord-6001"),
    reference: regexReference,
    kind: "outreach",
    status: "requested",
    venue: { id: like("venue-york-roman-quarter"), name: like("York Roman Quarter Museum") },
    visitDate: calendarDate(EXAMPLE_DATE),
    participants: integer(60),
    total: money(40000),
    organisation,
    arrivalTime: timeOfDay("09:00"),
    lines: eachLike(priceLine),
    payment: { method: args.method, status: "unpaid" },
    timeline: eachLike({ at: instantNow, event: like("requested"), description: like("Outreach request sent by Amara Okafor.") }),
    createdAt: instantNow,
    schedule: eachLike(sessionEntry),
    allowedActions: args.actions.length > 0 ? eachLike(oneOf(ORDER_ACTIONS, args.actions[0] ?? "pay")) : [],
    outreach: outreachSection("terms"),
    ...(args.cancellationPolicy ? { cancellationPolicy: like("Outreach bookings need 28 days' notice; the pro-forma invoice is cancelled.") } : {}),
  };
}

type Interaction = Parameters<ConsumerCase["define"]>[0];
type ResponseBuilder = Parameters<NonNullable<Parameters<ReturnType<Interaction["withRequest"]>["willRespondWith"]>[1]>>[0];
const problem = (status: number, code: Parameters<typeof problemBody>[1], extra: Record<string, unknown> = {}) =>
  (b: ResponseBuilder) => {
    b.headers(PROBLEM_CONTENT).jsonBody(problemBody(status, code, extra));
  };

const ANSWERS_WITH_ERROR = {
  ...OUTREACH_FIXTURE.answers,
  answers: OUTREACH_FIXTURE.answers.answers.map((a) => (a.questionId === "lunch-end" ? { ...a, value: "11:45" } : a)),
};
const [ROMANS, DOME] = OUTREACH_FIXTURE.sessions as [typeof OUTREACH_FIXTURE.sessions[0], typeof OUTREACH_FIXTURE.sessions[0]];
/** The team's lunch break during the planetarium dome session. */
const CLASHING_LUNCH = { ...outreachSchedule(EXAMPLE_DATE), lunchBreak: { start: "13:00", end: "13:45" } };

export const outreachCases: readonly ConsumerCase[] = [
  // ---- Eligibility and reference data
  {
    description: "get the outreach eligibility of a school in the outreach region",
    states: [LOGGED_IN, ELIGIBLE],
    define: (i) =>
      i
        .withRequest("GET", "/outreach/eligibility", (b) => b.headers(AUTH).query({ organisationId: schoolId }))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody({ organisationId: schoolId, eligible: true, region: like("Yorkshire and the Humber"), reasons: [] })),
    async exercise(url) {
      const eligibility = expectOk(await getOutreachEligibility(client(url), SCHOOL));
      expect(eligibility).toEqual({ organisationId: SCHOOL, eligible: true, region: "Yorkshire and the Humber", reasons: [] });
    },
  },
  {
    description: "get the outreach eligibility of a school outside the outreach region",
    states: [LOGGED_IN, OUTSIDE_REGION],
    define: (i) =>
      i
        .withRequest("GET", "/outreach/eligibility", (b) => b.headers(AUTH).query({ organisationId: outsideId }))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            organisationId: outsideId,
            eligible: false,
            region: like("Yorkshire and the Humber"),
            reasons: arrayContaining({ code: like("outside_region"), message: like("Our outreach team visits Yorkshire and the Humber only.") }),
          })),
    async exercise(url) {
      const eligibility = expectOk(await getOutreachEligibility(client(url), OUTSIDE));
      expect(eligibility.eligible).toBe(false);
      expect(eligibility.reasons.map((r) => r.code)).toContain("outside_region");
    },
  },
  {
    description: "list the outreach activities",
    states: [LOGGED_IN, ELIGIBLE],
    define: (i) =>
      i
        .withRequest("GET", "/outreach/activities", (b) => b.headers(AUTH))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            items: eachLike({
              id: like("out-romans-classroom"),
              kind: oneOf(["workshop", "show"], "workshop"),
              name: like("Romans in your classroom"),
              summary: like("Our team brings armour, coins and a Roman kitchen to your school hall."),
              durationMinutes: integer(90),
              maxPupilsPerSession: integer(32),
              pricePerSession: money(18000),
              ageBands: eachLike(MatchersV3.regex("^(under-5|5-11|11-16|16-18)$", "5-11")),
              advisoryIds: eachLike(like("adv-hall-space")),
            }),
          })),
    async exercise(url) {
      const { items } = expectOk(await listOutreachActivities(client(url)));
      expect(items[0]?.pricePerSession.amount).toBe(18000);
      expect(items[0]?.advisoryIds).toEqual(["adv-hall-space"]);
    },
  },
  {
    description: "get the outreach questionnaire",
    states: [LOGGED_IN],
    define: (i) =>
      i
        .withRequest("GET", "/outreach/questionnaire", (b) => b.headers(AUTH))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            version: like(OUTREACH_FIXTURE.answers.questionnaireVersion),
            questions: eachLike({
              id: like("hall-size"),
              label: like("Floor area of the space"),
              type: oneOf(QUESTION_TYPES, "integer"),
              required: boolean(true),
              group: like("Where we will work"),
            }),
          })),
    async exercise(url) {
      const questionnaire = expectOk(await getOutreachQuestionnaire(client(url)));
      expect(questionnaire.questions[0]).toEqual({ id: "hall-size", label: "Floor area of the space", type: "integer", required: true, group: "Where we will work" });
    },
  },
  {
    description: "get the outreach team's availability for an activity in a month",
    states: [LOGGED_IN, TEAM_FREE],
    define: (i) =>
      i
        .withRequest("GET", "/outreach/availability", (b) =>
          b.headers(AUTH).query({ month: fromProviderState("${month}", "2026-09"), activityId: "out-romans-classroom" }))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            month: like("2026-09"),
            bookableFrom: calendarDate("2026-06-22"),
            bookableUntil: calendarDate("2027-06-01"),
            days: eachLike({
              date: calendarDate("2026-09-01"),
              status: oneOf(DAY_STATUSES, "available"),
              slots: atLeastLike({ start: timeOfDay("09:00"), end: timeOfDay("10:30"), status: oneOf(SLOT_STATUSES, "available") }, 0, 1),
            }),
          })),
    async exercise(url) {
      const calendar = expectOk(await getOutreachAvailability(client(url), { month: "2026-09", activityId: "out-romans-classroom" }));
      expect(calendar.days[0]?.slots[0]).toEqual({ start: "09:00", end: "10:30", status: "available" });
    },
  },

  // ---- Baskets
  {
    description: "create an outreach basket for a school in the outreach region",
    states: [LOGGED_IN, ELIGIBLE],
    define: (i) =>
      i
        .withRequest("POST", "/baskets", (b) => b.headers(SEND).jsonBody({ kind: "outreach" }))
        .willRespondWith(201, (b) =>
          b.headers(JSON_CONTENT).jsonBody(basketBody({ id: like("bkt-1001"), nextStep: "outreach-activities", section: "none" }))),
    async exercise(url) {
      const basket = expectOk(await createBasket(client(url), { kind: "outreach" }));
      expect(basket.nextStep).toBe("outreach-activities");
      expect(basket.outreach).toEqual({ activityIds: [], acknowledgedAdvisoryIds: [], answers: [] });
    },
  },
  {
    description: "create an outreach basket for a school outside the outreach region",
    states: [LOGGED_IN, OUTSIDE_REGION],
    define: (i) =>
      i
        .withRequest("POST", "/baskets", (b) => b.headers(SEND).jsonBody({ kind: "outreach", organisationId: outsideId }))
        .willRespondWith(403, problem(403, like("kind_not_allowed"))),
    async exercise(url) {
      const p = expectProblem(await createBasket(client(url), { kind: "outreach", organisationId: OUTSIDE }), 403);
      expect(p.code).toBe("kind_not_allowed");
    },
  },
  {
    // What the outreach guard runs (app/booking/basket.server.ts): the user's outreach
    // baskets, of which it takes the newest open or held one.
    description: "find the demo user's outreach basket in progress",
    states: [LOGGED_IN, basketAt("outreach-questions")],
    define: (i) =>
      i
        .withRequest("GET", "/baskets", (b) => b.headers(AUTH).query({ kind: "outreach" }))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody({ items: eachLike(basketBody({ nextStep: "outreach-questions", section: "advisories" })) })),
    async exercise(url) {
      const basket = await findOpenBasket(client(url), "outreach");
      expect(basket).toMatchObject({ id: BASKET, kind: "outreach", status: "open", nextStep: "outreach-questions" });
    },
  },
  {
    description: "get an outreach basket ready for review",
    states: [LOGGED_IN, basketAt("review")],
    define: (i) =>
      i
        .withRequest("GET", basketPath(), (b) => b.headers(AUTH))
        .willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody(basketBody({ nextStep: "review", section: "terms", payment: true }))),
    async exercise(url) {
      const basket = expectOk(await getBasket(client(url), BASKET));
      expect(basket).toEqual(reify(basketBody({ nextStep: "review", section: "terms", payment: true })));
      expect(basket.outreach?.schedule?.lunchBreak).toEqual({ start: "12:00", end: "12:45" });
    },
  },

  // ---- Steps
  {
    description: "save the activities of an outreach basket",
    states: [LOGGED_IN, basketAt("outreach-activities")],
    define: (i) =>
      i
        .withRequest("PUT", basketPath("/outreach-activities"), (b) => b.headers(SEND).jsonBody({ activityIds: OUTREACH_FIXTURE.activityIds }))
        .willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody(basketBody({ nextStep: "outreach-advisories", section: "activities" }))),
    async exercise(url) {
      const basket = expectOk(await updateBasketOutreachActivities(client(url), BASKET, { activityIds: OUTREACH_FIXTURE.activityIds }));
      expect(basket.nextStep).toBe("outreach-advisories");
    },
  },
  {
    description: "acknowledge the advisories of an outreach basket",
    states: [LOGGED_IN, basketAt("outreach-advisories")],
    define: (i) =>
      i
        .withRequest("PUT", basketPath("/outreach-advisories"), (b) =>
          b.headers(SEND).jsonBody({ acknowledgedAdvisoryIds: OUTREACH_FIXTURE.acknowledgedAdvisoryIds }))
        .willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody(basketBody({ nextStep: "outreach-questions", section: "advisories" }))),
    async exercise(url) {
      const basket = expectOk(await updateBasketOutreachAdvisories(client(url), BASKET, { acknowledgedAdvisoryIds: OUTREACH_FIXTURE.acknowledgedAdvisoryIds }));
      expect(basket.nextStep).toBe("outreach-questions");
    },
  },
  {
    description: "acknowledge only some advisories of an outreach basket",
    states: [LOGGED_IN, basketAt("outreach-advisories")],
    define: (i) =>
      i
        .withRequest("PUT", basketPath("/outreach-advisories"), (b) => b.headers(SEND).jsonBody({ acknowledgedAdvisoryIds: ["adv-hall-space"] }))
        .willRespondWith(422, problem(422, like("validation_failed"), {
          errors: arrayContaining({ field: "acknowledgedAdvisoryIds.adv-power", message: like("Confirm you have read “Power”") }),
        })),
    async exercise(url) {
      const p = expectProblem(await updateBasketOutreachAdvisories(client(url), BASKET, { acknowledgedAdvisoryIds: ["adv-hall-space"] }), 422);
      expect(fieldErrors(p)["acknowledgedAdvisoryIds.adv-power"]).toBe("Confirm you have read “Power”");
    },
  },
  {
    description: "save the questionnaire answers of an outreach basket",
    states: [LOGGED_IN, basketAt("outreach-questions")],
    define: (i) =>
      i
        .withRequest("PUT", basketPath("/outreach-answers"), (b) => b.headers(SEND).jsonBody(OUTREACH_FIXTURE.answers))
        .willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody(basketBody({ nextStep: "outreach-schedule", section: "answers" }))),
    async exercise(url) {
      const basket = expectOk(await updateBasketOutreachAnswers(client(url), BASKET, OUTREACH_FIXTURE.answers));
      expect(basket.nextStep).toBe("outreach-schedule");
      expect(basket.outreach?.answers[0]).toEqual({ questionId: "school-start", value: "08:50" });
    },
  },
  {
    description: "save questionnaire answers with an error in the school day",
    states: [LOGGED_IN, basketAt("outreach-questions")],
    define: (i) =>
      i
        .withRequest("PUT", basketPath("/outreach-answers"), (b) => b.headers(SEND).jsonBody(ANSWERS_WITH_ERROR))
        .willRespondWith(422, problem(422, like("validation_failed"), {
          errors: arrayContaining({ field: "answers.lunch-end", message: like("Lunch must end after it starts (12:00)") }),
        })),
    async exercise(url) {
      const p = expectProblem(await updateBasketOutreachAnswers(client(url), BASKET, ANSWERS_WITH_ERROR), 422);
      expect(fieldErrors(p)).toEqual({ "answers.lunch-end": "Lunch must end after it starts (12:00)" });
    },
  },
  {
    description: "save the schedule of an outreach basket",
    states: [LOGGED_IN, basketAt("outreach-schedule")],
    define: (i) =>
      i
        .withRequest("PUT", basketPath("/outreach-schedule"), (b) =>
          b.headers(SEND).jsonBody({ ...outreachSchedule(EXAMPLE_DATE), date: fromProviderState("${date}", EXAMPLE_DATE) }))
        .willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody(basketBody({ nextStep: "outreach-terms", section: "schedule" }))),
    async exercise(url) {
      const basket = expectOk(await updateBasketOutreachSchedule(client(url), BASKET, outreachSchedule(EXAMPLE_DATE)));
      expect(basket.nextStep).toBe("outreach-terms");
      expect(basket.schedule[0]?.start).toBe(ROMANS.start);
      expect(basket.visitDate).toBe(EXAMPLE_DATE);
    },
  },
  {
    description: "save an outreach schedule whose lunch break clashes with a session",
    states: [LOGGED_IN, basketAt("outreach-schedule")],
    define: (i) =>
      i
        .withRequest("PUT", basketPath("/outreach-schedule"), (b) =>
          b.headers(SEND).jsonBody({ ...CLASHING_LUNCH, date: fromProviderState("${date}", EXAMPLE_DATE) }))
        .willRespondWith(422, problem(422, like("validation_failed"), {
          errors: arrayContaining({
            field: "lunchBreak",
            message: like(`The team's lunch break 13:00–13:45 clashes with Planetarium dome ${DOME.start}–${DOME.end}: move it between sessions.`),
          }),
        })),
    async exercise(url) {
      const p = expectProblem(await updateBasketOutreachSchedule(client(url), BASKET, CLASHING_LUNCH), 422);
      expect(fieldErrors(p).lunchBreak).toContain("clashes with Planetarium dome");
    },
  },
  {
    description: "accept the outreach terms of an outreach basket",
    states: [LOGGED_IN, basketAt("outreach-terms")],
    define: (i) =>
      i
        .withRequest("PUT", basketPath("/outreach-terms"), (b) => b.headers(SEND).jsonBody({ acceptedTermsVersion: TERMS }))
        .willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody(basketBody({ nextStep: "payment", section: "terms" }))),
    async exercise(url) {
      const basket = expectOk(await updateBasketOutreachTerms(client(url), BASKET, { acceptedTermsVersion: TERMS }));
      expect(basket.nextStep).toBe("payment");
      expect(basket.outreach?.acceptedTermsVersion).toBe(TERMS);
    },
  },
  {
    description: "accept outreach terms that are no longer current",
    states: [LOGGED_IN, basketAt("outreach-terms")],
    define: (i) =>
      i
        .withRequest("PUT", basketPath("/outreach-terms"), (b) => b.headers(SEND).jsonBody({ acceptedTermsVersion: "outreach-2025-01" }))
        .willRespondWith(422, problem(422, "terms_outdated")),
    async exercise(url) {
      const p = expectProblem(await updateBasketOutreachTerms(client(url), BASKET, { acceptedTermsVersion: "outreach-2025-01" }), 422);
      expect(p.code).toBe("terms_outdated");
    },
  },
  {
    description: "choose to pay for outreach by pro-forma invoice",
    states: [LOGGED_IN, basketAt("payment")],
    define: (i) =>
      i
        .withRequest("PUT", basketPath("/payment"), (b) => b.headers(SEND).jsonBody({ method: "invoice", purchaseOrderNumber: "PO-RPS-2400" }))
        .willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody(basketBody({ nextStep: "review", section: "terms", payment: true }))),
    async exercise(url) {
      const basket = expectOk(await updateBasketPayment(client(url), BASKET, { method: "invoice", purchaseOrderNumber: "PO-RPS-2400" }));
      expect(basket.nextStep).toBe("review");
    },
  },
  {
    description: "choose a payment method for an outreach basket that has already been checked out",
    // A second submit after the first made the order: the payment page then shows that order.
    states: [LOGGED_IN, basketAt("review"), CHECKED_OUT],
    define: (i) =>
      i
        .withRequest("PUT", basketPath("/payment"), (b) => b.headers(SEND).jsonBody({ method: "invoice", purchaseOrderNumber: "PO-RPS-2400" }))
        .willRespondWith(409, problem(409, like("basket_not_open"))),
    async exercise(url) {
      const p = expectProblem(await updateBasketPayment(client(url), BASKET, { method: "invoice", purchaseOrderNumber: "PO-RPS-2400" }), 409);
      expect(p.code).toBe("basket_not_open");
    },
  },

  // ---- Quote, checkout, orders
  {
    description: "get the quote of an outreach basket",
    states: [LOGGED_IN, basketAt("payment")],
    define: (i) =>
      i
        .withRequest("GET", basketPath("/quote"), (b) => b.headers(AUTH))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            basketId,
            lines: eachLike(priceLine),
            total: money(40000),
            paymentOptions: arrayContaining({ method: "invoice", available: true, preferred: true }),
            messages: arrayContaining(
              { code: "outreach_request", severity: "info", message: like("An outreach booking is a request.") },
              { code: "cancellation_notice", severity: "info", message: like("Cancelling needs 28 days' notice: you can cancel until 18 August 2026.") },
            ),
            validUntil: instantNow,
          })),
    async exercise(url) {
      const quote = expectOk(await getBasketQuote(client(url), BASKET));
      expect(quote.total.amount).toBe(40000);
      expect(quote.paymentOptions.find((o) => o.preferred)?.method).toBe("invoice");
      expect(quote.messages.map((m) => m.code)).toEqual(["outreach_request", "cancellation_notice"]);
    },
  },
  {
    description: "check out an outreach basket paid by pro-forma invoice",
    states: [LOGGED_IN, basketAt("review"), QUOTED],
    define: (i) =>
      i
        .withRequest("POST", basketPath("/checkout"), (b) =>
          b.headers({ ...SEND, "Idempotency-Key": "pact-outreach-invoice" }).jsonBody(withQuotedTotal(CHECKOUT)))
        .willRespondWith(201, (b) =>
          b.headers(JSON_CONTENT).jsonBody({ order: orderBody({ method: "invoice", actions: ["request-cancellation"] }) })),
    async exercise(url) {
      const result = expectOk(await checkoutBasket(client(url), BASKET, "pact-outreach-invoice", CHECKOUT));
      expect(result.order).toMatchObject({ kind: "outreach", status: "requested", payment: { method: "invoice", status: "unpaid" } });
      expect(result.payment).toBeUndefined();
    },
  },
  {
    description: "check out an outreach basket paid by card",
    states: [LOGGED_IN, basketAt("review", "card"), QUOTED],
    define: (i) =>
      i
        .withRequest("POST", basketPath("/checkout"), (b) =>
          b.headers({ ...SEND, "Idempotency-Key": "pact-outreach-card" }).jsonBody(withQuotedTotal(CHECKOUT)))
        .willRespondWith(201, (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            order: orderBody({ method: "card", actions: ["pay", "request-cancellation"] }),
            payment: { id: like("pay-3001"), redirectUrl: like("https://groups.example.org/hosted-payment/pay-3001"), expiresAt: instantNow },
          })),
    async exercise(url) {
      const result = expectOk(await checkoutBasket(client(url), BASKET, "pact-outreach-card", CHECKOUT));
      expect(result.order.status).toBe("requested");
      expect(result.payment?.redirectUrl).toContain("/hosted-payment/");
    },
  },
  {
    description: "get an outreach order awaiting its pro-forma invoice",
    states: [LOGGED_IN, outreachOrder()],
    define: (i) =>
      i
        .withRequest("GET", orderPath(), (b) => b.headers(AUTH))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            ...orderBody({ method: "invoice", actions: ["request-cancellation"], cancellationPolicy: true }),
            id: fromState("${orderId}", { orderId: ORDER }),
          })),
    async exercise(url) {
      const order = expectOk(await getOrder(client(url), ORDER));
      expect(order).toMatchObject({ kind: "outreach", status: "requested" });
      expect(order.outreach?.schedule?.sessions[0]?.pupils).toBe(30);
    },
  },
  {
    description: "ask to cancel an outreach order within its 28 days' notice",
    states: [LOGGED_IN, outreachOrder(), WITHIN_NOTICE],
    define: (i) =>
      i
        .withRequest("POST", orderPath("/cancellation-requests"), (b) => b.headers(SEND).jsonBody({ reason: "The hall is being refloored." }))
        .willRespondWith(409, problem(409, like("cancellation_not_allowed"))),
    async exercise(url) {
      const p = expectProblem(await requestOrderCancellation(client(url), ORDER, { reason: "The hall is being refloored." }), 409);
      expect(p.code).toBe("cancellation_not_allowed");
    },
  },
];

/** The CMS advisories the advisories step shows, and the outreach terms of the terms step. */
export const outreachCmsCases: readonly ConsumerCase[] = [
  {
    description: "list the outreach advisories",
    states: [],
    define: (i) =>
      i
        .withRequest("GET", "/advisories", (b) => b.query({ appliesTo: "outreach" }))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            items: eachLike({
              id: like("adv-hall-space"),
              title: like("Hall size"),
              body: like("<p>We need a clear floor of at least 64 m².</p>"),
              severity: oneOf(["info", "important"], "important"),
              appliesTo: eachLike(oneOf(["visit", "group-visit", "outreach"], "outreach")),
              requiresAcknowledgement: boolean(true),
              acknowledgementLabel: like("I have read the advice on hall space"),
            }),
          })),
    async exercise(url) {
      const { items } = expectOk(await listAdvisories(cmsClient(url), { appliesTo: "outreach" }));
      expect(items[0]).toMatchObject({ id: "adv-hall-space", requiresAcknowledgement: true });
    },
  },
  {
    description: "get the outreach terms in force",
    states: [["the CMS has published {termsKind} terms", { termsKind: "outreach" }]],
    define: (i) =>
      i
        .withRequest("GET", "/terms/outreach")
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            kind: like("outreach"),
            version: like(TERMS),
            title: like("Terms for outreach visits"),
            summary: like("An outreach booking is a request until it is paid."),
            body: like("<h2>Your request</h2>"),
            effectiveFrom: calendarDate("2026-01-01"),
          })),
    async exercise(url) {
      const terms = expectOk(await getCurrentTerms(cmsClient(url), "outreach"));
      expect(terms.version).toBe(TERMS);
    },
  },
];
