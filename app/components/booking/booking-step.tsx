import type { ReactNode } from "react";
import type { Flow, FlowStep } from "../../booking/steps";
import { BookingBreadcrumb } from "./booking-breadcrumb";
import { BookingCard } from "./booking-card";
import "./booking.css";
import type { Basket, Quote } from "../../../generated/schemas";

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

