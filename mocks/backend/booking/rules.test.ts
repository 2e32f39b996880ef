import { describe, expect, it } from "vitest";
import { addDays } from "../dates";
import {
  CLOSES, DAY_CAPACITY, OPENS, bookableWindow, dayStatus, isClosedDay, seededDayDemand, seededSlotTaken, slotStarts,
  slotStatus, toMinutes, unbookableReason,
} from "./calendar";
import {
  EXTRA_ADULT_PRICE, canonicalJson, checkRatios, isUkMobile, payLaterUntil, paymentOptions, priceTickets, priceVisit,
  ratioMessages, sumLines,
} from "./rules";
import { activities, venues } from "../seed-venues";

describe("supervision ratios", () => {
  it.each([
    ["under-5", 4],
    ["5-11", 8],
    ["11-16", 10],
    ["16-18", 30],
  ] as const)("needs one adult for every %s children aged %s", (ageBand, ratio) => {
    expect(checkRatios([{ ageBand, count: ratio }], 1).shortfalls).toEqual([]);
    expect(checkRatios([{ ageBand, count: ratio + 1 }], 1).shortfalls).toHaveLength(1);
    expect(checkRatios([{ ageBand, count: ratio + 1 }], 2)).toMatchObject({ required: 2, free: 2, extra: 0, shortfalls: [] });
  });

  it("says plainly what is missing", () => {
    const check = checkRatios([{ ageBand: "5-11", count: 30 }], 3);
    expect(check.shortfalls.map((s) => s.message)).toEqual(["Add 1 more adult for up to 8 more pupils aged 5–11"]);
    expect(checkRatios([{ ageBand: "under-5", count: 9 }], 1).shortfalls.map((s) => s.message))
      .toEqual(["Add 2 more adults for up to 8 more children under 5"]);
  });

  it("gives adults to the youngest first and counts each age group apart", () => {
    const check = checkRatios([{ ageBand: "under-5", count: 4 }, { ageBand: "11-16", count: 12 }], 2);
    // 1 for the under-5s, 2 for the 11–16s (12 / 10, rounded up).
    expect(check.required).toBe(3);
    expect(check.shortfalls).toEqual([expect.objectContaining({ ageBand: "11-16", adults: 1, children: 10 })]);
  });

  it("makes adults within the ratios free and extra adults pay", () => {
    expect(checkRatios([{ ageBand: "5-11", count: 16 }], 5)).toMatchObject({ free: 2, extra: 3 });
    const messages = ratioMessages(checkRatios([{ ageBand: "5-11", count: 16 }], 5), 5);
    expect(messages.map((m) => m.code)).toEqual(["ratio_met", "extra_adults"]);
    expect(messages[1]?.message).toBe("3 adults beyond the ratios pay £5.00 each.");
    expect(ratioMessages(checkRatios([{ ageBand: "5-11", count: 30 }], 3), 3)).toEqual([
      { code: "ratio_shortfall", severity: "error", field: "adults", message: "Add 1 more adult for up to 8 more pupils aged 5–11." },
    ]);
  });
});

describe("prices", () => {
  it("charges activities per child, extra adults a flat fee, and nothing for ratio adults, carers or lunch", () => {
    const lines = priceVisit({
      participants: [{ ageBand: "5-11", count: 30 }], adults: 5, oneToOneCarers: 2,
      entries: [
        { name: "Life in Roman Eboracum", start: "10:00", end: "11:00", participants: 37, price: 450, kind: "workshop" },
        { name: "Lunch space", start: "12:30", end: "13:00", participants: 37, price: 0, kind: "lunch-space" },
      ],
    });
    expect(lines.map((l) => [l.description, l.quantity, l.unitPrice.amount])).toEqual([
      ["General admission: pupils aged 5–11", 30, 0],
      ["Supervising adults within the ratios (free)", 4, 0],
      ["Additional adults beyond the ratios", 1, EXTRA_ADULT_PRICE],
      ["One-to-one carers (free)", 2, 0],
      ["Life in Roman Eboracum, 10:00–11:00", 30, 450],
      ["Lunch space, 12:30–13:00", 37, 0],
    ]);
    expect(sumLines(lines)).toBe(30 * 450 + EXTRA_ADULT_PRICE);
  });

  it("prices group tickets per type, carers free", () => {
    const lines = priceTickets([
      { name: "Roman York walking tour", start: "10:30", ticketType: "adult", quantity: 10, price: 700 },
      { name: "Roman York walking tour", start: "10:30", ticketType: "carer", quantity: 2, price: 700 },
      { name: "Roman York walking tour", start: "10:30", ticketType: "child", quantity: 0, price: 350 },
    ]);
    expect(lines.map((l) => [l.description, l.quantity, l.total.amount])).toEqual([
      ["Roman York walking tour, 10:30: adult", 10, 7000],
      ["Roman York walking tour, 10:30: free carer", 2, 0],
    ]);
  });
});

