import { createContext } from "react-router";
import type { FlowAccess } from "../session/flow-access";
import type { Flow, FlowKind } from "./steps";
import type { Basket } from "../../generated/schemas";

/** What the booking routes work on: the user's flow and open basket. */
export interface BookingScope {
  flow: Flow;
  kind: FlowKind;
  organisationId: string;
  /** The booking in progress (the newest open or held basket of this flow's kind), or null. */
  basket: Basket | null;
}

/**
 * Set by the booking guard: the user may book (with the scope), or may not yet (why; the
 * booking layout's loader turns it into a 403 its error boundary explains: an error thrown
 * by middleware itself would skip the layout's boundary and the root's data).
 */
export const bookingContext = createContext<FlowAccess<BookingScope> | null>(null);
