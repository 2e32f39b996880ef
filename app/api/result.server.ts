import { data } from "react-router";
import type { operations as CmsOperations } from "../../generated/cms";
import type { operations as GatewayOperations } from "../../generated/gateway";
import { observeBackendCall, type BackendOutcome } from "../runtime/metrics.server";
import { checkResponse, type OperationId, type Service } from "./validation.server";
import type { Problem } from "../../generated/schemas";

export type { OperationId, Service } from "./validation.server";
/**
 * A backend's problem, marked (in its type only) with the operation that answered it, so
 * that a branch on its `code` can be traced to the operation by the contract coverage
 * check (tests/contract/support/app-calls.ts) wherever the problem is passed.
 */
export type OperationProblem<Op extends string = string> = Omit<Problem, "code"> & {
  /** The reason codes the contract lists for this operation's 4xx answers: a branch on another does not compile. */
  code?: ReasonCode<Op>;
  readonly "~operation"?: Op;
};

type Operations = GatewayOperations & CmsOperations;
type BodyOf<R> = R extends { content: infer C } ? C[keyof C] : never;
/** The bodies of an operation's 4xx answers (its documented statuses 400–499). */
type ErrorBody<Op extends keyof Operations> = {
  [S in keyof Operations[Op]["responses"]]: S extends number ? (`${S}` extends `4${string}` ? BodyOf<Operations[Op]["responses"][S]> : never) : never;
}[keyof Operations[Op]["responses"]];
/** An operation's reason codes from the contract; any string for a problem whose operation is not known. */
export type ReasonCode<Op extends string> = Op extends keyof Operations
  ? ErrorBody<Op> extends infer B ? (B extends { code?: infer C } ? NonNullable<C> : never) : never
  : NonNullable<Problem["code"]>;

/**
 * The backend's own refusal (a 4xx with its Problem): which operation refused, its status
 * and its problem, for the route to act on (a status, a reason code, field errors).
 */
export interface ProblemFailure<Op extends string = string> {
  ok: false;
  upstream: false;
  operation: Op;
  status: number;
  problem: OperationProblem<Op>;
}

/**
 * No usable answer came (a 5xx, a time-out, no connection, a body the contract does not
 * allow, the API Gateway's own 403/413/429 `{"message"}` refusal): nothing the user can fix
 * but try again. Its problem holds the app's message for the user (title and detail) and
 * never a reason code or field errors; its status is the one the page answers with.
 */
export interface UpstreamFailure<Op extends string = string> {
  ok: false;
  upstream: true;
  operation: Op;
  status: UpstreamStatus;
  problem: UpstreamProblem<Op>;
}

/** The app's message for an upstream failure, shaped as a problem so it shows where a refusal would. */
export interface UpstreamProblem<Op extends string = string> {
  type: "about:blank";
  title: string;
  detail: string;
  status: UpstreamStatus;
  code?: undefined;
  errors?: undefined;
  readonly "~operation"?: Op;
}

/**
 * Why an operation gave no data. A branch on `status` (403, 413 and 429 are both the
 * gateway's Problem and the API Gateway's own refusal) must tell the two apart by
 * `upstream` first; the contract coverage reader refuses one that does not
 * (docs/decisions/0021-failures-as-values-and-reads-without-effects.md).
 */
export type ApiFailure<Op extends string = string> = ProblemFailure<Op> | UpstreamFailure<Op>;

/** What a route can show: the data, the backend's refusal, or the app's message when no usable answer came. */
export type ApiResult<T, Op extends string = string> = { ok: true; data: T } | ApiFailure<Op>;

const serviceNames: Record<Service, string> = {
  gateway: "The booking service",
  cms: "The content service",
};

/** Why a backend answer was not usable, for the log line and the status. */
export type UpstreamCause =
  | { kind: "refused"; status: GatewayRefusal }
  | { kind: "timeout" }
  | { kind: "unreachable"; error: unknown }
  | { kind: "status"; status: number }
  | { kind: "unreadable"; reason: string };

/**
 * The refusals an AWS API Gateway in front of the gateway sends in its own body,
 * `{"message": …}`, rather than the gateway's Problem (contracts/gateway.yaml,
 * GatewayMessage): a WAF or missing-token refusal, a body too large, throttling.
 */
