import type { Control } from "./page-state";

// New values for a control, derived from what the page says of it: its type, autocomplete
// hint, input mode, pattern and bounds. Each list is tried in order; the server's answer
// (an error beside the field) moves on to the next, and in the end the field is left as it was.
// Values are already in the form the site stores them (a postcode in capitals with its
// space), so what is shown back can be compared with what was typed.

const WORDS = ["Calder", "Bramley", "Ashdown", "Denholme"];
const BY_AUTOCOMPLETE: Record<string, string[]> = {
  "honorific-prefix": ["Dr", "Mx", "Mrs"],
  "given-name": WORDS,
  "family-name": WORDS.map((w) => `${w}-Hart`),
  name: WORDS.map((w) => `Sam ${w}`),
  "organization-title": ["Trips coordinator", "Head of learning"],
  organization: WORDS.map((w) => `${w} Learning Group`),
  "address-line1": ["12 Calder Street", "3 Bramley Road"],
  "address-line2": ["Second floor", "Unit 4"],
  "address-level2": ["Leeds", "Wakefield"],
  // Yorkshire, so that an organisation stays in the outreach region (docs/requirements.md §8.7).
  "postal-code": ["LS1 4AP", "LS6 1SN", "LS2 9JT"],
};

let serial = 0;
/** Different on every call: a value typed now was never saved before. */
function fresh(): string {
  serial += 1;
  return `${Date.now().toString(36)}${serial}${Math.random().toString(36).slice(2, 5)}`;
}

function withinLength(values: string[], control: Control): string[] {
  return control.maxLength > 0 ? values.map((v) => v.slice(0, control.maxLength)) : values;
}

function numbers(control: Control): string[] {
  const step = Number(control.step) > 0 ? Number(control.step) : 1;
  const min = control.min === "" ? -Infinity : Number(control.min);
  const max = control.max === "" ? Infinity : Number(control.max);
  const current = control.value === "" ? NaN : Number(control.value);
  const tries = Number.isNaN(current) ? [Math.max(min, 1)] : [current + step, current - step];
  return tries.filter((n) => n >= min && n <= max).map(String);
}

function shiftDate(value: string, days: number): string {
  const d = new Date(`${value}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function dates(control: Control): string[] {
  if (!control.value) return control.min ? [control.min] : [];
  return [shiftDate(control.value, 1), shiftDate(control.value, -1)].filter((v) => (!control.min || v >= control.min) && (!control.max || v <= control.max));
}

const toTime = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
const minutesOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

function times(control: Control): string[] {
  const step = Number(control.step) >= 60 ? Number(control.step) / 60 : 15;
  const current = control.value ? minutesOf(control.value) : control.min ? minutesOf(control.min) : 10 * 60;
  return [current + step, current - step, current + 2 * step]
    .map(toTime)
    .filter((v) => (!control.min || v >= control.min) && (!control.max || v <= control.max));
}

function digits(control: Control): string[] {
  const length = control.value.length || (control.maxLength > 0 ? control.maxLength : 6);
  const base = control.value || "1".repeat(length);
  const bump = (s: string, by: number) => s.slice(0, -1) + String((Number(s.at(-1)) + by) % 10);
  return [bump(base, 1), bump(base, 2)];
}

function texts(control: Control): string[] {
  if (control.type === "email" || control.autocomplete === "email") return [`round.trip.${fresh()}@example.org`];
  // A landline, then a mobile for a field that asks for one (Ofcom's numbers for drama).
  if (control.type === "tel" || control.autocomplete === "tel") return [`0113 496 0${String(100 + (Date.now() % 900))}`, `07700 900${String(100 + (Date.now() % 900))}`];
  if (control.type === "number") return numbers(control);
  if (control.type === "date") return dates(control);
  if (control.type === "time") return times(control);
  const hinted = BY_AUTOCOMPLETE[control.autocomplete];
  if (hinted) return hinted;
  if (control.inputMode === "numeric") return digits(control);
  if (control.kind === "textarea") return [`Saved by the round trip ${fresh()}.`];
  return [`Round trip ${fresh()}`, WORDS[0]!];
}

/** Values to try for the control, in order, none of them its current value. */
export function candidates(control: Control): string[] {
  let values: string[];
  switch (control.kind) {
    case "hidden":
    case "password":
      return [];
    case "checkbox":
      return [control.value ? "" : "checked"];
    case "radio":
    case "select":
    case "choice":
      values = control.options.filter((o) => !o.disabled && o.value !== "").map((o) => o.value);
      break;
    default:
      values = withinLength(texts(control), control);
  }
  const pattern = control.pattern ? new RegExp(`^(?:${control.pattern})$`, "v") : null;
  return [...new Set(values)].filter((v) => v !== control.value && (!pattern || pattern.test(v)));
}
