import {
  FLOW_STEPS, flowFor, flowOfStep, stepOfPath, stepPath, stepReachable,
  type BasketProgress, type Flow, type FlowStep,
} from "./steps";
import { ASSOCIATION_REQUIRED, type AssociationRequired } from "../session/flow-access";
import type { Association, User } from "../../generated/schemas";

// The booking guard's decisions, kept pure so they are tested without a server.

/**
 * Bookings belong to the user's current organisation: it needs an approved association
 * with it. Any approved association will do when none is current (the gateway then
 * uses the user's current organisation, so the user is asked to pick one first).
 */
export function associationAccess(
  user: Pick<User, "currentOrganisationId">,
  associations: readonly Association[],
): { ok: true; organisationId: string } | { ok: false; problem: AssociationRequired } {
  const current = associations.find((a) => a.organisation.id === user.currentOrganisationId);
  if (current?.status === "approved") return { ok: true, organisationId: current.organisation.id };
  const pending = current ?? associations.find((a) => a.status === "pending");
  return {
    ok: false,
    problem: {
      code: ASSOCIATION_REQUIRED,
      reason: pending ? "pending" : "none",
      organisationName: pending?.organisation.name ?? null,
    },
  };
}

export type StepDecision = { ok: true; step: FlowStep | null } | { ok: false; redirectTo: string };

/**
 * Whether a booking page may be shown: the flow must fit the group type (the other
 * flow's step goes to this flow's step due), and a step whose earlier steps are missing
 * goes to the basket's next step (date when there is no basket). Pages that are not
 * steps (payment return) and confirmation are always allowed; so is the payment page
 * when it is about an order's payment (after checkout, e.g. a declined card).
 */
export function decideStep(
  groupType: User["groupType"],
  url: URL,
  basket: BasketProgress | null,
): StepDecision {
  const flow: Flow = flowFor(groupType);
  const step = stepOfPath(url.pathname);
  if (!step || step === "confirmation") return { ok: true, step };
  if (step === "payment" && url.searchParams.has("paymentId")) return { ok: true, step };
  const due = dueStepPath(flow, basket);
  const stepFlow = flowOfStep(step);
  if (stepFlow && stepFlow !== flow) return { ok: false, redirectTo: due };
  if (stepReachable(flow, step, basket)) return { ok: true, step };
  return { ok: false, redirectTo: due };
}

/** The path of the step the gateway says is due, within this flow (date when none). */
export function dueStepPath(flow: Flow, basket: BasketProgress | null): string {
  if (!basket) return stepPath("date");
  return FLOW_STEPS[flow].includes(basket.nextStep as FlowStep) ? stepPath(basket.nextStep) : stepPath("date");
}
