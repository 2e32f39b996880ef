import { describe, expect, it } from "vitest";
import { outreachActivities } from "../seed-venues";
import {
  LUNCH_MAX_MINUTES, TEAMS_PER_DAY, eligibilityReasons, inOutreachRegion, outreachDateReason, outreachMessages,
  outreachPaymentOptions, outreachWindow, postcodeArea, priceOutreach, schoolHoliday, seededTeamDay, teamDayStatus,
  teamSlots,
} from "./outreach-rules";
import { OUTREACH_QUESTIONNAIRE, answerList, schoolDayOf, validateAnswers } from "./outreach-questionnaire";
import { parseOutreachSchedule, scheduleErrors, type ScheduleContext } from "./outreach-schedule-rules";
import { OUTREACH_FIXTURE, outreachSchedule } from "./outreach-provider-states";
import { addDays } from "../dates";

const TODAY = "2026-03-10";
/** A Tuesday in term time, 70 days ahead. */
const DATE = "2026-05-19";

describe("outreach eligibility", () => {
  it("reads the postcode area and knows the region's areas", () => {
    expect(postcodeArea("LS11 5PQ")).toBe("LS");
    expect(postcodeArea("s10 2tn")).toBe("S");
    expect(postcodeArea("SK4 1AA")).toBe("SK");
    expect(postcodeArea("not a postcode")).toBeUndefined();
    for (const p of ["LS11 5PQ", "BD18 4NR", "HX7 6DS", "HD1 6NW", "WF1 2DZ", "YO21 3LF", "HG1 2RL", "S10 2TN", "DN1 3AA", "HU3 4AE"]) {
      expect(inOutreachRegion(p), p).toBe(true);
    }
    for (const p of ["M20 6RL", "SK4 1AA", "LA9 6ND", "SW1A 1AA"]) expect(inOutreachRegion(p), p).toBe(false);
  });

  it("is for education and home-education organisations in the region, and says why not", () => {
    const school = { name: "Riverside Primary School", groupType: "education" as const, postcode: "LS11 5PQ", town: "Leeds", association: "approved" as const };
    expect(eligibilityReasons(school)).toEqual([]);
    expect(eligibilityReasons({ ...school, groupType: "home-education" })).toEqual([]);
    const outside = eligibilityReasons({ ...school, name: "Didsbury Road Primary School", postcode: "M20 6RL", town: "Manchester" });
    expect(outside).toHaveLength(1);
    expect(outside[0]).toMatchObject({ code: "outside_region" });
    expect(outside[0]?.message).toContain("Yorkshire and the Humber");
    expect(outside[0]?.message).toContain("Manchester, M20 6RL");
    const operator = eligibilityReasons({ ...school, name: "Pennine Coach Holidays", groupType: "tour-operator", postcode: "HD1 6NW" });
    expect(operator.map((r) => r.code)).toEqual(["group_type_not_eligible"]);
    expect(operator[0]?.message).toMatch(/tour operator/);
    expect(eligibilityReasons({ ...school, groupType: "other-group", postcode: "LA9 6ND", association: "pending" }).map((r) => r.code))
      .toEqual(["group_type_not_eligible", "outside_region", "association_not_approved"]);
  });
});

