import type { ReactNode } from "react";
import type { BookingView } from "../../booking/booking-view";
import type { Flow, FlowStep } from "../../booking/steps";
import { BookingBreadcrumb } from "./booking-breadcrumb";
import { BookingCard } from "./booking-card";
import "./booking.css";
import type { Basket } from "../../../generated/schemas";

/** What step loaders return (see bookingView in app/booking/basket.server.ts). */
export interface BookingViewData {
  flow: Flow;
  basket: Basket | null;
  paymentSkipped: boolean;
  /** The basket as every page shows it (null before there is one). */
  view: BookingView | null;
}

export interface BookingStepProps {
  booking: BookingViewData;
  step: FlowStep;
  title: string;
  children: ReactNode;
}

/** A booking step page: breadcrumb, heading, the step's content and the booking card beside it. */
export function BookingStep({ booking, step, title, children }: BookingStepProps) {
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
        <BookingCard view={booking.view} />
      </div>
    </div>
  );
}

