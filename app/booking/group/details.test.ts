import { describe, expect, it } from "vitest";
import { toFieldErrors } from "../../forms/validation";
import { detailField, detailValues, detailsSchema, isUkMobile, toGroupDetails } from "./details";

const valid = {
  groupName: "Harrogate Probus Club",
  leadName: "Margaret Ellis",
  leadMobile: "07700 900461",
  arrivalTime: "10:30",
  coach: "yes",
  coaches: "2",
  coachCompany: "Dales Coaches",
  coachRegistration: "YX21 ABC",
  notes: "",
};

describe("group details", () => {
  it("builds the gateway's GroupDetails", () => {
    const parsed = detailsSchema().parse(valid);
    expect(toGroupDetails(parsed)).toEqual({
      groupName: "Harrogate Probus Club",
      leadName: "Margaret Ellis",
      leadMobile: "07700 900461",
      arrivalTime: "10:30",
      coaches: 2,
      coachCompany: "Dales Coaches",
      coachRegistration: "YX21 ABC",
    });
  });

  it("sends no coach details without a coach", () => {
    const parsed = detailsSchema().parse({ ...valid, coach: "no", coaches: "abc" });
    expect(toGroupDetails(parsed)).toEqual({
      groupName: "Harrogate Probus Club", leadName: "Margaret Ellis", leadMobile: "07700 900461", arrivalTime: "10:30", coaches: 0,
    });
  });

  it("says what is wrong with each field", () => {
    const result = detailsSchema().safeParse({ ...valid, groupName: " ", leadMobile: "0113 496 0000", arrivalTime: "09:00", coach: "", coaches: "" });
    expect(result.success).toBe(false);
    expect(toFieldErrors(result.error!)).toEqual({
      groupName: "Enter your group's name",
      leadMobile: "Enter a UK mobile number, like 07700 900123",
      arrivalTime: "Arrive between 10:00 and 16:00",
      coach: "Say whether your group is coming by coach",
    });
  });

  it("asks for 1 to 10 coaches when coming by coach", () => {
    const result = detailsSchema().safeParse({ ...valid, coaches: "11" });
    expect(toFieldErrors(result.error!)).toEqual({ coaches: "Enter the number of coaches, from 1 to 10" });
  });

  it("recognises UK mobile numbers", () => {
    expect(isUkMobile("+44 7700 900461")).toBe(true);
    expect(isUkMobile("07700-900-461")).toBe(true);
    expect(isUkMobile("01134960000")).toBe(false);
  });

  it("shows saved details, or suggests the organiser as lead", () => {
    expect(detailValues(undefined, { leadName: "Tom Whitaker", leadMobile: "07700 900461" })).toMatchObject({
      leadName: "Tom Whitaker", leadMobile: "07700 900461", coach: "", coaches: "1",
    });
    expect(detailValues({ groupName: "G", leadName: "L", leadMobile: "07700900461", arrivalTime: "11:00", coaches: 0 })).toMatchObject({
      coach: "no", arrivalTime: "11:00",
    });
  });

  it("maps gateway fields to the form", () => {
    expect(detailField("leadMobile")).toBe("leadMobile");
    expect(detailField("somethingElse")).toBe("form");
  });
});
