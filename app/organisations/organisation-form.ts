import type { OrganisationDetails } from "./organisation-options";
import type { GroupType } from "../../generated/schemas";

// An organisation's details as the form's flat text fields: their names per group type, the
// form field a gateway error belongs to, and the values the form starts from.

/** The flat form field names, per group type, in the order the form shows them. */
export const ORGANISATION_FIELDS: Record<GroupType, readonly string[]> = {
  education: ["name", "urn", "phase", "ageLowest", "ageHighest", "numberOfPupils"],
  "home-education": ["name", "numberOfFamilies"],
  "tour-operator": ["name", "companyNumber", "countryOfOperation"],
  "other-group": ["name", "description"],
};
export const ADDRESS_FIELDS = ["line1", "line2", "town", "postcode", "phone"] as const;

export function organisationFieldNames(groupType: GroupType): string[] {
  return [...ORGANISATION_FIELDS[groupType], ...ADDRESS_FIELDS];
}

/** Field names whose error belongs to a differently named form field. */
const FORM_FIELD_OF: Record<string, string> = {
  "address.line1": "line1",
  "address.line2": "line2",
  "address.town": "town",
  "address.postcode": "postcode",
  "ageRange.lowest": "ageLowest",
  "ageRange.highest": "ageHighest",
  ageRange: "ageHighest",
  address: "line1",
};

/** A gateway field path (`organisation.address.postcode`) as the form's field name (`postcode`). */
export function organisationFormField(path: string): string {
  const inner = path.replace(/^organisation\./, "");
  return FORM_FIELD_OF[inner] ?? inner;
}

/** Details (from a draft or the gateway) as the flat text values the form shows. */
export function organisationFormValues(details: Partial<OrganisationDetails> | undefined): Record<string, string> {
  if (!details) return {};
  const text = (v: string | number | undefined) => (v === undefined ? "" : String(v));
  return {
    name: text(details.name),
    line1: text(details.address?.line1),
    line2: text(details.address?.line2),
    town: text(details.address?.town),
    postcode: text(details.address?.postcode),
    phone: text(details.phone),
    urn: text(details.urn),
    phase: text(details.phase),
    ageLowest: text(details.ageRange?.lowest),
    ageHighest: text(details.ageRange?.highest),
    numberOfPupils: text(details.numberOfPupils),
    companyNumber: text(details.companyNumber),
    countryOfOperation: text(details.countryOfOperation),
    numberOfFamilies: text(details.numberOfFamilies),
    description: text(details.description),
  };
}
