import { http, HttpResponse, type HttpHandler } from "msw";
import { operationIds } from "../../generated/operation-ids";
import type { components } from "../../generated/gateway";
import type { Backend } from "../backend";
import { joinUrl } from "./problem";

// The AWS API Gateway in front of the gateway (contracts/gateway.yaml): it may answer a call
// itself, with 403, 413 or 429 and a `GatewayMessage` body (`{"message": …}`), never a problem.
// The mock does so only for the users a test control names, the first time each of their
// sessions calls one of the named operations (mocks/backend/booking/test-controls.ts;
// docs/decisions/0028-test-controls-of-the-embedded-default.md); every other call passes on
// to the gateway's own handlers (gateway.ts).

type GatewayMessage = components["schemas"]["GatewayMessage"];
type Method = "get" | "post" | "put" | "patch" | "delete";

export function bearerToken(request: Request): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("Authorization") ?? "");
  return match?.[1];
}

/**
 * One handler per operation of the contract, put before the gateway's: it answers with the
 * refusal, or with nothing, and msw then asks the next handler. None when no control refuses
 * calls, so the embedded default is otherwise as it was.
 */
export function apiGatewayHandlers(baseUrl: string, backend: Backend): HttpHandler[] {
  if (!backend.refusesCalls) return [];
  return Object.entries(operationIds.gateway).flatMap(([template, methods]) =>
    Object.entries(methods).map(([method, operationId]) =>
      http[method as Method](joinUrl(baseUrl, template.replace(/\{(\w+)\}/g, ":$1")), ({ request }) => {
        const refusal = backend.apiGatewayRefusal(bearerToken(request), operationId);
        if (!refusal) return undefined;
        return HttpResponse.json<GatewayMessage>({ message: refusal.message }, { status: refusal.status });
      }),
    ),
  );
}
