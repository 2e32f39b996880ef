import { unbookableReason } from "../calendar";
import { fail, type Core } from "../core";
import type { Outreach } from "../outreach";
import { STEPS, STEP_NAMES, unhandledStep } from "../steps";
import type { BasketRecord, BasketStep, Failure } from "../types";
import type { GroupVisitSteps } from "./group-visit-steps";
import type { PaymentStep } from "./payment-step";
import type { VisitSteps } from "./visit-steps";

// Progress through a basket's steps: a step counts as done only while what it saved
// still holds (a slot may since have gone, a venue changed), so completed steps and the
// next step due are worked out on every answer, never stored; a step may be saved only
// once every step before it is done.

const KIND_NAMES = { visit: "school visit", "group-visit": "group visit", outreach: "outreach" } as const;

type StepRules = Pick<VisitSteps, "scheduleErrors"> & Pick<GroupVisitSteps, "ticketErrors"> & Pick<PaymentStep, "paymentErrors" | "quoteTotal">;

export function createProgress(core: Core, outreach: Outreach, { paymentErrors, quoteTotal, scheduleErrors, ticketErrors }: StepRules) {
  const { ctx, st, activitiesAt, testControls } = core;

  function stepDone(b: BasketRecord, step: BasketStep): boolean {
    switch (step) {
      case "date":
        return !!b.venueId && !!b.visitDate && !unbookableReason(b.visitDate, ctx.today());
      case "information":
        // Still valid at this venue (a venue changed at the date step may have no lunch space).
        return !!b.information && b.informationValid === true
          && !(b.information.lunchSpace && !activitiesAt(b.venueId ?? "").some((a) => a.kind === "lunch-space"));
      case "schedule":
        return !!b.schedule && scheduleErrors(b, b.schedule, false).length === 0;
      case "group-activities":
        return (b.groupActivityIds?.length ?? 0) > 0;
      case "group-capacities":
        return !!b.tickets && ticketErrors(b, b.tickets, false).length === 0;
      case "group-details":
        return !!b.groupDetails;
      case "payment":
        // Free bookings skip payment (unless a test control has them ask for "none", test-controls.ts).
        return (quoteTotal(b) === 0 && !testControls.asksFreePayment(b.userId))
          || (!!b.payment && paymentErrors(b, b.payment).length === 0);
      case "outreach-eligibility":
      case "outreach-activities":
      case "outreach-advisories":
      case "outreach-questions":
      case "outreach-schedule":
      case "outreach-terms":
        return b.kind === "outreach" && outreach.stepDone(b, step);
      case "review":
        // Never done: progress stops at review, which checkout ends.
        return false;
      default:
        return unhandledStep(step);
    }
  }

  function progress(b: BasketRecord): { completedSteps: BasketStep[]; nextStep: BasketStep } {
    const completedSteps: BasketStep[] = [];
    for (const step of STEPS[b.kind]) {
      if (step === "review" || !stepDone(b, step)) return { completedSteps, nextStep: step };
      completedSteps.push(step);
    }
    return { completedSteps, nextStep: "review" };
  }

  /** The first step before `step` that is not done, if any. */
  function missingBefore(b: BasketRecord, step: BasketStep): BasketStep | undefined {
    const { nextStep } = progress(b);
    const steps = STEPS[b.kind];
    return steps.indexOf(nextStep) < steps.indexOf(step) ? nextStep : undefined;
  }

  function editable(b: BasketRecord, step: BasketStep): Failure | undefined {
    if (b.status === "checked-out") {
      const ref = b.orderId ? st().orders.get(b.orderId)?.reference : undefined;
      return fail(409, "basket_not_open", `This booking has already been made${ref ? ` (reference ${ref})` : ""}: start a new booking to make another.`);
    }
    if (!STEPS[b.kind].includes(step)) {
      return fail(409, "step_out_of_order", `The ${STEP_NAMES[step]} step is not part of a ${KIND_NAMES[b.kind]} booking.`);
    }
    const missing = missingBefore(b, step);
    if (missing) return fail(409, "step_out_of_order", `Complete the ${STEP_NAMES[missing]} step first (${missing}).`);
    return undefined;
  }

  function incomplete(b: BasketRecord, before: BasketStep): Failure | undefined {
    const missing = missingBefore(b, before);
    return missing ? fail(409, "basket_incomplete", `Complete the ${STEP_NAMES[missing]} step first (${missing}).`) : undefined;
  }

  return { editable, incomplete, missingBefore, progress, stepDone };
}

export type Progress = ReturnType<typeof createProgress>;
