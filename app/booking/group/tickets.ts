import { z } from "zod";
import { builtOnFirstUse } from "../../shell/built-on-first-use";
import { TICKET_TYPES, TICKET_TYPE_LABELS, type TicketTypeName } from "./ticket-types";

// The group capacities form: per chosen activity, one or more rows of "time slot +
// tickets per type". Pure (no I/O), shared by the route's action, its page and tests.
// Field names: `<activityIndex>.<row>.slot` and `<activityIndex>.<row>.<ticketType>`,
// plus `<activityIndex>.rows` (how many rows the activity shows).

export { TICKET_TYPES, TICKET_TYPE_LABELS, type TicketTypeName };

/** Up to this many rows (time slots) per activity. */
export const MAX_ROWS = 6;
export const MAX_TICKETS = 200;

export interface SlotInfo {
  id: string;
  start: string;
  end: string;
  remainingCapacity: number;
  status: "available" | "limited" | "full";
}

export interface ActivityInfo {
  id: string;
  name: string;
  slots: readonly SlotInfo[];
}

export interface TicketLine {
  activityId: string;
  slotId: string;
  ticketType: TicketTypeName;
  quantity: number;
}

/** One row as typed: the slot id and each type's quantity, as text. */
export type RowValues = { slot: string } & Record<TicketTypeName, string>;

/** Per activity (by index in the chosen activities), its rows. */
export type FormRows = RowValues[][];

export const emptyRow = (): RowValues => ({ slot: "", adult: "", child: "", concession: "", carer: "" });

export const fieldName = (activityIndex: number, row: number, part: "slot" | TicketTypeName) => `${activityIndex}.${row}.${part}`;
/** Also the id of the field, with dots made HTML-id friendly. */
export const fieldId = (activityIndex: number, row: number, part: "slot" | TicketTypeName) => `tickets-${activityIndex}-${row}-${part}`;
export const rowsFieldName = (activityIndex: number) => `${activityIndex}.rows`;

/** The saved tickets as form rows: one row per slot used, one empty row for an activity with none. */
export function rowsFromTickets(activities: readonly ActivityInfo[], tickets: readonly TicketLine[]): FormRows {
  return activities.map((activity) => {
    const bySlot = new Map<string, RowValues>();
    for (const t of tickets) {
      if (t.activityId !== activity.id || t.quantity <= 0) continue;
      const row = bySlot.get(t.slotId) ?? { ...emptyRow(), slot: t.slotId };
      row[t.ticketType] = String(t.quantity);
      bySlot.set(t.slotId, row);
    }
    const order = new Map(activity.slots.map((s, i) => [s.id, i]));
    const rows = [...bySlot.values()].sort((a, b) => (order.get(a.slot) ?? 0) - (order.get(b.slot) ?? 0));
    return rows.length > 0 ? rows.slice(0, MAX_ROWS) : [emptyRow()];
  });
}

/** The rows as submitted (text kept as typed, so a form with errors shows it again). */
export function rowsFromForm(form: FormData, activityCount: number): FormRows {
  const out: FormRows = [];
  for (let a = 0; a < activityCount; a++) {
    const count = Math.min(MAX_ROWS, Math.max(1, Number.parseInt(String(form.get(rowsFieldName(a)) ?? "1"), 10) || 1));
    const rows: RowValues[] = [];
    for (let r = 0; r < count; r++) {
      const row = emptyRow();
      row.slot = String(form.get(fieldName(a, r, "slot")) ?? "").slice(0, 200);
      for (const type of TICKET_TYPES) row[type] = String(form.get(fieldName(a, r, type)) ?? "").trim().slice(0, 20);
      rows.push(row);
    }
    out.push(rows);
  }
  return out;
}

/** Built on first use (see built-on-first-use.ts). */
const quantitySchema = /* @__PURE__ */ builtOnFirstUse(() =>
  z
    .string()
    .trim()
    .transform((s) => (s === "" ? "0" : s))
    .pipe(
      z
        .string()
        .regex(/^\d+$/, "Enter a whole number, such as 10")
        .transform(Number)
        .pipe(z.number().max(MAX_TICKETS, `Enter ${MAX_TICKETS} or fewer`)),
    ),
);

export type FieldErrors = Record<string, string>;

