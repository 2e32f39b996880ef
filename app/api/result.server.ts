import { data } from "react-router";
import type { components } from "../../generated/gateway";

export type Problem = components["schemas"]["Problem"];

/** What a route can show: the data, or the backend's problem for a 4xx it can act on. */
export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number; problem: Problem };

type Service = "gateway" | "cms";

const serviceNames: Record<Service, string> = {
  gateway: "The booking service",
  cms: "The content service",
};

/**
 * A 5xx, a timeout, a dropped connection or a body that is not JSON is nothing the user
 * can fix: it becomes the error page (with a status) instead of a crash.
 */
export function upstreamFailure(service: Service, cause: unknown): never {
  const timedOut = cause instanceof DOMException && (cause.name === "TimeoutError" || cause.name === "AbortError");
  const status = timedOut ? 504 : 502;
  const what = timedOut ? "is taking too long to answer" : "is not available right now";
  throw data(`${serviceNames[service]} ${what}. Please try again in a few minutes.`, { status });
}

function toProblem(status: number, body: unknown): Problem {
  if (body && typeof body === "object" && "title" in body && typeof body.title === "string") {
    return body as Problem;
  }
  return { type: "about:blank", title: "Request failed", status };
}

interface FetchOutcome<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** Runs one openapi-fetch call and maps every outcome onto ApiResult or the error page. */
export async function call<T>(service: Service, run: () => Promise<FetchOutcome<T>>): Promise<ApiResult<T>> {
  let outcome: FetchOutcome<T>;
  try {
    outcome = await run();
  } catch (cause) {
    upstreamFailure(service, cause);
  }
  const { response } = outcome;
  if (response.status >= 500) upstreamFailure(service, new Error(`HTTP ${response.status}`));
  if (response.ok) return { ok: true, data: outcome.data as T };
  return { ok: false, status: response.status, problem: toProblem(response.status, outcome.error) };
}

/** For reads the page cannot do without: a 404 becomes the not-found page. */
export function required<T>(result: ApiResult<T>): T {
  if (result.ok) return result.data;
  if (result.status === 404) throw data(null, { status: 404 });
  throw data(result.problem.detail ?? result.problem.title, { status: result.status });
}

/** Field errors from a 422 problem, keyed by field name, for showing beside fields. */
export function fieldErrors(problem: Problem): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of problem.errors ?? []) out[e.field] ??= e.message;
  return out;
}
