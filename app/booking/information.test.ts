import { describe, expect, it } from "vitest";
import { countsFromValues, gatewayFieldToForm, informationSchema, informationValues, toVisitInformation } from "./information";

const form = {
  "band-under-5": "",
  "band-5-11": "28",
  "band-11-16": "",
  "band-16-18": "",
  adults: "4",
  oneToOneCarers: "1",
  "access-mobility": "on",
  accessDetails: "One wheelchair user",
  lunchSpace: "yes",
  arrivalTime: "10:15",
  notes: "",
};

describe("information step form", () => {
  it("turns the form into the gateway's body", () => {
    const parsed = informationSchema().parse(form);
    expect(toVisitInformation(parsed)).toEqual({
      participants: [
        { ageBand: "under-5", count: 0 },
        { ageBand: "5-11", count: 28 },
        { ageBand: "11-16", count: 0 },
        { ageBand: "16-18", count: 0 },
      ],
      adults: 4,
      oneToOneCarers: 1,
      accessNeeds: { mobility: true, sensory: false, communication: false, quietSpace: false, details: "One wheelchair user" },
      lunchSpace: true,
      arrivalTime: "10:15",
    });
  });

  it("says what is wrong beside each field", () => {
    const result = informationSchema().safeParse({ ...form, "band-5-11": "2.5", adults: "-1", lunchSpace: undefined, arrivalTime: "soon" });
    expect(result.success).toBe(false);
    const fields = Object.fromEntries(result.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(fields["band-5-11"]).toMatch(/whole number/);
    expect(fields.adults).toMatch(/cannot be negative/);
    expect(fields.lunchSpace).toBe("Say whether you need lunch space");
    expect(fields.arrivalTime).toMatch(/arrival time/);
  });

  it("checks the group is 1 to 200 people", () => {
    const none = informationSchema().safeParse({ ...form, "band-5-11": "0", adults: "0", oneToOneCarers: "0" });
    expect(none.error?.issues[0]).toMatchObject({ path: ["participants"] });
    const many = informationSchema().safeParse({ ...form, "band-5-11": "190", adults: "20" });
    expect(many.error?.issues[0]?.message).toMatch(/up to 200 people: you entered 211/);
  });

  it("maps the gateway's field paths back to the form", () => {
    expect(gatewayFieldToForm("participants.1.count")).toBe("band-5-11");
    expect(gatewayFieldToForm("accessNeeds.details")).toBe("accessDetails");
    expect(gatewayFieldToForm("accessNeeds.quietSpace")).toBe("access-quietSpace");
    expect(gatewayFieldToForm("adults")).toBe("adults");
  });

  it("round-trips saved information and reads typed numbers for the live check", () => {
    const values = informationValues(toVisitInformation(informationSchema().parse(form)));
    expect(values).toMatchObject({ "band-5-11": "28", "band-under-5": "", adults: "4", lunchSpace: "yes", "access-mobility": "on" });
    expect(countsFromValues({ "band-5-11": "12", adults: "x" })).toMatchObject({ children: { "5-11": 12, "under-5": 0 }, adults: 0 });
  });
});
