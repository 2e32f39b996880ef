import { z } from "zod";
import { isUkPhone, isUkPostcode, normalisePostcode } from "../forms/uk-formats";
import { COUNTRIES, NAME_LABELS, PHASES, PHONE_REQUIRED, type OrganisationDetails } from "./organisation-options";
import type { EducationPhase, GroupType } from "../../generated/schemas";

// The checks of an organisation's details, per group type. The gateway validates again and
// is the judge (contract OrganisationInput); this only helps the user early.

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

/** The form's fields for a group type, parsed into the contract's shape. */
export function organisationDetailsSchema(groupType: GroupType) {
  const common = commonFields(groupType);
  /** What every group type sends: the name, the address and the phone if given. */
  const contact = (v: { name: string; line1: string; line2: string; town: string; postcode: string; phone: string }) => ({
    name: v.name,
    address: { line1: v.line1, ...(v.line2 ? { line2: v.line2 } : {}), town: v.town, postcode: v.postcode },
    ...(v.phone ? { phone: v.phone } : {}),
  });

  switch (groupType) {
    case "education":
      return z
        .object({ ...common, ...educationFields() })
        .refine((v) => v.ageLowest <= v.ageHighest, {
          path: ["ageHighest"],
          message: "The oldest pupils' age must be the same as or more than the youngest's",
        })
        .transform((v): OrganisationDetails => ({
          ...contact(v),
          urn: v.urn,
          phase: v.phase,
          ageRange: { lowest: v.ageLowest, highest: v.ageHighest },
          numberOfPupils: v.numberOfPupils,
        }));
    case "home-education":
      return z.object({ ...common, ...homeEducationFields() }).transform((v): OrganisationDetails => ({
        ...contact(v),
        numberOfFamilies: v.numberOfFamilies,
      }));
    case "tour-operator":
      return z.object({ ...common, ...tourOperatorFields() }).transform((v): OrganisationDetails => ({
        ...contact(v),
        companyNumber: v.companyNumber,
        countryOfOperation: v.countryOfOperation,
      }));
    case "other-group":
      return z.object({ ...common, ...otherGroupFields() }).transform((v): OrganisationDetails => ({
        ...contact(v),
        description: v.description,
      }));
  }
}
