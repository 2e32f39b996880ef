// "Increase numbers" on an order: the form's fields come from what was booked (the
// order's `booked` numbers, in the shape of AmendmentRequest), each new total at least
// the booked one. Pure, so the loader, the action and the tests share it.

export type TicketType = "adult" | "child" | "concession" | "carer";
export type AgeBand = "under-5" | "5-11" | "11-16" | "16-18";

export const TICKET_TYPES: readonly TicketType[] = ["adult", "child", "concession", "carer"];
export const AGE_BANDS: readonly AgeBand[] = ["under-5", "5-11", "11-16", "16-18"];
export const MAX_NUMBER = 200;

const TICKET_LABELS: Record<TicketType, string> = { adult: "Adult", child: "Child", concession: "Concession", carer: "Free carer" };
const BAND_LABELS: Record<AgeBand, string> = {
  "under-5": "Children under 5",
  "5-11": "Pupils aged 5–11",
  "11-16": "Pupils aged 11–16",
  "16-18": "Students aged 16–18",
};

export interface BookedNumbers {
  participants?: readonly { ageBand: AgeBand; count: number }[] | undefined;
  adults?: number | undefined;
  oneToOneCarers?: number | undefined;
  tickets?: readonly { activityId: string; slotId: string; ticketType: TicketType; quantity: number }[] | undefined;
}

export interface AmendableOrder {
  kind: "visit" | "group-visit" | "outreach";
  booked?: BookedNumbers | undefined;
  schedule?: readonly { activityId: string; slotId: string; name: string; start: string; end: string }[] | undefined;
}

/** One number the user may raise. `name` is the form field (a, t0, t1, …). */
export interface AmendLine {
  name: string;
  label: string;
  /** For the group of lines it belongs to (an activity at a time), when there are several. */
  group?: string;
  booked: number;
  target:
    | { kind: "ticket"; activityId: string; slotId: string; ticketType: TicketType }
    | { kind: "band"; ageBand: AgeBand }
    | { kind: "adults" }
    | { kind: "carers" };
}

/** The numbers of an order that can go up, or null when the order does not say what was booked. */
export function amendLines(order: AmendableOrder): AmendLine[] | null {
  const booked = order.booked;
  if (!booked) return null;
  if (order.kind === "group-visit") {
    const tickets = booked.tickets ?? [];
    if (tickets.length === 0) return null;
    const pairs: { activityId: string; slotId: string }[] = [];
    for (const t of tickets) {
      if (!pairs.some((p) => p.activityId === t.activityId && p.slotId === t.slotId)) pairs.push({ activityId: t.activityId, slotId: t.slotId });
    }
    const lines: AmendLine[] = [];
    pairs.forEach(({ activityId, slotId }, p) => {
      const entry = order.schedule?.find((s) => s.slotId === slotId && s.activityId === activityId);
      const group = entry ? `${entry.name}, ${entry.start}–${entry.end}` : activityId;
      TICKET_TYPES.forEach((ticketType, i) => {
        const bookedQty = tickets
          .filter((t) => t.activityId === activityId && t.slotId === slotId && t.ticketType === ticketType)
          .reduce((sum, t) => sum + t.quantity, 0);
        lines.push({
          name: `t${p * TICKET_TYPES.length + i}`,
          label: `${TICKET_LABELS[ticketType]} tickets`,
          group,
          booked: bookedQty,
          target: { kind: "ticket", activityId, slotId, ticketType },
        });
      });
    });
    return lines;
  }
  if (order.kind === "visit") {
    const counts = new Map((booked.participants ?? []).map((p) => [p.ageBand, p.count]));
    return [
      ...AGE_BANDS.map<AmendLine>((ageBand, i) => ({
        name: `p${i}`,
        label: BAND_LABELS[ageBand],
        booked: counts.get(ageBand) ?? 0,
        target: { kind: "band", ageBand },
      })),
      { name: "adults", label: "Supervising adults", booked: booked.adults ?? 0, target: { kind: "adults" } },
      { name: "oneToOneCarers", label: "One-to-one carers", booked: booked.oneToOneCarers ?? 0, target: { kind: "carers" } },
    ];
  }
  return null;
}

