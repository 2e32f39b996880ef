// A value import with its extension: app/routes.ts (which imports this file) is also run by
// Node itself, outside Vite (tests/e2e/axe-coverage.ts); generated/schemas.ts names its own
// imports with theirs for the same reason.
import { basketStepValues, type BasketStep, type GroupType } from "../../generated/schemas.ts";

// The booking flows (docs/requirements.md §2.3, §8.5, §8.6) as routes. Shared by the guard (server), the step
// actions and the breadcrumb (browser), so it imports types only, and the contract's list of steps.

/** standard: education and home-education (kind `visit`); group: tour-operator and other-group (kind `group-visit`). */
export type Flow = "standard" | "group";

/**
 * Which of these flows each gateway basket step belongs to. The contract's BasketStep enum
 * lists the steps in flow order; keyed by every one of them, so a step added to the
 * contract (npm run generate) fails to compile here until it is placed (outreach steps
 * belong to no flow here: app/outreach/steps.ts serves them).
 */
const STEP_FLOWS = {
  date: ["standard", "group"],
  information: ["standard"],
  schedule: ["standard"],
  "group-activities": ["group"],
  "group-capacities": ["group"],
  "group-details": ["group"],
  "outreach-eligibility": [],
  "outreach-activities": [],
  "outreach-advisories": [],
  "outreach-questions": [],
  "outreach-schedule": [],
  "outreach-terms": [],
  payment: ["standard", "group"],
  review: ["standard", "group"],
} as const satisfies Record<BasketStep, readonly Flow[]>;

/** The gateway's basket steps of the visit and group-visit flows. */
type FlowBasketStep = { [S in BasketStep]: [(typeof STEP_FLOWS)[S][number]] extends [never] ? never : S }[BasketStep];

/** The gateway's basket steps of the visit and group-visit flows, plus the page after checkout. */
export type FlowStep = FlowBasketStep | "confirmation";

export const BOOK_ROOT = "/account/book";

/** Each step's path under BOOK_ROOT: the one table app/routes.ts and every link to a step read. */
export const STEP_SEGMENTS = {
  date: "date",
  information: "information",
  schedule: "schedule",
  "group-activities": "group/activities",
  "group-capacities": "group/capacities",
  "group-details": "group/details",
  payment: "payment",
  review: "review",
  confirmation: "confirmation",
} as const satisfies Record<FlowStep, string>;
/** Where the card provider's hosted page returns to after a booking's checkout, under BOOK_ROOT. */
export const PAYMENT_RETURN_SEGMENT = `${STEP_SEGMENTS.payment}/return`;

export const STEP_PATHS = Object.fromEntries(
  Object.entries(STEP_SEGMENTS).map(([step, segment]) => [step, `${BOOK_ROOT}/${segment}`]),
) as Record<FlowStep, string>;

export const PAYMENT_RETURN_PATH = `${BOOK_ROOT}/${PAYMENT_RETURN_SEGMENT}`;

export const STEP_LABELS: Record<FlowStep, string> = {
  date: "Date",
  information: "About your group",
  schedule: "Plan your day",
  "group-activities": "Activities",
  "group-capacities": "Tickets",
  "group-details": "Group details",
  payment: "Payment",
  review: "Check and book",
  confirmation: "Confirmation",
};

const stepsOf = (flow: Flow): readonly FlowStep[] => [
  ...basketStepValues.filter((step): step is FlowBasketStep => (STEP_FLOWS[step] as readonly Flow[]).includes(flow)),
  "confirmation",
];

/** Each flow's steps in order: the contract's, then the confirmation page. */
export const FLOW_STEPS: Record<Flow, readonly FlowStep[]> = { standard: stepsOf("standard"), group: stepsOf("group") };

export const FLOW_KINDS = { standard: "visit", group: "group-visit" } as const;
export type FlowKind = (typeof FLOW_KINDS)[Flow];

export function flowFor(groupType: GroupType): Flow {
  return groupType === "tour-operator" || groupType === "other-group" ? "group" : "standard";
}

export function stepPath(step: string): string {
  return (STEP_PATHS as Record<string, string>)[step] ?? STEP_PATHS.date;
}

