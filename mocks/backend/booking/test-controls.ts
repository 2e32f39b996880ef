import { operationIds } from "../../../generated/operation-ids";
import type { Failure } from "./types";

// Test controls of the embedded default (docs/decisions/0028-test-controls-of-the-embedded-default.md):
// for the users named in one environment variable, set only by the end-to-end tests' server,
// the mock gateway answers the first hold or the first free payment of each of their
// baskets as a real gateway sometimes would (not at all, or with a short hold), so the
// pages made for those answers can be seen in a browser; and the AWS API Gateway in front
// refuses the first call of the named operations in each of their sessions, as a real one
// sometimes does (403, 413 or 429 with its `{"message"}` body), so the app's pages and form
// messages for those refusals can be seen too. No request can turn them on, and with
// GATEWAY_BASE_URL set the mock is not loaded at all (docs/architecture.md §3).

/** The environment variable: JSON, an object of user emails to their controls. */
export const TEST_CONTROLS_ENV = "EMBEDDED_TEST_CONTROLS";

export interface UserTestControls {
  /** The first hold placed on each of the user's baskets fails, as a gateway that is briefly unavailable (503). */
  failFirstHold?: boolean;
  /** The first hold placed on each of the user's baskets lasts this many seconds (later ones as usual). */
  firstHoldSeconds?: number;
  /**
   * The user's free visits wait at the payment step until payment "none" is saved, as a
   * gateway may ask (the app saves it on the way, app/booking/continue.server.ts), and the
   * first save of each basket fails, as above (503).
   */
  failFirstFreePayment?: boolean;
  /**
   * The first call of each of these operations in each of the user's sessions is refused by
   * the API Gateway in front, with this status and its message body (answered in
   * mocks/handlers/api-gateway.ts); later calls pass. Only calls made with the user's
   * session token are the user's.
   */
  refuseFirst?: { status: GatewayRefusalStatus; operations: readonly string[] };
}

/**
 * The API Gateway's own refusals and the message each sends (contracts/gateway.yaml:
 * GatewayForbidden, PayloadTooLarge, GatewayThrottled, with the GatewayMessage body).
 */
export const GATEWAY_REFUSAL_MESSAGES = { 403: "Forbidden", 413: "Request Too Long", 429: "Too Many Requests" } as const;
export type GatewayRefusalStatus = keyof typeof GATEWAY_REFUSAL_MESSAGES;

/** An API Gateway refusal to send instead of the gateway's answer. */
export interface GatewayRefusal {
  status: GatewayRefusalStatus;
  message: (typeof GATEWAY_REFUSAL_MESSAGES)[GatewayRefusalStatus];
}

/** Every operation of the gateway's contract, by id. */
const GATEWAY_OPERATIONS: ReadonlySet<string> = new Set(
  Object.values(operationIds.gateway).flatMap((methods) => Object.values(methods) as string[]),
);

/** Controls by user email, lower case. */
export type TestControls = ReadonlyMap<string, UserTestControls>;

export const NO_TEST_CONTROLS: TestControls = new Map();

const FLAGS = ["failFirstHold", "failFirstFreePayment"] as const;
const CONTROLS = [...FLAGS, "firstHoldSeconds", "refuseFirst"] as const;
const MAX_HOLD_SECONDS = 3600;
const REFUSAL_STATUSES = Object.keys(GATEWAY_REFUSAL_MESSAGES).map(Number);

