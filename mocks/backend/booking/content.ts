import type { components } from "../../../generated/cms";

type Terms = components["schemas"]["Terms"];

/** The CMS `booking` terms accepted at review; checkout requires their current version. */
export const BOOKING_TERMS_VERSION = "booking-2026-01";

export function createBookingTerms(): Terms {
  return {
    kind: "booking",
    version: BOOKING_TERMS_VERSION,
    title: "Terms for school and group visits",
    summary:
      "Supervising adults within the ratios and one-to-one carers are free. Pay by card (or by invoice for schools booking more than 28 days ahead). An unpaid hold lapses. Ask to cancel at least 14 days ahead for a full refund.",
    body: [
      "<h2>Supervision</h2>",
      "<p>Groups of children must bring one adult for every 4 children under 5, every 8 aged 5 to 11, every 10 aged 11 to 16 and every 30 aged 16 to 18. These adults are free; further adults pay £5.00 each. One-to-one carers are free and counted apart.</p>",
      "<h2>Paying</h2>",
      "<p>Free visits need no payment. Pay by card on our payment provider's page, or, for schools and colleges booking more than 28 days ahead, by invoice. A card booking made 60 or more days ahead may be held unpaid until 60 days before the visit; one made 28 to 60 days ahead, for 3 days. An unpaid hold lapses and its places are released.</p>",
      "<h2>Changes and cancellations</h2>",
      "<p>You can add people to a free or card-paid visit up to 3 days before it, if there is space. Invoice-paid visits are changed by the bookings team. Ask to cancel at least 14 days before the visit for a full refund; after that, activity charges are not refunded.</p>",
    ].join(""),
    effectiveFrom: "2026-01-01",
  };
}
