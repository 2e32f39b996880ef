import type { operations } from "../../generated/gateway";
import type { GatewayClient } from "./client.server";
import { gatewayCall } from "./operation.server";
import type { OutreachActivitiesStep, OutreachAdvisoriesStep, OutreachAnswersStep, OutreachSchedule, TermsAcceptance } from "../../generated/schemas";

// The gateway's outreach operations (the museum team visits the school): eligibility,
// activities, the questionnaire, the team's availability, and the outreach steps of a
// basket. One function per operation, named as its operationId. The basket itself
// (createBasket with kind "outreach", getBasket, listBaskets, updateBasketPayment,
// getBasketQuote, checkoutBasket...) is in booking.server.ts. Pact consumer tests
// (tests/contract/support/outreach-cases.ts) call these same functions.

type Query<K extends keyof operations> = operations[K]["parameters"] extends { query?: infer Q } ? NonNullable<Q> : never;
export type OutreachActivitiesQuery = Query<"listOutreachActivities">;
export type OutreachAvailabilityQuery = Query<"getOutreachAvailability">;

const basketPath = (basketId: string) => ({ params: { path: { basketId } } });

// Reference data

/** Whether the organisation may book outreach and, when not, why (reasons to show as they are). */
export function getOutreachEligibility(client: GatewayClient, organisationId: string) {
  return gatewayCall(client, "get", "/outreach/eligibility", { params: { query: { organisationId } } });
}

/** Workshops and shows the team brings to a school (defaults to the user's current organisation). */
export function listOutreachActivities(client: GatewayClient, query: OutreachActivitiesQuery = {}) {
  return gatewayCall(client, "get", "/outreach/activities", { params: { query } });
}

/** The questionnaire in force; its `version` goes back with the answers. */
export function getOutreachQuestionnaire(client: GatewayClient) {
  return gatewayCall(client, "get", "/outreach/questionnaire", {});
}

/** The team's calendar for a month, with session start times (of `activityId` when given). */
export function getOutreachAvailability(client: GatewayClient, query: OutreachAvailabilityQuery) {
  return gatewayCall(client, "get", "/outreach/availability", { params: { query } });
}

// Basket steps (outreach)

export function updateBasketOutreachActivities(client: GatewayClient, basketId: string, body: OutreachActivitiesStep) {
  return gatewayCall(client, "put", "/baskets/{basketId}/outreach-activities", { ...basketPath(basketId), body });
}

/** 422 with an error `acknowledgedAdvisoryIds.<advisoryId>` for each advisory not acknowledged. */
export function updateBasketOutreachAdvisories(client: GatewayClient, basketId: string, body: OutreachAdvisoriesStep) {
  return gatewayCall(client, "put", "/baskets/{basketId}/outreach-advisories", { ...basketPath(basketId), body });
}

/** 422 with an error `answers.<questionId>` for each invalid answer. */
export function updateBasketOutreachAnswers(client: GatewayClient, basketId: string, body: OutreachAnswersStep) {
  return gatewayCall(client, "put", "/baskets/{basketId}/outreach-answers", { ...basketPath(basketId), body });
}

/** 422 with errors naming each clash (`date`, `sessions.<i>.start`, `sessions.<i>.pupils`, `lunchBreak`). */
export function updateBasketOutreachSchedule(client: GatewayClient, basketId: string, body: OutreachSchedule) {
  return gatewayCall(client, "put", "/baskets/{basketId}/outreach-schedule", { ...basketPath(basketId), body });
}

/** 422 `terms_outdated` when the version is not the CMS's current outreach terms. */
export function updateBasketOutreachTerms(client: GatewayClient, basketId: string, body: TermsAcceptance) {
  return gatewayCall(client, "put", "/baskets/{basketId}/outreach-terms", { ...basketPath(basketId), body });
}
