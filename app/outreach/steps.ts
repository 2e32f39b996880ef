import type { BasketStep } from "../../generated/schemas";

// The outreach flow (docs/requirements.md §2.4, §8.7) as routes: outreach (eligibility) → activities →
// advisories → questions → schedule → terms → summary → payment → confirmation. Shared by
// the guard (server), the step actions and the breadcrumb (browser), so it imports only types and nothing
// that runs on the server.

export type OutreachStep =
  | "eligibility"
  | "activities"
  | "advisories"
  | "questions"
  | "schedule"
  | "terms"
  | "summary"
  | "payment"
  | "confirmation";

export const OUTREACH_ROOT = "/account/book/outreach";

export const OUTREACH_STEPS: readonly OutreachStep[] = [
  "eligibility",
  "activities",
  "advisories",
  "questions",
  "schedule",
  "terms",
  "summary",
  "payment",
  "confirmation",
];

/** Each step's path under OUTREACH_ROOT (eligibility is the root itself): the one table app/routes.ts and every link read. */
export const OUTREACH_SEGMENTS = {
  activities: "activities",
  advisories: "advisories",
  questions: "questions",
  schedule: "schedule",
  terms: "terms",
  summary: "summary",
  payment: "payment",
  confirmation: "confirmation",
} as const satisfies Record<Exclude<OutreachStep, "eligibility">, string>;

export const OUTREACH_PATHS = {
  eligibility: OUTREACH_ROOT,
  ...Object.fromEntries(Object.entries(OUTREACH_SEGMENTS).map(([step, segment]) => [step, `${OUTREACH_ROOT}/${segment}`])),
} as Record<OutreachStep, string>;

export const OUTREACH_LABELS: Record<OutreachStep, string> = {
  eligibility: "Outreach",
  activities: "Sessions",
  advisories: "Before we visit",
  questions: "About your school",
  schedule: "Date and times",
  terms: "Terms",
  summary: "Check your request",
  payment: "Payment",
  confirmation: "Request sent",
};

/** Page titles (and h1s) of the steps. */
export const OUTREACH_TITLES: Record<OutreachStep, string> = {
  eligibility: "Book an outreach visit",
  activities: "Choose outreach sessions",
  advisories: "Before we visit",
  questions: "About your school",
  schedule: "Choose a date and times",
  terms: "Outreach terms",
  summary: "Check your outreach request",
  payment: "Payment",
  confirmation: "Outreach request sent",
};

/** The steps the summary shows, each in a section of its own with a link back to change it. */
export type SummarisedStep = Exclude<OutreachStep, "eligibility" | "summary" | "payment" | "confirmation">;

/** What going back to each step changes, as the summary's change links say it. */
export const OUTREACH_CHANGE_LABELS: Record<SummarisedStep, string> = {
  activities: "Change sessions",
  advisories: "Change what you confirmed",
  questions: "Change your answers",
  schedule: "Change date and times",
  terms: "Change terms",
};

export interface OutreachChangeLink {
  step: SummarisedStep;
  href: string;
  label: string;
}

/**
 * The summary's sections and change links, in the flow's order: every step between
 * eligibility and the summary, read from this table (OUTREACH_STEPS, OUTREACH_PATHS), never
 * written by hand.
 */
export function summaryChangeLinks(): OutreachChangeLink[] {
  return OUTREACH_STEPS.filter((step): step is SummarisedStep => Object.hasOwn(OUTREACH_CHANGE_LABELS, step)).map((step) => ({
    step,
    href: OUTREACH_PATHS[step],
    label: OUTREACH_CHANGE_LABELS[step],
  }));
}

/** The gateway's steps of an outreach basket (a new one in the contract's enum fails to compile until it is here). */
type GatewayOutreachStep = Extract<BasketStep, `outreach-${string}`> | "payment" | "review";

