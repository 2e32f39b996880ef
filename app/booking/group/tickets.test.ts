import { describe, expect, it } from "vitest";
import {
  emptyRow, fieldName, parseTicketRows, placeGatewayErrors, rowsFieldName, rowsFromForm, rowsFromTickets, type ActivityInfo,
} from "./tickets";

const walk: ActivityInfo = {
  id: "act-roman-walk",
  name: "Roman York walking tour",
  slots: [
    { id: "act-roman-walk@10:30", start: "10:30", end: "12:00", remainingCapacity: 25, status: "available" },
    { id: "act-roman-walk@11:30", start: "11:30", end: "13:00", remainingCapacity: 4, status: "limited" },
    { id: "act-roman-walk@12:30", start: "12:30", end: "14:00", remainingCapacity: 0, status: "full" },
  ],
};
const show: ActivityInfo = {
  id: "act-planetarium",
  name: "Planetarium show",
  slots: [{ id: "act-planetarium@10:30", start: "10:30", end: "11:00", remainingCapacity: 45, status: "available" }],
};

const row = (slot: string, q: Partial<Record<"adult" | "child" | "concession" | "carer", string>> = {}) => ({ ...emptyRow(), slot, ...q });

describe("rowsFromTickets", () => {
  it("makes one row per slot used, in slot order, and an empty row for an activity without tickets", () => {
    const rows = rowsFromTickets([walk, show], [
      { activityId: "act-roman-walk", slotId: "act-roman-walk@11:30", ticketType: "child", quantity: 3 },
      { activityId: "act-roman-walk", slotId: "act-roman-walk@10:30", ticketType: "adult", quantity: 20 },
      { activityId: "act-roman-walk", slotId: "act-roman-walk@10:30", ticketType: "carer", quantity: 1 },
    ]);
    expect(rows[0]).toEqual([row("act-roman-walk@10:30", { adult: "20", carer: "1" }), row("act-roman-walk@11:30", { child: "3" })]);
    expect(rows[1]).toEqual([emptyRow()]);
  });
});

describe("rowsFromForm", () => {
  it("reads each activity's rows as typed", () => {
    const form = new FormData();
    form.set(rowsFieldName(0), "2");
    form.set(fieldName(0, 0, "slot"), "act-roman-walk@10:30");
    form.set(fieldName(0, 0, "adult"), " 12 ");
    form.set(fieldName(0, 1, "child"), "x");
    expect(rowsFromForm(form, 2)).toEqual([
      [row("act-roman-walk@10:30", { adult: "12" }), row("", { child: "x" })],
      [emptyRow()],
    ]);
  });
});

describe("parseTicketRows", () => {
  it("turns rows into ticket selections, leaving out zero quantities", () => {
    const parsed = parseTicketRows([walk, show], [
      [row("act-roman-walk@10:30", { adult: "20", concession: "", carer: "2" })],
      [row("act-planetarium@10:30", { child: "10" })],
    ]);
    expect(parsed.errors).toEqual({});
    expect(parsed.tickets).toEqual([
      { activityId: "act-roman-walk", slotId: "act-roman-walk@10:30", ticketType: "adult", quantity: 20 },
      { activityId: "act-roman-walk", slotId: "act-roman-walk@10:30", ticketType: "carer", quantity: 2 },
      { activityId: "act-planetarium", slotId: "act-planetarium@10:30", ticketType: "child", quantity: 10 },
    ]);
    expect(parsed.sources[1]).toEqual({ slotField: "tickets-0-0-slot", quantityField: "tickets-0-0-carer" });
  });

  it("puts each problem beside its field", () => {
    const parsed = parseTicketRows([walk, show], [
      [row("", { adult: "3" }), row("act-roman-walk@11:30", { adult: "5" }), row("act-roman-walk@10:30", { child: "2.5" })],
      [row("act-planetarium@10:30")],
    ]);
    expect(parsed.errors).toEqual({
      "tickets-0-0-slot": "Choose a time for Roman York walking tour",
      "tickets-0-1-slot": "Only 4 places left for Roman York walking tour at 11:30: choose fewer tickets or another time",
      "tickets-0-2-child": "Child tickets: Enter a whole number, such as 10",
      "tickets-1-0-slot": "Choose a time and tickets for Planetarium show, or go back and remove it",
    });
  });

  it("refuses a full slot, a time chosen twice and an unknown slot", () => {
    const parsed = parseTicketRows([walk], [
      [row("act-roman-walk@12:30", { adult: "1" }), row("act-roman-walk@10:30", { adult: "1" }), row("act-roman-walk@10:30", { adult: "1" }), row("nope", { adult: "1" })],
    ]);
    expect(parsed.errors["tickets-0-0-slot"]).toBe("Roman York walking tour at 12:30 is full: choose another time");
    expect(parsed.errors["tickets-0-2-slot"]).toMatch(/chosen twice/);
    expect(parsed.errors["tickets-0-3-slot"]).toBe("Choose one of the times for Roman York walking tour");
  });

  it("counts places this booking already holds as its own", () => {
    const parsed = parseTicketRows([walk], [[row("act-roman-walk@11:30", { adult: "6" })]], new Map([["act-roman-walk@11:30", 6]]));
    expect(parsed.errors).toEqual({});
  });

  it("refuses more than 200 of a type", () => {
    const parsed = parseTicketRows([show], [[row("act-planetarium@10:30", { adult: "201" })]]);
    expect(parsed.errors["tickets-0-0-adult"]).toBe("Adult tickets: Enter 200 or fewer");
  });
});

describe("placeGatewayErrors", () => {
  it("maps the gateway's ticket indexes back to the fields", () => {
    const sources = [
      { slotField: "tickets-0-0-slot", quantityField: "tickets-0-0-adult" },
      { slotField: "tickets-1-0-slot", quantityField: "tickets-1-0-child" },
    ];
    expect(
      placeGatewayErrors(
        [
          { field: "tickets.1.slotId", message: "This time has just sold out" },
          { field: "tickets.0.quantity", message: "Too many" },
          { field: "tickets", message: "Something else" },
        ],
        sources,
      ),
    ).toEqual({ "tickets-1-0-slot": "This time has just sold out", "tickets-0-0-adult": "Too many", form: "Something else" });
  });
});
