import type { FieldError } from "../types";
import { formatDate, fromMinutes, toMinutes } from "./calendar";
import { fail, invalid, isRecord, ok, type Core } from "./core";
import { createOutreachAvailability } from "./outreach-availability";
import { SETUP_MINUTES, TEAMS_PER_DAY, outreachDateReason, outreachMessages, teamSlots } from "./outreach-rules";
import {
  OUTREACH_QUESTIONNAIRE, answerList, schoolDayOf, validateAnswers, type Answers,
} from "./outreach-questionnaire";
import {
  parseOutreachSchedule, scheduleErrors, type ScheduleActivity, type ScheduleContext,
} from "./outreach-schedule-rules";
import { unhandledStep, type OutreachStep } from "./steps";
import type {
  BasketMessage, BasketRecord, Failure, Order, OutreachRecord, OutreachSchedule, OutreachSelection, Outcome, Questionnaire,
} from "./types";

// Outreach (docs/requirements.md §8.7): the outreach steps of a basket with their rules
// (outreach-rules.ts), the questionnaire, and what an outreach basket says; eligibility and
// the team's calendar are in outreach-availability.ts.
// The basket modules in baskets/ ask this module whether an outreach step is done, whether
// the team is still free, and what to say about and show of an outreach basket; orders.ts
// asks it what an outreach order is made of.

