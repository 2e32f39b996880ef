// The steps of each kind of booking (contract BasketStep), in one place. The contract's
// enum lists every step in flow order, so each kind's steps are the enum's values that
// belong to it; the records below are keyed by every BasketStep, so a step added to the
// contract (npm run generate) fails to compile until each of them places it.
import { basketStepValues, orderKindValues } from "../../../generated/schemas";
import type { BasketStep, OrderKind } from "./types";

/** Which kinds of booking each step belongs to (the contract's BasketStep description). */
export const STEP_KINDS = {
  date: ["visit", "group-visit"],
  information: ["visit"],
  schedule: ["visit"],
  "group-activities": ["group-visit"],
  "group-capacities": ["group-visit"],
  "group-details": ["group-visit"],
  "outreach-eligibility": ["outreach"],
  "outreach-activities": ["outreach"],
  "outreach-advisories": ["outreach"],
  "outreach-questions": ["outreach"],
  "outreach-schedule": ["outreach"],
  "outreach-terms": ["outreach"],
  payment: ["visit", "group-visit", "outreach"],
  review: ["visit", "group-visit", "outreach"],
} as const satisfies Record<BasketStep, readonly OrderKind[]>;

/** The steps of the given kinds of booking (any of them). */
export type StepOf<K extends OrderKind> = { [S in BasketStep]: K extends (typeof STEP_KINDS)[S][number] ? S : never }[BasketStep];
/** The outreach flow's own steps, saved by the outreach module (outreach.ts). */
export type OutreachStep = Exclude<StepOf<"outreach">, StepOf<"visit" | "group-visit">>;

const stepsOf = (kind: OrderKind): readonly BasketStep[] =>
  basketStepValues.filter((step) => (STEP_KINDS[step] as readonly OrderKind[]).includes(kind));

/** The steps of each booking flow, in order. */
export const STEPS: Readonly<Record<OrderKind, readonly BasketStep[]>> = Object.fromEntries(
  orderKindValues.map((kind) => [kind, stepsOf(kind)]),
) as Record<OrderKind, readonly BasketStep[]>;

/** Each step as the gateway's messages name it ("Complete the … step first"). */
export const STEP_NAMES: Readonly<Record<BasketStep, string>> = {
  date: "date", information: "information", schedule: "schedule", "group-activities": "activities",
  "group-capacities": "tickets", "group-details": "group details", payment: "payment", review: "review",
  "outreach-eligibility": "eligibility", "outreach-activities": "activities", "outreach-advisories": "advisories",
  "outreach-questions": "questions", "outreach-schedule": "schedule", "outreach-terms": "terms",
};

/** The end of an exhaustive switch over steps: the compiler rejects a step left out. */
export function unhandledStep(step: never): never {
  throw new Error(`Unhandled basket step: ${String(step)}`);
}
