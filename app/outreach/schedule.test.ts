import { describe, expect, it } from "vitest";
import {
  gatewayScheduleErrors, lunchFromForm, lunchStarts, placeSessions, rowsFromForm, schoolDayOf, sessionEnd, sessionProblems, validateSchedule,
  type ScheduleActivity,
} from "./schedule";

const slots = (duration: number) =>
  Array.from({ length: 24 }, (_, i) => {
    const start = 9 * 60 + i * 15;
    const t = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
    return { start: t(start), end: t(start + duration), status: start === 14 * 60 ? "full" : "available" };
  });
const romans: ScheduleActivity = { id: "romans", name: "Romans", durationMinutes: 90, maxPupilsPerSession: 32, slots: slots(90) };
const victorian: ScheduleActivity = { id: "victorian", name: "Victorian", durationMinutes: 60, maxPupilsPerSession: 30, slots: slots(60) };
const day = schoolDayOf({ "school-start": "08:50", "lunch-start": "12:00", "lunch-end": "13:00", "school-end": "15:15" })!;

const row = (i: number, activityId: string, start: string, pupils = "28") => ({ key: `s${i}`, activityId, start, pupils });

describe("the outreach schedule", () => {
  it("reads the school day from the questionnaire's answers (null while incomplete)", () => {
    expect(day).toEqual({ start: "08:50", lunch: { start: "12:00", end: "13:00" }, end: "15:15" });
    expect(schoolDayOf({ "school-start": "08:50" })).toBeNull();
  });

  it("sends two sessions and a lunch break that fit the day", () => {
    const result = validateSchedule(
      { date: "2026-12-14", rows: [row(0, "romans", "09:30"), row(1, "victorian", "13:15", "25")], lunch: { start: "11:15", end: "11:45" } },
      [romans, victorian],
      day,
    );
    expect(result).toEqual({
      ok: true,
      body: {
        date: "2026-12-14",
        sessions: [
          { activityId: "romans", start: "09:30", end: "11:00", pupils: 28 },
          { activityId: "victorian", start: "13:15", end: "14:15", pupils: 25 },
        ],
        lunchBreak: { start: "11:15", end: "11:45" },
      },
    });
  });

  it("refuses a session in the school's lunch time, overlapping another, or outside the school day", () => {
    const errors = (rows: ReturnType<typeof row>[], lunch = { start: "11:15", end: "11:45" }) => {
      const result = validateSchedule({ date: "2026-12-14", rows, lunch }, [romans, victorian], day);
      return result.ok ? {} : result.errors;
    };
    expect(errors([row(0, "romans", "09:30"), row(1, "victorian", "12:30")])["sessions.1.start"]).toContain(
      "clashes with the school's lunch time (12:00–13:00)",
    );
    expect(errors([row(0, "romans", "09:30"), row(1, "victorian", "10:00")])["sessions.1.start"]).toContain("clashes with session 1, Romans (09:30–11:00)");
    expect(errors([row(0, "romans", "14:15"), row(1, "victorian", "09:00")])["sessions.0.start"]).toContain("ends after the school day ends at 15:15");
    expect(errors([row(0, "romans", "09:30"), row(1, "victorian", "14:00")])["sessions.1.start"]).toBe("Our team is not free at 14:00: choose another time for session 2");
    expect(errors([row(0, "romans", "10:00"), row(1, "victorian", "13:15")], { start: "11:00", end: "11:30" }).lunch).toContain("clashes with session 1");
    expect(errors([row(0, "romans", "09:30"), row(1, "victorian", "13:15")], { start: "11:00", end: "12:30" }).lunch).toContain("lasts 30 to 60 minutes");
  });

  it("asks for a time, pupils within the activity's limit, every chosen activity and a lunch break", () => {
    const result = validateSchedule({ date: "2026-12-14", rows: [row(0, "romans", "", "40")], lunch: null }, [romans, victorian], day);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      "sessions.0.start": "Choose a time for session 1 (Romans)",
      "sessions.0.pupils": "Enter the pupils in session 1, from 1 to 32",
      sessions: "Add a session of Victorian, or go back and remove it from your sessions",
      lunch: "Choose when our team has its lunch break",
    });
  });

  it("ends a session when its offered time ends, else after the activity's length", () => {
    const short: ScheduleActivity = { ...romans, slots: [{ start: "09:00", end: "10:15", status: "available" }] };
    expect(sessionEnd(short, "09:00")).toBe("10:15");
    expect(sessionEnd(short, "13:00")).toBe("14:30");
  });

  it("says each session's clashes for the timeline", () => {
    const placed = placeSessions([row(0, "romans", "11:30"), row(1, "victorian", "12:45")], [romans, victorian]);
    expect(sessionProblems(placed[0]!, placed, day)).toEqual([
      "Clashes with the school's lunch time (12:00–13:00)",
      "Clashes with session 2, Victorian (12:45–13:45)",
    ]);
  });

  it("reads the form with and without JavaScript (a lunch end, or a length), and maps the gateway's errors", () => {
    const form = new FormData();
    form.set("sessions.0.activityId", "romans");
    form.set("sessions.0.start", "09:30");
    form.set("sessions.0.pupils", "28");
    form.set("sessions.1.activityId", "victorian");
    form.set("lunch.start", "12:00");
    form.set("lunch.length", "45");
    expect(rowsFromForm(form)).toEqual([row(0, "romans", "09:30"), { key: "s1", activityId: "victorian", start: "", pupils: "" }]);
    expect(lunchFromForm(form)).toEqual({ start: "12:00", end: "12:45" });
    form.set("lunch.end", "12:30");
    expect(lunchFromForm(form)).toEqual({ start: "12:00", end: "12:30" });
    expect(gatewayScheduleErrors([
      { field: "sessions.1.end", message: "lasts 60 minutes" },
      { field: "lunchBreak", message: "clashes" },
      { field: "date", message: "full" },
    ])).toEqual({ "sessions.1.start": "lasts 60 minutes", lunch: "clashes", date: "full" });
    expect(lunchStarts(60).at(-1)).toBe("13:30");
  });
});
