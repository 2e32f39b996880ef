import { describe, expect, it } from "vitest";
import { addMonths, clampMonth, monthLabel, monthWeeks, moveDate, sameDayInMonth } from "./dates";

describe("calendar arithmetic", () => {
  it("lays a month out in Monday-first weeks", () => {
    const weeks = monthWeeks("2026-11");
    expect(weeks[0]).toEqual([null, null, null, null, null, null, "2026-11-01"]);
    expect(weeks.at(-1)).toEqual(["2026-11-30", null, null, null, null, null, null]);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
  });

  it("moves like the APG date picker", () => {
    expect(moveDate("2026-11-30", "ArrowRight")).toBe("2026-12-01");
    expect(moveDate("2026-11-04", "ArrowUp")).toBe("2026-10-28");
    expect(moveDate("2026-11-04", "Home")).toBe("2026-11-02");
    expect(moveDate("2026-11-04", "End")).toBe("2026-11-08");
    expect(moveDate("2027-01-31", "PageDown")).toBe("2027-02-28");
    expect(moveDate("2027-01-31", "PageUp", { shift: true })).toBe("2026-01-31");
    expect(moveDate("2026-11-25", "ArrowLeft", { min: "2026-11-25" })).toBe("2026-11-25");
  });

  it("keeps the shown month in the bookable window", () => {
    expect(clampMonth("2026-01", "2026-11-25", "2027-11-22")).toBe("2026-11");
    expect(clampMonth("2028-01", "2026-11-25", "2027-11-22")).toBe("2027-11");
    expect(clampMonth("nonsense", "2026-11-25", "2027-11-22")).toBe("2026-11");
    expect(clampMonth("2027-03", "2026-11-25", "2027-11-22")).toBe("2027-03");
  });

  it("names months for people", () => {
    expect(monthLabel("2026-12")).toBe("December 2026");
    expect(addMonths("2026-12", 1)).toBe("2027-01");
    expect(sameDayInMonth("2026-03-31", "2026-04")).toBe("2026-04-30");
  });
});