describe("the outreach team's calendar", () => {
  it("visits on weekdays in term time, from 3 weeks to 12 months ahead", () => {
    expect(outreachWindow(TODAY)).toEqual({ from: "2026-03-31", until: "2027-03-10" });
    expect(outreachDateReason(DATE, TODAY)).toBeUndefined();
    expect(outreachDateReason("2026-03-30", TODAY)).toMatch(/from 3 weeks ahead: choose 31 March 2026 or later/);
    expect(outreachDateReason("2027-03-11", TODAY)).toMatch(/up to 12 months ahead/);
    expect(outreachDateReason("2026-05-23", TODAY)).toBe("The outreach team visits schools on weekdays: 23 May 2026 is a Saturday.");
    expect(outreachDateReason("2026-08-04", TODAY)).toMatch(/summer school holiday/);
    expect(outreachDateReason("2026-10-27", TODAY)).toMatch(/October half-term/);
    expect(schoolHoliday("2026-12-24")).toBe("Christmas");
    expect(schoolHoliday("2027-01-04")).toBe("Christmas");
    expect(schoolHoliday("2027-01-05")).toBeUndefined();
  });

  it("has two teams a day, some days taken by other schools, the same on every run", () => {
    const days = Array.from({ length: 400 }, (_, i) => seededTeamDay(addDays(TODAY, i)));
    const full = days.filter((d) => d.booked === TEAMS_PER_DAY).length / days.length;
    const limited = days.filter((d) => d.booked === 1).length / days.length;
    expect(full).toBeGreaterThan(0.06);
    expect(full).toBeLessThan(0.2);
    expect(limited).toBeGreaterThan(0.1);
    expect(days.some((d) => d.busy)).toBe(true);
    expect(seededTeamDay(DATE)).toEqual(seededTeamDay(DATE));
    expect(seededTeamDay(DATE, true)).toEqual({ booked: 0 });
    expect([2, 1, 0].map(teamDayStatus)).toEqual(["available", "limited", "full"]);
  });

  it("offers session start times within the team's day, full where the team is busy", () => {
    const slots = teamSlots(2, undefined, 90);
    expect(slots[0]).toEqual({ start: "09:00", end: "10:30", status: "available" });
    expect(slots.at(-1)).toEqual({ start: "14:00", end: "15:30", status: "available" });
    expect(slots.map((s) => s.start)).toContain("09:15");
    const blocks = teamSlots(2, undefined);
    expect(blocks.map((s) => s.start)).toEqual(["09:00", "09:30", "10:00", "10:30", "11:00", "11:30", "12:00", "12:30", "13:00", "13:30", "14:00", "14:30", "15:00"]);
    const morningBusy = teamSlots(1, { start: "09:00", end: "11:30" }, 60);
    expect(morningBusy.find((s) => s.start === "10:30")?.status).toBe("full");
    expect(morningBusy.find((s) => s.start === "11:30")?.status).toBe("limited");
    expect(teamSlots(0, undefined, 60)).toEqual([]);
  });
});

