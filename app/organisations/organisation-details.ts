import { z } from "zod";
import type { EducationPhase, RegistrationOrganisation as NewOrganisation, GroupType } from "../../generated/schemas";

// An organisation's details as its group type asks for them (issue 3): shared by
// registration's organisation step and the account's organisation edit, on the server
// and in the browser. The gateway validates again and is the judge (contract
// OrganisationInput); this only helps the user early.

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

// UK postcodes (the Royal Mail pattern), with or without the space.
const POSTCODE = /^(?:GIR ?0AA|[A-PR-UWYZ](?:\d{1,2}|[A-HK-Y]\d{1,2}|\d[A-HJKPSTUW]|[A-HK-Y]\d[ABEHMNPRVWXY]) ?\d[ABD-HJLNP-UW-Z]{2})$/i;

export function isUkPostcode(value: string): boolean {
  return POSTCODE.test(value.trim());
}

/** Upper case, one space before the inward code: "ls115pq" becomes "LS11 5PQ". */
export function normalisePostcode(value: string): string {
  const compact = value.replace(/\s+/g, "").toUpperCase();
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}

const isUkPhone = (v: string) => /^(?:\+44|0)\d{9,10}$/.test(v.replace(/[\s\-()]/g, ""));

const text = (max: number, blank: string, tooLong: string) => z.string().trim().min(1, blank).max(max, tooLong);
const optionalText = (max: number, tooLong: string) => z.string().trim().max(max, tooLong);

/** A whole number typed into a text box, within bounds. */
const wholeNumber = (blank: string, bad: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .min(1, blank)
    .regex(/^\d+$/, bad)
    .transform(Number)
    .refine((n) => n >= min && n <= max, bad);

function commonFields(groupType: GroupType) {
  const label = NAME_LABELS[groupType].toLowerCase();
  const phone = z.string().trim().max(30, "Enter a phone number of 30 characters or fewer");
  return {
    name: text(200, `Enter the ${label}`, `Enter a ${label} of 200 characters or fewer`),
    line1: text(200, "Enter the first line of the address", "Enter an address line of 200 characters or fewer"),
    line2: optionalText(200, "Enter an address line of 200 characters or fewer"),
    town: text(100, "Enter the town or city", "Enter a town or city of 100 characters or fewer"),
    postcode: z
      .string()
      .trim()
      .min(1, "Enter the postcode")
      .refine(isUkPostcode, "Enter a UK postcode, like LS1 4DY")
      .transform(normalisePostcode),
    phone: PHONE_REQUIRED[groupType]
      ? phone.min(1, "Enter a phone number").refine(isUkPhone, "Enter a UK phone number, like 0113 496 0000")
      : phone.refine((v) => v === "" || isUkPhone(v), "Enter a UK phone number, like 0113 496 0000"),
  };
}

// The field groups are functions, called by organisationDetailsSchema: pages load this module
// for its labels and field names, and zod's calls at the top level would be kept by the
// bundler (it cannot know they are pure), bringing zod to the browser for nothing.
const educationFields = () => ({
  urn: z
    .string()
    .trim()
    .min(1, "Enter the school's URN")
    .regex(/^\d{6}$/, "Enter the URN as 6 digits, like 107412"),
  phase: z.enum(PHASES.map((p) => p.value) as [EducationPhase, ...EducationPhase[]], {
    error: "Choose the school's phase",
  }),
  ageLowest: wholeNumber("Enter the age of the youngest pupils", "Enter an age from 2 to 25", 2, 25),
  ageHighest: wholeNumber("Enter the age of the oldest pupils", "Enter an age from 2 to 25", 2, 25),
  numberOfPupils: wholeNumber("Enter the number of pupils", "Enter a number of pupils from 1 to 5000", 1, 5000),
});

const COMPANY_NUMBER = /^(?:\d{8}|[A-Z]{2}\d{6})$/;

const tourOperatorFields = () => ({
  companyNumber: z
    .string()
    .trim()
    .min(1, "Enter the company number")
    .transform((v) => v.replace(/\s+/g, "").toUpperCase())
    .refine((v) => COMPANY_NUMBER.test(v), "Enter a company number of 8 characters, like 01234567 or SC123456"),
  countryOfOperation: z
    .string()
    .refine((v) => COUNTRIES.some((c) => c.code === v), "Choose the country the company operates from"),
});

const homeEducationFields = () => ({
  numberOfFamilies: wholeNumber("Enter the number of families", "Enter a number of families from 1 to 500", 1, 500),
});

const otherGroupFields = () => ({
  description: text(1000, "Describe your group", "Describe your group in 1000 characters or fewer"),
});

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

/** The form's fields for a group type, parsed into the contract's shape. */
export function organisationDetailsSchema(groupType: GroupType) {
  const common = commonFields(groupType);
  const toAddress = (v: { line1: string; line2: string; town: string; postcode: string }) => ({
    line1: v.line1,
    ...(v.line2 ? { line2: v.line2 } : {}),
    town: v.town,
    postcode: v.postcode,
  });
  const phone = (v: string) => (v ? { phone: v } : {});

  switch (groupType) {
    case "education":
      return z
        .object({ ...common, ...educationFields() })
        .refine((v) => v.ageLowest <= v.ageHighest, {
          path: ["ageHighest"],
          message: "The oldest pupils' age must be the same as or more than the youngest's",
        })
        .transform((v): OrganisationDetails => ({
          name: v.name,
          address: toAddress(v),
          ...phone(v.phone),
          urn: v.urn,
          phase: v.phase,
          ageRange: { lowest: v.ageLowest, highest: v.ageHighest },
          numberOfPupils: v.numberOfPupils,
        }));
    case "home-education":
      return z.object({ ...common, ...homeEducationFields() }).transform((v): OrganisationDetails => ({
        name: v.name,
        address: toAddress(v),
        ...phone(v.phone),
        numberOfFamilies: v.numberOfFamilies,
      }));
    case "tour-operator":
      return z.object({ ...common, ...tourOperatorFields() }).transform((v): OrganisationDetails => ({
        name: v.name,
        address: toAddress(v),
        ...phone(v.phone),
        companyNumber: v.companyNumber,
        countryOfOperation: v.countryOfOperation,
      }));
    case "other-group":
      return z.object({ ...common, ...otherGroupFields() }).transform((v): OrganisationDetails => ({
        name: v.name,
        address: toAddress(v),
        ...phone(v.phone),
        description: v.description,
      }));
  }
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
