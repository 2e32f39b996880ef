import type { BackendState } from "../state";
import { fromMinutes, isTimeOfDay, slotId, toMinutes } from "./calendar";
import { priceOutreach } from "./outreach-rules";
import { TICKET_TYPES, priceTickets, priceVisit } from "./rules";
import type { BasketRecord, OrderDetail, PriceLine, ScheduleEntry, TicketSelection, VisitInformation } from "./types";

// What a basket or an order holds: how many people, the day's timeline of activities and
// the price lines. Read from the catalogue only; core.ts counts these against capacity.

interface Catalogue {
  activity: (id: string) => BackendState["activities"][number] | undefined;
  outreachActivity: (id: string) => BackendState["outreachActivities"][number] | undefined;
}

export function createBasketContents({ activity, outreachActivity }: Catalogue) {
  function visitTotals(info: VisitInformation | undefined) {
    if (!info) return { children: 0, total: 0 };
    const children = info.participants.reduce((s, p) => s + p.count, 0);
    return { children, total: children + info.adults + info.oneToOneCarers };
  }

  function groupSize(tickets: readonly TicketSelection[] | undefined): number {
    const perActivity = new Map<string, number>();
    for (const t of tickets ?? []) perActivity.set(t.activityId, (perActivity.get(t.activityId) ?? 0) + t.quantity);
    return Math.max(0, ...perActivity.values());
  }

  function basketParticipants(b: BasketRecord): number {
    if (b.kind === "outreach") return (b.outreach?.schedule?.sessions ?? []).reduce((sum, s) => sum + s.pupils, 0);
    return b.kind === "visit" ? visitTotals(b.information).total : groupSize(b.tickets);
  }

  function entry(activityId: string, slot: string, participants: number): ScheduleEntry | undefined {
    const a = activity(activityId);
    const start = slot.split("@")[1];
    if (!a || !start || !isTimeOfDay(start)) return undefined;
    return {
      activityId, slotId: slot, kind: a.kind, name: a.name, start,
      end: fromMinutes(toMinutes(start) + a.durationMinutes), participants,
    };
  }

  /** The day's timeline: the schedule (visit), or the ticketed slots (group visit), in start order. */
  function basketEntries(b: BasketRecord): ScheduleEntry[] {
    const entries: ScheduleEntry[] = [];
    if (b.kind === "outreach") {
      for (const s of b.outreach?.schedule?.sessions ?? []) {
        const a = outreachActivity(s.activityId);
        if (a) entries.push({ activityId: a.id, slotId: slotId(a.id, s.start), kind: a.kind, name: a.name, start: s.start, end: s.end, participants: s.pupils });
      }
    } else if (b.kind === "visit") {
      for (const s of b.schedule ?? []) {
        const e = entry(s.activityId, s.slotId, s.participants);
        if (e) entries.push(e);
      }
    } else {
      const bySlot = new Map<string, { activityId: string; n: number }>();
      for (const t of b.tickets ?? []) {
        const cur = bySlot.get(t.slotId) ?? { activityId: t.activityId, n: 0 };
        cur.n += t.quantity;
        bySlot.set(t.slotId, cur);
      }
      for (const [slot, { activityId, n }] of bySlot) {
        const e = entry(activityId, slot, n);
        if (e) entries.push(e);
      }
    }
    return entries.sort((x, y) => x.start.localeCompare(y.start) || x.name.localeCompare(y.name));
  }

  function priceLines(b: BasketRecord): PriceLine[] {
    if (b.kind === "outreach") {
      return priceOutreach((b.outreach?.schedule?.sessions ?? []).flatMap((s) => {
        const a = outreachActivity(s.activityId);
        return a ? [{ name: a.name, start: s.start, end: s.end, pupils: s.pupils, price: a.pricePerSession.amount }] : [];
      }));
    }
    if (b.kind === "visit") {
      const info = b.information;
      if (!info) return [];
      return priceVisit({
        participants: info.participants, adults: info.adults, oneToOneCarers: info.oneToOneCarers,
        entries: basketEntries(b).map((e) => ({ ...e, price: activity(e.activityId)?.price.amount ?? 0 })),
      });
    }
    return ticketLines(b.tickets ?? []);
  }

  function ticketLines(tickets: readonly TicketSelection[]): PriceLine[] {
    const rows = [...tickets].sort((x, y) =>
      x.slotId.localeCompare(y.slotId) || TICKET_TYPES.indexOf(x.ticketType) - TICKET_TYPES.indexOf(y.ticketType));
    return priceTickets(rows.flatMap((t) => {
      const a = activity(t.activityId);
      const start = t.slotId.split("@")[1] ?? "";
      if (!a) return [];
      const price = a.ticketPrices?.find((p) => p.ticketType === t.ticketType)?.price.amount ?? a.price.amount;
      return [{ name: a.name, start, ticketType: t.ticketType, quantity: t.quantity, price }];
    }));
  }

  function orderParticipants(detail: OrderDetail): number {
    return detail.kind === "visit"
      ? detail.participants.reduce((s, p) => s + p.count, 0) + detail.adults + detail.oneToOneCarers
      : groupSize(detail.tickets);
  }

  return { basketEntries, basketParticipants, entry, groupSize, orderParticipants, priceLines, ticketLines, visitTotals };
}
