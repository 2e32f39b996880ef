// What the booking provider states fill baskets with (provider-states.ts), and the values
// the consumer cases use (tests/contract/support/booking-cases.ts).
import { BOOKING_TERMS_VERSION } from "./content";

/** Defaults: the reference data and values the consumer cases use. */
export const PACT_DEFAULTS = {
  venueId: "venue-york-roman-quarter",
  groupUserId: "usr-3001",
  returnUrl: "https://groups.example.org/account/book/payment/return",
  termsVersion: BOOKING_TERMS_VERSION,
} as const;

/** What a standard visit basket is filled with, step by step (York, a class of 30). */
export const VISIT_FIXTURE = {
  information: {
    participants: [{ ageBand: "5-11" as const, count: 30 }],
    adults: 4,
    oneToOneCarers: 1,
    accessNeeds: { mobility: true, sensory: false, communication: false, quietSpace: false },
    lunchSpace: true,
    arrivalTime: "10:00",
  },
  schedule: {
    items: [
      { activityId: "act-roman-life", slotId: "act-roman-life@10:00", participants: 30 },
      { activityId: "act-york-lunch", slotId: "act-york-lunch@12:30", participants: 35 },
    ],
  },
};

/** A group-visit basket: the Roman York walking tour at 10:30. */
export const GROUP_FIXTURE = {
  activityIds: ["act-roman-walk"],
  tickets: [
    { activityId: "act-roman-walk", slotId: "act-roman-walk@10:30", ticketType: "adult" as const, quantity: 12 },
    { activityId: "act-roman-walk", slotId: "act-roman-walk@10:30", ticketType: "concession" as const, quantity: 4 },
    { activityId: "act-roman-walk", slotId: "act-roman-walk@10:30", ticketType: "carer" as const, quantity: 2 },
  ],
  details: {
    groupName: "Harrogate Heritage Tours, 14 May group",
    leadName: "Tom Whitaker",
    leadMobile: "07700 900461",
    arrivalTime: "10:00",
    coaches: 1,
    coachCompany: "Dales Coaches",
  },
};