/** The gateway's basket steps of an outreach basket, and the page each is done on. */
const GATEWAY_STEPS: Record<GatewayOutreachStep, OutreachStep> = {
  "outreach-eligibility": "eligibility",
  "outreach-activities": "activities",
  "outreach-advisories": "advisories",
  "outreach-questions": "questions",
  "outreach-schedule": "schedule",
  "outreach-terms": "terms",
  // Everything is saved: the user checks it on the summary, then chooses how to pay.
  payment: "summary",
  // The payment method is saved but the request is not sent (e.g. a declined card).
  review: "payment",
};

/** What the guard and the breadcrumb need to know of a basket. */
export interface OutreachProgress {
  completedSteps: readonly string[];
  nextStep: string;
}

/** The outreach step a path shows, or null (not an outreach page). */
export function outreachStepOfPath(pathname: string): OutreachStep | null {
  const path = pathname.replace(/\/+$/, "");
  for (const step of OUTREACH_STEPS) if (OUTREACH_PATHS[step] === path) return step;
  return null;
}

/**
 * Whether a step is done. Eligibility is done once there is a basket (the gateway checks
 * eligibility when it makes one); the summary once everything it shows is saved (terms
 * are the last); payment once its choice is saved.
 */
export function outreachStepDone(step: OutreachStep, basket: OutreachProgress | null): boolean {
  if (!basket) return false;
  const done = new Set(basket.completedSteps);
  switch (step) {
    case "eligibility":
      return true;
    case "summary":
      return done.has("outreach-terms");
    case "payment":
      return done.has("payment");
    case "confirmation":
      return false;
    default:
      return done.has(`outreach-${step}`);
  }
}

/** The first step (in page order) that is not done: where a user who skipped ahead is sent. */
export function firstMissingStep(basket: OutreachProgress | null): OutreachStep {
  if (!basket) return "eligibility";
  for (const step of OUTREACH_STEPS) {
    if (step === "confirmation") break;
    if (!outreachStepDone(step, basket)) return step;
  }
  return "payment";
}

/** The page of the step the gateway says is due (after a save). */
export function dueStep(basket: OutreachProgress): OutreachStep {
  return GATEWAY_STEPS[basket.nextStep as GatewayOutreachStep] ?? firstMissingStep(basket);
}

export type OutreachDecision = { ok: true; step: OutreachStep | null } | { ok: false; redirectTo: string };

/**
 * May this outreach page be shown? The eligibility page always; confirmation always (it
 * shows an order); the payment page when it is the hosted payment page's return. Any
 * other step needs an eligible organisation (otherwise the eligibility page says why) and
 * every earlier step done (otherwise the first missing one).
 */
/** The payment page's own query parameters; any other is the card provider's, on its return. */
export const OUTREACH_PAYMENT_PARAMS = ["payment"] as const;

const isProviderReturn = (url: URL) => [...url.searchParams.keys()].some((key) => !(OUTREACH_PAYMENT_PARAMS as readonly string[]).includes(key));

export function decideOutreachStep(url: URL, eligible: boolean, basket: OutreachProgress | null): OutreachDecision {
  const step = outreachStepOfPath(url.pathname);
  if (!step || step === "eligibility" || step === "confirmation") return { ok: true, step };
  // The loader matches it to the payment the user was sent to pay (or shows the step).
  if (step === "payment" && isProviderReturn(url)) return { ok: true, step };
  if (!eligible) return { ok: false, redirectTo: OUTREACH_PATHS.eligibility };
  const at = OUTREACH_STEPS.indexOf(step);
  for (const earlier of OUTREACH_STEPS.slice(0, at)) {
    if (!outreachStepDone(earlier, basket)) return { ok: false, redirectTo: OUTREACH_PATHS[firstMissingStep(basket)] };
  }
  return { ok: true, step };
}

/** The confirmation page of an order. */
export function outreachConfirmationPath(orderId: string): string {
  return `${OUTREACH_PATHS.confirmation}?${new URLSearchParams({ orderId })}`;
}
