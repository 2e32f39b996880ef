import { describe, expect, it } from "vitest";
import { checkRatios, totalParticipants } from "./ratios";

describe("supervision ratios (mirrored for help)", () => {
  it("says plainly what is missing", () => {
    expect(checkRatios({ "5-11": 30 }, 3)).toMatchObject({
      required: 4,
      messages: ["Add 1 more adult for up to 8 more pupils aged 5–11"],
    });
    expect(checkRatios({ "under-5": 9 }, 0).messages).toEqual(["Add 3 more adults for up to 12 more children under 5"]);
    expect(checkRatios({ "16-18": 31 }, 1).messages).toEqual(["Add 1 more adult for up to 30 more students aged 16–18"]);
  });

  it("gives adults to the youngest bands first", () => {
    const check = checkRatios({ "under-5": 4, "11-16": 20 }, 2);
    expect(check.required).toBe(3);
    expect(check.messages).toEqual(["Add 1 more adult for up to 10 more pupils aged 11–16"]);
  });

  it("is satisfied at the ratios", () => {
    expect(checkRatios({ "under-5": 4, "5-11": 8, "11-16": 10, "16-18": 30 }, 4)).toMatchObject({ required: 4, shortfalls: [] });
    expect(checkRatios({}, 0)).toMatchObject({ required: 0, shortfalls: [] });
  });

  it("counts everyone in the group size", () => {
    expect(totalParticipants({ "5-11": 28 }, 4, 1)).toBe(33);
  });
});