export type GatewayRefusal = 403 | 413 | 429;

/** The statuses of an upstream failure: the API Gateway's refusals, and 502, 503 or 504. */
export type UpstreamStatus = GatewayRefusal | 502 | 503 | 504;

function classify(cause: unknown): UpstreamCause {
  if (cause instanceof DOMException && (cause.name === "TimeoutError" || cause.name === "AbortError")) return { kind: "timeout" };
  // openapi-fetch parses a 2xx body with JSON.parse / response.json(): not JSON.
  if (cause instanceof SyntaxError) return { kind: "unreadable", reason: `the body is not JSON (${cause.message})` };
  return { kind: "unreachable", error: cause };
}

/** What the user is told: the service, what happened, and what to do. */
function describe(cause: UpstreamCause): { status: UpstreamStatus; what: string; then: string } {
  const later = "Please try again in a few minutes.";
  switch (cause.kind) {
    case "refused":
      return refusals[cause.status];
    case "timeout":
      return { status: 504, what: "is taking too long to answer", then: later };
    case "status":
      if (cause.status === 504) return { status: 504, what: "is taking too long to answer", then: later };
      return { status: cause.status === 503 ? 503 : 502, what: "is not available right now", then: later };
    case "unreadable":
      return { status: 502, what: "sent something we could not read", then: later };
    case "unreachable":
      return { status: 502, what: "is not available right now", then: later };
  }
}

const refusals: Record<GatewayRefusal, { status: GatewayRefusal; what: string; then: string }> = {
  403: { status: 403, what: "refused this request", then: "Please try again; if it keeps happening, contact us." },
  413: { status: 413, what: "cannot take that much at once", then: "Please make what you sent shorter and try again." },
  429: { status: 429, what: "is busy right now", then: "Please try again shortly." },
};

function logLine(service: Service, operationId: string, cause: UpstreamCause): string {
  const detail =
    cause.kind === "status" ? `HTTP ${cause.status}`
    : cause.kind === "unreadable" ? `unreadable answer: ${cause.reason}`
    : cause.kind === "timeout" ? "timed out"
    : cause.kind === "refused" ? `HTTP ${cause.status} from the API gateway in front`
    : `unreachable: ${cause.error instanceof Error ? `${cause.error.name}: ${cause.error.message}` : String(cause.error)}`;
  return `[upstream] ${service} ${operationId}: ${detail}`;
}

/**
 * A 5xx, a timeout, a dropped connection or a body that is not what the contract says is
 * nothing the user can fix: it becomes a failure with the status the page answers (502,
 * 503 or 504, or the API Gateway's 403, 413 or 429) and a message saying what to do. A
 * loader shows it as the error page (`succeeded()`, `required()`, `gatewayFailure()`), an
 * action at the top of its form. The cause is logged, once, without bodies (they may hold
 * personal data).
 */
function upstreamFailure<Op extends string>(service: Service, cause: UpstreamCause, operationId: Op): UpstreamFailure<Op> {
  const { status, what, then } = describe(cause);
  // One JSON line, as every line the server writes (docs/security.md); on stderr through console.error.
  console.error(JSON.stringify({ time: new Date().toISOString(), level: "error", msg: logLine(service, operationId, cause), service, operationId }));
  const message = `${serviceNames[service]} ${what}. ${then}`;
  return {
    ok: false,
    upstream: true,
    operation: operationId,
    status,
    problem: { type: "about:blank", title: message, detail: message, status },
  };
}

/** The API Gateway's own refusal: its `{"message": …}` body, not the gateway's Problem. */
function gatewayRefusal(status: number, body: unknown): GatewayRefusal | null {
  if (status !== 403 && status !== 413 && status !== 429) return null;
  const isMessage = typeof body === "object" && body !== null && "message" in body && typeof body.message === "string" && !("title" in body);
  return isMessage ? status : null;
}

function toProblem(status: number, body: unknown): Problem {
  if (body && typeof body === "object" && "title" in body && typeof body.title === "string") {
    return body as Problem;
  }
  return { type: "about:blank", title: "Request failed", status };
}

const isJsonType = (contentType: string | null) => /^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(contentType ?? "");

