import { describe, expect, it } from "vitest";
import {
  buildCalendar, calendarFileName, escapeText, foldLine, formatUtc, londonTimeToUtc, orderEvent, organisationPlace, type CalendarOrder,
} from "./ics";

const octets = (s: string) => new TextEncoder().encode(s).length;

/** Undoes folding (§3.1) and splits into content lines. */
function unfold(ics: string): string[] {
  return ics.replace(/\r\n[ \t]/g, "").split("\r\n").filter(Boolean);
}

function property(ics: string, name: string): string | undefined {
  const line = unfold(ics).find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`));
  return line?.slice(line.indexOf(":") + 1);
}

describe("escapeText", () => {
  it("escapes backslash, semicolon, comma and line breaks", () => {
    expect(escapeText("a\\b;c,d\ne\r\nf")).toBe("a\\\\b\\;c\\,d\\ne\\nf");
  });
  it("leaves colons and quotes alone", () => {
    expect(escapeText('Arrive: 10:15 "main door"')).toBe('Arrive: 10:15 "main door"');
  });
});

describe("foldLine", () => {
  it("leaves a line of 75 octets unfolded", () => {
    const line = "X".repeat(75);
    expect(foldLine(line)).toBe(line);
  });

  it("folds longer lines at 75 octets with CRLF and a space", () => {
    const line = `DESCRIPTION:${"a".repeat(200)}`;
    const folded = foldLine(line);
    const physical = folded.split("\r\n");
    expect(physical.length).toBeGreaterThan(1);
    for (const [i, p] of physical.entries()) {
      expect(octets(p)).toBeLessThanOrEqual(75);
      if (i > 0) expect(p.startsWith(" ")).toBe(true);
    }
    expect(octets(physical[0]!)).toBe(75);
    expect(folded.replace(/\r\n /g, "")).toBe(line);
  });

  it("counts octets, not characters, and never splits a UTF-8 character", () => {
    const line = `SUMMARY:${"é–£".repeat(40)}`;
    const folded = foldLine(line);
    for (const p of folded.split("\r\n")) {
      expect(octets(p)).toBeLessThanOrEqual(75);
      expect(p).not.toContain("\uFFFD");
    }
    expect(folded.replace(/\r\n /g, "")).toBe(line);
  });
});

describe("times", () => {
  it("formats instants in UTC basic format", () => {
    expect(formatUtc(new Date("2026-04-17T09:15:30.123Z"))).toBe("20260417T091530Z");
  });

  it("converts London wall-clock times to UTC across the clock changes", () => {
    expect(londonTimeToUtc("2026-01-15", "10:15").toISOString()).toBe("2026-01-15T10:15:00.000Z");
    expect(londonTimeToUtc("2026-07-15", "10:15").toISOString()).toBe("2026-07-15T09:15:00.000Z");
    // The day the clocks go forward (29 March 2026) and back (25 October 2026).
    expect(londonTimeToUtc("2026-03-29", "10:00").toISOString()).toBe("2026-03-29T09:00:00.000Z");
    expect(londonTimeToUtc("2026-10-25", "10:00").toISOString()).toBe("2026-10-25T10:00:00.000Z");
  });
});

const order: CalendarOrder = {
  id: "ord-5001",
  reference: "GV-260417",
  kind: "visit",
  status: "confirmed",
  venue: { id: "venue-york-roman-quarter", name: "York Roman Quarter Museum" },
  visitDate: "2026-07-15",
  arrivalTime: "10:15",
  participants: 34,
  organisation: { name: "Riverside Primary School" },
  schedule: [
    { name: "Lunch space", start: "12:00", end: "12:30" },
    { name: "Life in Roman Eboracum", start: "10:30", end: "11:30" },
  ],
};

const options = {
  origin: "https://groups.example.org",
  now: new Date("2026-05-01T08:00:00Z"),
  address: "Museum Street, York, YO1 7DR",
  statusLabel: "Confirmed",
};

describe("an order's calendar file", () => {
  const ics = buildCalendar([orderEvent(order, options)]);

  it("is a VCALENDAR with one VEVENT, CRLF line endings and no line over 75 octets", () => {
    expect(ics.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:")).toBe(true);
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of ics.split("\r\n")) expect(octets(line)).toBeLessThanOrEqual(75);
    expect(unfold(ics).filter((l) => l === "BEGIN:VEVENT")).toHaveLength(1);
    expect(unfold(ics).filter((l) => l === "END:VEVENT")).toHaveLength(1);
  });

  it("has a stable UID and a DTSTAMP", () => {
    expect(property(ics, "UID")).toBe("order-ord-5001@groups.example.org");
    expect(property(ics, "DTSTAMP")).toBe("20260501T080000Z");
    expect(buildCalendar([orderEvent(order, { ...options, now: new Date() })])).toContain("UID:order-ord-5001@groups.example.org");
  });

  it("runs from arrival to the end of the last activity, in UTC", () => {
    expect(property(ics, "DTSTART")).toBe("20260715T091500Z");
    expect(property(ics, "DTEND")).toBe("20260715T113000Z");
  });

  it("names the visit, the place and the reference", () => {
    expect(property(ics, "SUMMARY")).toBe("School visit: York Roman Quarter Museum (GV-260417)");
    expect(property(ics, "LOCATION")).toBe("York Roman Quarter Museum\\, Museum Street\\, York\\, YO1 7DR");
    const description = property(ics, "DESCRIPTION")!;
    expect(description).toContain("Booking reference: GV-260417");
    expect(description).toContain("\\n10:30–11:30 Life in Roman Eboracum\\n12:00–12:30 Lunch space");
    expect(description).toContain("https://groups.example.org/account/orders/ord-5001");
    expect(property(ics, "STATUS")).toBe("CONFIRMED");
  });

  it("runs until closing time when there are no timed activities", () => {
    const plain = buildCalendar([orderEvent({ ...order, schedule: [], visitDate: "2026-01-15" }, options)]);
    expect(property(plain, "DTSTART")).toBe("20260115T101500Z");
    expect(property(plain, "DTEND")).toBe("20260115T170000Z");
  });

  it("marks a cancelled visit cancelled and a held one tentative", () => {
    expect(property(buildCalendar([orderEvent({ ...order, status: "cancelled" }, options)]), "STATUS")).toBe("CANCELLED");
    expect(property(buildCalendar([orderEvent({ ...order, status: "held" }, options)]), "STATUS")).toBe("TENTATIVE");
  });
});

describe("calendarFileName", () => {
  it("keeps only safe characters", () => {
    expect(calendarFileName("GV-260417")).toBe("visit-GV-260417.ics");
    expect(calendarFileName('../"x"')).toBe("visit-x.ics");
  });
});

describe("an outreach order's calendar file", () => {
  // The museum's team travels to the school: the place is the school, not the museum.
  const outreach: CalendarOrder = {
    ...order,
    id: "ord-7001",
    reference: "OR-700001",
    kind: "outreach",
    status: "requested",
    arrivalTime: "09:00",
    organisation: { name: "Oakfield Primary School", town: "Leeds", postcode: "LS6 2AB" },
    schedule: [{ name: "Romans in your classroom", start: "09:30", end: "11:00" }],
  };
  const ics = buildCalendar([orderEvent(outreach, options)]);

  it("is located at the organisation, never at the museum or its address", () => {
    expect(property(ics, "LOCATION")).toBe("Oakfield Primary School\\, Leeds\\, LS6 2AB");
    expect(ics).not.toContain("Museum Street");
  });

  it("names the museum whose team comes, and when the team arrives", () => {
    expect(property(ics, "SUMMARY")).toBe("Outreach visit from York Roman Quarter Museum (OR-700001)");
    const description = property(ics, "DESCRIPTION")!;
    expect(description).toContain("Museum team: York Roman Quarter Museum");
    expect(description).toContain("Our team arrives: 09:00");
    expect(description).not.toContain("Arrival:");
    expect(property(ics, "DTSTART")).toBe("20260715T080000Z");
    expect(property(ics, "DTEND")).toBe("20260715T100000Z");
  });

  it("falls back to the organisation's name when the order carries no address", () => {
    const bare = buildCalendar([orderEvent({ ...outreach, organisation: { name: "Oakfield Primary School" } }, options)]);
    expect(property(bare, "LOCATION")).toBe("Oakfield Primary School");
  });

  it("leaves a visit's place at the museum", () => {
    expect(organisationPlace({ name: "A", town: "B", postcode: "C" })).toBe("A, B, C");
    expect(property(buildCalendar([orderEvent(order, options)]), "LOCATION")).toContain("York Roman Quarter Museum");
  });
});