export interface ParsedTickets {
  tickets: TicketLine[];
  /** For each ticket sent, the field it came from (to put the gateway's errors beside it). */
  sources: { slotField: string; quantityField: string }[];
  errors: FieldErrors;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * Checks the rows early, to help: quantities are whole numbers, a row with tickets has a
 * time, each time is chosen once per activity, the tickets of a time fit its remaining
 * places, and something is booked. The gateway checks again and its answer wins.
 * `ownHeld` gives places this booking already holds per slot id (they count as free to it).
 */
export function parseTicketRows(
  activities: readonly ActivityInfo[],
  rows: FormRows,
  ownHeld: ReadonlyMap<string, number> = new Map(),
): ParsedTickets {
  const errors: FieldErrors = {};
  const tickets: TicketLine[] = [];
  const sources: ParsedTickets["sources"] = [];
  activities.forEach((activity, a) => {
    const seen = new Map<string, number>();
    let activityTotal = 0;
    (rows[a] ?? []).forEach((row, r) => {
      const quantities: Partial<Record<TicketTypeName, number>> = {};
      let rowTotal = 0;
      for (const type of TICKET_TYPES) {
        const parsed = quantitySchema().safeParse(row[type]);
        if (!parsed.success) {
          errors[fieldId(a, r, type)] = `${TICKET_TYPE_LABELS[type]} tickets: ${parsed.error.issues[0]?.message ?? "enter a number"}`;
          continue;
        }
        quantities[type] = parsed.data;
        rowTotal += parsed.data;
      }
      activityTotal += rowTotal;
      const slotKey = fieldId(a, r, "slot");
      if (!row.slot) {
        if (rowTotal > 0) errors[slotKey] = `Choose a time for ${activity.name}`;
        return;
      }
      const slot = activity.slots.find((s) => s.id === row.slot);
      if (!slot) {
        errors[slotKey] = `Choose one of the times for ${activity.name}`;
        return;
      }
      if (seen.has(slot.id)) {
        errors[slotKey] = `${slot.start} is chosen twice for ${activity.name}: put all its tickets in one row`;
        return;
      }
      seen.set(slot.id, r);
      if (rowTotal === 0) return;
      const places = slot.remainingCapacity + (ownHeld.get(slot.id) ?? 0);
      if (rowTotal > places) {
        errors[slotKey] =
          places <= 0
            ? `${activity.name} at ${slot.start} is full: choose another time`
            : `Only ${plural(places, "place")} left for ${activity.name} at ${slot.start}: choose fewer tickets or another time`;
      }
      for (const type of TICKET_TYPES) {
        const quantity = quantities[type] ?? 0;
        if (quantity <= 0) continue;
        tickets.push({ activityId: activity.id, slotId: slot.id, ticketType: type, quantity });
        sources.push({ slotField: slotKey, quantityField: fieldId(a, r, type) });
      }
    });
    if (activityTotal === 0 && !Object.keys(errors).some((k) => k.startsWith(`tickets-${a}-`))) {
      errors[fieldId(a, 0, "slot")] = `Choose a time and tickets for ${activity.name}, or go back and remove it`;
    }
  });
  return { tickets, sources, errors };
}

/**
 * The gateway's field errors (`tickets.3.quantity`, `tickets.3.slotId`, …) put beside the
 * field that sent that ticket; anything else goes to the form-level message.
 */
export function placeGatewayErrors(
  problemErrors: readonly { field: string; message: string }[],
  sources: ParsedTickets["sources"],
): FieldErrors {
  const out: FieldErrors = {};
  for (const { field, message } of problemErrors) {
    const match = /^tickets\.(\d+)(?:\.(\w+))?/.exec(field);
    const source = match ? sources[Number(match[1])] : undefined;
    const key = source ? (match?.[2] === "quantity" || match?.[2] === "ticketType" ? source.quantityField : source.slotField) : "form";
    out[key] ??= message;
  }
  return out;
}

export function slotLabel(slot: SlotInfo): string {
  return `${slot.start}–${slot.end}`;
}

export function placesText(slot: SlotInfo): string {
  if (slot.status === "full" || slot.remainingCapacity <= 0) return "full";
  return `${plural(slot.remainingCapacity, "place")} left`;
}
