import type { BackendState } from "../index";
import { summariseOrganisation } from "../seed";
import type { FieldError } from "../types";
import {
  ARRIVE_FROM, ARRIVE_UNTIL, formatDate, isIsoDate, isTimeOfDay, toMinutes, unbookableReason,
} from "./calendar";
import { clock, fail, invalid, isInt, isRecord, iso, ok, type Core } from "./core";
import type { Outreach } from "./outreach";
import { outreachPaymentOptions } from "./outreach-rules";
import {
  AGE_BANDS, BASKET_EXPIRY_DAYS, STEPS, HOLD_EXPIRING_MINUTES, MAX_PARTICIPANTS, MIN_PARTICIPANTS, TICKET_TYPES,
  checkRatios, isUkMobile, paymentOptions, ratioMessages, sumLines,
} from "./rules";
import type {
  AgeBand, Basket, BasketMessage, BasketRecord, BasketStep, Failure, Outcome, ParticipantCount, PaymentChoice,
  ScheduleEntry, ScheduleSelection, TicketSelection, TimeSlot, VisitInformation,
} from "./types";

// Basket steps: the rules of each step's fields, the progress through the flow (completed
// steps, the next step due), the advice messages and the wire basket, and the capacity
// check made when places are held or checked out.

const STEP_NAMES: Partial<Record<BasketStep, string>> = {
  date: "date", information: "information", schedule: "schedule", "group-activities": "activities",
  "group-capacities": "tickets", "group-details": "group details", payment: "payment", review: "review",
  "outreach-eligibility": "eligibility", "outreach-activities": "activities", "outreach-advisories": "advisories",
  "outreach-questions": "questions", "outreach-schedule": "schedule", "outreach-terms": "terms",
};

const KIND_NAMES = { visit: "school visit", "group-visit": "group visit", outreach: "outreach" } as const;

type CatalogueActivity = BackendState["activities"][number];

