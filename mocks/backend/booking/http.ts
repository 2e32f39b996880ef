// HTTP resolvers of the booking operations, called by the routes in mocks/handlers/gateway.ts
// (one handler file per backend): they read the request, call booking/service.ts and
// answer with the contract's bodies, statuses and headers.
import { HttpResponse, type PathParams } from "msw";
import { groupTypeValues, orderKindValues, type operations } from "../../../generated/gateway";
import { problem, readJson } from "../../handlers/problem";
import type { Backend } from "../index";
import type { GroupType, User } from "../types";
import { isIsoDate } from "./calendar";
import type { Outcome } from "./types";

type Op = operations;
type Json<K extends keyof Op, S extends keyof Op[K]["responses"]> =
  Op[K]["responses"][S] extends { content: { "application/json": infer B } } ? B : never;

export interface ResolverArgs {
  request: Request;
  params: PathParams;
  user: User;
  userId: string;
}
type Resolver = (args: ResolverArgs) => Response | Promise<Response>;

const GROUP_TYPES: readonly GroupType[] = groupTypeValues;
const ORDER_KINDS: readonly string[] = orderKindValues;
const ACTIVITY_KINDS = ["workshop", "show", "lunch-space", "exhibition", "tour"];
const BASKET_STATUSES = ["open", "held", "checked-out", "expired"];
/** listBaskets answers with at most this many drafts, newest first. */
export const LIST_BASKETS_LIMIT = 20;

const TITLES: Record<number, string> = {
  400: "Bad request", 403: "Forbidden", 404: "Not found", 409: "Conflict", 422: "Unprocessable content",
};

/** The success as JSON with its status, or the failure as a problem. */
function respond<T>(outcome: Outcome<T> & { replayed?: boolean }, successStatus = 200): Response {
  if (!outcome.ok) {
    const { status, code, detail, errors } = outcome;
    const title = outcome.title ?? TITLES[status];
    return problem(status, { code, detail, ...(errors ? { errors } : {}), ...(title ? { title } : {}) });
  }
  if (outcome.value === null) return new HttpResponse(null, { status: successStatus === 200 ? 204 : successStatus });
  return HttpResponse.json(outcome.value as object, {
    status: successStatus,
    headers: outcome.replayed ? { "Idempotent-Replayed": "true" } : {},
  });
}

const badRequest = (detail: string, field: string) =>
  problem(400, { code: "bad_request", detail, errors: [{ field, message: detail }] });

const param = (params: PathParams, name: string) => String(params[name]);

