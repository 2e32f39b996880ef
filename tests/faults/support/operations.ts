import type { CmsClient, GatewayClient } from "../../../app/api/client.server";
import * as booking from "../../../app/api/booking.server";
import * as cms from "../../../app/api/cms.server";
import * as account from "../../../app/api/account.server";
import * as orders from "../../../app/api/orders.server";
import * as outreach from "../../../app/api/outreach.server";
import type { AmendmentRequest, BasketCreate, BasketDateStep, CancellationRequest, GroupActivitiesStep, GroupCapacitiesStep, GroupDetails, OrganisationUpdate, PaymentChoice, PaymentReturn, RegistrationRequest, ScheduleStep, VisitInformation } from "../../../generated/schemas";
import type { ApiResult } from "../../../app/api/result.server";

// How the fault suite calls each of the app's client functions: plausible arguments only,
// since a faulted operation never reaches the backend. Which operations must be here is
// read from the app's source (tests/support/app-calls.ts); the suite fails when one is missing.

export interface Clients {
  gateway: GatewayClient;
  cms: CmsClient;
}

type Invoke = (c: Clients) => Promise<ApiResult<unknown>>;

const KEY = "6f1c1f1e-3b7a-4c55-9d2e-0a8b4b0c1d2e";
const RETURN_URL = "http://localhost/account/book/payment/return";

