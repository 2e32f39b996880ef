// The gateway's ticket types, in the order every page lists them, and their names. Apart
// from tickets.ts (the capacities form, with zod) so a booking's summary can name them.

export const TICKET_TYPES = ["adult", "child", "concession", "carer"] as const;
export type TicketTypeName = (typeof TICKET_TYPES)[number];

export const TICKET_TYPE_LABELS: Record<TicketTypeName, string> = {
  adult: "Adult",
  child: "Child",
  concession: "Concession",
  carer: "Free carer",
};
