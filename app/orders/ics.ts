// iCalendar (RFC 5545) for "Add to calendar". Pure functions: no I/O, "now" passed in.
//
// Times are written in UTC ("Z" form), which every calendar reads without a VTIMEZONE
// component; the visit's local times (museum time, Europe/London) are converted first.

const CRLF = "\r\n";
const MAX_OCTETS = 75;

/** TEXT value escaping (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

const encoder = new TextEncoder();
const octets = (s: string) => encoder.encode(s).length;

/**
 * Folds a content line so no physical line exceeds 75 octets (§3.1): continuation lines
 * start with one space, which counts towards their 75. A multi-octet UTF-8 character is
 * never split.
 */
export function foldLine(line: string): string {
  if (octets(line) <= MAX_OCTETS) return line;
  const parts: string[] = [];
  let current = "";
  let size = 0;
  let limit = MAX_OCTETS;
  for (const char of line) {
    const n = octets(char);
    if (size + n > limit) {
      parts.push(current);
      current = "";
      size = 0;
      limit = MAX_OCTETS - 1; // the leading space of a continuation line
    }
    current += char;
    size += n;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

/** An instant in UTC basic format: 20260417T091500Z. */
export function formatUtc(at: Date): string {
  return at.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

const londonParts = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** Minutes London is ahead of UTC at an instant (0 in winter, 60 in summer). */
function londonOffsetMinutes(at: Date): number {
  const p = Object.fromEntries(londonParts.formatToParts(at).map((x) => [x.type, x.value]));
  const asUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60000);
}

/** The instant of a wall-clock time in London on a calendar day ("2026-04-17", "10:15"). */
export function londonTimeToUtc(isoDate: string, time: string): Date {
  const [y, mo, d] = isoDate.slice(0, 10).split("-").map(Number);
  const [h, mi] = time.split(":").map(Number);
  const naive = Date.UTC(y ?? 1970, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0);
  // Two passes settle the offset either side of a clock change.
  let at = new Date(naive - londonOffsetMinutes(new Date(naive)) * 60000);
  at = new Date(naive - londonOffsetMinutes(at) * 60000);
  return at;
}

export interface CalendarEvent {
  /** Globally unique and stable for the same visit, so a re-import updates it. */
  uid: string;
  stamp: Date;
  start: Date;
  end: Date;
  summary: string;
  location?: string;
  description?: string;
  url?: string;
  status?: "CONFIRMED" | "TENTATIVE" | "CANCELLED";
}

/** A VCALENDAR with one VEVENT per event, CRLF line endings, folded lines. */
export function buildCalendar(events: readonly CalendarEvent[], prodId = "-//West Riding Museums//Group visits//EN"): string {
  const lines: string[] = ["BEGIN:VCALENDAR", "VERSION:2.0", `PRODID:${prodId}`, "CALSCALE:GREGORIAN", "METHOD:PUBLISH"];
  for (const e of events) {
    lines.push(
      "BEGIN:VEVENT",
      `UID:${e.uid}`,
      `DTSTAMP:${formatUtc(e.stamp)}`,
      `DTSTART:${formatUtc(e.start)}`,
      `DTEND:${formatUtc(e.end)}`,
      `SUMMARY:${escapeText(e.summary)}`,
    );
    if (e.location) lines.push(`LOCATION:${escapeText(e.location)}`);
    if (e.description) lines.push(`DESCRIPTION:${escapeText(e.description)}`);
    if (e.url) lines.push(`URL:${e.url}`);
    if (e.status) lines.push(`STATUS:${e.status}`);
    lines.push("END:VEVENT");
  }
  lines.push("END:VCALENDAR");
  return lines.map(foldLine).join(CRLF) + CRLF;
}

// --- An order as an event -------------------------------------------------------------

export interface CalendarOrder {
  id: string;
  reference: string;
  kind: "visit" | "group-visit" | "outreach";
  status: "confirmed" | "held" | "requested" | "cancellation-requested" | "cancelled";
  venue: { id: string; name: string };
  visitDate: string;
  arrivalTime: string;
  participants: number;
  /** For outreach, where the visit happens: the museum's team travels to the organisation. */
  organisation: { name: string; town?: string | undefined; postcode?: string | undefined };
  schedule?: readonly { name: string; start: string; end: string }[] | undefined;
}

const KIND_LABELS: Record<CalendarOrder["kind"], string> = {
  visit: "School visit",
  "group-visit": "Group visit",
  outreach: "Outreach visit",
};

const STATUS: Record<CalendarOrder["status"], CalendarEvent["status"]> = {
  confirmed: "CONFIRMED",
  held: "TENTATIVE",
  requested: "TENTATIVE",
  "cancellation-requested": "TENTATIVE",
  cancelled: "CANCELLED",
};

/** Venues close at 17:00; a visit with no timed activities is shown until then. */
const CLOSING_TIME = "17:00";

const minutes = (time: string) => {
  const [h = 0, m = 0] = time.split(":").map(Number);
  return h * 60 + m;
};

/**
 * The organisation as a place: its name, then the parts of its address the order carries
 * ("Riverside Primary School, Leeds, LS6 1AA").
 */
export function organisationPlace(organisation: CalendarOrder["organisation"]): string {
  return [organisation.name, organisation.town, organisation.postcode].filter(Boolean).join(", ");
}

export interface OrderEventOptions {
  /** The site's origin, e.g. https://groups.example.org: names the UID's domain and the link. */
  origin: string;
  now: Date;
  /** The venue's address, when known, after its name. Not used for outreach (the visit is at the organisation). */
  address?: string | undefined;
  statusLabel: string;
}

export function orderEvent(order: CalendarOrder, { origin, now, address, statusLabel }: OrderEventOptions): CalendarEvent {
  const host = new URL(origin).hostname;
  const schedule = [...(order.schedule ?? [])].sort((a, b) => minutes(a.start) - minutes(b.start));
  const lastEnd = schedule.reduce((latest, s) => (minutes(s.end) > minutes(latest) ? s.end : latest), order.arrivalTime);
  let endTime = lastEnd;
  if (minutes(endTime) <= minutes(order.arrivalTime)) {
    endTime = minutes(order.arrivalTime) < minutes(CLOSING_TIME) ? CLOSING_TIME : order.arrivalTime;
  }
  const start = londonTimeToUtc(order.visitDate, order.arrivalTime);
  let end = londonTimeToUtc(order.visitDate, endTime);
  if (end.getTime() <= start.getTime()) end = new Date(start.getTime() + 60 * 60000);

  const link = `${origin}/account/orders/${encodeURIComponent(order.id)}`;
  // Outreach: the venue's team travels to the organisation, so the place is the organisation's.
  const outreach = order.kind === "outreach";
  const description = [
    `Booking reference: ${order.reference}`,
    `Status: ${statusLabel}`,
    `Organisation: ${order.organisation.name}`,
    ...(outreach ? [`Museum team: ${order.venue.name}`] : []),
    `Participants: ${order.participants}`,
    outreach ? `Our team arrives: ${order.arrivalTime}` : `Arrival: ${order.arrivalTime}`,
    ...(schedule.length > 0 ? ["", "Your day:", ...schedule.map((s) => `${s.start}–${s.end} ${s.name}`)] : []),
    "",
    `Your booking: ${link}`,
  ].join("\n");

  return {
    uid: `order-${order.id}@${host}`,
    stamp: now,
    start,
    end,
    summary: outreach
      ? `${KIND_LABELS[order.kind]} from ${order.venue.name} (${order.reference})`
      : `${KIND_LABELS[order.kind]}: ${order.venue.name} (${order.reference})`,
    location: outreach ? organisationPlace(order.organisation) : address ? `${order.venue.name}, ${address}` : order.venue.name,
    description,
    url: link,
    status: STATUS[order.status],
  };
}

/** A safe download file name for an order's calendar file. */
export function calendarFileName(reference: string): string {
  return `visit-${reference.replace(/[^A-Za-z0-9-]/g, "") || "booking"}.ics`;
}
