import { groupTypeValues } from "../../generated/gateway.ts";
import type { GroupType } from "../backend/types.ts";

export type { GroupType };

/** One document of the organisation index (see the issue 3 architecture note). */
export interface OrganisationRecord {
  objectID: string;
  name: string;
  groupType: GroupType;
  /** e.g. "Primary school", "Secondary academy", "Tour company", "Scout group". */
  kind: string;
  /** First address line. */
  address: string;
  town: string;
  postcode: string;
  /** A UK region (places.ts REGIONS). */
  region: string;
  /** Pupils or members. */
  size: number;
  /** A school's URN (6 digits), a tour operator's company number, else null. */
  identifier: string | null;
  /** Average visit feedback, 1 to 5. */
  rating: number;
  /** Eligible for outreach: within Yorkshire and the Humber. */
  outreachRegion: boolean;
  verified: boolean;
}

export const GROUP_TYPES: readonly GroupType[] = groupTypeValues;
