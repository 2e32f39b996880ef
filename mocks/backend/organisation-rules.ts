import type { FieldError, GroupType, Organisation } from "./types";
import { isUkPhone, isUkPostcode, normalisePostcode } from "../../app/forms/uk-formats";

// The gateway's rules for organisations (contract OrganisationInput), written for the
// person filling in the form: the app shows each message beside its field.

const PHASES = ["nursery", "primary", "middle", "secondary", "all-through", "sixteen-plus"] as const;


// Postcode areas by region (ONS regions; Scotland, Wales and Northern Ireland whole).
const REGION_AREAS: Record<string, string[]> = {
  "Yorkshire and the Humber": ["BD", "DN", "HD", "HG", "HU", "HX", "LS", "S", "WF", "YO"],
  "North East": ["DH", "DL", "NE", "SR", "TS"],
  "North West": ["BB", "BL", "CA", "CH", "CW", "FY", "L", "LA", "M", "OL", "PR", "SK", "WA", "WN"],
  "East Midlands": ["DE", "LE", "LN", "NG", "NN"],
  "West Midlands": ["B", "CV", "DY", "HR", "ST", "TF", "WR", "WS", "WV"],
  "East of England": ["AL", "CB", "CM", "CO", "EN", "IP", "LU", "MK", "NR", "PE", "SG", "SS", "WD"],
  London: ["E", "EC", "N", "NW", "SE", "SW", "W", "WC", "BR", "CR", "DA", "HA", "IG", "KT", "RM", "SM", "TW", "UB"],
  "South East": ["BN", "CT", "GU", "HP", "ME", "MK", "OX", "PO", "RG", "RH", "SL", "SO", "TN"],
  "South West": ["BA", "BH", "BS", "DT", "EX", "GL", "PL", "SN", "SP", "TA", "TQ", "TR"],
  Scotland: ["AB", "DD", "DG", "EH", "FK", "G", "HS", "IV", "KA", "KW", "KY", "ML", "PA", "PH", "TD", "ZE"],
  Wales: ["CF", "LD", "LL", "NP", "SA", "SY"],
  "Northern Ireland": ["BT"],
};

/** The region the gateway derives from a postcode's area letters. */
export function regionOf(postcode: string): string {
  const area = /^[A-Z]{1,2}/i.exec(postcode.trim())?.[0]?.toUpperCase() ?? "";
  for (const [region, areas] of Object.entries(REGION_AREAS)) if (areas.includes(area)) return region;
  return "England";
}

/** Fields that belong to one group type only. */
const ONLY_FOR: Record<string, GroupType> = {
  urn: "education",
  phase: "education",
  ageRange: "education",
  numberOfPupils: "education",
  companyNumber: "tour-operator",
  countryOfOperation: "tour-operator",
  numberOfFamilies: "home-education",
  description: "other-group",
};

const REQUIRED_FOR: Record<GroupType, string[]> = {
  education: ["phone", "urn", "phase", "ageRange", "numberOfPupils"],
  "home-education": ["numberOfFamilies"],
  "tour-operator": ["phone", "companyNumber", "countryOfOperation"],
  "other-group": ["description"],
};

const KNOWN = ["name", "kind", "address", "phone", ...Object.keys(ONLY_FOR)];

export type OrganisationChanges = Partial<Omit<Organisation, "id" | "groupType" | "region" | "town" | "postcode">>;

/**
 * Validates a new organisation (`partial` false) or changes to one (`partial` true) of a
 * group type. Field paths in errors start with `prefix` (e.g. `organisation.`).
 */
