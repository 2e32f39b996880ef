import { describe, expect, it } from "vitest";
import { firstMissingStep, stepOf } from "./steps";

describe("registration steps", () => {
  it("reads the group and step from a path", () => {
    expect(stepOf("/registration/education/user/edit")).toEqual({ group: "education", step: "user/edit" });
    expect(stepOf("/registration/pirates/review/")).toEqual({ group: "pirates", step: "review" });
    expect(stepOf("/registration")).toBeNull();
    expect(stepOf("/registration/education/nowhere")).toBeNull();
  });

  it("needs nothing to find or enter the organisation", () => {
    expect(firstMissingStep(null, "education", "organisation")).toBeNull();
    expect(firstMissingStep(null, "education", "organisation/edit")).toBeNull();
  });

  it("sends your details and the review back to the organisation until it is chosen", () => {
    expect(firstMissingStep(null, "education", "user/edit")).toBe("/registration/education/organisation");
    expect(firstMissingStep({ group: "education", user: {} }, "education", "review")).toBe("/registration/education/organisation");
    // An organisation of another group type does not count.
    expect(firstMissingStep({ group: "tour-operator", organisationId: "org-3001" }, "education", "user/edit")).toBe(
      "/registration/education/organisation",
    );
  });

  it("sends the review back to your details until they are saved", () => {
    expect(firstMissingStep({ group: "education", organisationId: "org-1002" }, "education", "user/edit")).toBeNull();
    expect(firstMissingStep({ group: "education", organisationId: "org-1002" }, "education", "review")).toBe(
      "/registration/education/user/edit",
    );
    expect(firstMissingStep({ group: "education", organisation: {}, user: {} }, "education", "review")).toBeNull();
  });
});
