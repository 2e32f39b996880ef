import type { FieldError } from "../../types";
import { formatDate, toMinutes } from "../calendar";
import { invalid, isInt, isRecord, ok, type Core } from "../core";
import { AGE_BANDS, MAX_PARTICIPANTS, MIN_PARTICIPANTS } from "../rules";
import type { AgeBand, BasketRecord, Outcome, ParticipantCount, ScheduleEntry, ScheduleSelection, VisitInformation } from "../types";
import { arrivalError, optionalText } from "./step-fields";

// The school visit's own steps: the group's information (ages, adults, access, arrival)
// and its schedule of timed activities. scheduleErrors also serves progress, without the
// capacity check, to tell whether a saved schedule still holds (docs/requirements.md §8).

export function createVisitSteps(core: Core) {
  const { activitiesAt, activity, dayRemaining, entry, findSlot, organisationOf, venue, visitTotals } = core;

  /** Shape and limits of the information step; the ratio check is apart (a shortfall is saved as a draft). */
  function parseInformation(b: BasketRecord, body: unknown): Outcome<VisitInformation> {
    const errors: FieldError[] = [];
    const src = isRecord(body) ? body : {};
    const participants: ParticipantCount[] = [];
    if (!Array.isArray(src.participants)) {
      errors.push({ field: "participants", message: "Enter how many pupils are coming in each age group" });
    } else {
      const seen = new Set<string>();
      src.participants.forEach((p: unknown, i) => {
        if (!isRecord(p) || !AGE_BANDS.includes(p.ageBand as AgeBand)) {
          errors.push({ field: `participants.${i}.ageBand`, message: "Choose an age group" });
        } else if (seen.has(p.ageBand as string)) {
          errors.push({ field: `participants.${i}.ageBand`, message: "Give each age group once" });
        } else if (!isInt(p.count, 0, MAX_PARTICIPANTS)) {
          errors.push({ field: `participants.${i}.count`, message: `Enter a whole number from 0 to ${MAX_PARTICIPANTS}` });
        } else {
          seen.add(p.ageBand as string);
          participants.push({ ageBand: p.ageBand as AgeBand, count: p.count });
        }
      });
    }
    for (const field of ["adults", "oneToOneCarers"] as const) {
      if (!isInt(src[field], 0, MAX_PARTICIPANTS)) errors.push({ field, message: `Enter a whole number from 0 to ${MAX_PARTICIPANTS}` });
    }
    const needs = isRecord(src.accessNeeds) ? src.accessNeeds : undefined;
    if (!needs) errors.push({ field: "accessNeeds", message: "Tell us about access needs" });
    for (const key of ["mobility", "sensory", "communication", "quietSpace"] as const) {
      if (needs && typeof needs[key] !== "boolean") errors.push({ field: `accessNeeds.${key}`, message: "Answer yes or no" });
    }
    const details = optionalText(errors, "accessNeeds.details", needs?.details, 2000);
    if (typeof src.lunchSpace !== "boolean") errors.push({ field: "lunchSpace", message: "Say whether you need lunch space" });
    const arrival = arrivalError("arrivalTime", src.arrivalTime);
    if (arrival) errors.push(arrival);
    const notes = optionalText(errors, "notes", src.notes, 2000);
    if (errors.length > 0) return invalid(errors);

    const info: VisitInformation = {
      participants: AGE_BANDS.flatMap((band) => participants.filter((p) => p.ageBand === band)),
      adults: src.adults as number,
      oneToOneCarers: src.oneToOneCarers as number,
      accessNeeds: {
        mobility: needs?.mobility as boolean, sensory: needs?.sensory as boolean,
        communication: needs?.communication as boolean, quietSpace: needs?.quietSpace as boolean,
        ...(details ? { details } : {}),
      },
      lunchSpace: src.lunchSpace as boolean,
      arrivalTime: src.arrivalTime as string,
      ...(notes ? { notes } : {}),
    };
    const v = b.venueId ? venue(b.venueId) : undefined;
    if (info.lunchSpace && v && !activitiesAt(v.id).some((a) => a.kind === "lunch-space")) {
      errors.push({ field: "lunchSpace", message: `${v.name} has no lunch space for groups: plan to eat before or after your visit.` });
    }
    const { children, total } = visitTotals(info);
    if (children < 1) errors.push({ field: "participants", message: "Enter how many pupils are coming, in at least one age group" });
    else if (total < MIN_PARTICIPANTS || total > MAX_PARTICIPANTS) {
      errors.push({ field: "participants", message: `A visit is for 1 to ${MAX_PARTICIPANTS} people: your group is ${total}. Split a larger group across two visits.` });
    } else if (b.venueId && b.visitDate) {
      const left = dayRemaining(b.venueId, b.visitDate, { basketId: b.id, orderId: b.orderId });
      if (total > left) {
        errors.push({ field: "participants", message: `Only ${left} places are left on ${formatDate(b.visitDate)}: make your group smaller or choose another date.` });
      }
    }
    return errors.length > 0 ? invalid(errors) : ok(info);
  }

  /** Schedule rules: the venue's activities, real slots, no clashes, after arrival, lunch when asked (and only then), capacity. */
  function scheduleErrors(b: BasketRecord, items: readonly ScheduleSelection[], withCapacity: boolean): FieldError[] {
    const errors: FieldError[] = [];
    const info = b.information;
    const { total } = visitTotals(info);
    const groupType = organisationOf(b).groupType;
    const placed: { i: number; e: ScheduleEntry }[] = [];
    items.forEach((item, i) => {
      const a = activity(item.activityId);
      if (!a || a.venueId !== b.venueId || !a.groupTypes.includes(groupType)) {
        errors.push({ field: `items.${i}.activityId`, message: "Choose an activity at this venue" });
        return;
      }
      const slot = b.visitDate ? findSlot(a, b.visitDate, item.slotId, { basketId: b.id, orderId: b.orderId }) : undefined;
      if (!slot) {
        errors.push({ field: `items.${i}.slotId`, message: `Choose a time for ${a.name}` });
        return;
      }
      if (a.kind === "lunch-space" && !info?.lunchSpace) {
        errors.push({ field: `items.${i}.activityId`, message: "You said you do not need lunch space: go back and say you do, or leave it out." });
        return;
      }
      if (!isInt(item.participants, 1, Math.max(1, total))) {
        errors.push({ field: `items.${i}.participants`, message: `Enter a number from 1 to ${total} (your group size)` });
        return;
      }
      if (info && slot.start < info.arrivalTime) {
        errors.push({ field: `items.${i}.slotId`, message: `${a.name} at ${slot.start} starts before you arrive at ${info.arrivalTime}: choose a later time or arrive earlier.` });
        return;
      }
      if (withCapacity && item.participants > slot.remainingCapacity) {
        errors.push({
          field: `items.${i}.slotId`,
          message: slot.remainingCapacity === 0
            ? `${a.name} at ${slot.start} is full: choose another time.`
            : `Only ${slot.remainingCapacity} places are left in ${a.name} at ${slot.start}: choose another time or fewer people.`,
        });
        return;
      }
      const e = entry(a.id, slot.id, item.participants);
      if (e) placed.push({ i, e });
    });
    const sorted = [...placed].sort((x, y) => x.e.start.localeCompare(y.e.start));
    sorted.forEach((later, k) => {
      const clash = sorted.slice(0, k).find((earlier) => toMinutes(earlier.e.end) > toMinutes(later.e.start));
      if (clash) {
        errors.push({
          field: `items.${later.i}.slotId`,
          message: `${later.e.name} ${later.e.start}–${later.e.end} clashes with ${clash.e.name} ${clash.e.start}–${clash.e.end}: choose another time.`,
        });
      }
    });
    if (info?.lunchSpace && !placed.some((p) => p.e.kind === "lunch-space")) {
      errors.push({ field: "items", message: "Choose a time for lunch space, or go back and say you do not need it." });
    }
    return errors;
  }

  function parseSchedule(body: unknown): Outcome<ScheduleSelection[]> {
    const items = isRecord(body) ? body.items : undefined;
    if (!Array.isArray(items)) return invalid([{ field: "items", message: "Choose your activities" }]);
    const errors: FieldError[] = [];
    const out: ScheduleSelection[] = [];
    items.forEach((item: unknown, i) => {
      if (!isRecord(item) || typeof item.activityId !== "string" || typeof item.slotId !== "string") {
        errors.push({ field: `items.${i}`, message: "Choose an activity and a time" });
      } else if (!isInt(item.participants, 1, MAX_PARTICIPANTS)) {
        errors.push({ field: `items.${i}.participants`, message: `Enter a whole number from 1 to ${MAX_PARTICIPANTS}` });
      } else out.push({ activityId: item.activityId, slotId: item.slotId, participants: item.participants });
    });
    return errors.length > 0 ? invalid(errors) : ok(out);
  }

  return { parseInformation, parseSchedule, scheduleErrors };
}

export type VisitSteps = ReturnType<typeof createVisitSteps>;
