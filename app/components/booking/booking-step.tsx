import type { ReactNode } from "react";
import type { Basket, Quote } from "../../api/booking.server";
import type { Flow, FlowStep } from "../../booking/steps";
import { BookingBreadcrumb } from "./booking-breadcrumb";
import { BookingCard } from "./booking-card";
import "./booking.css";

/** What step loaders return (see bookingView in app/booking/basket.server.ts). */
export interface BookingViewData {
  flow: Flow;
  basket: Basket | null;
  paymentSkipped: boolean;
}

export interface BookingStepProps {
  booking: BookingViewData;
  step: FlowStep;
  title: string;
  quote?: Quote | null;
  children: ReactNode;
}

/** A booking step page: breadcrumb, heading, the step's content and the booking card beside it. */
export function BookingStep({ booking, step, title, quote, children }: BookingStepProps) {
  return (
    <div className="page booking-page">
      <BookingBreadcrumb
        flow={booking.flow}
        current={step}
        completedSteps={booking.basket?.completedSteps ?? []}
        paymentSkipped={booking.paymentSkipped}
      />
      <div className="booking-layout">
        <div className="booking-main">
          <h1>{title}</h1>
          {children}
        </div>
        <BookingCard basket={booking.basket} quote={quote ?? null} />
      </div>
    </div>
  );
}

/** The error summary at the top of a step's form: the gateway's message or a pointer to the fields. */
export function FormErrors({
  errors,
  fieldIds = {},
}: {
  errors: Record<string, string | undefined>;
  /** Error key → the id of its field, for the links to each field (default: the key). */
  fieldIds?: Record<string, string>;
}) {
  const fields = Object.entries(errors).filter(([key, message]) => key !== "form" && message) as [string, string][];
  if (!errors.form && fields.length === 0) return null;
  return (
    <div className="error-summary" role="alert">
      <p>{errors.form ?? "Some details need changing. Check the messages beside the fields."}</p>
      {fields.length > 0 ? (
        <ul>
          {fields.map(([key, message]) => (
            <li key={key}>
              <a href={`#${fieldIds[key] ?? key}`}>{message}</a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