/** The booking step a path shows, or null (payment return, unknown paths). */
export function stepOfPath(pathname: string): FlowStep | null {
  const path = pathname.replace(/\/+$/, "");
  for (const [step, stepUrl] of Object.entries(STEP_PATHS) as [FlowStep, string][]) {
    if (path === stepUrl) return step;
  }
  return null;
}

/** Which flow a step belongs to; null when it belongs to both. */
export function flowOfStep(step: FlowStep): Flow | null {
  const inStandard = FLOW_STEPS.standard.includes(step);
  const inGroup = FLOW_STEPS.group.includes(step);
  if (inStandard && inGroup) return null;
  return inStandard ? "standard" : "group";
}

/** What the guard needs to know of a basket. */
export interface BasketProgress {
  completedSteps: readonly string[];
  nextStep: string;
  payment?: { method: string } | undefined;
}

/**
 * The steps of a flow as the breadcrumb shows them: payment is left out when the gateway
 * says the booking needs none (a free visit skips it).
 */
export function visibleSteps(flow: Flow, options: { paymentSkipped?: boolean } = {}): FlowStep[] {
  return FLOW_STEPS[flow].filter((s) => !(s === "payment" && options.paymentSkipped));
}

/**
 * True when the booking has nothing to pay: the gateway marks a free basket's payment as
 * "none" (and counts the step as done), so the flow goes from the last step to review.
 */
export function paymentSkipped(basket: BasketProgress | null): boolean {
  return basket?.payment?.method === "none";
}

/**
 * May the user open this step now? Date always; another step once the gateway has
 * every earlier step (it is done, or it is the step due next, or it comes before it).
 */
export function stepReachable(flow: Flow, step: FlowStep, basket: BasketProgress | null): boolean {
  if (step === "date") return true;
  if (step === "confirmation") return true;
  if (!basket) return false;
  if (basket.completedSteps.includes(step)) return true;
  const order = FLOW_STEPS[flow];
  const at = order.indexOf(step);
  const due = order.indexOf(basket.nextStep as FlowStep);
  if (at < 0 || due < 0) return false;
  return at <= due;
}

/** Where a step is "done" in the breadcrumb: saved at the gateway and not the one shown. */
export function stepDone(step: FlowStep, basket: BasketProgress | null): boolean {
  return Boolean(basket?.completedSteps.includes(step));
}

/** The steps a user can go back to from review and change (every step before it). */
export type ChangeableStep = Exclude<FlowStep, "review" | "confirmation">;

/** What going back to each step changes, as the review's change links say it. */
export const CHANGE_LABELS: Record<ChangeableStep, string> = {
  date: "Change the museum or date",
  information: "Change your group details",
  schedule: "Change your day",
  "group-activities": "Change your activities",
  "group-capacities": "Change your times and tickets",
  "group-details": "Change your group details",
  payment: "Change how you pay",
};

export interface ChangeLink {
  step: ChangeableStep;
  href: string;
  label: string;
}

/**
 * The review's change links: one for each step of this flow before review, read from the
 * flow's own steps (FLOW_STEPS) and paths, never written by hand, so a link can only lead
 * to a step of the user's own flow. Payment is left out when the booking needs none.
 */
export function changeLinks(flow: Flow, options: { paymentSkipped?: boolean } = {}): ChangeLink[] {
  return visibleSteps(flow, options)
    .filter((step): step is ChangeableStep => step !== "review" && step !== "confirmation")
    .map((step) => ({ step, href: STEP_PATHS[step], label: CHANGE_LABELS[step] }));
}

/** Where each flow's times are chosen: where a time that has sold out is changed. */
export const TIMES_STEP = {
  standard: { step: "schedule", label: "Choose another time on your day plan" },
  group: { step: "group-capacities", label: "Choose another time for your tickets" },
} as const satisfies Record<Flow, { step: ChangeableStep; label: string }>;

/** The confirmation page of an order. */
export function confirmationPath(orderId: string): string {
  return `${STEP_PATHS.confirmation}?${new URLSearchParams({ orderId })}`;
}
