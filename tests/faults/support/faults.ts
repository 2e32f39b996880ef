import { delay, http, HttpResponse, type HttpHandler } from "msw";
import type { UpstreamStatus } from "../../../app/api/result.server";

// The faults every backend operation is put through, as MSW resolvers for one operation.

export type FaultName = "500" | "503" | "timeout" | "connection reset" | "malformed JSON" | "wrong-shape JSON" | "5 s delay";

export interface Fault {
  name: FaultName;
  /** What the app must make of it: the error page's (or inline retry's) status. */
  expected: UpstreamStatus;
  /** The start of the message the user is shown, after "The booking service " / "The content service ". */
  message: RegExp;
  respond: (successStatus: number) => Promise<Response> | Response;
}

/** The status an operation answers with when it works; a body needs one that may carry a body (not 204). */
const withBody = (status: number) => (status === 204 ? 200 : status);

const problem = (status: number, title: string) =>
  HttpResponse.json({ type: "about:blank", title, status }, { status, headers: { "Content-Type": "application/problem+json" } });

export const FAULTS: readonly Fault[] = [
  { name: "500", expected: 502, message: /is not available right now/, respond: () => problem(500, "Internal Server Error") },
  {
    name: "503", expected: 503, message: /is not available right now/,
    respond: () => HttpResponse.json({ message: "Service Unavailable" }, { status: 503, headers: { "Retry-After": "30" } }),
  },
  // Never answers: the client's time-out (GATEWAY_TIMEOUT_MS) ends it.
  { name: "timeout", expected: 504, message: /is taking too long to answer/, respond: async () => { await delay("infinite"); return new HttpResponse(null); } },
  { name: "connection reset", expected: 502, message: /is not available right now/, respond: () => HttpResponse.error() },
  {
    name: "malformed JSON", expected: 502, message: /sent something we could not read/,
    respond: (status) => new HttpResponse('{"id": "x", "items": [', { status: withBody(status), headers: { "Content-Type": "application/json" } }),
  },
  {
    name: "wrong-shape JSON", expected: 502, message: /sent something we could not read/,
    respond: (status) => HttpResponse.json({ id: 42, items: "none", unexpected: [null] }, { status: withBody(status) }),
  },
  // Longer than the time-out the suites set, so it must end as a time-out within the budget.
  { name: "5 s delay", expected: 504, message: /is taking too long to answer/, respond: async (status) => { await delay(5_000); return HttpResponse.json({}, { status: withBody(status) }); } },
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
  return new RegExp(`^${who} ${fault.message.source}\\. Please try again in a few minutes\\.$`);
}