interface FetchOutcome<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/**
 * Runs one openapi-fetch call of the named operation and maps every outcome onto an
 * ApiResult, deciding each in one place: the data; the backend's refusal (a 4xx problem);
 * or an upstream failure. 2xx and 4xx JSON bodies are checked against the operation's
 * response schema from the contract first (a 4xx that is not JSON, such as a proxy's
 * HTML page, becomes a generic problem). Nothing is thrown: routes match on the result.
 */
async function answer<S extends Service, Op extends OperationId<S>, T>(
  service: S,
  operationId: Op,
  run: () => Promise<FetchOutcome<T>>,
): Promise<ApiResult<T, Op>> {
  let outcome: FetchOutcome<T>;
  try {
    outcome = await run();
  } catch (cause) {
    return upstreamFailure(service, classify(cause), operationId);
  }
  const { response } = outcome;
  if (response.status >= 500) return upstreamFailure(service, { kind: "status", status: response.status }, operationId);
  if (response.ok) {
    const verdict = checkResponse(service, operationId, response.status, outcome.data);
    if (!verdict.ok) return upstreamFailure(service, { kind: "unreadable", reason: `${response.status}: ${verdict.reason}` }, operationId);
    return { ok: true, data: outcome.data as T };
  }
  const refusal = gatewayRefusal(response.status, outcome.error);
  if (refusal) return upstreamFailure(service, { kind: "refused", status: refusal }, operationId);
  if (isJsonType(response.headers.get("Content-Type"))) {
    // openapi-fetch leaves an error body it could not parse as text.
    const verdict = typeof outcome.error === "string"
      ? { ok: false as const, reason: "the body is not JSON" }
      : checkResponse(service, operationId, response.status, outcome.error);
    if (!verdict.ok) return upstreamFailure(service, { kind: "unreadable", reason: `${response.status}: ${verdict.reason}` }, operationId);
  }
  // Checked against the operation's schema above: its code is one the contract lists.
  const problem = toProblem(response.status, outcome.error) as OperationProblem<Op>;
  return { ok: false, upstream: false, operation: operationId, status: response.status, problem };
}

/** `answer` above, timed and counted per operation for the metrics (app/runtime/metrics.server.ts, ADR 0022). */
export async function call<S extends Service, Op extends OperationId<S>, T>(
  service: S,
  operationId: Op,
  run: () => Promise<FetchOutcome<T>>,
): Promise<ApiResult<T, Op>> {
  const started = performance.now();
  const result = await answer(service, operationId, run);
  const outcome: BackendOutcome = result.ok ? "ok" : !result.upstream ? "refused" : result.status === 504 ? "timeout" : "error";
  observeBackendCall(service, operationId, (performance.now() - started) / 1000, outcome);
  return result;
}

/** A backend refusal as a message for the user: its detail, else its title. */
export function problemText(problem: Pick<Problem, "detail" | "title">): string {
  return problem.detail ?? problem.title;
}

/**
 * A failure the page cannot recover from, as the error page: its message (the backend's,
 * or the app's for an upstream failure), with its status. Loaders throw it, as React
 * Router's error boundaries expect.
 */
export function gatewayFailure(result: { status: number; problem: Pick<Problem, "detail" | "title"> }) {
  return data(problemText(result.problem), { status: result.status });
}

/** The operations whose contract answers 404 for a resource named in the request. */
export type NotFoundOperation = {
  [Op in keyof Operations]: 404 extends keyof Operations[Op]["responses"] ? Op : never;
}[keyof Operations];

/**
 * For reads of the resource a page is about (an order, a CMS page, a venue): the
 * contract's 404 becomes the not-found page. Typed to the operations that document a
 * 404, so a list or a singleton cannot turn a refusal into "page not found".
 */
export function required<T, Op extends NotFoundOperation>(result: ApiResult<T, Op>): T {
  if (result.ok) return result.data;
  if (result.status === 404) throw data(null, { status: 404 });
  throw gatewayFailure(result);
}

/** For reads a page cannot do without and whose refusal the user cannot act on: any refusal is the error page. */
export function succeeded<T>(result: ApiResult<T>): T {
  if (result.ok) return result.data;
  throw gatewayFailure(result);
}

/** Field errors from a 422 problem, keyed by field name, for showing beside fields. */
export function fieldErrors(problem: Problem): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of problem.errors ?? []) out[e.field] ??= e.message;
  return out;
}
