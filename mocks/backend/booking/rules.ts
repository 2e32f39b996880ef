// The gateway's booking rules (docs/requirements.md §8.3–§8.9): supervision ratios, group size, prices,
// payment options and holds. Pure functions of their inputs, unit-tested on their own.
import { addDays } from "../dates";
import type { GroupType } from "../types";
import { daysBetween } from "./calendar";
import type { AgeBand, BasketMessage, Money, ParticipantCount, PaymentOption, PriceLine, TicketType } from "./types";

export const AGE_BANDS: readonly AgeBand[] = ["under-5", "5-11", "11-16", "16-18"];
/** One adult for every N children of the band. */
export const RATIOS: Readonly<Record<AgeBand, number>> = { "under-5": 4, "5-11": 8, "11-16": 10, "16-18": 30 };
const BAND_NOUNS: Readonly<Record<AgeBand, string>> = {
  "under-5": "children under 5",
  "5-11": "pupils aged 5–11",
  "11-16": "pupils aged 11–16",
  "16-18": "students aged 16–18",
};
export const TICKET_TYPES: readonly TicketType[] = ["adult", "child", "concession", "carer"];
export const TICKET_LABELS: Readonly<Record<TicketType, string>> = {
  adult: "adult", child: "child", concession: "concession", carer: "free carer",
};

export const MIN_PARTICIPANTS = 1;
export const MAX_PARTICIPANTS = 200;
/** An adult beyond the supervision ratio pays this (pence); adults within it are free. */
export const EXTRA_ADULT_PRICE = 500;

/** Invoice only for education organisations booking more than 28 days ahead. */
export const INVOICE_MIN_DAYS = 29;
/** Card: 60 or more days ahead, held unpaid until 60 days before; 28–59 days ahead, for 3 days. */
export const PAY_LATER_MIN_DAYS = 28;
export const LONG_HOLD_DAYS = 60;
export const SHORT_HOLD_DAYS = 3;

/** Basket holds from review: 15 minutes, extendable once by 15 minutes. */
export const HOLD_MINUTES = 15;
/** For a user who asked for more time to book (WCAG 2.2.1: ten times the default). */
export const EXTENDED_HOLD_MINUTES = 150;
export const HOLD_EXTENSION_MINUTES = 15;
export const HOLD_EXTENSIONS = 1;
export const HOLD_EXPIRING_MINUTES = 5;
/** A card payment started now keeps the order held for this long. */
export const PAYMENT_SESSION_MINUTES = 30;
/** An untouched draft expires after this many days. */
export const BASKET_EXPIRY_DAYS = 30;

export const gbp = (amount: number): Money => ({ amount, currency: "GBP" });

export function formatMoney(pence: number): string {
  return `£${(pence / 100).toFixed(2)}`;
}

export function line(description: string, quantity: number, unitPence: number): PriceLine {
  return { description, quantity, unitPrice: gbp(unitPence), total: gbp(unitPence * quantity) };
}

export const sumLines = (lines: readonly PriceLine[]) => lines.reduce((sum, l) => sum + l.total.amount, 0);

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export interface BandShortfall {
  ageBand: AgeBand;
  /** Adults missing for this band. */
  adults: number;
  /** How many more children of the band those adults would supervise. */
  children: number;
  message: string;
}

export interface RatioCheck {
  children: number;
  /** Adults the ratios require (per band, rounded up). */
  required: number;
  /** Adults within the ratio (free). */
  free: number;
  /** Adults beyond the ratio (they pay). */
  extra: number;
  shortfalls: BandShortfall[];
}

/**
 * Supervision ratios: each band needs one adult per N children, rounded up. Adults are
 * given to the youngest bands first, so what is missing is said for the band left short:
 * "Add 1 more adult for up to 8 more pupils aged 5–11". Carers are not counted here.
 */
export function checkRatios(participants: readonly ParticipantCount[], adults: number): RatioCheck {
  const counts = bandCounts(participants);
  let available = adults;
  let required = 0;
  const shortfalls: BandShortfall[] = [];
  for (const band of AGE_BANDS) {
    const count = counts[band];
    if (count <= 0) continue;
    const need = Math.ceil(count / RATIOS[band]);
    required += need;
    const given = Math.min(available, need);
    available -= given;
    const missing = need - given;
    if (missing > 0) {
      const children = missing * RATIOS[band];
      shortfalls.push({
        ageBand: band, adults: missing, children,
        message: `Add ${missing} more ${missing === 1 ? "adult" : "adults"} for up to ${children} more ${BAND_NOUNS[band]}`,
      });
    }
  }
  const children = AGE_BANDS.reduce((sum, band) => sum + counts[band], 0);
  return { children, required, free: Math.min(adults, required), extra: Math.max(0, adults - required), shortfalls };
}

export function bandCounts(participants: readonly ParticipantCount[]): Record<AgeBand, number> {
  const counts: Record<AgeBand, number> = { "under-5": 0, "5-11": 0, "11-16": 0, "16-18": 0 };
  for (const p of participants) counts[p.ageBand] += p.count;
  return counts;
}

