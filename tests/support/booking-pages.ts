import { formatMoney } from "../../app/shell/format";
import type { Basket, Order, PriceLine, Quote, ScheduleEntry } from "../../generated/schemas";

// What the booking pages say, read from the rendered page as a user reads it (terms and
// their descriptions, list items, table rows, links), and what the gateway's basket, quote
// or order say the same things are. Tests compare the two.

/** A description list as term → description. */
export function termsOf(list: Element | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  let term = "";
  for (const child of list?.children ?? []) {
    if (child.tagName === "DT") term = text(child);
    else if (child.tagName === "DD") out[term] = text(child);
  }
  return out;
}

export const text = (node: Element | null | undefined) => (node?.textContent ?? "").replace(/\s+/g, " ").trim();

function withoutNotes(item: Element): string {
  const copy = item.cloneNode(true) as Element;
  for (const note of copy.querySelectorAll("strong")) note.remove();
  return text(copy);
}

/** Everything the review (or any step) shows about the booking, each view apart. */
export interface ShownBooking {
  /** The booking card beside the step. */
  card: Record<string, string>;
  /** The card's activities, one each. */
  cardDay: string[];
  /** The review's "Your visit", when shown. */
  visit: Record<string, string> | null;
  /** The review's "Your day": the arrival time, then each activity, then leaving. */
  day: string[] | null;
  /** The price table's rows (item, quantity, price each, total) and its total. */
  price: { rows: string[][]; total: string } | null;
  /** The review's links back to the steps. */
  changeLinks: { label: string; href: string }[];
}

export function shownBooking(document: Document): ShownBooking {
  const card = document.querySelector("aside.booking-card dl");
  const visit = document.querySelector('section[aria-labelledby="visit-heading"]');
  const day = document.querySelector(".day-timeline ol.timeline-list");
  return {
    card: termsOf(card),
    cardDay: [...(card?.querySelectorAll("dd li") ?? [])].map(text),
    visit: visit ? termsOf(visit.querySelector("dl")) : null,
    // Each entry as listed; a note on it (a clash, an activity before arrival) is not part of what is booked.
    day: day ? [...day.querySelectorAll("li")].map(withoutNotes) : null,
    price: priceOf(document),
    changeLinks: [...(visit?.querySelectorAll('ul[aria-label="Change your booking"] a') ?? [])].map((a) => ({
      label: text(a),
      href: a.getAttribute("href") ?? "",
    })),
  };
}

export function priceOf(document: Document): { rows: string[][]; total: string } | null {
  const table = document.querySelector("table.price-table");
  if (!table) return null;
  return {
    rows: [...table.querySelectorAll("tbody tr")].map((row) => [...row.children].map(text)),
    total: text(table.querySelector("tfoot td")),
  };
}

/** The arrival time a basket says, from whichever step saved it. */
export const basketArrival = (basket: Basket) => basket.information?.arrivalTime ?? basket.groupDetails?.arrivalTime ?? null;

/** An activity of the day as the pages list it. */
export const entryText = (e: Pick<ScheduleEntry, "start" | "end" | "name">) => `${e.start}–${e.end} ${e.name}`;

/** The price table's rows for these lines, a price of nothing said as `free`. */
export function priceRows(lines: readonly PriceLine[], free = "Free"): string[][] {
  const money = (m: PriceLine["total"]) => (m.amount === 0 ? free : formatMoney(m));
  return lines.map((l) => [l.description, String(l.quantity), money(l.unitPrice), money(l.total)]);
}

/** What every view must say of a basket (and its quote, when it has one). */
export function expectedOfBasket(basket: Basket, quote: Quote | null) {
  return {
    venue: basket.venue?.name ?? null,
    arrival: basketArrival(basket),
    people: basket.participants,
    group: basket.groupDetails?.groupName ?? null,
    day: basket.schedule.map(entryText),
    price: quote ? { rows: priceRows(quote.lines), total: formatMoney(quote.total) } : null,
  };
}

/** What the confirmation and the order page must say of an order. */
export function expectedOfOrder(order: Order) {
  return {
    venue: order.venue.name,
    arrival: order.arrivalTime,
    people: order.participants,
    group: order.groupDetails?.groupName ?? null,
    day: (order.schedule ?? []).map(entryText),
    price: { rows: priceRows(order.lines), total: formatMoney(order.total) },
  };
}
