import { describe, expect, it } from "vitest";
import { organisationFormValues } from "./organisation-form";
import { organisationKind } from "./organisation-options";
import { isUkPostcode, normalisePostcode } from "../forms/uk-formats";
import { organisationDetailsSchema } from "./organisation-schema";
import { toFieldErrors } from "../forms/validation";

const address = { line1: "2 Harehills Lane", line2: "", town: "Leeds", postcode: "ls9 7qr", phone: "0113 496 0456" };

describe("organisation details", () => {
  it("validates and normalises UK postcodes", () => {
    for (const ok of ["LS9 7QR", "ls97qr", "M4 7AN", "SW1A 1AA", "EC1A 1BB", "W1A 0AX", "YO30 7AJ"]) expect(isUkPostcode(ok), ok).toBe(true);
    for (const bad of ["LS99", "12345", "QQ1 1AA", "LS9 7QRR", ""]) expect(isUkPostcode(bad), bad).toBe(false);
    expect(normalisePostcode(" ls97qr ")).toBe("LS9 7QR");
  });

  it("parses a school into the contract's shape", () => {
    const parsed = organisationDetailsSchema("education").parse({
      ...address, name: " St Aidan's ", urn: "107998", phase: "primary", ageLowest: "4", ageHighest: "11", numberOfPupils: "210",
    });
    expect(parsed).toEqual({
      name: "St Aidan's",
      address: { line1: "2 Harehills Lane", town: "Leeds", postcode: "LS9 7QR" },
      phone: "0113 496 0456",
      urn: "107998",
      phase: "primary",
      ageRange: { lowest: 4, highest: 11 },
      numberOfPupils: 210,
    });
    expect(organisationKind("education", parsed)).toBe("Primary school");
    expect(organisationFormValues(parsed)).toMatchObject({ postcode: "LS9 7QR", ageLowest: "4", urn: "107998" });
  });

  it("says what is wrong beside each field of a school", () => {
    const result = organisationDetailsSchema("education").safeParse({
      ...address, postcode: "LS99", phone: "", name: "", urn: "12345", phase: "", ageLowest: "11", ageHighest: "4", numberOfPupils: "lots",
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(toFieldErrors(result.error)).toMatchObject({
      name: "Enter the school name",
      postcode: "Enter a UK postcode, like LS1 4DY",
      phone: "Enter a phone number",
      urn: "Enter the URN as 6 digits, like 107412",
      phase: "Choose the school's phase",
      numberOfPupils: "Enter a number of pupils from 1 to 5000",
    });
  });

  it("asks each group type for its own fields", () => {
    expect(organisationDetailsSchema("tour-operator").parse({ ...address, name: "Ridings Tours", companyNumber: "sc 612345", countryOfOperation: "GB" }))
      .toMatchObject({ companyNumber: "SC612345", countryOfOperation: "GB" });
    expect(organisationDetailsSchema("tour-operator").safeParse({ ...address, name: "x", companyNumber: "123", countryOfOperation: "XX" }).success).toBe(false);
    expect(organisationDetailsSchema("home-education").parse({ ...address, phone: "", name: "Leeds Learners", numberOfFamilies: "12" }))
      .toEqual({ name: "Leeds Learners", address: { line1: "2 Harehills Lane", town: "Leeds", postcode: "LS9 7QR" }, numberOfFamilies: 12 });
    expect(organisationDetailsSchema("other-group").parse({ ...address, name: "Walkers", description: "A walking club" }))
      .toMatchObject({ description: "A walking club" });
  });
});