export function createBaskets(core: Core, outreach: Outreach) {
  const {
    ctx, st, activitiesAt, activity, basketEntries, basketParticipants, dayRemaining, entry, findSlot, groupSize,
    organisationOf, priceLines, venue, visitTotals,
  } = core;

  // ---- Step validation ----------------------------------------------------------------

  function validateDate(b: BasketRecord, body: unknown): Outcome<{ venueId: string; visitDate: string }> {
    const errors: FieldError[] = [];
    const venueId = isRecord(body) && typeof body.venueId === "string" ? body.venueId : "";
    const visitDate = isRecord(body) ? body.visitDate : undefined;
    if (!venue(venueId)) errors.push({ field: "venueId", message: "Choose a venue" });
    if (!isIsoDate(visitDate)) {
      errors.push({ field: "visitDate", message: "Enter a real date, for example 12 6 2026" });
    } else {
      const why = unbookableReason(visitDate, ctx.today());
      if (why) errors.push({ field: "visitDate", message: why });
      else if (venue(venueId) && dayRemaining(venueId, visitDate, { basketId: b.id, orderId: b.orderId }) === 0) {
        errors.push({ field: "visitDate", message: `${formatDate(visitDate)} is fully booked at ${venue(venueId)?.name}: choose another date.` });
      }
    }
    return errors.length > 0 ? invalid(errors) : ok({ venueId, visitDate: visitDate as string });
  }

  function arrivalError(field: string, value: unknown): FieldError | undefined {
    if (!isTimeOfDay(value)) return { field, message: "Enter an arrival time, for example 10:15" };
    if (value < ARRIVE_FROM || value > ARRIVE_UNTIL) {
      return { field, message: `Arrive between ${ARRIVE_FROM} and ${ARRIVE_UNTIL}: the museum is open 10:00 to 17:00` };
    }
    return undefined;
  }

  function optionalText(errors: FieldError[], field: string, value: unknown, max: number): string | undefined {
    if (value === undefined || value === null) return undefined;
    if (typeof value !== "string") {
      errors.push({ field, message: "Enter text" });
      return undefined;
    }
    if (value.length > max) errors.push({ field, message: `Use ${max} characters or fewer` });
    const trimmed = value.trim();
    return trimmed === "" ? undefined : trimmed;
  }

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

  /** Schedule rules: the venue's activities, real slots, no clashes, after arrival, lunch when asked, capacity. */
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

  function groupActivityErrors(b: BasketRecord, ids: unknown): FieldError[] {
    if (!Array.isArray(ids) || ids.length === 0) return [{ field: "activityIds", message: "Choose at least one exhibition, tour or show" }];
    const groupType = organisationOf(b).groupType;
    const errors: FieldError[] = [];
    const seen = new Set<string>();
    ids.forEach((id: unknown, i) => {
      const a = typeof id === "string" ? activity(id) : undefined;
      if (!a || a.venueId !== b.venueId || a.kind === "lunch-space" || !a.groupTypes.includes(groupType)) {
        errors.push({ field: `activityIds.${i}`, message: "Choose an activity at this venue" });
      } else if (seen.has(a.id)) {
        errors.push({ field: `activityIds.${i}`, message: `${a.name} is chosen twice` });
      } else seen.add(a.id);
    });
    return errors;
  }

  function ticketErrors(b: BasketRecord, tickets: readonly TicketSelection[], withCapacity: boolean): FieldError[] {
    const errors: FieldError[] = [];
    const chosen = b.groupActivityIds ?? [];
    const perSlot = new Map<string, { first: number; a: CatalogueActivity; slot: TimeSlot; n: number; carers: number; others: number }>();
    const seen = new Set<string>();
    tickets.forEach((t, i) => {
      const a = activity(t.activityId);
      if (!a || !chosen.includes(a.id)) {
        errors.push({ field: `tickets.${i}.activityId`, message: "Choose tickets for an activity you picked" });
        return;
      }
      const slot = b.visitDate ? findSlot(a, b.visitDate, t.slotId, { basketId: b.id, orderId: b.orderId }) : undefined;
      if (!slot) {
        errors.push({ field: `tickets.${i}.slotId`, message: `Choose a time for ${a.name}` });
        return;
      }
      const key = `${t.slotId} ${t.ticketType}`;
      if (seen.has(key)) {
        errors.push({ field: `tickets.${i}`, message: `${a.name} at ${slot.start} lists ${t.ticketType} tickets twice` });
        return;
      }
      seen.add(key);
      const cur = perSlot.get(slot.id) ?? { first: i, a, slot, n: 0, carers: 0, others: 0 };
      cur.n += t.quantity;
      if (t.ticketType === "carer") cur.carers += t.quantity;
      else cur.others += t.quantity;
      perSlot.set(slot.id, cur);
    });
    for (const { first, a, slot, n, carers, others } of perSlot.values()) {
      if (carers > others) {
        errors.push({ field: `tickets.${first}.quantity`, message: `Free carers come with paying visitors: ${a.name} at ${slot.start} has more carers than visitors.` });
      } else if (withCapacity && n > slot.remainingCapacity) {
        errors.push({
          field: `tickets.${first}.quantity`,
          message: slot.remainingCapacity === 0
            ? `${a.name} at ${slot.start} is full: choose another time.`
            : `Only ${slot.remainingCapacity} places are left in ${a.name} at ${slot.start}.`,
        });
      }
    }
    for (const id of chosen) {
      if (!tickets.some((t) => t.activityId === id && t.quantity > 0)) {
        errors.push({ field: "tickets", message: `Choose tickets for ${activity(id)?.name ?? id}, or go back and remove it.` });
      }
    }
    const size = groupSize(tickets);
    if (errors.length === 0 && (size < MIN_PARTICIPANTS || size > MAX_PARTICIPANTS)) {
      errors.push({ field: "tickets", message: `A group visit is for 1 to ${MAX_PARTICIPANTS} people: yours is ${size}.` });
    }
    if (errors.length === 0 && withCapacity && b.venueId && b.visitDate) {
      const left = dayRemaining(b.venueId, b.visitDate, { basketId: b.id, orderId: b.orderId });
      if (size > left) errors.push({ field: "tickets", message: `Only ${left} places are left on ${formatDate(b.visitDate)}.` });
    }
    return errors;
  }

  function parseTickets(body: unknown): Outcome<TicketSelection[]> {
    const tickets = isRecord(body) ? body.tickets : undefined;
    if (!Array.isArray(tickets)) return invalid([{ field: "tickets", message: "Choose your tickets" }]);
    const errors: FieldError[] = [];
    const out: TicketSelection[] = [];
    tickets.forEach((t: unknown, i) => {
      if (!isRecord(t) || typeof t.activityId !== "string" || typeof t.slotId !== "string") {
        errors.push({ field: `tickets.${i}`, message: "Choose an activity and a time" });
      } else if (!TICKET_TYPES.includes(t.ticketType as TicketSelection["ticketType"])) {
        errors.push({ field: `tickets.${i}.ticketType`, message: "Choose a ticket type" });
      } else if (!isInt(t.quantity, 0, MAX_PARTICIPANTS)) {
        errors.push({ field: `tickets.${i}.quantity`, message: `Enter a whole number from 0 to ${MAX_PARTICIPANTS}` });
      } else out.push({ activityId: t.activityId, slotId: t.slotId, ticketType: t.ticketType as TicketSelection["ticketType"], quantity: t.quantity });
    });
    // Rows of 0 are "none of this type": dropped, so indexes of errors refer to the request.
    return errors.length > 0 ? invalid(errors) : ok(out);
  }

  function parseGroupDetails(b: BasketRecord, body: unknown): Outcome<NonNullable<BasketRecord["groupDetails"]>> {
    const src = isRecord(body) ? body : {};
    const errors: FieldError[] = [];
    const text = (field: "groupName" | "leadName" | "leadMobile", label: string, max: number) => {
      const v = typeof src[field] === "string" ? (src[field] as string).trim() : "";
      if (v === "") errors.push({ field, message: label });
      else if (v.length > max) errors.push({ field, message: `Use ${max} characters or fewer` });
      return v;
    };
    const groupName = text("groupName", "Enter the group's name", 200);
    const leadName = text("leadName", "Enter the name of the group leader on the day", 200);
    const leadMobile = text("leadMobile", "Enter the group leader's mobile number", 30);
    if (leadMobile && !errors.some((e) => e.field === "leadMobile") && !isUkMobile(leadMobile)) {
      errors.push({ field: "leadMobile", message: "Enter a UK mobile number, like 07700 900 461" });
    }
    const arrival = arrivalError("arrivalTime", src.arrivalTime);
    if (arrival) errors.push(arrival);
    else {
      const first = basketEntries(b)[0];
      if (first && (src.arrivalTime as string) > first.start) {
        errors.push({ field: "arrivalTime", message: `Arrive by ${first.start}, when ${first.name} starts` });
      }
    }
    if (!isInt(src.coaches, 0, 10)) errors.push({ field: "coaches", message: "Enter a number of coaches from 0 to 10" });
    const coachCompany = optionalText(errors, "coachCompany", src.coachCompany, 200);
    const notes = optionalText(errors, "notes", src.notes, 2000);
    if (errors.length > 0) return invalid(errors);
    return ok({
      groupName, leadName, leadMobile, arrivalTime: src.arrivalTime as string, coaches: src.coaches as number,
      ...(coachCompany ? { coachCompany } : {}), ...(notes ? { notes } : {}),
    });
  }

  // ---- Progress -----------------------------------------------------------------------

  function quoteTotal(b: BasketRecord): number {
    return sumLines(priceLines(b));
  }

  function optionsFor(b: BasketRecord) {
    if (b.kind === "outreach") return outreachPaymentOptions(quoteTotal(b));
    return paymentOptions({
      total: quoteTotal(b), groupType: organisationOf(b).groupType, today: ctx.today(), visitDate: b.visitDate ?? ctx.today(),
    });
  }

  function paymentErrors(b: BasketRecord, choice: PaymentChoice): FieldError[] {
    const options = optionsFor(b);
    const option = options.find((o) => o.method === choice.method);
    if (!option?.available) return [{ field: "method", message: option?.reason ?? "Choose a way to pay" }];
    if (choice.payLater && !(choice.method === "card" && option.payLaterAvailable)) {
      return [{ field: "payLater", message: "Paying later is for card bookings 28 or more days ahead" }];
    }
    return [];
  }

  function stepDone(b: BasketRecord, step: BasketStep): boolean {
    if (b.kind === "outreach" && step.startsWith("outreach-")) return outreach.stepDone(b, step);
    switch (step) {
      case "date":
        return !!b.venueId && !!b.visitDate && !unbookableReason(b.visitDate, ctx.today());
      case "information":
        // Still valid at this venue (a venue changed at the date step may have no lunch space).
        return !!b.information && b.informationValid === true
          && !(b.information.lunchSpace && !activitiesAt(b.venueId ?? "").some((a) => a.kind === "lunch-space"));
      case "schedule":
        return !!b.schedule && scheduleErrors(b, b.schedule, false).length === 0;
      case "group-activities":
        return (b.groupActivityIds?.length ?? 0) > 0;
      case "group-capacities":
        return !!b.tickets && ticketErrors(b, b.tickets, false).length === 0;
      case "group-details":
        return !!b.groupDetails;
      case "payment":
        // Free bookings skip payment.
        return quoteTotal(b) === 0 || (!!b.payment && paymentErrors(b, b.payment).length === 0);
      default:
        return false;
    }
  }

  function progress(b: BasketRecord): { completedSteps: BasketStep[]; nextStep: BasketStep } {
    const completedSteps: BasketStep[] = [];
    for (const step of STEPS[b.kind]) {
      if (step === "review" || !stepDone(b, step)) return { completedSteps, nextStep: step };
      completedSteps.push(step);
    }
    return { completedSteps, nextStep: "review" };
  }

  /** The first step before `step` that is not done, if any. */
  function missingBefore(b: BasketRecord, step: BasketStep): BasketStep | undefined {
    const { nextStep } = progress(b);
    const steps = STEPS[b.kind];
    return steps.indexOf(nextStep) < steps.indexOf(step) ? nextStep : undefined;
  }

  function editable(b: BasketRecord, step: BasketStep): Failure | undefined {
    if (b.status === "checked-out") {
      const ref = b.orderId ? st().orders.get(b.orderId)?.reference : undefined;
      return fail(409, "basket_not_open", `This booking has already been made${ref ? ` (reference ${ref})` : ""}: start a new booking to make another.`);
    }
    if (!STEPS[b.kind].includes(step)) {
      return fail(409, "step_out_of_order", `The ${STEP_NAMES[step] ?? step} step is not part of a ${KIND_NAMES[b.kind]} booking.`);
    }
    const missing = missingBefore(b, step);
    if (missing) return fail(409, "step_out_of_order", `Complete the ${STEP_NAMES[missing] ?? missing} step first (${missing}).`);
    return undefined;
  }

  /** A saved change: the hold (if any) is released, since what is held has changed. */
  function touch(b: BasketRecord): void {
    b.updatedAt = ctx.now();
    if (b.hold) delete b.hold;
    if (b.status === "held") b.status = "open";
    delete b.holdLapsedAt;
  }

  // ---- Messages and the wire basket ---------------------------------------------------

  function messagesFor(b: BasketRecord): BasketMessage[] {
    const messages: BasketMessage[] = [];
    const now = ctx.now();
    if (b.visitDate && b.status !== "checked-out") {
      const why = unbookableReason(b.visitDate, ctx.today());
      if (why) messages.push({ code: "date_unavailable", severity: "error", message: why, field: "visitDate" });
    }
    if (b.kind === "outreach") messages.push(...outreach.messagesFor(b));
    if (b.kind === "visit" && b.information) {
      messages.push(...ratioMessages(checkRatios(b.information.participants, b.information.adults), b.information.adults));
      const bands = new Set(b.information.participants.filter((p) => p.count > 0).map((p) => p.ageBand));
      for (const e of basketEntries(b)) {
        const suits = activity(e.activityId)?.ageBands;
        if (suits && suits.length > 0 && bands.size > 0 && ![...bands].some((band) => suits.includes(band))) {
          messages.push({ code: "age_band_mismatch", severity: "warning", message: `${e.name} is designed for other age groups than yours.`, field: "schedule" });
        }
      }
    }
    if (b.status !== "checked-out" && b.visitDate && b.venueId && !b.hold) {
      const exclude = { basketId: b.id, orderId: b.orderId };
      basketEntries(b).forEach((e, i) => {
        const a = activity(e.activityId);
        const slot = a ? findSlot(a, b.visitDate as string, e.slotId, exclude) : undefined;
        if (!slot) return;
        const field = b.kind === "visit" ? `schedule.${i}` : "tickets";
        if (e.participants > slot.remainingCapacity) {
          messages.push({
            code: "slot_sold_out", severity: "error", field,
            message: slot.remainingCapacity === 0
              ? `${e.name} at ${e.start} has sold out since you chose it: choose another time.`
              : `${e.name} at ${e.start} now has only ${slot.remainingCapacity} places left: choose another time or fewer people.`,
          });
        } else if (slot.status === "limited") {
          messages.push({ code: "capacity_low", severity: "info", field, message: `Only ${slot.remainingCapacity} places are left in ${e.name} at ${e.start}.` });
        }
      });
    }
    if (b.hold && b.hold.expiresAt - now <= HOLD_EXPIRING_MINUTES * 60_000) {
      messages.push({
        code: "hold_expiring", severity: "warning",
        message: `Your places are held until ${clock(b.hold.expiresAt)}.${b.hold.extensionsRemaining > 0 ? " Extend the hold if you need more time." : ""}`,
      });
    }
    if (!b.hold && b.holdLapsedAt && b.status === "open") {
      messages.push({
        code: "hold_expired", severity: "error",
        message: `Your places were held until ${clock(b.holdLapsedAt)} and have been released. Review your booking again to hold them, if they are still available.`,
      });
    }
    if (b.paymentProblem && b.status === "open") {
      messages.push({ code: b.paymentProblem.status === "failed" ? "payment_failed" : "payment_cancelled", severity: "warning", message: b.paymentProblem.message, field: "method" });
    }
    return messages;
  }

  function toBasket(b: BasketRecord): Basket {
    const { completedSteps, nextStep } = progress(b);
    const v = b.venueId ? venue(b.venueId) : undefined;
    const free = b.status !== "checked-out" && completedSteps.includes("payment") && quoteTotal(b) === 0;
    const basket: Basket = {
      id: b.id,
      kind: b.kind,
      status: b.status,
      organisation: summariseOrganisation(organisationOf(b)),
      completedSteps,
      nextStep,
      participants: basketParticipants(b),
      schedule: basketEntries(b),
      tickets: structuredClone(b.tickets ?? []),
      messages: messagesFor(b),
      expiresAt: iso(b.updatedAt + BASKET_EXPIRY_DAYS * 86_400_000),
      createdAt: iso(b.createdAt),
      updatedAt: iso(b.updatedAt),
    };
    if (v) basket.venue = { id: v.id, name: v.name };
    if (b.visitDate) basket.visitDate = b.visitDate;
    if (b.information) basket.information = structuredClone(b.information);
    if (b.groupActivityIds) basket.groupActivityIds = [...b.groupActivityIds];
    if (b.groupDetails) basket.groupDetails = structuredClone(b.groupDetails);
    if (b.kind === "outreach") {
      basket.outreach = outreach.selectionOf(b);
      if (b.outreach?.schedule) basket.visitDate = b.outreach.schedule.date;
    }
    if (free) basket.payment = { method: "none" };
    else if (b.payment) basket.payment = structuredClone(b.payment);
    if (b.hold) basket.hold = { expiresAt: iso(b.hold.expiresAt), extensionsRemaining: b.hold.extensionsRemaining };
    if (b.orderId) basket.orderId = b.orderId;
    return basket;
  }

  // ---- Capacity at hold and checkout --------------------------------------------------

  /** 409 slot_sold_out naming the entry, or capacity_unavailable for the day. */
  function capacityFailure(b: BasketRecord): Failure | undefined {
    if (b.kind === "outreach") return outreach.capacityFailure(b);
    if (!b.venueId || !b.visitDate) return undefined;
    const exclude = { basketId: b.id, orderId: b.orderId };
    const entries = basketEntries(b);
    const errors: FieldError[] = [];
    const names: string[] = [];
    entries.forEach((e, i) => {
      const a = activity(e.activityId);
      const slot = a ? findSlot(a, b.visitDate as string, e.slotId, exclude) : undefined;
      if (slot && e.participants <= slot.remainingCapacity) return;
      const left = slot?.remainingCapacity ?? 0;
      names.push(`${e.name} at ${e.start}`);
      errors.push({
        field: b.kind === "visit" ? `schedule.${i}` : `tickets`,
        message: left === 0 ? `${e.name} at ${e.start} has sold out` : `${e.name} at ${e.start} has only ${left} places left`,
      });
    });
    if (errors.length > 0) {
      const step = b.kind === "visit" ? "schedule" : "tickets";
      return fail(409, "slot_sold_out", `${names.join(" and ")} ${names.length === 1 ? "has" : "have"} just sold out. Go back to the ${step} step to choose another time: everything else you entered is kept.`, errors);
    }
    const left = dayRemaining(b.venueId, b.visitDate, exclude);
    if (basketParticipants(b) > left) {
      return fail(409, "capacity_unavailable", `Only ${left} places are left on ${formatDate(b.visitDate)}: make your group smaller or choose another date.`);
    }
    return undefined;
  }

  function incomplete(b: BasketRecord, before: BasketStep): Failure | undefined {
    const missing = missingBefore(b, before);
    return missing ? fail(409, "basket_incomplete", `Complete the ${STEP_NAMES[missing] ?? missing} step first (${missing}).`) : undefined;
  }

  return {
    arrivalError, capacityFailure, editable, groupActivityErrors, incomplete, messagesFor, missingBefore,
    optionalText, optionsFor, parseGroupDetails, parseInformation, parseSchedule, parseTickets, paymentErrors,
    progress, quoteTotal, scheduleErrors, stepDone, ticketErrors, toBasket, touch, validateDate,
  };
}

export type Baskets = ReturnType<typeof createBaskets>;
