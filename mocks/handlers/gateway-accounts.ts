import { http, HttpResponse, type HttpHandler } from "msw";
import type { components, operations } from "../../generated/gateway";
import type { Backend } from "../backend";
import { joinUrl, problem, readJson } from "./problem";

// Registration, password reset, organisation updates and associations: the gateway
// operations of issue 3, answered from the backend's accounts module.

type Op = operations;
type FieldError = components["schemas"]["FieldError"];
type Json<K extends keyof Op, S extends keyof Op[K]["responses"]> =
  Op[K]["responses"][S] extends { content: { "application/json": infer B } } ? B : never;

/** Failure codes and the HTTP status each gets (contracts/gateway.yaml). */
const STATUS: Record<string, number> = {
  validation_failed: 422,
  invalid_reset_token: 422,
  email_registered: 409,
  organisation_exists: 409,
  already_associated: 409,
  last_lead: 409,
  organisation_not_found: 404,
  not_found: 404,
  not_lead: 403,
  not_associated: 403,
  association_not_approved: 403,
};

function failure(outcome: { code: string; detail: string; errors?: FieldError[] }): Response {
  const { code, detail, errors } = outcome;
  return problem(STATUS[code] ?? 400, { code, detail, ...(errors ? { errors } : {}) });
}

function bearerToken(request: Request): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("Authorization") ?? "")?.[1];
}

export function gatewayAccountHandlers(baseUrl: string, backend: Backend): HttpHandler[] {
  const url = (path: string) => joinUrl(baseUrl, path);
  const userId = (request: Request) => backend.authenticate(bearerToken(request))?.id;
  const unauthorized = () =>
    problem(401, { code: "unauthenticated", detail: "Log in to continue." }, { "WWW-Authenticate": "Bearer" });

  return [
    http.post(url("/registrations"), async ({ request }) => {
      const outcome = backend.createRegistration(await readJson(request));
      if (!outcome.ok) return failure(outcome);
      return HttpResponse.json<Json<"createRegistration", 201>>(outcome.value, { status: 201 });
    }),

    http.post(url("/auth/password-resets"), async ({ request }) => {
      const outcome = backend.requestPasswordReset(await readJson(request));
      if (!outcome.ok) return failure(outcome);
      return HttpResponse.json<Json<"requestPasswordReset", 202>>({ status: outcome.value }, { status: 202 });
    }),

    http.post(url("/auth/password-resets/complete"), async ({ request }) => {
      const outcome = backend.completePasswordReset(await readJson(request));
      if (!outcome.ok) return failure(outcome);
      return new HttpResponse(null, { status: 204 });
    }),

    http.patch(url("/organisations/:organisationId"), async ({ request, params }) => {
      const user = userId(request);
      if (!user) return unauthorized();
      const outcome = backend.updateOrganisation(user, String(params.organisationId), await readJson(request));
      if (!outcome.ok) return failure(outcome);
      return HttpResponse.json<Json<"updateOrganisation", 200>>(outcome.value);
    }),

    http.post(url("/users/me/associations"), async ({ request }) => {
      const user = userId(request);
      if (!user) return unauthorized();
      const outcome = backend.requestAssociation(user, await readJson(request));
      if (!outcome.ok) return failure(outcome);
      return HttpResponse.json<Json<"requestAssociation", 201>>(outcome.value, { status: 201 });
    }),

    http.delete(url("/users/me/associations/:organisationId"), ({ request, params }) => {
      const user = userId(request);
      if (!user) return unauthorized();
      const outcome = backend.leaveAssociation(user, String(params.organisationId));
      if (!outcome.ok) return failure(outcome);
      return new HttpResponse(null, { status: 204 });
    }),

    http.put(url("/users/me/current-organisation"), async ({ request }) => {
      const user = userId(request);
      if (!user) return unauthorized();
      const outcome = backend.setCurrentOrganisation(user, await readJson(request));
      if (!outcome.ok) return failure(outcome);
      return HttpResponse.json<Json<"setCurrentOrganisation", 200>>(outcome.value);
    }),
  ];
}
