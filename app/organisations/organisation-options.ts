import type { EducationPhase, RegistrationOrganisation as NewOrganisation, GroupType } from "../../generated/schemas";

// The options and labels of an organisation's details as its group type asks for them
// (issue 3): shared by registration's organisation step and the account's organisation
// edit, on the server and in the browser. The form's fields are in organisation-form.ts,
// their checks in organisation-schema.ts, the read-only rows in organisation-summary.ts.

/** What the form collects: everything but the kind, which follows from the group type or phase. */
export type OrganisationDetails = Omit<NewOrganisation, "kind">;

export const PHASES: readonly { value: EducationPhase; label: string; kind: string }[] = [
  { value: "nursery", label: "Nursery", kind: "Nursery school" },
  { value: "primary", label: "Primary", kind: "Primary school" },
  { value: "middle", label: "Middle", kind: "Middle school" },
  { value: "secondary", label: "Secondary", kind: "Secondary school" },
  { value: "all-through", label: "All-through", kind: "All-through school" },
  { value: "sixteen-plus", label: "16 plus (sixth form or college)", kind: "Sixth form college" },
];

/** Where tour operators are based (ISO 3166-1 alpha-2), names fixed so server and browser agree. */
export const COUNTRIES: readonly { code: string; name: string }[] = [
  { code: "GB", name: "United Kingdom" },
  { code: "IE", name: "Ireland" },
  { code: "FR", name: "France" },
  { code: "DE", name: "Germany" },
  { code: "NL", name: "Netherlands" },
  { code: "BE", name: "Belgium" },
  { code: "ES", name: "Spain" },
  { code: "PT", name: "Portugal" },
  { code: "IT", name: "Italy" },
  { code: "CH", name: "Switzerland" },
  { code: "AT", name: "Austria" },
  { code: "DK", name: "Denmark" },
  { code: "NO", name: "Norway" },
  { code: "SE", name: "Sweden" },
  { code: "FI", name: "Finland" },
  { code: "PL", name: "Poland" },
  { code: "CZ", name: "Czechia" },
  { code: "US", name: "United States" },
  { code: "CA", name: "Canada" },
  { code: "CN", name: "China" },
  { code: "JP", name: "Japan" },
  { code: "KR", name: "South Korea" },
  { code: "IN", name: "India" },
  { code: "AU", name: "Australia" },
  { code: "NZ", name: "New Zealand" },
];

export const countryName = (code: string | undefined) => COUNTRIES.find((c) => c.code === code)?.name ?? code ?? "";
export const phaseLabel = (phase: string | undefined) => PHASES.find((p) => p.value === phase)?.label ?? phase ?? "";

/** The kind the gateway records: from the phase for schools, from the group type otherwise. */
export function organisationKind(groupType: GroupType, details: Pick<OrganisationDetails, "phase">): string {
  switch (groupType) {
    case "education":
      return PHASES.find((p) => p.value === details.phase)?.kind ?? "School";
    case "home-education":
      return "Home education group";
    case "tour-operator":
      return "Tour company";
    case "other-group":
      return "Community group";
  }
}

/** What the name field is called, per group type. */
export const NAME_LABELS: Record<GroupType, string> = {
  education: "School name",
  "home-education": "Group name",
  "tour-operator": "Company name",
  "other-group": "Name of your group",
};

/** Schools and companies have a switchboard; families and clubs may not. */
export const PHONE_REQUIRED: Record<GroupType, boolean> = {
  education: true,
  "home-education": false,
  "tour-operator": true,
  "other-group": false,
};
