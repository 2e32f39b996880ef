// Provider states of the outreach interactions (named in tests/contract/support/outreach-cases.ts;
// specified for provider teams in pacts/provider-states.json). Like booking/provider-states.ts,
// each builds its situation through the booking service itself, every parameter has a
// default, and organisation, basket and order ids are chosen here and returned.
import { addDays } from "../dates";
import type { Backend } from "../index";
import { DEMO_USER } from "../seed";
import { OUTREACH_TERMS_VERSION } from "./outreach-content";
import { outreachDateReason } from "./outreach-rules";
import { QUESTIONNAIRE_VERSION } from "./outreach-questionnaire";
import { expectOk, newBasket, paymentChoice, renameOrder } from "./provider-state-baskets";
import { STEPS, type StepOf } from "./steps";
import type { BasketStep } from "./types";

export const OUTREACH_PROVIDER_STATES = [
  "the demo user's organisation is eligible for outreach",
  "the demo user also belongs to an organisation outside the outreach region",
  "the outreach team is free on a bookable date",
  "the demo user has an open outreach basket at step {step}",
  "the demo user's outreach basket has been quoted",
  "the demo user has an outreach order with payment {payment}",
  "the demo user's outreach order is within its 28 days' notice",
  "the demo user's outreach basket has been checked out",
] as const;

export type OutreachProviderStateName = (typeof OUTREACH_PROVIDER_STATES)[number];

export function isOutreachProviderState(name: string): name is OutreachProviderStateName {
  return (OUTREACH_PROVIDER_STATES as readonly string[]).includes(name);
}

/** Defaults: the organisations the states pick, and the terms the consumer cases accept. */
export const OUTREACH_PACT_DEFAULTS = {
  organisationId: DEMO_USER.organisationId,
  /** Didsbury Road Primary School, Manchester: outside the outreach region. */
  outsideOrganisationId: "org-1017",
  termsVersion: OUTREACH_TERMS_VERSION,
} as const;

/** What an outreach basket is filled with, step by step: two sessions around the school's lunch. */
export const OUTREACH_FIXTURE = {
  activityIds: ["out-romans-classroom", "out-planetarium-dome"],
  acknowledgedAdvisoryIds: ["adv-hall-space", "adv-parking", "adv-access", "adv-safety", "adv-power"],
  answers: {
    questionnaireVersion: QUESTIONNAIRE_VERSION,
    answers: [
      { questionId: "space-type", value: "hall" },
      { questionId: "hall-size", value: "150" },
      { questionId: "power", value: "true" },
      { questionId: "parking", value: "on-site" },
      { questionId: "pupils-per-session", value: "30" },
      { questionId: "year-groups", value: "Year 4 Oak and Year 4 Elm" },
      { questionId: "school-start", value: "08:50" },
      { questionId: "lunch-start", value: "12:00" },
      { questionId: "lunch-end", value: "13:00" },
      { questionId: "school-end", value: "15:15" },
    ],
  },
  sessions: [
    { activityId: "out-romans-classroom", start: "09:30", end: "11:00", pupils: 30 },
    { activityId: "out-planetarium-dome", start: "13:15", end: "14:00", pupils: 30 },
  ],
  lunchBreak: { start: "12:00", end: "12:45" },
};

/** The fixture's schedule on a date. */
export const outreachSchedule = (date: string) => ({
  date, sessions: structuredClone(OUTREACH_FIXTURE.sessions), lunchBreak: { ...OUTREACH_FIXTURE.lunchBreak },
});

type Params = Record<string, unknown>;

/**
 * A date the outreach team visits (a term-time weekday) at least 70 days ahead, with no
 * demand from other schools: cancellable (28 days' notice) and payable by invoice.
 */
export function quietOutreachDate(backend: Backend): string {
  let date = addDays(backend.today(), 70);
  while (outreachDateReason(date, backend.today())) date = addDays(date, 1);
  backend.state.booking.quietDays.add(`outreach ${date}`);
  return date;
}

/** An outreach basket of the demo user (the service's id, or the one given), filled in up to (not including) `step`. */
export function outreachBasketAtStep(backend: Backend, args: { userId?: string; basketId?: string; step: BasketStep; payment?: string }) {
  const { step } = args;
  const userId = args.userId ?? DEMO_USER.id;
  const steps = STEPS.outreach;
  if (!steps.includes(step) || step === "outreach-eligibility") {
    throw new Error(`Provider state: step must be one of ${steps.slice(1).join(", ")}`);
  }
  const service = backend.booking;
  const basketId = newBasket(backend, userId, "outreach", args.basketId);

  const date = quietOutreachDate(backend);
  // How each step before `step` is saved: keyed by every outreach step (steps.ts), so a new one must say how.
  const save: Record<Exclude<StepOf<"outreach">, "review">, () => unknown> = {
    // Done by the demo user's approved membership of an eligible organisation (the seed's).
    "outreach-eligibility": () => undefined,
    "outreach-activities": () => expectOk(service.updateBasketOutreachActivities(userId, basketId, { activityIds: OUTREACH_FIXTURE.activityIds }), "activities"),
    "outreach-advisories": () => expectOk(service.updateBasketOutreachAdvisories(userId, basketId, { acknowledgedAdvisoryIds: OUTREACH_FIXTURE.acknowledgedAdvisoryIds }), "advisories"),
    "outreach-questions": () => expectOk(service.updateBasketOutreachAnswers(userId, basketId, OUTREACH_FIXTURE.answers), "answers"),
    "outreach-schedule": () => expectOk(service.updateBasketOutreachSchedule(userId, basketId, outreachSchedule(date)), "schedule"),
    "outreach-terms": () => expectOk(service.updateBasketOutreachTerms(userId, basketId, { acceptedTermsVersion: OUTREACH_TERMS_VERSION }), "terms"),
    payment: () => expectOk(service.updateBasketPayment(userId, basketId, paymentChoice(args.payment)), "payment"),
  };
  for (const earlier of steps.slice(0, steps.indexOf(step)) as StepOf<"outreach">[]) if (earlier !== "review") save[earlier]();
  const basket = expectOk(service.getBasket(userId, basketId), "getBasket");
  if (basket.nextStep !== step) throw new Error(`Provider state: outreach basket is at ${basket.nextStep}, not ${step}`);
  return { basketId, date, month: date.slice(0, 7) };
}

