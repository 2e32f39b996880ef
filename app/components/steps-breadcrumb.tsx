import { Link } from "./link";

export interface BreadcrumbStep {
  id: string;
  label: string;
  href: string;
  done: boolean;
}

/**
 * A flow's steps (visit booking, outreach): "Step n of m", the current one marked with
 * aria-current="step", the done ones linked so the user can go back and change them
 * (unless linkDone is false, once the flow is finished), the rest plain text.
 */
export function StepsBreadcrumb({ label, steps, current, linkDone }: { label: string; steps: readonly BreadcrumbStep[]; current: string; linkDone: boolean }) {
  const position = steps.findIndex((step) => step.id === current) + 1;
  return (
    <nav aria-label={label} className="booking-breadcrumb">
      {position > 0 ? (
        <p className="booking-progress">
          Step {position} of {steps.length}
        </p>
      ) : null}
      <ol>
        {steps.map(({ id, label: stepLabel, href, done }) => (
          <li key={id}>
            {id === current ? (
              <span aria-current="step">{stepLabel}</span>
            ) : done && linkDone ? (
              <Link to={href}>
                {stepLabel}
                <span className="visually-hidden"> (done)</span>
              </Link>
            ) : (
              <span className={done ? "step-done" : "step-todo"}>
                {stepLabel}
                <span className="visually-hidden">{done ? " (done)" : " (to do)"}</span>
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
