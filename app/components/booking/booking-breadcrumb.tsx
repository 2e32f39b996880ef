import { Link } from "react-router";
import { STEP_LABELS, stepPath, visibleSteps, type Flow, type FlowStep } from "../../booking/steps";
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

/**
 * The steps of this user's flow: the current one marked with aria-current="step", the
 * done ones linked so the user can go back and change them, the rest plain text.
 */
export function BookingBreadcrumb({ flow, current, completedSteps, paymentSkipped = false, linkDone = true }: BookingBreadcrumbProps) {
  const steps = visibleSteps(flow, { paymentSkipped });
  const position = steps.indexOf(current) + 1;
  return (
    <nav aria-label="Booking steps" className="booking-breadcrumb">
      {position > 0 ? (
        <p className="booking-progress">
          Step {position} of {steps.length}
        </p>
      ) : null}
      <ol>
        {steps.map((step) => {
          const label = STEP_LABELS[step];
          if (step === current) {
            return (
              <li key={step}>
                <span aria-current="step">{label}</span>
              </li>
            );
          }
          const done = completedSteps.includes(step);
          return (
            <li key={step}>
              {done && linkDone ? (
                <Link to={stepPath(step)}>
                  {label}
                  <span className="visually-hidden"> (done)</span>
                </Link>
              ) : (
                <span className={done ? "step-done" : "step-todo"}>
                  {label}
                  <span className="visually-hidden">{done ? " (done)" : " (to do)"}</span>
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
