import { delay, http, HttpResponse, type HttpHandler } from "msw";
import type { UpstreamStatus } from "../../../app/api/result.server";

// The faults every backend operation is put through, as MSW resolvers for one operation.

export type FaultName =
  | "500" | "503" | "timeout" | "connection reset" | "malformed JSON" | "wrong-shape JSON" | "5 s delay"
  | "AWS 403" | "AWS 413" | "AWS 429" | "AWS 502" | "AWS 504";

export interface Fault {
  name: FaultName;
  /** What the app must make of it: the status of the error page, or of the form shown again. */
  expected: UpstreamStatus;
  /** The message the user is shown, after "The booking service " / "The content service ". */
  message: RegExp;
  respond: (successStatus: number) => Promise<Response> | Response;
}

/** The status an operation answers with when it works; a body needs one that may carry a body (not 204). */
const withBody = (status: number) => (status === 204 ? 200 : status);

const LATER = /\. Please try again in a few minutes\./;
const later = (what: RegExp) => new RegExp(what.source + LATER.source);

/** An AWS API Gateway in front answering with its own body (contracts/gateway.yaml, GatewayMessage). */
const aws = (status: number, message: string, headers: Record<string, string> = {}) =>
  HttpResponse.json({ message }, { status, headers: { "x-amzn-ErrorType": "Error", ...headers } });

const problem = (status: number, title: string) =>
  HttpResponse.json({ type: "about:blank", title, status }, { status, headers: { "Content-Type": "application/problem+json" } });

export const FAULTS: readonly Fault[] = [
  { name: "500", expected: 502, message: later(/is not available right now/), respond: () => problem(500, "Internal Server Error") },
  {
    name: "503", expected: 503, message: later(/is not available right now/),
    respond: () => HttpResponse.json({ message: "Service Unavailable" }, { status: 503, headers: { "Retry-After": "30" } }),
  },
  // Never answers: the client's time-out (GATEWAY_TIMEOUT_MS) ends it.
  { name: "timeout", expected: 504, message: later(/is taking too long to answer/), respond: async () => { await delay("infinite"); return new HttpResponse(null); } },
  { name: "connection reset", expected: 502, message: later(/is not available right now/), respond: () => HttpResponse.error() },
  {
    name: "malformed JSON", expected: 502, message: later(/sent something we could not read/),
    respond: (status) => new HttpResponse('{"id": "x", "items": [', { status: withBody(status), headers: { "Content-Type": "application/json" } }),
  },
  {
    name: "wrong-shape JSON", expected: 502, message: later(/sent something we could not read/),
    respond: (status) => HttpResponse.json({ id: 42, items: "none", unexpected: [null] }, { status: withBody(status) }),
  },
  // Longer than the time-out the suites set, so it must end as a time-out within the budget.
  { name: "5 s delay", expected: 504, message: later(/is taking too long to answer/), respond: async (status) => { await delay(5_000); return HttpResponse.json({}, { status: withBody(status) }); } },
  // The API Gateway's own refusals: nothing the page can act on, each with its own advice.
  { name: "AWS 403", expected: 403, message: /refused this request\. Please try again; if it keeps happening, contact us\./, respond: () => aws(403, "Forbidden") },
  { name: "AWS 413", expected: 413, message: /cannot take that much at once\. Please make what you sent shorter and try again\./, respond: () => aws(413, "Request Too Long") },
  { name: "AWS 429", expected: 429, message: /is busy right now\. Please try again shortly\./, respond: () => aws(429, "Too Many Requests", { "Retry-After": "1" }) },
  { name: "AWS 502", expected: 502, message: later(/is not available right now/), respond: () => aws(502, "Internal server error") },
  { name: "AWS 504", expected: 504, message: later(/is taking too long to answer/), respond: () => aws(504, "Endpoint request timed out") },
];

/** "/orders/{orderId}" -> "/orders/:orderId" (MSW's path syntax). */
export const mswPath = (template: string) => template.replace(/\{(\w+)\}/g, ":$1");

const METHODS = { GET: http.get, PUT: http.put, POST: http.post, DELETE: http.delete, PATCH: http.patch } as const;

/**
 * A handler answering one operation with a fault until `server.resetHandlers()`. Not
 * `once`: a loader may call the operation twice at the same time (both must fail, as with a
 * backend that is down), and a request left over from an earlier test must not use it up.
 */
export function faultHandler(baseUrl: string, method: string, path: string, fault: Fault, successStatus: number): HttpHandler {
  const make = METHODS[method as keyof typeof METHODS];
  if (!make) throw new Error(`No MSW handler for ${method}`);
  return make(`${baseUrl.replace(/\/+$/, "")}${mswPath(path)}`, () => fault.respond(successStatus));
}

/** The message the app shows for a fault, in full: "The booking service is taking too long to answer. Please try again in a few minutes." */
export function expectedMessage(service: "gateway" | "cms", fault: Fault): RegExp {
  const who = service === "gateway" ? "The booking service" : "The content service";
  return new RegExp(`^${who} ${fault.message.source}$`);
}
