import { createContext } from "react-router";
import type { FlowAccess } from "../session/flow-access";
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

/** Set by the outreach guard: the user may go on (with the scope), or may not yet (why; 403 from the layout). */
export const outreachContext = createContext<FlowAccess<OutreachScope> | null>(null);
