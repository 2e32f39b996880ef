import { createContext } from "react-router";
import type { AssociationRequired } from "../booking/access";
import type { Basket, OutreachEligibility } from "../../generated/schemas";

// What the outreach guard decides, for the outreach routes to read (app/guards/outreach.ts).

/** Set by the outreach guard: the organisation, its eligibility and the outreach basket in progress. */
export interface OutreachScope {
  organisationId: string;
  organisationName: string;
  eligibility: OutreachEligibility;
  /** The newest open (or held) outreach basket, or null (always null when not eligible). */
  basket: Basket | null;
}

export const outreachContext = createContext<OutreachScope | null>(null);

/** Set instead of the scope when the user has no approved association (the layout explains, 403). */
export const outreachBlockedContext = createContext<AssociationRequired | null>(null);
