import { createContext } from "react-router";
import type { AssociationRequired } from "./access";
import type { Flow, FlowKind } from "./steps";
import type { Basket } from "../../generated/schemas";

/** Set by the booking guard for the booking routes: the user's flow and open basket. */
export interface BookingScope {
  flow: Flow;
  kind: FlowKind;
  organisationId: string;
  /** The booking in progress (the newest open or held basket of this flow's kind), or null. */
  basket: Basket | null;
}

export const bookingContext = createContext<BookingScope | null>(null);

/**
 * Set by the booking guard instead of the scope when the user cannot book yet. The
 * booking layout's loader turns it into a 403 that its error boundary explains (an error
 * thrown by middleware itself would skip the layout's boundary and the root's data).
 */
export const bookingBlockedContext = createContext<AssociationRequired | null>(null);