/** Basket messages about supervision, shown while the user edits the information step. */
export function ratioMessages(check: RatioCheck, adults: number): BasketMessage[] {
  if (check.children === 0) return [];
  if (check.shortfalls.length > 0) {
    return check.shortfalls.map((s) => ({ code: "ratio_shortfall", severity: "error", message: `${s.message}.`, field: "adults" }));
  }
  const messages: BasketMessage[] = [{
    code: "ratio_met",
    severity: "info",
    message: `${plural(adults, "adult")} supervise${adults === 1 ? "s" : ""} ${plural(check.children, "child", "children")}: ${check.free === adults ? (adults === 1 ? "the adult is" : "all are") : `${check.free} are`} free within the supervision ratios.`,
    field: "adults",
  }];
  if (check.extra > 0) {
    messages.push({
      code: "extra_adults",
      severity: "info",
      message: `${plural(check.extra, "adult")} beyond the ratios ${check.extra === 1 ? "pays" : "pay"} ${formatMoney(EXTRA_ADULT_PRICE)} each.`,
      field: "adults",
    });
  }
  return messages;
}

export interface VisitPricingInput {
  participants: readonly ParticipantCount[];
  adults: number;
  oneToOneCarers: number;
  /** The day's activities in start order, with their per-person price. */
  entries: readonly { name: string; start: string; end: string; participants: number; price: number; kind: string }[];
}

/**
 * Visit prices: general admission is free; adults within the ratios and one-to-one
 * carers are free; extra adults pay a flat fee; activities are charged per child taking
 * part (the accompanying adults go free).
 */
export function priceVisit(input: VisitPricingInput): PriceLine[] {
  const counts = bandCounts(input.participants);
  const check = checkRatios(input.participants, input.adults);
  const lines: PriceLine[] = [];
  for (const band of AGE_BANDS) {
    if (counts[band] > 0) lines.push(line(`General admission: ${BAND_NOUNS[band]}`, counts[band], 0));
  }
  if (check.free > 0) lines.push(line("Supervising adults within the ratios (free)", check.free, 0));
  if (check.extra > 0) lines.push(line("Additional adults beyond the ratios", check.extra, EXTRA_ADULT_PRICE));
  if (input.oneToOneCarers > 0) lines.push(line("One-to-one carers (free)", input.oneToOneCarers, 0));
  for (const e of input.entries) {
    const charged = e.kind === "lunch-space" ? e.participants : Math.min(e.participants, check.children);
    lines.push(line(`${e.name}, ${e.start}–${e.end}`, charged, e.kind === "lunch-space" ? 0 : e.price));
  }
  return lines;
}

export interface TicketPricingInput {
  name: string;
  start: string;
  ticketType: TicketType;
  quantity: number;
  /** The activity's price for this ticket type (carers are always free). */
  price: number;
}

export function priceTickets(tickets: readonly TicketPricingInput[]): PriceLine[] {
  return tickets
    .filter((t) => t.quantity > 0)
    .map((t) => line(`${t.name}, ${t.start}: ${TICKET_LABELS[t.ticketType]}`, t.quantity, t.ticketType === "carer" ? 0 : t.price));
}

/**
 * The date an unpaid card hold lapses, when the booking may be held unpaid: 60 days
 * before the visit when booking 60 or more days ahead; 3 days from today when 28–59
 * days ahead; never closer than 28 days.
 */
export function payLaterUntil(today: string, visitDate: string): string | undefined {
  const ahead = daysBetween(today, visitDate);
  if (ahead >= LONG_HOLD_DAYS) return addDays(visitDate, -LONG_HOLD_DAYS);
  if (ahead >= PAY_LATER_MIN_DAYS) return addDays(today, SHORT_HOLD_DAYS);
  return undefined;
}

export function paymentOptions(args: { total: number; groupType: GroupType; today: string; visitDate: string }): PaymentOption[] {
  const { total, groupType, today, visitDate } = args;
  if (total === 0) {
    return [
      { method: "none", available: true },
      { method: "card", available: false, reason: "This visit is free: there is nothing to pay." },
      { method: "invoice", available: false, reason: "This visit is free: there is nothing to pay." },
    ];
  }
  const ahead = daysBetween(today, visitDate);
  const holdUntil = payLaterUntil(today, visitDate);
  const card: PaymentOption = { method: "card", available: true, payLaterAvailable: holdUntil !== undefined };
  if (holdUntil) card.holdUntil = holdUntil;
  let invoice: PaymentOption;
  if (groupType !== "education") {
    invoice = { method: "invoice", available: false, reason: "Invoices are for schools and colleges only: pay by card." };
  } else if (ahead < INVOICE_MIN_DAYS) {
    invoice = { method: "invoice", available: false, reason: "Invoices are for visits more than 28 days away: pay by card." };
  } else {
    invoice = { method: "invoice", available: true };
  }
  return [card, invoice, { method: "none", available: false, reason: "This visit has a charge." }];
}

/** UK mobile numbers: 07xxx xxxxxx or +44 7xxx xxxxxx, spaces and hyphens allowed. */
export function isUkMobile(value: string): boolean {
  return /^(?:\+44|0)7\d{9}$/.test(value.replace(/[\s-]/g, ""));
}

/** Stable JSON (sorted keys), for comparing request bodies under one Idempotency-Key. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}
