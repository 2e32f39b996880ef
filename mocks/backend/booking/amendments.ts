import { addDays } from "../dates";
import type { FieldError } from "../types";
import { formatDate } from "./calendar";
import { fail, invalid, isInt, isRecord, iso, ok, type Core } from "./core";
import {
  AGE_BANDS, MAX_PARTICIPANTS, TICKET_TYPES, checkRatios, gbp, priceVisit, ratioMessages, sumLines,
} from "./rules";
import type {
  AgeBand, AmendmentQuote, Order, OrderDetail, Outcome, PendingAmendment, PriceLine, ScheduleEntry, TicketSelection,
} from "./types";

// Increases in numbers on a placed order: the change checked and quoted (only up, capacity
// and ratios permitting), then applied once paid or when it costs nothing more.

interface AmendmentPlan { order: Order; quote: AmendmentQuote; pending: PendingAmendment }

export function createAmendments(core: Core) {
  const { ctx, bs, activity, dayRemaining, deriveDetail, entry, findSlot, orderParticipants, ownOrder, ticketLines } = core;

  function planAmendment(userId: string, orderId: string, body: unknown): Outcome<AmendmentPlan> {
    const found = ownOrder(userId, orderId);
    if (!found.ok) return found;
    const o = found.value;
    const today = ctx.today();
    const notAllowed = (detail: string) => fail(409, "amendment_not_allowed", detail);
    if (o.kind === "outreach") return notAllowed("Outreach bookings cannot be changed online: contact the outreach team.");
    if (o.payment.method === "invoice") {
      return notAllowed("An invoice-paid visit cannot be changed online. Contact the bookings team to change numbers.");
    }
    if (o.status === "held") return notAllowed("Pay for this booking before changing its numbers.");
    if (o.status !== "confirmed") return notAllowed("Only a confirmed booking can be changed.");
    if (o.visitDate < addDays(today, 3)) return notAllowed("Numbers can be changed up to 3 days before the visit.");
    const detail = bs().orderDetails.get(o.id) ?? deriveDetail(o);
    if (!detail) return notAllowed("This booking cannot be changed online: contact the bookings team.");

    const src = isRecord(body) ? body : {};
    const errors: FieldError[] = [];
    const next: OrderDetail = structuredClone(detail);
    if (detail.kind === "visit") {
      if (src.participants !== undefined) {
        if (!Array.isArray(src.participants)) errors.push({ field: "participants", message: "Give the pupils per age group" });
        else {
          src.participants.forEach((p: unknown, i) => {
            if (!isRecord(p) || !AGE_BANDS.includes(p.ageBand as AgeBand) || !isInt(p.count, 0, MAX_PARTICIPANTS)) {
              errors.push({ field: `participants.${i}.count`, message: `Enter a whole number from 0 to ${MAX_PARTICIPANTS}` });
              return;
            }
            const booked = detail.participants.find((q) => q.ageBand === p.ageBand)?.count ?? 0;
            if (p.count < booked) {
              errors.push({ field: `participants.${i}.count`, message: `You have ${booked} booked: numbers can only go up` });
              return;
            }
            const existing = next.participants.find((q) => q.ageBand === p.ageBand);
            if (existing) existing.count = p.count;
            else next.participants.push({ ageBand: p.ageBand as AgeBand, count: p.count });
          });
        }
      }
      for (const field of ["adults", "oneToOneCarers"] as const) {
        const v = src[field];
        if (v === undefined) continue;
        if (!isInt(v, 0, MAX_PARTICIPANTS)) errors.push({ field, message: `Enter a whole number from 0 to ${MAX_PARTICIPANTS}` });
        else if (v < detail[field]) errors.push({ field, message: `You have ${detail[field]} booked: numbers can only go up` });
        else next[field] = v;
      }
      if (errors.length === 0) {
        const shortfalls = checkRatios(next.participants, next.adults).shortfalls;
        if (shortfalls.length > 0) errors.push({ field: "adults", message: shortfalls.map((s) => s.message).join("; ") });
      }
    } else if (src.tickets !== undefined) {
      if (!Array.isArray(src.tickets)) errors.push({ field: "tickets", message: "Give the tickets per type and time" });
      else {
        src.tickets.forEach((t: unknown, i) => {
          if (!isRecord(t) || !isInt(t.quantity, 0, MAX_PARTICIPANTS) || !TICKET_TYPES.includes(t.ticketType as TicketSelection["ticketType"])) {
            errors.push({ field: `tickets.${i}.quantity`, message: `Enter a whole number from 0 to ${MAX_PARTICIPANTS}` });
            return;
          }
          const existing = next.tickets.find((q) => q.slotId === t.slotId && q.ticketType === t.ticketType);
          if (!existing) {
            errors.push({ field: `tickets.${i}.slotId`, message: "Numbers can only be increased on the times already booked" });
          } else if (t.quantity < existing.quantity) {
            errors.push({ field: `tickets.${i}.quantity`, message: `You have ${existing.quantity} booked: numbers can only go up` });
          } else existing.quantity = t.quantity;
        });
      }
    }
    const before = orderParticipants(detail);
    const after = orderParticipants(next);
    if (errors.length === 0 && after === before) {
      errors.push({ field: detail.kind === "visit" ? "participants" : "tickets", message: "Increase at least one number" });
    }
    if (errors.length === 0 && after > MAX_PARTICIPANTS) {
      errors.push({ field: detail.kind === "visit" ? "participants" : "tickets", message: `A visit is for up to ${MAX_PARTICIPANTS} people` });
    }
    if (errors.length > 0) return invalid(errors);

    // Activities the whole group was doing grow with it; those all the pupils were doing grow with the pupils.
    if (detail.kind === "visit") {
      const pupilsBefore = detail.participants.reduce((sum, p) => sum + p.count, 0);
      const pupilsAfter = next.participants.reduce((sum, p) => sum + p.count, 0);
      for (const s of next.schedule) {
        if (s.participants >= before) s.participants += after - before;
        else if (s.participants >= pupilsBefore) s.participants += pupilsAfter - pupilsBefore;
      }
    }
    const entries = (detail.kind === "visit"
      ? next.schedule.map((s) => entry(s.activityId, s.slotId, s.participants))
      : [...new Set(next.tickets.map((t) => t.slotId))].map((slot) => {
        const n = next.tickets.filter((t) => t.slotId === slot).reduce((sum, t) => sum + t.quantity, 0);
        return entry(next.tickets.find((t) => t.slotId === slot)?.activityId ?? "", slot, n);
      })).filter((e): e is ScheduleEntry => !!e).sort((x, y) => x.start.localeCompare(y.start));

    const exclude = { orderId: o.id };
    for (const e of entries) {
      const a = activity(e.activityId);
      const slot = a ? findSlot(a, o.visitDate, e.slotId, exclude) : undefined;
      if (slot && e.participants > slot.remainingCapacity) {
        return fail(409, "capacity_unavailable", `Only ${slot.remainingCapacity} places are left in ${e.name} at ${e.start}: we cannot add that many.`);
      }
    }
    const left = dayRemaining(o.venue.id, o.visitDate, exclude);
    if (after > left) return fail(409, "capacity_unavailable", `Only ${left} places are left on ${formatDate(o.visitDate)}.`);

    const lines = detail.kind === "visit"
      ? priceVisit({
        participants: next.participants, adults: next.adults, oneToOneCarers: next.oneToOneCarers,
        entries: entries.map((e) => ({ ...e, price: activity(e.activityId)?.price.amount ?? 0 })),
      })
      : ticketLines(next.tickets);
    const additional = Math.max(0, sumLines(lines) - o.total.amount);
    const diff: PriceLine[] = lines.flatMap((l) => {
      const was = o.lines.find((x) => x.description === l.description)?.quantity ?? 0;
      const more = l.quantity - was;
      return more > 0 ? [{ description: l.description, quantity: more, unitPrice: l.unitPrice, total: gbp(l.unitPrice.amount * more) }] : [];
    });
    const messages = detail.kind === "visit" ? ratioMessages(checkRatios(next.participants, next.adults), next.adults) : [];
    return ok({
      order: o,
      quote: { orderId: o.id, lines: diff, additionalTotal: gbp(additional), paymentRequired: additional > 0, messages },
      pending: {
        detail: { ...next, schedule: detail.kind === "visit" ? next.schedule : entries.map((e) => ({ activityId: e.activityId, slotId: e.slotId, participants: e.participants })) },
        lines, participants: after, description: `Numbers increased from ${before} to ${after}.`,
      },
    });
  }

  function applyAmendment(o: Order, pending: PendingAmendment, paid: boolean): void {
    const entries = pending.detail.schedule.map((s) => entry(s.activityId, s.slotId, s.participants));
    o.lines = pending.lines;
    o.total = gbp(sumLines(pending.lines));
    o.participants = pending.participants;
    o.schedule = entries.filter((e): e is ScheduleEntry => !!e).sort((x, y) => x.start.localeCompare(y.start));
    if (paid) o.payment = { method: "card", status: "paid" };
    o.timeline.push({ at: iso(ctx.now()), event: "amended", description: pending.description });
    bs().orderDetails.set(o.id, pending.detail);
  }

  return { applyAmendment, planAmendment };
}

export type Amendments = ReturnType<typeof createAmendments>;