export function validateOrganisation(
  body: unknown,
  groupType: GroupType,
  { partial, prefix = "" }: { partial: boolean; prefix?: string },
): { ok: true; value: OrganisationChanges } | { ok: false; errors: FieldError[] } {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { ok: false, errors: [{ field: prefix.replace(/\.$/, "") || "body", message: "Send the organisation as a JSON object" }] };
  }
  const input = body as Record<string, unknown>;
  const errors: FieldError[] = [];
  const fail = (field: string, message: string) => errors.push({ field: `${prefix}${field}`, message });
  const value: OrganisationChanges = {};
  const has = (field: string) => field in input && input[field] !== undefined;

  for (const field of Object.keys(input)) {
    if (!KNOWN.includes(field)) fail(field, `${field} cannot be set here`);
    else if (ONLY_FOR[field] && ONLY_FOR[field] !== groupType) fail(field, `${field} does not apply to this group type`);
  }
  if (!partial) {
    for (const field of ["name", "kind", "address", ...REQUIRED_FOR[groupType]]) {
      if (!has(field)) fail(field, requiredMessage(field));
    }
  }

  const text = (field: string, max: number, blank: string | null): string | undefined => {
    if (!has(field)) return undefined;
    const raw = input[field];
    if (typeof raw !== "string") return void fail(field, blank ?? `Enter ${field} as text`);
    const trimmed = raw.trim();
    if (blank && trimmed === "") return void fail(field, blank);
    if (trimmed.length > max) return void fail(field, `Enter ${max} characters or fewer`);
    return trimmed;
  };
  const whole = (field: string, min: number, max: number, message: string): number | undefined => {
    if (!has(field)) return undefined;
    const raw = input[field];
    if (typeof raw !== "number" || !Number.isInteger(raw) || raw < min || raw > max) return void fail(field, message);
    return raw;
  };

  const name = text("name", 200, "Enter the organisation's name");
  if (name !== undefined) value.name = name;
  const kind = text("kind", 100, "Enter the kind of organisation");
  if (kind !== undefined) value.kind = kind;

  if (has("address")) {
    const address = input.address;
    if (typeof address !== "object" || address === null || Array.isArray(address)) fail("address", "Enter the address");
    else {
      const a = address as Record<string, unknown>;
      const line = (field: string, max: number, blank: string | null) => {
        const raw = a[field];
        if (raw === undefined && !blank) return undefined;
        if (typeof raw !== "string" || (blank && raw.trim() === "")) return void fail(`address.${field}`, blank ?? "Enter text");
        if (raw.trim().length > max) return void fail(`address.${field}`, `Enter ${max} characters or fewer`);
        return raw.trim();
      };
      const line1 = line("line1", 200, "Enter the first line of the address");
      const line2 = line("line2", 200, null);
      const town = line("town", 100, "Enter the town or city");
      const rawPostcode = a.postcode;
      let postcode: string | undefined;
      if (typeof rawPostcode !== "string" || rawPostcode.trim() === "") fail("address.postcode", "Enter the postcode");
      else if (!isUkPostcode(rawPostcode)) fail("address.postcode", "Enter a UK postcode, like LS1 4DY");
      else postcode = normalisePostcode(rawPostcode);
      if (line1 !== undefined && town !== undefined && postcode !== undefined) {
        value.address = { line1, ...(line2 ? { line2 } : {}), town, postcode };
      }
    }
  }

  const phoneRequired = REQUIRED_FOR[groupType].includes("phone");
  const phone = text("phone", 30, phoneRequired ? "Enter a phone number" : null);
  if (phone !== undefined) {
    if (phone !== "" && !isUkPhone(phone)) fail("phone", "Enter a UK phone number, like 0113 496 0000");
    else value.phone = phone;
  }

  if (groupType === "education") {
    const urn = text("urn", 20, "Enter the school's URN");
    if (urn !== undefined) {
      if (!/^\d{6}$/.test(urn)) fail("urn", "Enter the URN as 6 digits, like 107412");
      else value.urn = urn;
    }
    if (has("phase")) {
      if (!(PHASES as readonly unknown[]).includes(input.phase)) fail("phase", "Choose the school's phase");
      else value.phase = input.phase as (typeof PHASES)[number];
    }
    if (has("ageRange")) {
      const range = input.ageRange as Record<string, unknown> | null;
      const age = (v: unknown) => typeof v === "number" && Number.isInteger(v) && v >= 2 && v <= 25;
      if (typeof range !== "object" || range === null) fail("ageRange", "Enter the pupils' age range");
      else if (!age(range.lowest)) fail("ageRange.lowest", "Enter an age from 2 to 25");
      else if (!age(range.highest)) fail("ageRange.highest", "Enter an age from 2 to 25");
      else if ((range.lowest as number) > (range.highest as number)) {
        fail("ageRange.highest", "The oldest pupils' age must be the same as or more than the youngest's");
      } else value.ageRange = { lowest: range.lowest as number, highest: range.highest as number };
    }
    const pupils = whole("numberOfPupils", 1, 5000, "Enter a number of pupils from 1 to 5000");
    if (pupils !== undefined) value.numberOfPupils = pupils;
  }
  if (groupType === "tour-operator") {
    const number = text("companyNumber", 8, "Enter the company number");
    if (number !== undefined) {
      if (!/^(?:\d{8}|[A-Z]{2}\d{6})$/.test(number)) {
        fail("companyNumber", "Enter a company number of 8 characters, like 01234567 or SC123456");
      } else value.companyNumber = number;
    }
    const country = text("countryOfOperation", 2, "Choose the country the company operates from");
    if (country !== undefined) {
      if (!/^[A-Z]{2}$/.test(country)) fail("countryOfOperation", "Choose the country the company operates from");
      else value.countryOfOperation = country;
    }
  }
  if (groupType === "home-education") {
    const families = whole("numberOfFamilies", 1, 500, "Enter a number of families from 1 to 500");
    if (families !== undefined) value.numberOfFamilies = families;
  }
  if (groupType === "other-group") {
    const description = text("description", 1000, "Describe your group");
    if (description !== undefined) value.description = description;
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value };
}

function requiredMessage(field: string): string {
  const messages: Record<string, string> = {
    name: "Enter the organisation's name",
    kind: "Enter the kind of organisation",
    address: "Enter the address",
    phone: "Enter a phone number",
    urn: "Enter the school's URN",
    phase: "Choose the school's phase",
    ageRange: "Enter the pupils' age range",
    numberOfPupils: "Enter the number of pupils",
    companyNumber: "Enter the company number",
    countryOfOperation: "Choose the country the company operates from",
    numberOfFamilies: "Enter the number of families",
    description: "Describe your group",
  };
  return messages[field] ?? `Enter ${field}`;
}

/** Applies validated changes; an empty optional text (phone, address line 2) clears it. */
export function applyOrganisationChanges(organisation: Organisation, changes: OrganisationChanges): Organisation {
  const next: Organisation = { ...organisation, ...changes };
  if (changes.phone === "") delete next.phone;
  if (changes.address) {
    next.town = changes.address.town;
    next.postcode = changes.address.postcode;
    next.region = regionOf(changes.address.postcode);
  }
  return next;
}
