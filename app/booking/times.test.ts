import { describe, expect, it } from "vitest";
import { toMinutes } from "../calendar/dates";
import { findClashes, type TimedEntry } from "./times";

const entry = (activityId: string, start: string, end: string): TimedEntry => ({
  activityId, slotId: `${activityId}@${start}`, name: activityId, kind: "workshop", start, end,
});

describe("times of day", () => {
  it("finds overlapping entries, not touching ones", () => {
    const a = entry("a", "10:00", "11:00");
    const b = entry("b", "10:30", "11:00");
    const c = entry("c", "11:00", "11:30");
    const clashes = findClashes([c, b, a]);
    expect(clashes.map(({ a, b }) => [a.activityId, b.activityId])).toEqual([["a", "b"]]);
  });

  it("reads times strictly", () => {
    expect(toMinutes("09:05")).toBe(545);
    expect(toMinutes("9:05")).toBeNaN();
  });
});
