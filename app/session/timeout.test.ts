import { describe, expect, it } from "vitest";
import { spokenTimeLeft, timeLeftText, warningLeadMs } from "./timeout";

const MINUTE = 60_000;

describe("the session time-out warning's timing and words", () => {
  it("opens 2 minutes before the end, or half the idle time-out: always more than the 20 seconds WCAG 2.2.1 asks for", () => {
    // Every idle time-out the configuration accepts (1 minute to a day).
    for (let minutes = 1; minutes <= 24 * 60; minutes++) {
      const lead = warningLeadMs(minutes * MINUTE);
      expect(lead).toBeGreaterThanOrEqual(20_000);
      expect(lead).toBeLessThanOrEqual(2 * MINUTE);
      expect(lead).toBeLessThan(minutes * MINUTE);
    }
    expect(warningLeadMs(120 * MINUTE)).toBe(2 * MINUTE);
    expect(warningLeadMs(MINUTE)).toBe(30_000);
  });

  it("shows the time left in words, to the second", () => {
    expect(timeLeftText(120_000)).toBe("2 minutes");
    expect(timeLeftText(105_000)).toBe("1 minute 45 seconds");
    expect(timeLeftText(61_000)).toBe("1 minute 1 second");
    expect(timeLeftText(59_001)).toBe("1 minute");
    expect(timeLeftText(30_000)).toBe("30 seconds");
    expect(timeLeftText(1)).toBe("1 second");
    expect(timeLeftText(-5)).toBe("0 seconds");
  });

  it("speaks sparingly: at most once a minute, then every 15 seconds in the last minute, never less than is left", () => {
    const changes: number[] = [];
    let last = "";
    for (let ms = 10 * MINUTE; ms > 0; ms -= 250) {
      const spoken = spokenTimeLeft(ms);
      if (spoken !== last) changes.push(ms);
      last = spoken;
      const [n, unit] = spoken.split(" ") as [string, string];
      expect(Number(n) * (unit.startsWith("minute") ? MINUTE : 1000)).toBeGreaterThanOrEqual(ms);
    }
    // Each change after the first, with the time since the one before.
    const gaps = changes.slice(1).map((at, i) => ({ at, gap: changes[i]! - at }));
    for (const { at, gap } of gaps) expect(gap).toBeGreaterThanOrEqual(at >= MINUTE ? MINUTE : 15_000);
    expect(changes.filter((at) => at < MINUTE).length).toBeLessThanOrEqual(4);
  });
});
