import { Form } from "react-router";
import { FieldError } from "../field";
import { DefaultSave, SaveAndContinue } from "../save-and-continue";
import { LunchBreak } from "./lunch-break";
import { OutreachTimeline } from "./outreach-timeline";
import { SessionFieldset } from "./session-fieldset";
import type { ScheduleEditor } from "./use-schedule-editor";
import {
  lunchProblems, MAX_SESSIONS, overlaps, placeSessions, sessionEnd, sessionProblems, span, type ScheduleActivity, type SchoolDay,
} from "../../outreach/schedule";
import { formatDate } from "../../shell/format";

/**
 * The schedule step's form for a bookable date: the sessions (added and removed in the
 * browser with JavaScript, through the server without), the team's lunch break and the
 * day's timeline, checked as the user chooses.
 */
export function ScheduleForm({
  editor,
  date,
  plan,
  errors,
}: {
  editor: ScheduleEditor;
  date: string;
  plan: { activities: readonly ScheduleActivity[]; schoolDay: SchoolDay | null };
  errors: Record<string, string | undefined>;
}) {
  const { rows, lunch } = editor;
  const placed = placeSessions(rows, plan.activities);

  const problemsAt = (index: number) => (start: string) => {
    const row = rows[index]!;
    const activity = plan.activities.find((a) => a.id === row.activityId);
    if (!activity) return [];
    const trial = { index, key: row.key, activity, range: { start, end: sessionEnd(activity, start) } };
    const others = placed.filter((p) => p.index !== index);
    const problems = sessionProblems(trial, [...others, trial], plan.schoolDay);
    if (lunch && overlaps(trial.range, lunch)) problems.push(`Clashes with our team's lunch break (${span(lunch)})`);
    return problems;
  };
  const lunchProblemsAt = (start: string, end: string) => lunchProblems({ start, end }, placed).filter((p) => p.startsWith("Clashes"));

  return (
    <Form method="post" noValidate className="booking-form outreach-schedule">
      <DefaultSave name="intent" value="save" />
      <input type="hidden" name="date" value={date} />
      <h2 id="sessions-heading" tabIndex={-1}>
        Sessions on {formatDate(date)}
      </h2>
      <FieldError id="sessions-error" error={errors.sessions} />
      {rows.map((row, i) => {
        const session = placed.find((p) => p.index === i);
        return (
          <SessionFieldset
            key={`${editor.key}/${row.key}`}
            editor={editor}
            index={i}
            row={row}
            activities={plan.activities}
            session={session}
            problems={session ? sessionProblems(session, placed, plan.schoolDay) : []}
            errors={errors}
            problemsAt={problemsAt(i)}
          />
        );
      })}
      {rows.length < MAX_SESSIONS ? (
        <p>
          <button type="submit" name="intent" value="add" className="secondary" onClick={editor.onAdd}>
            Add another session
          </button>
        </p>
      ) : (
        <p className="field-hint">Our team can run up to {MAX_SESSIONS} sessions in a day.</p>
      )}

      <LunchBreak editor={editor} error={errors.lunch} problemsAt={lunchProblemsAt} />

      <OutreachTimeline schoolDay={plan.schoolDay} sessions={placed} lunch={lunch} linkRows />
      <p className="visually-hidden" role="status">
        {editor.announcement}
      </p>
      <div className="actions">
        <SaveAndContinue submitting={editor.submitting} name="intent" value="save" />
      </div>
    </Form>
  );
}
