import { http, HttpResponse, type HttpHandler, type PathParams } from "msw";
import type { components, operations } from "../../generated/gateway";
import { MAX_PAGE_SIZE, type Backend } from "../backend";
import { bookingResolvers } from "../backend/booking/http";
import { validateLoginRequest } from "../backend/validation";
import { apiGatewayHandlers, bearerToken } from "./api-gateway";
import { joinUrl, problem, readJson } from "./problem";

type Op = operations;
type FieldError = components["schemas"]["FieldError"];
type User = components["schemas"]["User"];
type LoginLocked = components["schemas"]["LoginLocked"];
type OrderQuery = NonNullable<Op["listOrders"]["parameters"]["query"]>;
/** The JSON body of an operation's response, straight from the contract. */
type Json<K extends keyof Op, S extends keyof Op[K]["responses"]> =
  Op[K]["responses"][S] extends { content: { "application/json": infer B } } ? B : never;

const validationFailed = (errors: FieldError[]) =>
  problem(422, { code: "validation_failed", detail: "Check the highlighted fields.", errors });

const unauthorized = () =>
  problem(401, { code: "unauthenticated", detail: "Log in to continue." }, { "WWW-Authenticate": "Bearer" });

/** Account failure codes and the HTTP status each gets (contracts/gateway.yaml). */
const ACCOUNT_FAILURE_STATUS: Record<string, number> = {
  validation_failed: 422,
  invalid_reset_token: 422,
  email_registered: 409,
  organisation_exists: 409,
  already_associated: 409,
  last_lead: 409,
  organisation_not_found: 404,
  invalid_registration_token: 404,
  not_found: 404,
  not_lead: 403,
  not_associated: 403,
  association_not_approved: 403,
  rate_limited: 429,
};

function accountFailure({ code, detail, errors }: { code: string; detail: string; errors?: FieldError[] }): Response {
  // A rate-limited answer says when to try again, as the login's does.
  const headers: Record<string, string> = code === "rate_limited" ? { "Retry-After": "900" } : {};
  return problem(ACCOUNT_FAILURE_STATUS[code] ?? 400, { code, detail, ...(errors ? { errors } : {}) }, headers);
}

