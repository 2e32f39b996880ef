import { STEP_LABELS, stepPath, visibleSteps, type Flow, type FlowStep } from "../../booking/steps";
import { StepsBreadcrumb } from "../steps-breadcrumb";
import "./booking.css";

export interface BookingBreadcrumbProps {
  flow: Flow;
  current: FlowStep;
  /** The steps the gateway has saved (basket.completedSteps); every step before confirmation once checked out. */
  completedSteps: readonly string[];
  /** A free booking has no payment step. */
  paymentSkipped?: boolean;
  /** Done steps are links back to them, unless the booking is finished (confirmation). */
  linkDone?: boolean;
}

/** The steps of this user's booking flow (see StepsBreadcrumb). */
export function BookingBreadcrumb({ flow, current, completedSteps, paymentSkipped = false, linkDone = true }: BookingBreadcrumbProps) {
  const steps = visibleSteps(flow, { paymentSkipped }).map((step) => ({
    id: step,
    label: STEP_LABELS[step],
    href: stepPath(step),
    done: completedSteps.includes(step),
  }));
  return <StepsBreadcrumb label="Booking steps" steps={steps} current={current} linkDone={linkDone} />;
}
