import { countryName, NAME_LABELS, phaseLabel, type OrganisationDetails } from "./organisation-options";
import type { GroupType } from "../../generated/schemas";

/** Label and value pairs for showing an organisation read-only, per group type. */
export function organisationSummaryRows(
  groupType: GroupType,
  details: Partial<OrganisationDetails> & { kind?: string },
): [label: string, value: string][] {
  const rows: [string, string | number | undefined][] = [[NAME_LABELS[groupType], details.name]];
  switch (groupType) {
    case "education":
      rows.push(
        ["URN", details.urn],
        ["Phase", details.phase ? phaseLabel(details.phase) : details.kind],
        ["Age range", details.ageRange ? `${details.ageRange.lowest} to ${details.ageRange.highest}` : undefined],
        ["Number of pupils", details.numberOfPupils],
      );
      break;
    case "home-education":
      rows.push(["Number of families", details.numberOfFamilies]);
      break;
    case "tour-operator":
      rows.push(
        ["Company number", details.companyNumber],
        ["Country of operation", details.countryOfOperation ? countryName(details.countryOfOperation) : undefined],
      );
      break;
    case "other-group":
      rows.push(["About the group", details.description]);
      break;
  }
  const address = details.address;
  rows.push(
    ["Address", address ? [address.line1, address.line2, address.town, address.postcode].filter(Boolean).join(", ") : undefined],
    ["Phone", details.phone],
  );
  return rows.filter((r): r is [string, string | number] => r[1] !== undefined && r[1] !== "").map(([l, v]) => [l, String(v)]);
}