export function gatewayHandlers(baseUrl: string, backend: Backend): HttpHandler[] {
  const url = (path: string) => joinUrl(baseUrl, path);
  const booking = bookingResolvers(backend);

  /** Runs the resolver only for a known, unexpired session. */
  const authed = (
    resolve: (args: { request: Request; params: PathParams; user: User; userId: string }) => Response | Promise<Response>,
  ) =>
    ({ request, params }: { request: Request; params: PathParams }) => {
      const user = backend.authenticate(bearerToken(request));
      return user ? resolve({ request, params, user, userId: user.id }) : unauthorized();
    };

  return [
    // The API Gateway in front answers a few controlled users' calls itself (api-gateway.ts, ADR 28).
    ...apiGatewayHandlers(baseUrl, backend),

    http.post(url("/auth/login"), async ({ request }) => {
      const body = validateLoginRequest(await readJson(request));
      if (!body.ok) return validationFailed(body.errors);
      const result = backend.login(body.value.email, body.value.password);
      if (result.ok) {
        const { token, expiresAt, user } = result;
        return HttpResponse.json<Json<"login", 200>>({ token, expiresAt, user });
      }
      if (result.reason === "locked") {
        // Whole seconds, rounded up, so a client that waits them finds the lock gone.
        const retryAfterSeconds = Math.max(1, Math.ceil(result.retryAfterMs / 1000));
        const minutes = Math.ceil(retryAfterSeconds / 60);
        return problem<LoginLocked>(
          429,
          { code: "rate_limited", detail: `Too many attempts to log in. Wait ${minutes} ${minutes === 1 ? "minute" : "minutes"} and try again.`, retryAfterSeconds },
          { "Retry-After": String(retryAfterSeconds) },
        );
      }
      // Same body for a wrong password and an unknown email.
      return problem(401, { code: "invalid_credentials", detail: "The email address or password is incorrect." });
    }),

    http.post(url("/auth/logout"), authed(({ request }) => {
      const token = bearerToken(request);
      if (token) backend.logout(token);
      return new HttpResponse(null, { status: 204 });
    })),

    http.get(url("/users/me"), authed(({ user }) => HttpResponse.json<Json<"getCurrentUser", 200>>(user))),

    http.patch(url("/users/me"), authed(async ({ request, userId }) => {
      const result = backend.updateUser(userId, await readJson(request));
      if (!result.ok) return validationFailed(result.errors);
      return HttpResponse.json<Json<"updateCurrentUser", 200>>(result.value);
    })),

    http.get(url("/users/me/associations"), authed(({ userId }) =>
      HttpResponse.json<Json<"listMyAssociations", 200>>({ items: backend.listAssociations(userId) }),
    )),

    // Directory details: no session needed (registration shows the organisation to join).
    http.get(url("/organisations/:organisationId"), ({ params }) => {
      const organisation = backend.getOrganisation(String(params.organisationId));
      return organisation
        ? HttpResponse.json<Json<"getOrganisation", 200>>(organisation)
        : problem(404, { code: "not_found", detail: "There is no organisation with this id." });
    }),

    http.get(url("/orders"), authed(({ request, userId }) => {
      const query = parseOrderQuery(new URL(request.url).searchParams);
      if (!query.ok) {
        return problem(400, { code: "bad_request", detail: "Check the query parameters.", errors: query.errors });
      }
      return HttpResponse.json<Json<"listOrders", 200>>(backend.listOrders(userId, query.value));
    })),

    http.get(url("/orders/:orderId"), authed(({ params, userId }) => {
      const order = backend.getOrder(userId, String(params.orderId));
      return order
        ? HttpResponse.json<Json<"getOrder", 200>>(order)
        : problem(404, { code: "not_found", detail: "There is no order with this id for your organisations." });
    })),

    http.post(url("/newsletter/subscriptions"), async ({ request }) => {
      const result = backend.subscribeToNewsletter(await readJson(request));
      if (!result.ok) return validationFailed(result.errors);
      return HttpResponse.json<Json<"subscribeToNewsletter", 202>>({ status: result.value }, { status: 202 });
    }),

    // Registration (mocks/backend/registrations.ts), password reset, organisations and associations (accounts.ts).
    http.post(url("/registrations"), async ({ request }) => {
      const outcome = backend.createRegistration(await readJson(request));
      if (!outcome.ok) return accountFailure(outcome);
      return HttpResponse.json<Json<"createRegistration", 201>>(outcome.value, { status: 201 });
    }),

    http.post(url("/registration-requests"), async ({ request }) => {
      const outcome = backend.requestRegistration(await readJson(request));
      if (!outcome.ok) return accountFailure(outcome);
      return HttpResponse.json<Json<"requestRegistration", 202>>({ status: outcome.value }, { status: 202 });
    }),

    http.post(url("/registration-requests/:registrationToken/confirmation"), ({ params }) => {
      const outcome = backend.confirmRegistration(String(params.registrationToken));
      if (!outcome.ok) return accountFailure(outcome);
      return HttpResponse.json<Json<"confirmRegistration", 201>>(outcome.value, { status: 201 });
    }),

    http.post(url("/auth/password-resets"), async ({ request }) => {
      const outcome = backend.requestPasswordReset(await readJson(request));
      if (!outcome.ok) return accountFailure(outcome);
      return HttpResponse.json<Json<"requestPasswordReset", 202>>({ status: outcome.value }, { status: 202 });
    }),

    http.post(url("/auth/password-resets/complete"), async ({ request }) => {
      const outcome = backend.completePasswordReset(await readJson(request));
      if (!outcome.ok) return accountFailure(outcome);
      return new HttpResponse(null, { status: 204 });
    }),

    http.patch(url("/organisations/:organisationId"), authed(async ({ request, params, userId }) => {
      const outcome = backend.updateOrganisation(userId, String(params.organisationId), await readJson(request));
      if (!outcome.ok) return accountFailure(outcome);
      return HttpResponse.json<Json<"updateOrganisation", 200>>(outcome.value);
    })),

    http.post(url("/users/me/associations"), authed(async ({ request, userId }) => {
      const outcome = backend.requestAssociation(userId, await readJson(request));
      if (!outcome.ok) return accountFailure(outcome);
      return HttpResponse.json<Json<"requestAssociation", 201>>(outcome.value, { status: 201 });
    })),

    http.delete(url("/users/me/associations/:organisationId"), authed(({ params, userId }) => {
      const outcome = backend.leaveAssociation(userId, String(params.organisationId));
      if (!outcome.ok) return accountFailure(outcome);
      return new HttpResponse(null, { status: 204 });
    })),

    http.put(url("/users/me/current-organisation"), authed(async ({ request, userId }) => {
      const outcome = backend.setCurrentOrganisation(userId, await readJson(request));
      if (!outcome.ok) return accountFailure(outcome);
      return HttpResponse.json<Json<"setCurrentOrganisation", 200>>(outcome.value);
    })),

    // Booking (docs/requirements.md §8): the rules and these resolvers are in mocks/backend/booking/.
    http.get(url("/venues/:venueId/availability"), authed(booking.getVenueAvailability)),
    http.get(url("/venues/:venueId/activities"), authed(booking.listActivities)),
    http.get(url("/baskets"), authed(booking.listBaskets)),
    http.post(url("/baskets"), authed(booking.createBasket)),
    http.get(url("/baskets/:basketId"), authed(booking.getBasket)),
    http.delete(url("/baskets/:basketId"), authed(booking.discardBasket)),
    http.put(url("/baskets/:basketId/date"), authed(booking.updateBasketDate)),
    http.put(url("/baskets/:basketId/information"), authed(booking.updateBasketInformation)),
    http.put(url("/baskets/:basketId/schedule"), authed(booking.updateBasketSchedule)),
    http.put(url("/baskets/:basketId/group-activities"), authed(booking.updateBasketGroupActivities)),
    http.put(url("/baskets/:basketId/group-capacities"), authed(booking.updateBasketGroupCapacities)),
    http.put(url("/baskets/:basketId/group-details"), authed(booking.updateBasketGroupDetails)),
    http.put(url("/baskets/:basketId/payment"), authed(booking.updateBasketPayment)),
    http.put(url("/baskets/:basketId/hold"), authed(booking.placeBasketHold)),
    http.delete(url("/baskets/:basketId/hold"), authed(booking.releaseBasketHold)),
    http.post(url("/baskets/:basketId/hold/extensions"), authed(booking.extendBasketHold)),
    http.get(url("/baskets/:basketId/quote"), authed(booking.getBasketQuote)),
    http.post(url("/baskets/:basketId/checkout"), authed(booking.checkoutBasket)),
    http.get(url("/payments/:paymentId"), authed(booking.getPayment)),
    http.post(url("/payments/:paymentId/return"), authed(booking.completePaymentReturn)),
    http.post(url("/orders/:orderId/cancellation-requests"), authed(booking.requestOrderCancellation)),
    http.post(url("/orders/:orderId/amendment-quotes"), authed(booking.quoteOrderAmendment)),
    http.post(url("/orders/:orderId/amendments"), authed(booking.createOrderAmendment)),
    http.post(url("/orders/:orderId/payments"), authed(booking.startOrderPayment)),
    // Outreach (docs/requirements.md §8.7): eligibility, the team's activities and calendar, the questionnaire, the outreach steps.
    http.get(url("/outreach/eligibility"), authed(booking.getOutreachEligibility)),
    http.get(url("/outreach/activities"), authed(booking.listOutreachActivities)),
    http.get(url("/outreach/questionnaire"), authed(booking.getOutreachQuestionnaire)),
    http.get(url("/outreach/availability"), authed(booking.getOutreachAvailability)),
    http.put(url("/baskets/:basketId/outreach-activities"), authed(booking.updateBasketOutreachActivities)),
    http.put(url("/baskets/:basketId/outreach-advisories"), authed(booking.updateBasketOutreachAdvisories)),
    http.put(url("/baskets/:basketId/outreach-answers"), authed(booking.updateBasketOutreachAnswers)),
    http.put(url("/baskets/:basketId/outreach-schedule"), authed(booking.updateBasketOutreachSchedule)),
    http.put(url("/baskets/:basketId/outreach-terms"), authed(booking.updateBasketOutreachTerms)),
  ];
}

function parseOrderQuery(search: URLSearchParams):
  | { ok: true; value: OrderQuery }
  | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const value: OrderQuery = {};
  const when = search.get("when");
  if (when === "upcoming" || when === "past") value.when = when;
  else if (when !== null) errors.push({ field: "when", message: "when must be upcoming or past" });
  for (const key of ["page", "pageSize"] as const) {
    const raw = search.get(key);
    if (raw === null) continue;
    const n = Number(raw);
    const max = key === "pageSize" ? MAX_PAGE_SIZE : Number.MAX_SAFE_INTEGER;
    if (!/^\d+$/.test(raw) || n < 1 || n > max) {
      errors.push({ field: key, message: `${key} must be a whole number from 1${key === "pageSize" ? ` to ${max}` : ""}` });
    } else value[key] = n;
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value };
}
