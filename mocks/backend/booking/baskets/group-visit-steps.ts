import type { BackendState } from "../../state";
import type { FieldError } from "../../types";
import { formatDate } from "../calendar";
import { invalid, isInt, isRecord, ok, type Core } from "../core";
import { MAX_PARTICIPANTS, MIN_PARTICIPANTS, TICKET_TYPES, isUkMobile } from "../rules";
import type { BasketRecord, Outcome, TicketSelection, TimeSlot } from "../types";
import { arrivalError, optionalText } from "./step-fields";

// The group visit's own steps: the exhibitions, tours and shows chosen, the tickets per
// slot, and the group's details for the day. ticketErrors also serves progress, without
// the capacity check, to tell whether saved tickets still hold.

type CatalogueActivity = BackendState["activities"][number];

export function createGroupVisitSteps(core: Core) {
  const { activity, basketEntries, dayRemaining, findSlot, groupSize, organisationOf } = core;

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

  return { groupActivityErrors, parseGroupDetails, parseTickets, ticketErrors };
}

export type GroupVisitSteps = ReturnType<typeof createGroupVisitSteps>;
