import { describe, expect, it } from "vitest";
import { instantDate, parseInstant } from "./instant";

describe("an instant from a backend (RFC 3339)", () => {
  it("reads what the contract allows: fractions of any length, offsets, lower-case separators", () => {
    expect(parseInstant("2026-11-27T10:00:00Z")).toBe(Date.UTC(2026, 10, 27, 10));
    expect(parseInstant("2026-11-27T10:00:00.123456Z")).toBe(Date.UTC(2026, 10, 27, 10, 0, 0, 123));
    expect(parseInstant("2026-11-27T11:00:00+01:00")).toBe(Date.UTC(2026, 10, 27, 10));
    expect(parseInstant("2026-11-27t10:00:00z")).toBe(Date.UTC(2026, 10, 27, 10));
  });

  it("reads a leap second as the start of the next minute, which Date.parse cannot", () => {
    expect(Date.parse("2016-12-31T23:59:60Z")).toBeNaN();
    expect(parseInstant("2016-12-31T23:59:60Z")).toBe(Date.UTC(2017, 0, 1));
    expect(parseInstant("2016-12-31T23:59:60.5Z")).toBe(Date.UTC(2017, 0, 1, 0, 0, 0, 500));
    expect(parseInstant("2017-01-01T00:59:60+01:00")).toBe(Date.UTC(2017, 0, 1));
    expect(instantDate("2016-12-31T23:59:60Z").toISOString()).toBe("2017-01-01T00:00:00.000Z");
  });

  it("is NaN for what is not an instant", () => {
    expect(parseInstant("")).toBeNaN();
    expect(parseInstant("tomorrow")).toBeNaN();
  });
});
