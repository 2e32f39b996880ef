import type { Hit } from "instantsearch.js";

/** An organisation as the index holds it (the index document; see the search engine in mocks/search). */
export interface OrganisationRecord {
  objectID: string;
  name: string;
  groupType: string;
  kind: string;
  address?: string | null;
  town: string;
  postcode: string;
  region: string;
  size: number;
  identifier: string | null;
  rating: number;
  outreachRegion: boolean;
  verified: boolean;
}

export type OrganisationHit = Hit<OrganisationRecord>;

/** Public search settings from the root loader (never secrets). */
export interface PublicSearchConfig {
  appId: string;
  apiKey: string;
  indexName: string;
  /** null: the embedded default, this app's own origin answers the search protocol. */
  hosts: string[] | null;
}