export type AmendValues = Record<string, string>;

export function bookedValues(lines: readonly AmendLine[]): AmendValues {
  return Object.fromEntries(lines.map((l) => [l.name, String(l.booked)]));
}

export function valuesFromForm(form: FormData, lines: readonly AmendLine[]): AmendValues {
  return Object.fromEntries(lines.map((l) => [l.name, String(form.get(l.name) ?? "").trim().slice(0, 10)]));
}

export interface AmendmentBody {
  participants?: { ageBand: AgeBand; count: number }[];
  adults?: number;
  oneToOneCarers?: number;
  tickets?: { activityId: string; slotId: string; ticketType: TicketType; quantity: number }[];
}

export interface ParsedAmendment {
  body: AmendmentBody;
  errors: Record<string, string>;
  /** Gateway error paths (`tickets.2.quantity`, `participants.0.count`, `adults`) to field names. */
  fieldOf: Record<string, string>;
}

/**
 * New totals: whole numbers from what is booked up to 200, and at least one higher than
 * booked. The gateway checks again (capacity, ratios) and its answer wins.
 */
export function parseAmendment(lines: readonly AmendLine[], values: AmendValues): ParsedAmendment {
  const errors: Record<string, string> = {};
  const numbers = new Map<string, number>();
  for (const line of lines) {
    const raw = values[line.name] ?? "";
    const text = raw === "" ? String(line.booked) : raw;
    const label = line.group ? `${line.group}: ${line.label.toLowerCase()}` : line.label;
    if (!/^\d+$/.test(text)) {
      errors[line.name] = `${label}: enter a whole number`;
      continue;
    }
    const n = Number(text);
    if (n < line.booked) errors[line.name] = `${label}: you have ${line.booked} booked, so enter ${line.booked} or more`;
    else if (n > MAX_NUMBER) errors[line.name] = `${label}: enter ${MAX_NUMBER} or fewer`;
    else numbers.set(line.name, n);
  }
  if (Object.keys(errors).length === 0 && lines.every((l) => numbers.get(l.name) === l.booked)) {
    errors[lines[0]?.name ?? "form"] = "Enter a higher number for at least one of these";
  }

  const body: AmendmentBody = {};
  const fieldOf: Record<string, string> = {};
  for (const line of lines) {
    const n = numbers.get(line.name) ?? line.booked;
    const t = line.target;
    if (t.kind === "ticket") {
      if (n <= 0) continue;
      body.tickets ??= [];
      fieldOf[`tickets.${body.tickets.length}`] = line.name;
      body.tickets.push({ activityId: t.activityId, slotId: t.slotId, ticketType: t.ticketType, quantity: n });
    } else if (t.kind === "band") {
      body.participants ??= [];
      if (n <= 0 && line.booked <= 0) continue;
      fieldOf[`participants.${body.participants.length}`] = line.name;
      body.participants.push({ ageBand: t.ageBand, count: n });
    } else if (t.kind === "adults") {
      body.adults = n;
      fieldOf.adults = line.name;
    } else {
      body.oneToOneCarers = n;
      fieldOf.oneToOneCarers = line.name;
    }
  }
  return { body, errors, fieldOf };
}

/** The gateway's field errors placed beside the fields that sent them. */
export function placeAmendmentErrors(
  problemErrors: readonly { field: string; message: string }[],
  fieldOf: Readonly<Record<string, string>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { field, message } of problemErrors) {
    const key = fieldOf[field] ?? fieldOf[field.split(".").slice(0, 2).join(".")] ?? fieldOf[field.split(".")[0] ?? ""] ?? "form";
    out[key] ??= message;
  }
  return out;
}
