import { findOrganisation } from "../search/generate";
import type { Organisation } from "./types";

/**
 * Organisations that exist only in the search index (the 50,000 generated ones) are real
 * organisations to the gateway too, so one found in search can be joined or registered with.
 * Rebuilt from the generator by id; nothing is stored until someone joins.
 */
export function organisationFromIndex(id: string): Organisation | undefined {
  const r = findOrganisation(id);
  if (!r) return undefined;
  const base: Organisation = {
    id: r.objectID,
    name: r.name,
    groupType: r.groupType,
    town: r.town,
    postcode: r.postcode,
    kind: r.kind,
    address: { line1: r.address, town: r.town, postcode: r.postcode },
    region: r.region,
  };
  switch (r.groupType) {
    case "education":
      return { ...base, ...(r.identifier ? { urn: r.identifier } : {}), numberOfPupils: r.size };
    case "tour-operator":
      return { ...base, ...(r.identifier ? { companyNumber: r.identifier } : {}), countryOfOperation: "GB" };
    case "home-education":
      return { ...base, numberOfFamilies: Math.max(1, Math.round(r.size / 3)) };
    default:
      return { ...base, description: `${r.kind} in ${r.town}.` };
  }
}