describe("the outreach questionnaire", () => {
  const q = OUTREACH_QUESTIONNAIRE;
  const body = (changes: Record<string, string | undefined>) => ({
    questionnaireVersion: q.version,
    answers: OUTREACH_FIXTURE.answers.answers
      .map((a) => (a.questionId in changes ? { ...a, value: changes[a.questionId] } : a))
      .filter((a): a is { questionId: string; value: string } => a.value !== undefined),
  });
  const errorsOf = (changes: Record<string, string | undefined>, context = {}) => {
    const result = validateAnswers(q, body(changes), context);
    return result.ok ? {} : Object.fromEntries(result.errors.map((e) => [e.field, e.message]));
  };

  it("asks about the hall, power, parking, pupils and the school day, in every field type", () => {
    expect(new Set(q.questions.map((x) => x.type))).toEqual(new Set(["text", "textarea", "integer", "boolean", "select", "time"]));
    expect(q.questions.map((x) => x.id)).toEqual(expect.arrayContaining([
      "hall-size", "power", "parking", "pupils-per-session", "school-start", "lunch-start", "lunch-end", "school-end",
    ]));
  });

  it("accepts valid answers, normalised, and gives the school day", () => {
    const result = validateAnswers(q, body({ "hall-size": " 0150 ", access: undefined }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.answers["hall-size"]).toBe("150");
    expect(schoolDayOf(result.answers)).toEqual({ start: "08:50", lunch: { start: "12:00", end: "13:00" }, end: "15:15" });
    expect(answerList(q, result.answers).map((a) => a.questionId)).toEqual(q.questions.map((x) => x.id).filter((id) => result.answers[id] !== undefined));
  });

  it("checks required answers, types and limits, per question", () => {
    expect(errorsOf({ "hall-size": undefined, power: "maybe", parking: "roof", "year-groups": "" })).toEqual({
      "answers.hall-size": "Enter a whole number",
      "answers.power": "Answer yes or no",
      "answers.parking": "Choose an option",
      "answers.year-groups": "Enter an answer",
    });
    expect(errorsOf({ "hall-size": "12" })).toEqual({ "answers.hall-size": "Enter a whole number from 20 to 1000" });
    expect(errorsOf({ "hall-size": "12.5" })).toEqual({ "answers.hall-size": "Enter a whole number from 20 to 1000" });
    expect(errorsOf({ "year-groups": "x".repeat(101) })).toEqual({ "answers.year-groups": "Use 100 characters or fewer" });
    expect(errorsOf({ "school-start": "7:30" })).toEqual({ "answers.school-start": "Enter a time, for example 09:00" });
    expect(errorsOf({ "school-start": "06:45" })).toEqual({ "answers.school-start": "Enter a time from 07:30 to 10:00" });
  });

  it("checks the school day's timings are in order", () => {
    expect(errorsOf({ "lunch-end": "11:45" })).toEqual({ "answers.lunch-end": "Lunch must end after it starts (12:00)" });
    expect(errorsOf({ "school-end": "13:00" })).toEqual({ "answers.school-end": "The school day must end after lunch ends (13:00)" });
  });

  it("keeps pupils per session within what the chosen activities take", () => {
    expect(errorsOf({ "pupils-per-session": "40" }, { maxPupils: { pupils: 35, name: "Planetarium dome" } })).toEqual({
      "answers.pupils-per-session": "Planetarium dome takes up to 35 pupils in a session: split larger groups across more sessions.",
    });
  });

  it("refuses answers to another version of the questionnaire and unknown questions", () => {
    const result = validateAnswers(q, { questionnaireVersion: "old", answers: [...body({}).answers, { questionId: "colour", value: "red" }] });
    expect(result.ok ? [] : result.errors.map((e) => e.field)).toEqual(["questionnaireVersion", "answers.10.questionId"]);
  });
});

describe("the outreach day's schedule", () => {
  const activities = outreachActivities.filter((a) => OUTREACH_FIXTURE.activityIds.includes(a.id));
  const ctx = (changes: Partial<ScheduleContext> = {}): ScheduleContext => ({
    today: TODAY,
    activities,
    schoolDay: { start: "08:50", lunch: { start: "12:00", end: "13:00" }, end: "15:15" },
    teamsLeft: () => 2,
    slots: (_date, a) => teamSlots(2, undefined, a.durationMinutes),
    ...changes,
  });
  const schedule = (changes: Partial<ReturnType<typeof outreachSchedule>> = {}) => ({ ...outreachSchedule(DATE), ...changes });
  const sessions = OUTREACH_FIXTURE.sessions;
  const errorsOf = (s = schedule(), c = ctx()) => Object.fromEntries(scheduleErrors(s, c).map((e) => [e.field, e.message]));

  it("accepts two sessions around the school's lunch with the team's lunch between them", () => {
    expect(scheduleErrors(schedule(), ctx())).toEqual([]);
  });

  it("parses the body and names what is missing", () => {
    expect(parseOutreachSchedule({ date: "2026-02-30", sessions: [{ activityId: "a", start: "9:00", end: "10:00", pupils: 0 }] })).toEqual({
      ok: false,
      errors: [
        { field: "date", message: "Choose a date" },
        { field: "sessions.0.start", message: "Choose a start time" },
        { field: "sessions.0.pupils", message: "Enter the number of pupils, from 1 to 200" },
        { field: "lunchBreak.start", message: "Choose when the team's lunch break starts" },
        { field: "lunchBreak.end", message: "Choose when the team's lunch break ends" },
      ],
    });
    expect(parseOutreachSchedule(schedule())).toEqual({ ok: true, value: schedule() });
  });

  it("needs a date the team visits, with a team free", () => {
    expect(errorsOf(schedule({ date: "2026-05-23" }))).toEqual({ date: expect.stringMatching(/weekdays/) });
    expect(errorsOf(schedule(), ctx({ teamsLeft: () => 0 }))).toEqual({ date: "The outreach team is fully booked on 19 May 2026: choose another date." });
  });

  it("refuses a session in the school's lunch time, outside the school day, or overlapping another", () => {
    expect(errorsOf(schedule({ sessions: [sessions[0]!, { ...sessions[1]!, start: "12:30", end: "13:15" }] }))).toEqual({
      "sessions.1.start": "Planetarium dome 12:30–13:15 clashes with the school's lunch time 12:00–13:00: choose another time.",
    });
    expect(errorsOf(schedule({ sessions: [{ ...sessions[0]!, start: "14:00", end: "15:30" }, sessions[1]!] }))["sessions.0.start"])
      .toBe("Romans in your classroom 14:00–15:30 ends after the school day ends at 15:15: choose an earlier time.");
    expect(errorsOf(schedule({ sessions: [sessions[0]!, { ...sessions[1]!, start: "10:30", end: "11:15" }] }))).toEqual({
      "sessions.1.start": "Planetarium dome 10:30–11:15 clashes with Romans in your classroom 09:30–11:00: choose another time.",
    });
    expect(errorsOf(schedule({ sessions: [{ ...sessions[0]!, start: "08:50", end: "10:20" }, sessions[1]!] }))["sessions.0.start"])
      .toMatch(/cannot start at 08:50/);
  });

  it("keeps sessions to a slot the team is free, the activity's length and its pupils per session", () => {
    const busy = ctx({ slots: (_d, a) => teamSlots(1, { start: "09:00", end: "11:30" }, a.durationMinutes) });
    expect(errorsOf(schedule(), busy)).toEqual({ "sessions.0.start": "The team is not free for Romans in your classroom at 09:30 on 19 May 2026: choose another time." });
    expect(errorsOf(schedule({ sessions: [{ ...sessions[0]!, end: "10:30" }, sessions[1]!] }))).toEqual({
      "sessions.0.end": "Romans in your classroom lasts 90 minutes: starting at 09:30, it ends at 11:00.",
    });
    expect(errorsOf(schedule({ sessions: [{ ...sessions[0]!, pupils: 33 }, sessions[1]!] }))).toEqual({
      "sessions.0.pupils": "Romans in your classroom takes up to 32 pupils in a session: split the group across two sessions.",
    });
    expect(errorsOf(schedule({ sessions: [sessions[0]!] }))).toEqual({ sessions: "Choose a time for Planetarium dome, or go back and remove it." });
    expect(errorsOf(schedule({ sessions: [{ ...sessions[0]!, activityId: "out-colour-chemistry" }, sessions[1]!] }))["sessions.0.activityId"])
      .toBe("Choose one of the activities you picked");
  });

  it("needs the team's lunch break of 30 to 60 minutes, at lunch time, between sessions", () => {
    expect(errorsOf(schedule({ lunchBreak: { start: "12:00", end: "12:20" } }))).toEqual({ lunchBreak: "The team's lunch break lasts 30 to 60 minutes: this one is 20 minutes." });
    expect(errorsOf(schedule({ lunchBreak: { start: "12:00", end: "13:15" } }))).toEqual({ lunchBreak: `The team's lunch break lasts 30 to ${LUNCH_MAX_MINUTES} minutes: this one is 75 minutes.` });
    expect(errorsOf(schedule({ lunchBreak: { start: "12:45", end: "12:15" } }))).toEqual({ "lunchBreak.end": "The team's lunch break must end after it starts (12:45)." });
    expect(errorsOf(schedule({ lunchBreak: { start: "10:00", end: "10:30" } }))).toEqual({ lunchBreak: "The team's lunch break is between 11:00 and 14:30: 10:00–10:30 is outside it." });
    expect(errorsOf(schedule({ lunchBreak: { start: "13:00", end: "13:45" } }))).toEqual({
      lunchBreak: "The team's lunch break 13:00–13:45 clashes with Planetarium dome 13:15–14:00: move it between sessions.",
    });
  });

  it("runs up to 4 sessions in a day", () => {
    const five = [0, 1, 2, 3, 4].map(() => sessions[1]!);
    expect(scheduleErrors(schedule({ sessions: five }), ctx())).toContainEqual({
      field: "sessions", message: "The team can run up to 4 sessions in a day: choose fewer, or book another day.",
    });
  });
});

describe("outreach prices, payment and messages", () => {
  it("charges each session at the activity's price, in start order", () => {
    const lines = priceOutreach([
      { name: "Planetarium dome", start: "13:15", end: "14:00", pupils: 30, price: 22000 },
      { name: "Romans in your classroom", start: "09:30", end: "11:00", pupils: 30, price: 18000 },
    ]);
    expect(lines.map((l) => [l.description, l.quantity, l.total.amount])).toEqual([
      ["Romans in your classroom, 09:30–11:00 (30 pupils)", 1, 18000],
      ["Planetarium dome, 13:15–14:00 (30 pupils)", 1, 22000],
    ]);
  });

  it("prefers the pro-forma invoice, offers card, and never nothing", () => {
    expect(outreachPaymentOptions(40000)).toEqual([
      { method: "invoice", available: true, preferred: true },
      { method: "card", available: true, payLaterAvailable: false },
      { method: "none", available: false, reason: "Outreach sessions have a charge." },
    ]);
  });

  it("says the booking is a request and when it can last be cancelled", () => {
    expect(outreachMessages(DATE, TODAY).map((m) => [m.code, m.message])).toEqual([
      ["outreach_request", "An outreach booking is a request: it is confirmed when its pro-forma invoice (or card payment) is paid."],
      ["cancellation_notice", "Cancelling needs 28 days' notice: you can cancel until 21 April 2026."],
    ]);
    expect(outreachMessages(undefined, TODAY).map((m) => m.code)).toEqual(["outreach_request"]);
  });
});
