import { TICKET_TYPE_LABELS, TICKET_TYPES } from "./group/ticket-types";
import { AGE_BAND_LABELS, AGE_BANDS } from "./ratios";
import type { AccessNeeds, Basket, GroupDetails, Money, Order, ParticipantCount, PriceLine, Quote, ScheduleEntry, TicketSelection } from "../../generated/schemas";

// One view of a booking (docs/architecture.md §2.3): what every page says about a booking —
// the booking card beside each step, the review's "Your visit", "Your day" and price, the
// confirmation and the order page — is derived here, once, from the gateway's basket (with
// its quote) or its order, and the components only render it. Nothing is computed that the
// gateway owns (docs/requirements.md §8): the day is its schedule, the price its quote.

export interface BookingView {
  organisation: string;
  venue: string | null;
  /** YYYY-MM-DD. */
  visitDate: string | null;
  /** HH:MM the group (or, for outreach, the museum's team) arrives. */
  arrival: string | null;
  /** Everyone coming, as the gateway counts them (0 before any numbers are saved). */
  people: number;
  /** Pupils per age band, e.g. "30 aged 5–11, 4 under 5" (visits). */
  pupils: string | null;
  /** e.g. "4 supervising adults, 1 one-to-one carer" (visits). */
  adults: string | null;
  /** Tickets by type over every time, e.g. "12 adult, 4 concession" (group visits). */
  tickets: string | null;
  group: { name: string; lead: string; coach: string } | null;
  /** The day's timed activities, in start order. */
  day: readonly ScheduleEntry[];
  price: { lines: readonly PriceLine[]; total: Money } | null;
  /** How it is to be paid (a basket; an order's payment has a status and is shown with it). */
  payment: string | null;
  /** The information step's other answers (a visit basket; an order does not keep them). */
  answers: { accessNeeds: string; lunchSpace: boolean; notes: string | null } | null;
}

const PAYMENT_TEXT = { card: "Card", invoice: "Invoice", none: "Nothing to pay" } as const;

/** A basket as every booking page shows it; the price once the gateway has quoted it. */
export function describeBasket(basket: Basket, quote?: Quote | null): BookingView {
  const info = basket.information;
  return {
    organisation: basket.organisation.name,
    venue: basket.venue?.name ?? null,
    visitDate: basket.visitDate ?? null,
    arrival: info?.arrivalTime ?? basket.groupDetails?.arrivalTime ?? null,
    people: basket.participants,
    pupils: info ? pupilsText(info.participants) : null,
    adults: info ? adultsText(info.adults, info.oneToOneCarers) : null,
    tickets: ticketsText(basket.tickets),
    group: basket.groupDetails ? groupText(basket.groupDetails) : null,
    day: basket.schedule,
    price: quote ? { lines: quote.lines, total: quote.total } : null,
    payment: basket.payment ? paymentText(basket.payment) : null,
    answers: info ? { accessNeeds: accessText(info.accessNeeds), lunchSpace: info.lunchSpace, notes: info.notes ?? null } : null,
  };
}

/** An order as its confirmation and its page show it. */
export function describeOrder(order: Order): BookingView {
  const booked = order.booked;
  const visit = order.kind === "visit" && booked !== undefined && booked.adults !== undefined;
  return {
    organisation: order.organisation.name,
    venue: order.venue.name,
    visitDate: order.visitDate,
    arrival: order.arrivalTime,
    people: order.participants,
    pupils: visit ? pupilsText(booked.participants ?? []) : null,
    adults: visit ? adultsText(booked.adults ?? 0, booked.oneToOneCarers ?? 0) : null,
    tickets: order.kind === "group-visit" ? ticketsText(booked?.tickets ?? []) : null,
    group: order.groupDetails ? groupText(order.groupDetails) : null,
    day: order.schedule ?? [],
    price: { lines: order.lines, total: order.total },
    payment: null,
    answers: null,
  };
}

function pupilsText(participants: readonly ParticipantCount[]): string {
  const counts = AGE_BANDS.map((band) => [band, participants.filter((p) => p.ageBand === band).reduce((n, p) => n + p.count, 0)] as const);
  const named = counts.filter(([, n]) => n > 0).map(([band, n]) => `${n} ${AGE_BAND_LABELS[band].toLowerCase()}`);
  return named.length > 0 ? named.join(", ") : "None";
}

function adultsText(adults: number, carers: number): string {
  const supervising = `${adults} supervising ${adults === 1 ? "adult" : "adults"}`;
  return carers > 0 ? `${supervising}, ${carers} one-to-one ${carers === 1 ? "carer" : "carers"}` : supervising;
}

function ticketsText(tickets: readonly TicketSelection[]): string | null {
  const parts = TICKET_TYPES.flatMap((type) => {
    const n = tickets.filter((t) => t.ticketType === type).reduce((sum, t) => sum + t.quantity, 0);
    return n > 0 ? [`${n} ${TICKET_TYPE_LABELS[type].toLowerCase()}`] : [];
  });
  return parts.length > 0 ? parts.join(", ") : null;
}

function groupText(details: GroupDetails): NonNullable<BookingView["group"]> {
  const coaches = details.coaches;
  const coach =
    coaches > 0 ? `${coaches} ${coaches === 1 ? "coach" : "coaches"}${details.coachCompany ? ` (${details.coachCompany})` : ""}` : "No coach";
  return { name: details.groupName, lead: `${details.leadName}, ${details.leadMobile}`, coach };
}

function paymentText(payment: NonNullable<Basket["payment"]>): string {
  return [
    PAYMENT_TEXT[payment.method],
    payment.payLater ? " (pay later)" : "",
    payment.purchaseOrderNumber ? `, purchase order ${payment.purchaseOrderNumber}` : "",
  ].join("");
}

function accessText(needs: AccessNeeds): string {
  const named = [
    needs.mobility ? "mobility" : null,
    needs.sensory ? "sensory" : null,
    needs.communication ? "communication" : null,
    needs.quietSpace ? "a quiet space" : null,
  ].filter(Boolean);
  const text = named.length > 0 ? `Help with ${named.join(", ")}` : "None given";
  return needs.details ? `${text}. ${needs.details}` : text;
}
