import { describe, expect, it } from "vitest";
import { organisationFormField } from "./organisation-form";

describe("organisation form", () => {
  it("maps the gateway's field paths to the form's fields", () => {
    expect(organisationFormField("organisation.address.postcode")).toBe("postcode");
    expect(organisationFormField("ageRange.lowest")).toBe("ageLowest");
    expect(organisationFormField("organisation.urn")).toBe("urn");
  });
});
