import { toMinutes } from "../../calendar/dates";
import { lunchProblems, sessionName, sessionProblems, span, type PlacedSession, type Range, type SchoolDay } from "../../outreach/schedule";

// The outreach day at the school: the school day, its lunch time, the sessions and our
// team's lunch break in time order, with clashes said in words (not only colour) and a
// live summary, so a change made in a modal is announced.

interface Item {
  key: string;
  range: Range;
  label: string;
  kind: "session" | "school-lunch" | "team-lunch";
  problems: string[];
  href?: string;
}

export function OutreachTimeline({
  schoolDay,
  sessions,
  lunch,
  headingLevel = 2,
  linkRows = false,
}: {
  schoolDay: SchoolDay | null;
  sessions: readonly PlacedSession[];
  lunch: Range | null;
  headingLevel?: 2 | 3;
  /** Link each session to its row, so a clash can be fixed from here. */
  linkRows?: boolean;
}) {
  const items: Item[] = sessions.map((s) => ({
    key: s.key,
    range: s.range,
    label: sessionName(s).replace(/^s/, "S"),
    kind: "session",
    problems: sessionProblems(s, sessions, schoolDay),
    ...(linkRows ? { href: `#session-${s.index}` } : {}),
  }));
  if (schoolDay) items.push({ key: "school-lunch", range: schoolDay.lunch, label: "Your school's lunch time", kind: "school-lunch", problems: [] });
  if (lunch) items.push({ key: "team-lunch", range: lunch, label: "Our team's lunch break", kind: "team-lunch", problems: lunchProblems(lunch, sessions) });
  items.sort((a, b) => toMinutes(a.range.start) - toMinutes(b.range.start) || toMinutes(a.range.end) - toMinutes(b.range.end));

  const times = items.flatMap((i) => [toMinutes(i.range.start), toMinutes(i.range.end)]);
  const dayStart = Math.min(schoolDay ? toMinutes(schoolDay.start) : 9 * 60, ...times);
  const dayEnd = Math.max(schoolDay ? toMinutes(schoolDay.end) : 15 * 60 + 30, ...times);
  const length = Math.max(1, dayEnd - dayStart);
  const clashes = items.filter((i) => i.problems.length > 0).length;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const summary =
    sessions.length === 0
      ? "No session times chosen yet."
      : `${sessions.length} ${sessions.length === 1 ? "session" : "sessions"}${lunch ? " and our team's lunch break" : ", no lunch break chosen yet"}, ${
          clashes === 0 ? "no clashes" : `${clashes} ${clashes === 1 ? "clash" : "clashes"}`
        }.`;
  return (
    <section className="day-timeline outreach-timeline" aria-labelledby="outreach-timeline-heading">
      <Heading id="outreach-timeline-heading">Your day</Heading>
      <p role="status" aria-live="polite">
        {summary}
      </p>
      <div className="timeline-track" aria-hidden="true">
        {items.map((item) => (
          <span
            key={item.key}
            className={`timeline-block block-${item.kind}${item.problems.length > 0 ? " block-clash" : ""}`}
            style={{
              left: `${((toMinutes(item.range.start) - dayStart) / length) * 100}%`,
              width: `${((toMinutes(item.range.end) - toMinutes(item.range.start)) / length) * 100}%`,
            }}
            title={`${span(item.range)} ${item.label}`}
          />
        ))}
      </div>
      <ol className="timeline-list">
        {schoolDay ? (
          <li>
            <time>{schoolDay.start}</time> School day starts
          </li>
        ) : null}
        {items.map((item) => (
          <li key={item.key} className={item.problems.length > 0 ? "entry-clash" : undefined}>
            <time>{item.range.start}</time>–<time>{item.range.end}</time> {item.href ? <a href={item.href}>{item.label}</a> : item.label}
            {item.problems.length > 0 ? <strong> {item.problems.join(". ")}</strong> : null}
          </li>
        ))}
        {schoolDay ? (
          <li>
            <time>{schoolDay.end}</time> School day ends
          </li>
        ) : null}
      </ol>
    </section>
  );
}