describe("payment options", () => {
  const today = "2026-03-10";
  const options = (daysAhead: number, groupType: "education" | "home-education" | "tour-operator" = "education", total = 1000) =>
    paymentOptions({ total, groupType, today, visitDate: addDays(today, daysAhead) });
  const option = (list: ReturnType<typeof options>, method: string) => list.find((o) => o.method === method);

  it("skips payment for a free booking", () => {
    expect(options(40, "education", 0).filter((o) => o.available).map((o) => o.method)).toEqual(["none"]);
  });

  it("offers invoices only to education organisations booking more than 28 days ahead", () => {
    expect(option(options(29), "invoice")?.available).toBe(true);
    expect(option(options(28), "invoice")).toMatchObject({ available: false, reason: expect.stringContaining("28 days") });
    expect(option(options(90, "home-education"), "invoice")?.available).toBe(false);
    expect(option(options(90, "tour-operator"), "invoice")?.available).toBe(false);
  });

  it("holds a card booking unpaid until 60 days before, or for 3 days when 28–59 days ahead", () => {
    expect(payLaterUntil(today, addDays(today, 90))).toBe(addDays(today, 30));
    expect(payLaterUntil(today, addDays(today, 60))).toBe(today);
    expect(payLaterUntil(today, addDays(today, 59))).toBe(addDays(today, 3));
    expect(payLaterUntil(today, addDays(today, 28))).toBe(addDays(today, 3));
    expect(payLaterUntil(today, addDays(today, 27))).toBeUndefined();
    expect(option(options(27), "card")).toEqual({ method: "card", available: true, payLaterAvailable: false });
    expect(option(options(45), "card")).toEqual({ method: "card", available: true, payLaterAvailable: true, holdUntil: "2026-03-13" });
  });
});

describe("calendar", () => {
  const today = "2026-03-10";

  it("books from 3 days to 12 months ahead", () => {
    expect(bookableWindow(today)).toEqual({ from: "2026-03-13", until: "2027-03-10" });
    expect(unbookableReason("2026-03-12", today)).toMatch(/3 days ahead/);
    expect(unbookableReason("2026-03-13", today)).toBeUndefined();
    expect(unbookableReason("2027-03-10", today)).toBeUndefined();
    expect(unbookableReason("2027-03-11", today)).toMatch(/12 months ahead/);
    expect(bookableWindow("2026-02-28").until).toBe("2027-02-28");
  });

  it("is closed 24 to 26 December", () => {
    expect(["2026-12-23", "2026-12-24", "2026-12-25", "2026-12-26", "2026-12-27"].map(isClosedDay))
      .toEqual([false, true, true, true, false]);
    expect(unbookableReason("2026-12-25", today)).toMatch(/closed/);
  });

  it("runs every slot within opening hours", () => {
    for (const a of activities) {
      const starts = slotStarts(a);
      expect(starts.length, a.id).toBeGreaterThan(0);
      for (const start of starts) {
        expect(toMinutes(start)).toBeGreaterThanOrEqual(toMinutes(OPENS));
        expect(toMinutes(start) + a.durationMinutes).toBeLessThanOrEqual(toMinutes(CLOSES));
      }
    }
  });

  it("seeds demand deterministically, with some full and some limited days", () => {
    const statuses = new Map<string, number>();
    for (const v of venues) {
      for (let i = 0; i < 365; i++) {
        const date = addDays("2026-01-01", i);
        expect(seededDayDemand(v.id, date)).toBe(seededDayDemand(v.id, date));
        const status = dayStatus(DAY_CAPACITY - Math.round(DAY_CAPACITY * seededDayDemand(v.id, date)));
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }
    const total = 4 * 365;
    expect((statuses.get("full") ?? 0) / total).toBeGreaterThan(0.03);
    expect((statuses.get("full") ?? 0) / total).toBeLessThan(0.1);
    expect((statuses.get("limited") ?? 0) / total).toBeGreaterThan(0.08);
    expect((statuses.get("available") ?? 0) / total).toBeGreaterThan(0.7);
  });

  it("sells out every slot of a full day, and books workshops one group at a time", () => {
    const venueId = "venue-york-roman-quarter";
    let fullDay = "2026-01-01";
    while (seededDayDemand(venueId, fullDay) < 1) fullDay = addDays(fullDay, 1);
    expect(seededSlotTaken(venueId, fullDay, "act-york-lunch", "12:00", 64, false, "lunch-space")).toBe(64);
    for (let i = 0; i < 60; i++) {
      expect([0, 32]).toContain(seededSlotTaken(venueId, addDays("2026-04-01", i), "act-roman-life", "10:00", 32, false, "workshop"));
    }
  });

  it("says a slot or day is limited under 20% of capacity left", () => {
    expect([slotStatus(0, 30), slotStatus(5, 30), slotStatus(6, 30)]).toEqual(["full", "limited", "available"]);
    expect(dayStatus(59)).toBe("limited");
    expect(dayStatus(60)).toBe("available");
  });
});

describe("helpers", () => {
  it("compares request bodies whatever the order of their keys", () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: 3 }] })).toBe(canonicalJson({ a: [{ c: 3, d: 2 }], b: 1 }));
    expect(canonicalJson({ a: 1 })).not.toBe(canonicalJson({ a: 2 }));
  });

  it("accepts UK mobile numbers", () => {
    expect(["07700 900461", "+44 7700 900461", "07700-900-461"].map(isUkMobile)).toEqual([true, true, true]);
    expect(["0113 496 0124", "12345", "07700 90046"].map(isUkMobile)).toEqual([false, false, false]);
  });
});