export function applyOutreachProviderState(backend: Backend, state: OutreachProviderStateName, params: Params): Record<string, unknown> {
  const text = (key: string): string | undefined => {
    const value = params[key];
    return typeof value === "string" && value !== "" ? value : undefined;
  };
  const st = backend.state;
  const service = backend.booking;
  /** The demo user's approved membership of the organisation. */
  const member = (organisationId: string) => {
    if (!st.organisations.has(organisationId)) throw new Error(`Provider state: no organisation ${organisationId}`);
    st.associations = st.associations.filter((a) => !(a.userId === DEMO_USER.id && a.organisationId === organisationId));
    st.associations.push({ userId: DEMO_USER.id, organisationId, status: "approved", role: "member", requestedAt: new Date().toISOString() });
  };

  switch (state) {
    case "the demo user's organisation is eligible for outreach": {
      const organisationId = text("organisationId") ?? OUTREACH_PACT_DEFAULTS.organisationId;
      member(organisationId);
      const eligibility = expectOk(service.getOutreachEligibility(DEMO_USER.id, organisationId), "eligibility");
      if (!eligibility.eligible) throw new Error(`Provider state: ${organisationId} is not eligible for outreach`);
      return { organisationId };
    }

    case "the demo user also belongs to an organisation outside the outreach region": {
      const organisationId = text("organisationId") ?? OUTREACH_PACT_DEFAULTS.outsideOrganisationId;
      member(organisationId);
      const eligibility = expectOk(service.getOutreachEligibility(DEMO_USER.id, organisationId), "eligibility");
      if (!eligibility.reasons.some((r) => r.code === "outside_region")) throw new Error(`Provider state: ${organisationId} is inside the outreach region`);
      return { otherOrganisationId: organisationId };
    }

    case "the outreach team is free on a bookable date": {
      const date = quietOutreachDate(backend);
      return { date, month: date.slice(0, 7) };
    }

    case "the demo user has an open outreach basket at step {step}":
      return outreachBasketAtStep(backend, {
        basketId: text("basketId"), step: (text("step") ?? "review") as BasketStep, payment: text("payment"),
      });

    case "the demo user's outreach basket has been quoted": {
      // The demo user's latest open outreach basket (an earlier state made it), priced now.
      const basketId = [...st.booking.baskets.values()]
        .filter((b) => b.kind === "outreach" && b.userId === DEMO_USER.id && b.status === "open").at(-1)?.id
        ?? outreachBasketAtStep(backend, { step: "review" }).basketId;
      return { basketId, total: expectOk(service.getBasketQuote(DEMO_USER.id, basketId), "getBasketQuote").total.amount };
    }

    case "the demo user has an outreach order with payment {payment}": {
      const payment = text("payment") ?? "invoice";
      const { basketId } = outreachBasketAtStep(backend, { step: "review", payment: payment === "invoice" ? "invoice" : "card" });
      const result = expectOk(service.checkoutRecorded(DEMO_USER.id, basketId, `state-${basketId}`, {
        acceptedTermsVersion: OUTREACH_TERMS_VERSION, returnUrl: "https://groups.example.org/account/book/outreach/payment/return",
      }), "checkout");
      if (payment === "card" && result.payment) service.settlePayment(result.payment.id, "success");
      const orderId = text("orderId") ?? result.order.id;
      renameOrder(backend, result.order.id, orderId);
      return { orderId, payment };
    }

    case "the demo user's outreach basket has been checked out": {
      // The basket named by a basketId param, else the demo user's latest open outreach
      // basket (an earlier state of the interaction made it), else a new one at review.
      const latest = () => [...st.booking.baskets.values()]
        .filter((b) => b.kind === "outreach" && b.userId === DEMO_USER.id && b.status !== "checked-out").at(-1)?.id;
      const basketId = text("basketId") ?? latest() ?? outreachBasketAtStep(backend, { step: "review" }).basketId;
      const result = expectOk(service.checkoutRecorded(DEMO_USER.id, basketId, `state-${basketId}`, {
        acceptedTermsVersion: OUTREACH_TERMS_VERSION, returnUrl: "https://groups.example.org/account/book/outreach/payment/return",
      }), "checkout");
      return { basketId, orderId: result.order.id };
    }

    case "the demo user's outreach order is within its 28 days' notice": {
      // The order named by an orderId param, else the demo user's latest outreach order (an
      // earlier state of the interaction made it), else a new one.
      const latest = () => [...st.orders.values()].filter((o) => o.kind === "outreach" && o.organisation.id === DEMO_USER.organisationId).at(-1)?.id;
      const orderId = text("orderId") ?? latest()
        ?? String(applyOutreachProviderState(backend, "the demo user has an outreach order with payment {payment}", {}).orderId);
      const order = st.orders.get(orderId);
      if (!order || order.kind !== "outreach") throw new Error(`Provider state: no outreach order ${orderId}`);
      // The visit is now 20 days away (as if booked some weeks ago).
      order.visitDate = addDays(backend.today(), 20);
      if (order.outreach?.schedule) order.outreach.schedule.date = order.visitDate;
      return { orderId, visitDate: order.visitDate };
    }
  }
}