export function bookingResolvers(backend: Backend) {
  const booking = () => backend.booking;

  return {
    getVenueAvailability: ({ request, params }) => {
      const search = new URL(request.url).searchParams;
      const month = search.get("month") ?? "";
      if (!/^[0-9]{4}-(0[1-9]|1[0-2])$/.test(month)) return badRequest("Give the month as YYYY-MM", "month");
      const kind = search.get("kind");
      if (kind !== null && !ORDER_KINDS.includes(kind)) return badRequest("kind must be visit, group-visit or outreach", "kind");
      return respond<Json<"getVenueAvailability", 200>>(booking().getVenueAvailability(param(params, "venueId"), month));
    },

    listActivities: ({ request, params, user }) => {
      const search = new URL(request.url).searchParams;
      const date = search.get("date");
      if (!isIsoDate(date)) return badRequest("Give the date as YYYY-MM-DD", "date");
      const kind = search.get("kind") ?? undefined;
      if (kind !== undefined && !ACTIVITY_KINDS.includes(kind)) return badRequest("Unknown activity kind", "kind");
      const groupType = (search.get("groupType") ?? user.groupType) as GroupType;
      if (!GROUP_TYPES.includes(groupType)) return badRequest("Unknown group type", "groupType");
      return respond<Json<"listActivities", 200>>(booking().listActivities(param(params, "venueId"), date, { kind, groupType }));
    },

    listBaskets: ({ request, userId }) => {
      const search = new URL(request.url).searchParams;
      const status = search.get("status") ?? undefined;
      const kind = search.get("kind") ?? undefined;
      if (status !== undefined && !BASKET_STATUSES.includes(status)) return badRequest("Unknown basket status", "status");
      if (kind !== undefined && !ORDER_KINDS.includes(kind)) return badRequest("Unknown booking kind", "kind");
      // The newest LIST_BASKETS_LIMIT only (BasketList.items maxItems in contracts/gateway.yaml).
      const items = booking().listBaskets(userId, { status, kind }).slice(0, LIST_BASKETS_LIMIT);
      return HttpResponse.json<Json<"listBaskets", 200>>({ items });
    },

    createBasket: async ({ request, user }) => {
      const key = request.headers.get("Idempotency-Key");
      const body = await readJson(request);
      return respond<Json<"createBasket", 201>>(await booking().createBasketOnce(user, key, body), 201);
    },

    getBasket: ({ params, userId }) =>
      respond<Json<"getBasket", 200>>(booking().getBasket(userId, param(params, "basketId"))),

    discardBasket: ({ params, userId }) => respond(booking().discardBasket(userId, param(params, "basketId")), 204),

    updateBasketDate: async ({ request, params, userId }) =>
      respond<Json<"updateBasketDate", 200>>(booking().updateBasketDate(userId, param(params, "basketId"), await readJson(request))),

    updateBasketInformation: async ({ request, params, userId }) =>
      respond<Json<"updateBasketInformation", 200>>(booking().updateBasketInformation(userId, param(params, "basketId"), await readJson(request))),

    updateBasketSchedule: async ({ request, params, userId }) =>
      respond<Json<"updateBasketSchedule", 200>>(booking().updateBasketSchedule(userId, param(params, "basketId"), await readJson(request))),

    updateBasketGroupActivities: async ({ request, params, userId }) =>
      respond<Json<"updateBasketGroupActivities", 200>>(booking().updateBasketGroupActivities(userId, param(params, "basketId"), await readJson(request))),

    updateBasketGroupCapacities: async ({ request, params, userId }) =>
      respond<Json<"updateBasketGroupCapacities", 200>>(booking().updateBasketGroupCapacities(userId, param(params, "basketId"), await readJson(request))),

    updateBasketGroupDetails: async ({ request, params, userId }) =>
      respond<Json<"updateBasketGroupDetails", 200>>(booking().updateBasketGroupDetails(userId, param(params, "basketId"), await readJson(request))),

    updateBasketPayment: async ({ request, params, userId }) =>
      respond<Json<"updateBasketPayment", 200>>(booking().updateBasketPayment(userId, param(params, "basketId"), await readJson(request))),

    placeBasketHold: ({ params, user }) =>
      respond<Json<"placeBasketHold", 200>>(booking().placeBasketHold(user.id, param(params, "basketId"), { extended: user.extendedHolds === true })),

    releaseBasketHold: ({ params, userId }) => respond(booking().releaseBasketHold(userId, param(params, "basketId")), 204),

    extendBasketHold: ({ params, userId }) =>
      respond<Json<"extendBasketHold", 200>>(booking().extendBasketHold(userId, param(params, "basketId"))),

    getBasketQuote: ({ params, userId }) =>
      respond<Json<"getBasketQuote", 200>>(booking().getBasketQuote(userId, param(params, "basketId"))),

    checkoutBasket: async ({ request, params, userId }) => {
      const key = request.headers.get("Idempotency-Key");
      const body = await readJson(request);
      return respond<Json<"checkoutBasket", 201>>(await booking().checkoutBasket(userId, param(params, "basketId"), key, body), 201);
    },

    getPayment: ({ params, userId }) =>
      respond<Json<"getPayment", 200>>(booking().getPayment(userId, param(params, "paymentId"))),

    completePaymentReturn: async ({ request, params, userId }) =>
      respond<Json<"completePaymentReturn", 200>>(await booking().completePaymentReturn(userId, param(params, "paymentId"), await readJson(request))),

    requestOrderCancellation: async ({ request, params, userId }) =>
      respond<Json<"requestOrderCancellation", 202>>(booking().requestOrderCancellation(userId, param(params, "orderId"), await readJson(request)), 202),

    quoteOrderAmendment: async ({ request, params, userId }) =>
      respond<Json<"quoteOrderAmendment", 200>>(booking().quoteOrderAmendment(userId, param(params, "orderId"), await readJson(request))),

    createOrderAmendment: async ({ request, params, userId }) => {
      const key = request.headers.get("Idempotency-Key");
      const body = await readJson(request);
      return respond<Json<"createOrderAmendment", 201>>(await booking().createOrderAmendment(userId, param(params, "orderId"), key, body), 201);
    },

    startOrderPayment: async ({ request, params, userId }) => {
      const key = request.headers.get("Idempotency-Key");
      const body = await readJson(request);
      return respond<Json<"startOrderPayment", 201>>(await booking().startOrderPayment(userId, param(params, "orderId"), key, body), 201);
    },

    // ---- Outreach (outreach.ts)

    getOutreachEligibility: ({ request, userId }) => {
      const organisationId = new URL(request.url).searchParams.get("organisationId");
      if (!organisationId) return badRequest("Give the organisation's id", "organisationId");
      return respond<Json<"getOutreachEligibility", 200>>(booking().getOutreachEligibility(userId, organisationId));
    },

    listOutreachActivities: ({ request, user }) => {
      const organisationId = new URL(request.url).searchParams.get("organisationId") ?? undefined;
      return HttpResponse.json<Json<"listOutreachActivities", 200>>(booking().listOutreachActivities(user, organisationId));
    },

    getOutreachQuestionnaire: () =>
      HttpResponse.json<Json<"getOutreachQuestionnaire", 200>>(booking().getOutreachQuestionnaire()),

    getOutreachAvailability: ({ request }) => {
      const search = new URL(request.url).searchParams;
      const month = search.get("month") ?? "";
      if (!/^[0-9]{4}-(0[1-9]|1[0-2])$/.test(month)) return badRequest("Give the month as YYYY-MM", "month");
      const activityId = search.get("activityId") ?? undefined;
      return respond<Json<"getOutreachAvailability", 200>>(booking().getOutreachAvailability(month, activityId));
    },

    updateBasketOutreachActivities: async ({ request, params, userId }) =>
      respond<Json<"updateBasketOutreachActivities", 200>>(booking().updateBasketOutreachActivities(userId, param(params, "basketId"), await readJson(request))),

    updateBasketOutreachAdvisories: async ({ request, params, userId }) =>
      respond<Json<"updateBasketOutreachAdvisories", 200>>(booking().updateBasketOutreachAdvisories(userId, param(params, "basketId"), await readJson(request))),

    updateBasketOutreachAnswers: async ({ request, params, userId }) =>
      respond<Json<"updateBasketOutreachAnswers", 200>>(booking().updateBasketOutreachAnswers(userId, param(params, "basketId"), await readJson(request))),

    updateBasketOutreachSchedule: async ({ request, params, userId }) =>
      respond<Json<"updateBasketOutreachSchedule", 200>>(booking().updateBasketOutreachSchedule(userId, param(params, "basketId"), await readJson(request))),

    updateBasketOutreachTerms: async ({ request, params, userId }) =>
      respond<Json<"updateBasketOutreachTerms", 200>>(booking().updateBasketOutreachTerms(userId, param(params, "basketId"), await readJson(request))),
  } satisfies Record<string, Resolver>;
}
