import { addDays, instant } from "./dates";
import type { Order, OrganisationSummary, PriceLine } from "./types";
import { activities, venues } from "./seed-venues";

type ScheduleEntry = NonNullable<Order["schedule"]>[number];

export function line(description: string, quantity: number, unitPence: number): PriceLine {
  return {
    description,
    quantity,
    unitPrice: { amount: unitPence, currency: "GBP" },
    total: { amount: unitPence * quantity, currency: "GBP" },
  };
}

/** A schedule entry for a catalogued activity; slot ids are "<activity>@<start>". */
export function slot(activityId: string, start: string, participants: number): ScheduleEntry {
  const activity = activities.find((a) => a.id === activityId);
  if (!activity) throw new Error(`Seed refers to unknown activity ${activityId}`);
  const [h = 0, m = 0] = start.split(":").map(Number);
  const endMinutes = h * 60 + m + activity.durationMinutes;
  const end = `${String(Math.floor(endMinutes / 60)).padStart(2, "0")}:${String(endMinutes % 60).padStart(2, "0")}`;
  return { activityId, slotId: `${activityId}@${start}`, kind: activity.kind, name: activity.name, start, end, participants };
}

function venueRef(id: string): Order["venue"] {
  const venue = venues.find((v) => v.id === id);
  if (!venue) throw new Error(`Seed refers to unknown venue ${id}`);
  return { id: venue.id, name: venue.name };
}

export type Draft = Omit<Order, "total" | "venue" | "organisation" | "timeline" | "createdAt"> & {
  venueId: string;
  /** Days relative to today, with what happened. The first entry is when the order was made. */
  timeline: [daysFromToday: number, time: string, event: Order["timeline"][number]["event"], description: string][];
};

export function order(organisation: OrganisationSummary, today: string, draft: Draft): Order {
  const { venueId, timeline, ...rest } = draft;
  const events = timeline.map(([days, time, event, description]) => ({
    at: instant(addDays(today, days), time),
    event,
    description,
  }));
  return {
    ...rest,
    venue: venueRef(venueId),
    organisation,
    total: { amount: rest.lines.reduce((sum, l) => sum + l.total.amount, 0), currency: "GBP" },
    timeline: events,
    createdAt: events[0]?.at ?? instant(today),
  };
}

/**
 * The demo school's orders: upcoming and past, one held, one cancelled, and one
 * outreach request. Visit dates are offsets from today so they never go stale.
 */
export function seedOrdersForDemoSchool(school: OrganisationSummary, today: string): Order[] {
  const d = (days: number) => addDays(today, days);
  return [
    order(school, today, {
      id: "ord-5001", reference: "GV-260417", kind: "visit", status: "confirmed",
      venueId: "venue-york-roman-quarter", visitDate: d(21), arrivalTime: "10:15", participants: 34,
      lines: [
        line("General admission: pupils aged 8–9", 30, 0),
        line("Supervising adults (1 for every 8 pupils, free)", 4, 0),
        line("Life in Roman Eboracum workshop", 30, 450),
        line("Lunch space, 12:00–12:30", 34, 0),
      ],
      payment: { method: "invoice", status: "paid", purchaseOrderNumber: "PO-RPS-2291" },
      schedule: [slot("act-roman-life", "10:30", 30), slot("act-york-lunch", "12:00", 34)],
      timeline: [
        [-40, "14:32", "booked", "Booking made by Amara Okafor."],
        [-40, "14:33", "invoice-sent", "Invoice sent to accounts@riverside-primary.example.org."],
        [-18, "09:10", "paid", "Invoice paid by bank transfer."],
        [-18, "09:11", "confirmed", "Visit confirmed."],
      ],
    }),
    order(school, today, {
      id: "ord-5002", reference: "GV-260533", kind: "visit", status: "held",
      venueId: "venue-leeds-natural-history", visitDate: d(75), arrivalTime: "09:45", participants: 33,
      lines: [
        line("General admission: pupils aged 5–6", 28, 0),
        line("Supervising adults (1 for every 8 pupils, free)", 4, 0),
        line("Additional adult", 1, 500),
        line("Dinosaur detectives workshop", 28, 400),
        line("Planetarium show: Our Solar System", 28, 350),
      ],
      payment: { method: "card", status: "unpaid" },
      heldUntil: instant(d(15), "23:00"),
      schedule: [slot("act-dinosaur-detectives", "10:00", 28), slot("act-planetarium", "11:15", 33)],
      timeline: [
        [-1, "16:05", "booked", "Booking made by Amara Okafor."],
        [-1, "16:05", "held", `Held awaiting card payment until ${d(15)}; an unpaid hold lapses.`],
      ],
    }),
    order(school, today, {
      id: "ord-5003", reference: "OR-260544", kind: "outreach", status: "requested",
      venueId: "venue-york-roman-quarter", visitDate: d(45), arrivalTime: "08:45", participants: 60,
      lines: [
        line("Romans in your classroom, session 1 (Year 4 Oak)", 1, 18000),
        line("Romans in your classroom, session 2 (Year 4 Elm)", 1, 18000),
      ],
      payment: { method: "invoice", status: "unpaid", purchaseOrderNumber: "PO-RPS-2307" },
      timeline: [
        [-3, "11:20", "requested", "Outreach request sent by Amara Okafor."],
        [-2, "10:00", "invoice-sent", "Pro-forma invoice sent; the booking is confirmed when it is paid."],
      ],
    }),
    order(school, today, {
      id: "ord-5004", reference: "GV-260298", kind: "visit", status: "cancelled",
      venueId: "venue-aire-valley-mills", visitDate: d(30), arrivalTime: "10:00", participants: 66,
      lines: [
        line("General admission: pupils aged 6–7", 58, 0),
        line("Supervising adults (1 for every 8 pupils, free)", 8, 0),
        line("Spinning and weaving demonstration", 66, 0),
      ],
      payment: { method: "none", status: "not-required" },
      schedule: [slot("act-spinning-show", "10:30", 66)],
      timeline: [
        [-60, "13:00", "booked", "Booking made by Amara Okafor."],
        [-60, "13:00", "confirmed", "Visit confirmed."],
        [-12, "08:40", "cancellation-requested", "Cancellation requested: the coach company withdrew."],
        [-11, "15:25", "cancelled", "Cancelled by the bookings team."],
      ],
    }),
    order(school, today, {
      id: "ord-5005", reference: "GV-259871", kind: "visit", status: "confirmed",
      venueId: "venue-bradford-colour-works", visitDate: d(-30), arrivalTime: "10:30", participants: 34,
      lines: [
        line("General admission: pupils aged 9–10", 30, 0),
        line("Supervising adults (1 for every 8 pupils, free)", 4, 0),
        line("Dyes and pattern workshop", 30, 500),
        line("Threads of the World exhibition", 34, 0),
      ],
      payment: { method: "card", status: "paid" },
      schedule: [slot("act-dyes-pattern", "10:45", 30), slot("act-threads-exhibition", "13:00", 34)],
      timeline: [
        [-95, "10:12", "booked", "Booking made by Amara Okafor."],
        [-95, "10:14", "paid", "Paid by card ending 4242."],
        [-95, "10:14", "confirmed", "Visit confirmed."],
        [-30, "17:30", "visited", "Visit completed. Thank you for visiting."],
      ],
    }),
    order(school, today, {
      id: "ord-5006", reference: "GV-258904", kind: "visit", status: "confirmed",
      venueId: "venue-aire-valley-mills", visitDate: d(-120), arrivalTime: "09:30", participants: 31,
      lines: [
        line("General admission: pupils aged 8–9", 27, 0),
        line("Supervising adults (1 for every 8 pupils, free)", 4, 0),
        line("Spinning and weaving demonstration", 31, 0),
        line("Lunch space, 12:30–13:00", 31, 0),
      ],
      payment: { method: "none", status: "not-required" },
      schedule: [slot("act-spinning-show", "11:00", 31), slot("act-mill-lunch", "12:30", 31)],
      timeline: [
        [-160, "12:01", "booked", "Booking made by Amara Okafor."],
        [-160, "12:01", "confirmed", "Visit confirmed."],
        [-120, "17:00", "visited", "Visit completed. Thank you for visiting."],
      ],
    }),
  ];
}