/** The controls in the variable's text; none when it is unset or empty. A wrong value stops the start, naming it. */
export function parseTestControls(text: string | undefined): TestControls {
  if (text === undefined || text.trim() === "") return NO_TEST_CONTROLS;
  const wrong = (why: string) => new Error(`${TEST_CONTROLS_ENV}: ${why}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw wrong("not JSON");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw wrong("expected an object of user emails");
  const controls = new Map<string, UserTestControls>();
  for (const [email, value] of Object.entries(parsed)) {
    if (!email.includes("@")) throw wrong(`"${email}" is not an email`);
    if (typeof value !== "object" || value === null || Array.isArray(value)) throw wrong(`the controls of ${email} are not an object`);
    const entry: UserTestControls = {};
    for (const [name, setting] of Object.entries(value as Record<string, unknown>)) {
      if ((FLAGS as readonly string[]).includes(name)) {
        if (typeof setting !== "boolean") throw wrong(`${email}.${name} must be true or false`);
        entry[name as (typeof FLAGS)[number]] = setting;
      } else if (name === "firstHoldSeconds") {
        if (typeof setting !== "number" || !Number.isInteger(setting) || setting < 1 || setting > MAX_HOLD_SECONDS) {
          throw wrong(`${email}.firstHoldSeconds must be a whole number of seconds from 1 to ${MAX_HOLD_SECONDS}`);
        }
        entry.firstHoldSeconds = setting;
      } else if (name === "refuseFirst") {
        entry.refuseFirst = parseRefusal(setting, (why) => wrong(`${email}.refuseFirst${why}`));
      } else {
        throw wrong(`${email}.${name} is not a control (${CONTROLS.join(", ")})`);
      }
    }
    controls.set(email.trim().toLowerCase(), entry);
  }
  return controls;
}

function parseRefusal(setting: unknown, wrong: (why: string) => Error): NonNullable<UserTestControls["refuseFirst"]> {
  if (typeof setting !== "object" || setting === null || Array.isArray(setting)) throw wrong(" must be an object of status and operations");
  const { status, operations, ...rest } = setting as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length > 0) throw wrong(` has no ${unknown.join(", ")} (only status, operations)`);
  if (typeof status !== "number" || !REFUSAL_STATUSES.includes(status)) {
    throw wrong(`.status must be one of the API Gateway's refusals (${REFUSAL_STATUSES.join(", ")})`);
  }
  if (!Array.isArray(operations) || operations.length === 0) throw wrong(".operations must be a list of the gateway's operation ids");
  for (const operation of operations) {
    if (typeof operation !== "string" || !GATEWAY_OPERATIONS.has(operation)) {
      throw wrong(`.operations: ${JSON.stringify(operation)} is not an operation of contracts/gateway.yaml`);
    }
  }
  return { status: status as GatewayRefusalStatus, operations: [...new Set(operations as string[])] };
}

const UNAVAILABLE: Failure = {
  ok: false, status: 503, code: "service_unavailable", title: "Service unavailable",
  detail: "The booking service is briefly unavailable. Try again in a moment.",
};

/**
 * The controls as the booking operations and the API Gateway in front apply them. Which
 * baskets have had their first hold or free payment, and which sessions their first call
 * of an operation, is kept in `used` (the booking state's, so a reset forgets it).
 */
export function applyTestControls(controls: TestControls, emailOf: (userId: string) => string | undefined, used: () => Set<string>) {
  const of = (userId: string): UserTestControls | undefined => {
    if (controls.size === 0) return undefined;
    const email = emailOf(userId);
    return email === undefined ? undefined : controls.get(email.toLowerCase());
  };
  /** True the first time it is asked for this basket (or session) and this control. */
  const first = (basketId: string, control: string) => {
    const key = `${basketId} ${control}`;
    if (used().has(key)) return false;
    used().add(key);
    return true;
  };
  return {
    /** Asked when a hold is about to be placed: the failure to answer instead, if any. */
    holdFault(userId: string, basketId: string): Failure | undefined {
      return of(userId)?.failFirstHold && first(basketId, "failFirstHold") ? UNAVAILABLE : undefined;
    },
    /** How long the hold being placed lasts (ms): `usual`, unless the user's first hold of this basket is short. */
    holdLength(userId: string, basketId: string, usual: number): number {
      const seconds = of(userId)?.firstHoldSeconds;
      return seconds !== undefined && first(basketId, "firstHoldSeconds") ? seconds * 1000 : usual;
    },
    /** Whether the user's free visits wait at the payment step until "none" is saved. */
    asksFreePayment(userId: string): boolean {
      return of(userId)?.failFirstFreePayment === true;
    },
    /** Asked when payment "none" is about to be saved: the failure to answer instead, if any. */
    freePaymentFault(userId: string, basketId: string): Failure | undefined {
      return of(userId)?.failFirstFreePayment && first(basketId, "failFirstFreePayment") ? UNAVAILABLE : undefined;
    },
    /** Whether any user's calls may be refused by the API Gateway in front (else it need not look). */
    refusesCalls: [...controls.values()].some((c) => c.refuseFirst !== undefined),
    /**
     * Asked by the API Gateway in front before it passes on a call made with a session: the
     * refusal to answer instead, the first time the session calls one of the named operations.
     */
    gatewayRefusal(userId: string, sessionToken: string, operationId: string): GatewayRefusal | undefined {
      const refuse = of(userId)?.refuseFirst;
      if (!refuse?.operations.includes(operationId) || !first(`session ${sessionToken}`, `refuseFirst ${operationId}`)) return undefined;
      return { status: refuse.status, message: GATEWAY_REFUSAL_MESSAGES[refuse.status] };
    },
  };
}

export type AppliedTestControls = ReturnType<typeof applyTestControls>;