export const INVOCATIONS: Readonly<Record<string, Invoke>> = {
  // account.server.ts
  login: ({ gateway: g }) => account.login(g, { email: "teacher@example.org", password: "secret" }),
  logout: ({ gateway: g }) => account.logout(g),
  getCurrentUser: ({ gateway: g }) => account.getCurrentUser(g),
  updateCurrentUser: ({ gateway: g }) => account.updateCurrentUser(g, { firstName: "Amara", lastName: "Okafor" }),
  listMyAssociations: ({ gateway: g }) => account.listMyAssociations(g),
  getOrganisation: ({ gateway: g }) => account.getOrganisation(g, "org-1"),
  updateOrganisation: ({ gateway: g }) => account.updateOrganisation(g, "org-1", { name: "Riverside Primary" } as OrganisationUpdate),
  requestAssociation: ({ gateway: g }) => account.requestAssociation(g, { organisationId: "org-1" }),
  leaveAssociation: ({ gateway: g }) => account.leaveAssociation(g, "org-1"),
  setCurrentOrganisation: ({ gateway: g }) => account.setCurrentOrganisation(g, "org-1"),
  requestRegistration: ({ gateway: g }) => account.requestRegistration(g, {} as RegistrationRequest),
  confirmRegistration: ({ gateway: g }) => account.confirmRegistration(g, "registration-token-0001"),
  requestPasswordReset: ({ gateway: g }) => account.requestPasswordReset(g, { email: "teacher@example.org" }),
  completePasswordReset: ({ gateway: g }) => account.completePasswordReset(g, { token: "t", password: "a-new-password-1" }),
  listOrders: ({ gateway: g }) => orders.listOrders(g, { when: "upcoming" }),
  getOrder: ({ gateway: g }) => orders.getOrder(g, "ord-1"),
  subscribeToNewsletter: ({ gateway: g }) => account.subscribeToNewsletter(g, { email: "a@example.org", consent: true }),

  // booking.server.ts
  getVenueAvailability: ({ gateway: g }) => booking.getVenueAvailability(g, "venue-1", { month: "2026-05", kind: "visit" }),
  listActivities: ({ gateway: g }) => booking.listActivities(g, "venue-1", { date: "2026-05-01" } as booking.ActivitiesQuery),
  listBaskets: ({ gateway: g }) => booking.listBaskets(g),
  createBasket: ({ gateway: g }) => booking.createBasket(g, { kind: "visit" } as BasketCreate),
  getBasket: ({ gateway: g }) => booking.getBasket(g, "b1"),
  discardBasket: ({ gateway: g }) => booking.discardBasket(g, "b1"),
  updateBasketDate: ({ gateway: g }) => booking.updateBasketDate(g, "b1", { venueId: "venue-1", visitDate: "2026-05-01" } as BasketDateStep),
  updateBasketInformation: ({ gateway: g }) => booking.updateBasketInformation(g, "b1", {} as VisitInformation),
  updateBasketSchedule: ({ gateway: g }) => booking.updateBasketSchedule(g, "b1", { items: [] } as unknown as ScheduleStep),
  updateBasketGroupActivities: ({ gateway: g }) => booking.updateBasketGroupActivities(g, "b1", {} as GroupActivitiesStep),
  updateBasketGroupCapacities: ({ gateway: g }) => booking.updateBasketGroupCapacities(g, "b1", {} as GroupCapacitiesStep),
  updateBasketGroupDetails: ({ gateway: g }) => booking.updateBasketGroupDetails(g, "b1", {} as GroupDetails),
  updateBasketPayment: ({ gateway: g }) => booking.updateBasketPayment(g, "b1", { method: "invoice" } as PaymentChoice),
  placeBasketHold: ({ gateway: g }) => booking.placeBasketHold(g, "b1"),
  extendBasketHold: ({ gateway: g }) => booking.extendBasketHold(g, "b1"),
  getBasketQuote: ({ gateway: g }) => booking.getBasketQuote(g, "b1"),
  checkoutBasket: ({ gateway: g }) =>
    booking.checkoutBasket(g, "b1", KEY, { acceptedTermsVersion: "2026-01", returnUrl: RETURN_URL }),
  getPayment: ({ gateway: g }) => booking.getPayment(g, "pay-1"),
  completePaymentReturn: ({ gateway: g }) =>
    booking.completePaymentReturn(g, "pay-1", { parameters: { result: "success" } } as PaymentReturn),
  requestOrderCancellation: ({ gateway: g }) => orders.requestOrderCancellation(g, "ord-1", { reason: "Closed" } as CancellationRequest),
  quoteOrderAmendment: ({ gateway: g }) => orders.quoteOrderAmendment(g, "ord-1", {} as AmendmentRequest),
  createOrderAmendment: ({ gateway: g }) => orders.createOrderAmendment(g, "ord-1", KEY, {} as AmendmentRequest),
  startOrderPayment: ({ gateway: g }) => orders.startOrderPayment(g, "ord-1", KEY, { returnUrl: RETURN_URL }),

  // outreach.server.ts
  getOutreachEligibility: ({ gateway: g }) => outreach.getOutreachEligibility(g, "org-1"),
  listOutreachActivities: ({ gateway: g }) => outreach.listOutreachActivities(g),
  getOutreachQuestionnaire: ({ gateway: g }) => outreach.getOutreachQuestionnaire(g),
  getOutreachAvailability: ({ gateway: g }) => outreach.getOutreachAvailability(g, { month: "2027-03" }),
  updateBasketOutreachActivities: ({ gateway: g }) =>
    outreach.updateBasketOutreachActivities(g, "b1", {} as Parameters<typeof outreach.updateBasketOutreachActivities>[2]),
  updateBasketOutreachAdvisories: ({ gateway: g }) =>
    outreach.updateBasketOutreachAdvisories(g, "b1", {} as Parameters<typeof outreach.updateBasketOutreachAdvisories>[2]),
  updateBasketOutreachAnswers: ({ gateway: g }) =>
    outreach.updateBasketOutreachAnswers(g, "b1", {} as Parameters<typeof outreach.updateBasketOutreachAnswers>[2]),
  updateBasketOutreachSchedule: ({ gateway: g }) =>
    outreach.updateBasketOutreachSchedule(g, "b1", {} as Parameters<typeof outreach.updateBasketOutreachSchedule>[2]),
  updateBasketOutreachTerms: ({ gateway: g }) =>
    outreach.updateBasketOutreachTerms(g, "b1", {} as Parameters<typeof outreach.updateBasketOutreachTerms>[2]),

  // cms.server.ts
  listAdvisories: ({ cms: c }) => cms.listAdvisories(c, {}),
  getSite: ({ cms: c }) => cms.getSite(c),
  getPage: ({ cms: c }) => cms.getPage(c, "home"),
  listVenues: ({ cms: c }) => cms.listVenues(c, { groupType: "education" }),
  listGroupTypes: ({ cms: c }) => cms.listGroupTypes(c),
  getCurrentTerms: ({ cms: c }) => cms.getCurrentTerms(c, "booking"),
};