/** Orders of other organisations, so that "not yours" can be told from "not found". */
export function seedOtherOrders(
  byId: (id: string) => OrganisationSummary,
  today: string,
): Order[] {
  const d = (days: number) => addDays(today, days);
  return [
    order(byId("org-1004"), today, {
      id: "ord-5101", reference: "GV-260601", kind: "visit", status: "confirmed",
      venueId: "venue-bradford-colour-works", visitDate: d(14), arrivalTime: "10:00", participants: 63,
      lines: [
        line("General admission: pupils aged 10–11", 56, 0),
        line("Supervising adults (1 for every 8 pupils, free)", 7, 0),
        line("Dyes and pattern workshop", 56, 500),
      ],
      payment: { method: "invoice", status: "paid" },
      schedule: [slot("act-dyes-pattern", "10:15", 28), slot("act-dyes-pattern", "11:45", 28)],
      timeline: [
        [-50, "09:00", "booked", "Booking made by Imran Hussain."],
        [-20, "14:00", "paid", "Invoice paid by bank transfer."],
      ],
    }),
    order(byId("org-3001"), today, {
      id: "ord-5201", reference: "GG-260702", kind: "group-visit", status: "confirmed",
      venueId: "venue-york-roman-quarter", visitDate: d(33), arrivalTime: "11:00", participants: 42,
      lines: [
        line("Roman York walking tour: adult", 30, 700),
        line("Roman York walking tour: concession", 10, 550),
        line("Roman York walking tour: free carer", 2, 0),
      ],
      payment: { method: "card", status: "paid" },
      schedule: [slot("act-roman-walk", "11:30", 21), slot("act-roman-walk", "11:45", 21)],
      timeline: [
        [-25, "15:45", "booked", "Booking made by Tom Whitaker."],
        [-25, "15:46", "paid", "Paid by card ending 1881."],
        [-25, "15:46", "confirmed", "Visit confirmed."],
      ],
    }),
    // The keyboard-only e2e's order (tests/e2e/keyboard.spec.ts asks to cancel it).
    order(byId("org-4004"), today, {
      id: "ord-5301", reference: "GG-260815", kind: "group-visit", status: "confirmed",
      venueId: "venue-bradford-colour-works", visitDate: d(52), arrivalTime: "10:30", participants: 18,
      lines: [
        line("Dyes and pattern: adult", 16, 500),
        line("Dyes and pattern: free carer", 2, 0),
      ],
      payment: { method: "card", status: "paid" },
      timeline: [
        [-9, "11:05", "booked", "Booking made by Yusuf Bellamy."],
        [-9, "11:06", "paid", "Paid by card ending 4444."],
        [-9, "11:06", "confirmed", "Visit confirmed."],
      ],
    }),
  ];
}