export function createOutreach(core: Core) {
  const { ctx, st, approvedOrganisationIds, outreachActivity } = core;
  const { availability, eligibilityOf, listActivities, notEligible, slotsOn, teamsLeft } = createOutreachAvailability(core);

  // ---- Steps ----------------------------------------------------------------------------

  const record = (b: BasketRecord): OutreachRecord => (b.outreach ??= {});
  const chosen = (b: BasketRecord) =>
    (b.outreach?.activityIds ?? []).flatMap((id) => {
      const a = outreachActivity(id);
      return a ? [a] : [];
    });
  const requiredAdvisoryIds = (b: BasketRecord) => [...new Set(chosen(b).flatMap((a) => a.advisoryIds))];

  function maxPupils(b: BasketRecord) {
    const largest = [...chosen(b)].sort((x, y) => y.maxPupilsPerSession - x.maxPupilsPerSession)[0];
    return largest ? { pupils: largest.maxPupilsPerSession, name: largest.name } : undefined;
  }

  function activityErrors(ids: unknown): FieldError[] {
    if (!Array.isArray(ids) || ids.length === 0) return [{ field: "activityIds", message: "Choose at least one workshop or show" }];
    const errors: FieldError[] = [];
    const seen = new Set<string>();
    ids.forEach((id: unknown, i) => {
      const a = typeof id === "string" ? outreachActivity(id) : undefined;
      if (!a) errors.push({ field: `activityIds.${i}`, message: "Choose one of our outreach workshops or shows" });
      else if (seen.has(a.id)) errors.push({ field: `activityIds.${i}`, message: `${a.name} is chosen twice` });
      else seen.add(a.id);
    });
    return errors;
  }

  function saveActivities(b: BasketRecord, body: unknown): Outcome<null> {
    const ids = isRecord(body) ? body.activityIds : undefined;
    const errors = activityErrors(ids);
    if (errors.length > 0) return invalid(errors);
    const r = record(b);
    r.activityIds = [...(ids as string[])];
    // Sessions of activities no longer chosen go; the rest of the day is kept.
    if (r.schedule) r.schedule = { ...r.schedule, sessions: r.schedule.sessions.filter((s) => r.activityIds?.includes(s.activityId)) };
    return ok(null);
  }

  function advisoryErrors(b: BasketRecord, acknowledged: readonly string[]): FieldError[] {
    const errors: FieldError[] = [];
    const known = new Map(st().advisories.map((a) => [a.id, a]));
    acknowledged.forEach((id, i) => {
      if (!known.has(id)) errors.push({ field: `acknowledgedAdvisoryIds.${i}`, message: "This is not one of the advisories" });
    });
    for (const id of requiredAdvisoryIds(b)) {
      if (acknowledged.includes(id)) continue;
      const title = known.get(id)?.title ?? id;
      errors.push({ field: `acknowledgedAdvisoryIds.${id}`, message: `Confirm you have read “${title}”` });
    }
    return errors;
  }

  function saveAdvisories(b: BasketRecord, body: unknown): Outcome<null> {
    const ids = isRecord(body) ? body.acknowledgedAdvisoryIds : undefined;
    if (!Array.isArray(ids) || !ids.every((id) => typeof id === "string")) {
      return invalid([{ field: "acknowledgedAdvisoryIds", message: "Confirm you have read each advisory" }]);
    }
    const errors = advisoryErrors(b, ids as string[]);
    if (errors.length > 0) return invalid(errors, "Confirm you have read each advisory before going on.");
    record(b).acknowledgedAdvisoryIds = [...new Set(ids as string[])];
    return ok(null);
  }

  function questionnaire(): Questionnaire {
    return structuredClone(OUTREACH_QUESTIONNAIRE);
  }

  function saveAnswers(b: BasketRecord, body: unknown): Outcome<null> {
    const src = isRecord(body) ? body : {};
    const result = validateAnswers(OUTREACH_QUESTIONNAIRE, src, { maxPupils: maxPupils(b) });
    if (!result.ok) return invalid(result.errors);
    const r = record(b);
    r.questionnaireVersion = OUTREACH_QUESTIONNAIRE.version;
    r.answers = result.answers;
    return ok(null);
  }

  function scheduleContext(b: BasketRecord, answers: Answers, withCapacity: boolean): ScheduleContext | undefined {
    const schoolDay = schoolDayOf(answers);
    if (!schoolDay) return undefined;
    const exclude = { basketId: b.id, orderId: b.orderId };
    const activities: ScheduleActivity[] = chosen(b);
    return {
      today: ctx.today(), activities, schoolDay,
      teamsLeft: (date) => (withCapacity ? teamsLeft(date, exclude) : TEAMS_PER_DAY),
      slots: (date, a) => (withCapacity ? slotsOn(date, a.durationMinutes, exclude) : teamSlots(TEAMS_PER_DAY, undefined, a.durationMinutes)),
    };
  }

  function saveSchedule(b: BasketRecord, body: unknown): Outcome<null> {
    const parsed = parseOutreachSchedule(body);
    if (!parsed.ok) return invalid(parsed.errors);
    const context = scheduleContext(b, b.outreach?.answers ?? {}, true);
    if (!context) return fail(409, "step_out_of_order", "Answer the questions about the school day first (outreach-questions).");
    const errors = scheduleErrors(parsed.value, context);
    if (errors.length > 0) return invalid(errors);
    record(b).schedule = structuredClone(parsed.value);
    return ok(null);
  }

  const currentTermsVersion = () => st().currentTerms.get("outreach")?.version;

  function saveTerms(b: BasketRecord, body: unknown): Outcome<null> {
    const version = isRecord(body) ? body.acceptedTermsVersion : undefined;
    if (typeof version !== "string" || version.trim() === "") {
      return invalid([{ field: "acceptedTermsVersion", message: "Accept the outreach terms to go on" }]);
    }
    if (version !== currentTermsVersion()) {
      return fail(422, "terms_outdated", "The outreach terms have changed since you read them: read and accept the current terms.");
    }
    record(b).acceptedTermsVersion = version;
    return ok(null);
  }

  /** Whether an outreach step is done, as saved (capacity is checked at hold and checkout). */
  function stepDone(b: BasketRecord, step: OutreachStep): boolean {
    const r = b.outreach;
    switch (step) {
      case "outreach-eligibility":
        return !notEligible(b.userId, b.organisationId) && approvedOrganisationIds(b.userId).has(b.organisationId);
      case "outreach-activities":
        return !!r?.activityIds && activityErrors(r.activityIds).length === 0;
      case "outreach-advisories":
        return !!r?.acknowledgedAdvisoryIds && advisoryErrors(b, r.acknowledgedAdvisoryIds).length === 0;
      case "outreach-questions":
        return !!r?.answers && validateAnswers(
          OUTREACH_QUESTIONNAIRE,
          { questionnaireVersion: r.questionnaireVersion, answers: answerList(OUTREACH_QUESTIONNAIRE, r.answers) },
          { maxPupils: maxPupils(b) },
        ).ok;
      case "outreach-schedule": {
        const context = r?.schedule && r.answers ? scheduleContext(b, r.answers, false) : undefined;
        return !!context && !!r?.schedule && scheduleErrors(r.schedule, context).length === 0;
      }
      case "outreach-terms":
        return !!r?.acceptedTermsVersion && r.acceptedTermsVersion === currentTermsVersion();
      default:
        return unhandledStep(step);
    }
  }

  // ---- What the basket says, capacity, the wire sections ------------------------------------

  /** Sessions whose time the team can no longer give, and a day with no team left. */
  function capacityProblems(b: BasketRecord): { day?: string; sessions: FieldError[] } {
    const schedule = b.outreach?.schedule;
    if (!schedule) return { sessions: [] };
    const exclude = { basketId: b.id, orderId: b.orderId };
    if (teamsLeft(schedule.date, exclude) <= 0) {
      return { day: `The outreach team has been booked by another school on ${formatDate(schedule.date)}: go back to the schedule step to choose another date.`, sessions: [] };
    }
    const sessions: FieldError[] = [];
    schedule.sessions.forEach((s, i) => {
      const a = outreachActivity(s.activityId);
      const slot = a ? slotsOn(schedule.date, a.durationMinutes, exclude).find((x) => x.start === s.start) : undefined;
      if (a && slot?.status === "full") {
        sessions.push({ field: `sessions.${i}.start`, message: `The team is no longer free for ${a.name} at ${s.start}: choose another time.` });
      }
    });
    return { sessions };
  }

  function capacityFailure(b: BasketRecord): Failure | undefined {
    const { day, sessions } = capacityProblems(b);
    if (day) return fail(409, "capacity_unavailable", day);
    if (sessions.length > 0) {
      return fail(409, "slot_sold_out", `${sessions.map((e) => e.message).join(" ")} Everything else you entered is kept.`, sessions);
    }
    return undefined;
  }

  function messagesFor(b: BasketRecord): BasketMessage[] {
    const date = b.outreach?.schedule?.date;
    const messages = outreachMessages(date, ctx.today());
    if (date && b.status !== "checked-out") {
      const why = outreachDateReason(date, ctx.today());
      if (why) messages.push({ code: "date_unavailable", severity: "error", message: why, field: "date" });
      else if (!b.hold) {
        const { day, sessions } = capacityProblems(b);
        if (day) messages.push({ code: "capacity_unavailable", severity: "error", message: day, field: "date" });
        for (const s of sessions) messages.push({ code: "slot_sold_out", severity: "error", message: s.message, field: s.field });
      }
    }
    return messages;
  }

  function selectionOf(b: BasketRecord): OutreachSelection {
    const r = b.outreach ?? {};
    return {
      activityIds: [...(r.activityIds ?? [])],
      acknowledgedAdvisoryIds: [...(r.acknowledgedAdvisoryIds ?? [])],
      ...(r.questionnaireVersion ? { questionnaireVersion: r.questionnaireVersion } : {}),
      answers: answerList(OUTREACH_QUESTIONNAIRE, r.answers ?? {}),
      ...(r.schedule ? { schedule: structuredClone(r.schedule) } : {}),
      ...(r.acceptedTermsVersion ? { acceptedTermsVersion: r.acceptedTermsVersion } : {}),
    };
  }

  /** The parts of an order that are outreach's own: the team's venue, the day, the team's arrival. */
  function orderFields(b: BasketRecord): Pick<Order, "venue" | "visitDate" | "arrivalTime" | "outreach"> {
    const schedule = b.outreach?.schedule as OutreachSchedule;
    const first = [...schedule.sessions].sort((x, y) => x.start.localeCompare(y.start))[0];
    const a = first ? outreachActivity(first.activityId) : undefined;
    const v = a ? core.venue(a.venueId) : undefined;
    return {
      // The museum whose team comes (the visit itself is at the school: the order's organisation).
      venue: { id: v?.id ?? "outreach", name: v?.name ?? "Outreach team" },
      visitDate: schedule.date,
      arrivalTime: fromMinutes(Math.max(0, toMinutes(first?.start ?? "09:00") - SETUP_MINUTES)),
      outreach: selectionOf(b),
    };
  }

  return {
    availability, capacityFailure, eligibilityOf, listActivities, messagesFor, notEligible, orderFields, questionnaire,
    saveActivities, saveAdvisories, saveAnswers, saveSchedule, saveTerms, selectionOf, stepDone, teamsLeft,
  };
}

export type Outreach = ReturnType<typeof createOutreach>;
