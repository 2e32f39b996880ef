import { describe, expect, it } from "vitest";
import { bookingState, createBookingStore } from "./booking";

describe("booking UI store", () => {
  it("starts the scheduler once per saved schedule and keeps unsaved choices", () => {
    const s = createBookingStore();
    bookingState.startSchedule(s, "b1@1", { a: "a@10:00" }, { a: "30" });
    bookingState.selectSlot(s, "a", "a@11:00");
    bookingState.startSchedule(s, "b1@1", { a: "a@10:00" }, { a: "30" });
    expect(s.schedule.selections).toEqual({ a: "a@11:00" });
    bookingState.startSchedule(s, "b1@2", { a: "a@12:00" }, {});
    expect(s.schedule.selections).toEqual({ a: "a@12:00" });
  });

  it("remembers where the calendar's focus goes after a month change", () => {
    const s = createBookingStore();
    bookingState.changeMonth(s, "2027-01-05", "January 2027");
    expect(s.calendar).toMatchObject({ pendingFocus: "2027-01-05", focusDate: "2027-01-05", announcement: "January 2027" });
    bookingState.focusDone(s);
    expect(s.calendar.pendingFocus).toBeNull();
  });

  it("keeps stores apart", () => {
    const a = createBookingStore();
    const b = createBookingStore();
    bookingState.setInformation(a, "adults", "3");
    expect(b.information.values).toEqual({});
  });
});
