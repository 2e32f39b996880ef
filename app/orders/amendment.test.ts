import { describe, expect, it } from "vitest";
import { amendLines, bookedValues, parseAmendment, placeAmendmentErrors, valuesFromForm, type AmendableOrder } from "./amendment";

const groupOrder: AmendableOrder = {
  kind: "group-visit",
  booked: {
    tickets: [
      { activityId: "act-roman-walk", slotId: "act-roman-walk@11:30", ticketType: "adult", quantity: 20 },
      { activityId: "act-roman-walk", slotId: "act-roman-walk@11:30", ticketType: "carer", quantity: 1 },
      { activityId: "act-threads", slotId: "act-threads@10:00", ticketType: "concession", quantity: 5 },
    ],
  },
  schedule: [
    { activityId: "act-threads", slotId: "act-threads@10:00", name: "Threads of the World", start: "10:00", end: "10:45" },
    { activityId: "act-roman-walk", slotId: "act-roman-walk@11:30", name: "Roman York walking tour", start: "11:30", end: "13:00" },
  ],
};

const visitOrder: AmendableOrder = {
  kind: "visit",
  booked: { participants: [{ ageBand: "5-11", count: 30 }], adults: 4, oneToOneCarers: 0 },
};

describe("amendLines", () => {
  it("gives every ticket type for each booked activity and time, starting from what is booked", () => {
    const lines = amendLines(groupOrder)!;
    expect(lines).toHaveLength(8);
    expect(lines.slice(0, 4).map((l) => [l.name, l.label, l.group, l.booked])).toEqual([
      ["t0", "Adult tickets", "Roman York walking tour, 11:30–13:00", 20],
      ["t1", "Child tickets", "Roman York walking tour, 11:30–13:00", 0],
      ["t2", "Concession tickets", "Roman York walking tour, 11:30–13:00", 0],
      ["t3", "Free carer tickets", "Roman York walking tour, 11:30–13:00", 1],
    ]);
    expect(lines[6]).toMatchObject({ group: "Threads of the World, 10:00–10:45", booked: 5 });
  });

  it("gives age bands, adults and carers for a visit", () => {
    const lines = amendLines(visitOrder)!;
    expect(lines.map((l) => [l.name, l.booked])).toEqual([["p0", 0], ["p1", 30], ["p2", 0], ["p3", 0], ["adults", 4], ["oneToOneCarers", 0]]);
  });

  it("is null when the order does not say what was booked, or for outreach", () => {
    expect(amendLines({ kind: "group-visit" })).toBeNull();
    expect(amendLines({ kind: "outreach", booked: { adults: 1 } })).toBeNull();
  });
});

describe("parseAmendment", () => {
  const lines = amendLines(groupOrder)!;

  it("sends the new totals of every booked or added ticket", () => {
    const values = { ...bookedValues(lines), t0: "24", t1: "3" };
    const parsed = parseAmendment(lines, values);
    expect(parsed.errors).toEqual({});
    expect(parsed.body.tickets).toEqual([
      { activityId: "act-roman-walk", slotId: "act-roman-walk@11:30", ticketType: "adult", quantity: 24 },
      { activityId: "act-roman-walk", slotId: "act-roman-walk@11:30", ticketType: "child", quantity: 3 },
      { activityId: "act-roman-walk", slotId: "act-roman-walk@11:30", ticketType: "carer", quantity: 1 },
      { activityId: "act-threads", slotId: "act-threads@10:00", ticketType: "concession", quantity: 5 },
    ]);
    expect(parsed.fieldOf).toMatchObject({ "tickets.0": "t0", "tickets.1": "t1", "tickets.2": "t3", "tickets.3": "t6" });
  });

  it("refuses lower numbers, non-numbers and no change", () => {
    expect(parseAmendment(lines, { ...bookedValues(lines), t0: "19", t1: "x" }).errors).toEqual({
      t0: "Roman York walking tour, 11:30–13:00: adult tickets: you have 20 booked, so enter 20 or more",
      t1: "Roman York walking tour, 11:30–13:00: child tickets: enter a whole number",
    });
    expect(parseAmendment(lines, bookedValues(lines)).errors).toEqual({ t0: "Enter a higher number for at least one of these" });
  });

  it("builds a visit's participants, adults and carers", () => {
    const visitLines = amendLines(visitOrder)!;
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...bookedValues(visitLines), p1: "34", adults: "5" })) form.set(k, v);
    const parsed = parseAmendment(visitLines, valuesFromForm(form, visitLines));
    expect(parsed.body).toEqual({ participants: [{ ageBand: "5-11", count: 34 }], adults: 5, oneToOneCarers: 0 });
    expect(placeAmendmentErrors([{ field: "adults", message: "Add 1 more adult" }, { field: "participants.0.count", message: "Too many" }], parsed.fieldOf)).toEqual({
      adults: "Add 1 more adult",
      p1: "Too many",
    });
  });
});
