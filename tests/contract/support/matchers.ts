import { MatchersV3 } from "@pact-foundation/pact";
import { expect } from "vitest";
import type { ApiResult } from "../../../app/api/result.server";
import type { Problem } from "../../../generated/schemas";

// Shared matchers, so the provider's own values (ids, dates relative to today, tokens)
// verify while the shapes and the enumerations the app switches on stay strict.
export const { like, regex, integer, boolean, arrayContaining, reify } = MatchersV3;

/**
 * An array of elements like the template, at least `min` of them. What the template says
 * holds for every element, and a provider state can promise that a list has an element, not
 * that every element it holds has items of its own: so the arrays inside the template may be
 * empty (their `min` is dropped to 0; each example keeps its element).
 */
export function eachLike<T>(template: T, min = 1) {
  return MatchersV3.eachLike(anyLengthInside(template), min);
}

function anyLengthInside<T>(value: T): T {
  if (Array.isArray(value)) return value.map(anyLengthInside) as T;
  if (value === null || typeof value !== "object") return value;
  const copy: Record<string, unknown> = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, anyLengthInside(v)]));
  if (copy["pact:matcher:type"] === "type" && typeof copy.min === "number") copy.min = 0;
  return copy as T;
}

/**
 * A value the provider chooses (an id it generates, a date in its bookable window) inside a
 * path, query value, header or body field: a provider state of the interaction returns it
 * and the verifier injects it (Pact's fromProviderState). `template` names it as `${name}`,
 * e.g. fromState("/baskets/${basketId}/date", { basketId: "bkt-example-visit" }); the
 * examples fill the template for the consumer test, which sends exactly that to the Pact
 * mock server. Each name must be a value the interaction's states return, as listed in
 * pacts/provider-states.json (tests/contract/provider-states.test.ts checks).
 */
export function fromState(template: string, examples: Record<string, string>) {
  const example = template.replace(/\$\{(\w+)\}/g, (_, name: string) => {
    const value = examples[name];
    if (value === undefined) throw new Error(`fromState: no example for \${${name}} in ${template}`);
    return value;
  });
  return MatchersV3.fromProviderState(template, example);
}

/** The session tokens the consumer tests send: the Pact mock server's examples of what the login states return. */
export const PACT_TOKENS = { demo: "pact-demo-session-token", group: "pact-group-session-token" } as const;

/**
 * The Authorization header of a signed-in request: `Bearer ${token}`, with the token the
 * interaction's login state returns ("the demo user is logged in"),
 * injected by the verifier. A provider issues its own session and returns it; any Pact
 * verifier does the rest with nothing but the state change URL (pacts/README.md, Tokens).
 */
export const bearer = (exampleToken: string) => ({ Authorization: fromState("Bearer ${token}", { token: exampleToken }) });

/** Pattern from an enumeration of the contract, e.g. GroupType. */
export const oneOf = (values: readonly string[], example: string) => {
  if (!values.includes(example)) throw new Error(`${example} is not one of ${values.join(", ")}`);
  if (!values.every((v) => /^[a-z-]+$/.test(v))) throw new Error(`Enumeration values need escaping: ${values.join(", ")}`);
  return regex(`^(${values.join("|")})$`, example);
};

// The contracts' `format: date` and `format: date-time` are RFC 3339's full-date and
// date-time (section 5.6), which JSON Schema's formats are. Their grammar is written here as
// regular expressions, which mean the same in every Pact verifier (a datetime matcher's
// pattern language is each implementation's own), and accept what any serialiser writing
// RFC 3339 writes: with or without fractional seconds, any number of digits, `Z` or a
// numeric offset, `T`/`Z` in either case (the RFC's note on ABNF). The grammar is all they
// check: a 31st of February passes, as it does the ABNF.
const FULL_DATE = "\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])";
const PARTIAL_TIME = "([01]\\d|2[0-3]):[0-5]\\d:([0-5]\\d|60)(\\.\\d+)?";
const TIME_OFFSET = "([Zz]|[+-]([01]\\d|2[0-3]):[0-5]\\d)";
export const RFC3339_FULL_DATE = `^${FULL_DATE}$`;
export const RFC3339_DATE_TIME = `^${FULL_DATE}[Tt]${PARTIAL_TIME}${TIME_OFFSET}$`;

/** An instant (contract `format: date-time`), e.g. 2026-05-01T09:00:00.000Z; any RFC 3339 date-time verifies. */
export const instant = (example: string) => regex(RFC3339_DATE_TIME, example);
/** A calendar date (contract `format: date`), YYYY-MM-DD. */
export const calendarDate = (example: string) => regex(RFC3339_FULL_DATE, example);
/** A time of day, HH:MM (contract TimeOfDay). */
export const timeOfDay = (example: string) => regex("^([01][0-9]|2[0-3]):[0-5][0-9]$", example);
export const email = (example: string) => regex("^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$", example);

/** An amount in pence (contract Money); the app formats every amount as pounds, so the currency is matched by type. */
export const money = (pence: number) => ({ amount: integer(pence), currency: like("GBP") });

/** The 202 body of a request taken (contract Accepted): the app reads only the status code. */
export const ACCEPTED_BODY = { status: like("accepted") };

export const JSON_CONTENT = { "Content-Type": "application/json" } as const;
/** Every gateway and CMS error is an RFC 9457 problem. */
export const PROBLEM_CONTENT = { "Content-Type": "application/problem+json" } as const;

/**
 * A Problem body. `code` exactly where the app branches on it (tests/support/app-calls.ts
 * finds each branch); pass `like("a_code")` where it does not, so the pact asserts no value
 * the app never reads (tests/contract/overspecified.test.ts). The body's `status` repeats the
 * HTTP status, which the app reads instead; the prose is matched by type.
 */
export function problemBody(status: number, code: string | MatchersV3.Matcher<string>, extra: Record<string, unknown> = {}) {
  const name = typeof code === "string" ? code : String(reify(code));
  return {
    type: like(`https://groups.westridingmuseums.example.org/problems/${name}`),
    title: like("Problem title"),
    status: integer(status),
    code,
    detail: like("A sentence the user can act on."),
    ...extra,
  };
}

/** Asserts a successful ApiResult and returns its typed data. */
export function expectOk<T>(result: ApiResult<T>): T {
  if (!result.ok) throw new Error(`Expected success, got ${result.status}: ${JSON.stringify(result.problem)}`);
  return result.data;
}

/** Asserts the backend's own 4xx (a problem, not an upstream failure) with this status and returns its typed problem. */
export function expectProblem<T>(result: ApiResult<T>, status: number): Problem {
  if (result.ok) throw new Error(`Expected ${status}, got success: ${JSON.stringify(result.data)}`);
  expect(result.upstream, `an upstream failure: ${result.problem.title}`).toBe(false);
  expect(result.status).toBe(status);
  return result.problem;
}

/**
 * A checkout body as the pact carries it: the total the page showed is the quote's, which
 * is the provider's (prices are its reference data), so it comes from a "has been quoted"
 * state (`${total}`, an integer in pence), injected by the verifier.
 */
export function withQuotedTotal<B extends { expectedTotal?: { amount: number; currency: string } }>(body: B) {
  const amount = body.expectedTotal?.amount;
  if (amount === undefined) throw new Error("checkoutRequest always sends expectedTotal");
  return { ...body, expectedTotal: { ...body.expectedTotal, amount: MatchersV3.fromProviderState("${total}", amount) } };
}
