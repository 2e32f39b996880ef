import { Field, FieldError, SelectField } from "../field";
import { TimeSlotModal } from "./time-slot-modal";
import type { ScheduleEditor } from "./use-schedule-editor";
import { sessionEnd, span, type PlacedSession, type ScheduleActivity, type SessionRow } from "../../outreach/schedule";
import { outreachState } from "../../state/outreach";

export interface SessionFieldsetProps {
  editor: ScheduleEditor;
  index: number;
  row: SessionRow;
  /** The chosen activities (an activity field only when there are several). */
  activities: readonly ScheduleActivity[];
  /** The row's session once it has an activity and a time. */
  session: PlacedSession | undefined;
  /** The clashes of the row's session with the others and the school day, shown under its time. */
  problems: readonly string[];
  errors: Record<string, string | undefined>;
  /** The clashes of a time the user tries in the time modal. */
  problemsAt: (start: string) => string[];
}

/**
 * One session of the schedule step: its activity, pupils and time. Without JavaScript the
 * time is a field of the time modal's form; with it, a button opens the modal.
 */
export function SessionFieldset({ editor, index: i, row, activities, session, problems, errors, problemsAt }: SessionFieldsetProps) {
  const { store, hydrated, modal, ensureStarted } = editor;
  const activity = activities.find((a) => a.id === row.activityId);
  const open = modal?.kind === "slot" && modal.sessionKey === row.key;
  const timeError = errors[`sessions.${i}.start`];
  return (
    <fieldset id={`session-${i}`} className={`outreach-session${timeError || problems.length > 0 ? " row-clash" : ""}`} tabIndex={-1}>
      <legend id={`session-${i}-legend`} tabIndex={-1}>
        Session {i + 1}
        {activity ? `: ${activity.name}` : ""}
      </legend>
      {activities.length > 1 ? (
        <SelectField
          name={`sessions.${i}.activityId`}
          id={`session-${i}-activity`}
          label="Activity"
          options={activities.map((a) => ({ value: a.id, label: `${a.name} (${a.durationMinutes} minutes)` }))}
          error={errors[`sessions.${i}.activityId`]}
          defaultValue={row.activityId}
          onChange={(e) => {
            ensureStarted();
            outreachState.setActivity(store, row.key, e.currentTarget.value);
          }}
        />
      ) : (
        <input type="hidden" name={`sessions.${i}.activityId`} value={row.activityId} />
      )}
      <Field
        name={`sessions.${i}.pupils`}
        id={`session-${i}-pupils`}
        label="Pupils in this session"
        hint={activity ? `Up to ${activity.maxPupilsPerSession}.` : undefined}
        inputMode="numeric"
        autoComplete="off"
        className="input-number"
        error={errors[`sessions.${i}.pupils`]}
        defaultValue={row.pupils}
        onChange={(e) => {
          ensureStarted();
          outreachState.setPupils(store, row.key, e.currentTarget.value);
        }}
      />
      {hydrated ? (
        <div className={timeError ? "field field-invalid" : "field"}>
          <p className="session-time" id={`session-${i}-time`}>
            <strong>Time: </strong>
            {session ? span(session.range) : "not chosen yet"}
          </p>
          <FieldError id={`session-${i}-time-error`} error={timeError} />
          {problems.length > 0 && !timeError ? <p className="field-error">{problems.join(". ")}</p> : null}
          <input type="hidden" name={`sessions.${i}.start`} value={row.start} />
          <button
            type="button"
            id={`session-${i}-choose`}
            className="secondary"
            aria-describedby={`session-${i}-time${timeError ? ` session-${i}-time-error` : ""}`}
            aria-haspopup="dialog"
            disabled={!activity}
            onClick={() => {
              ensureStarted();
              outreachState.openSlotModal(store, row.key);
            }}
          >
            {row.start ? "Change the time" : "Choose a time"}
            <span className="visually-hidden"> for session {i + 1}</span>
          </button>
        </div>
      ) : timeError ? (
        <FieldError id={`session-${i}-time-error`} error={timeError} />
      ) : null}
      {activity ? (
        <TimeSlotModal
          open={open}
          index={i}
          activity={activity}
          value={open && modal?.kind === "slot" ? modal.draft : row.start}
          onDraft={(start) => outreachState.draftSlot(store, start)}
          onApply={() => {
            const draft = store.modal?.kind === "slot" ? store.modal.draft : "";
            outreachState.applySlot(store, `Session ${i + 1}, ${activity.name}: ${span({ start: draft, end: sessionEnd(activity, draft) })}.`);
          }}
          onCancel={() => outreachState.closeModal(store)}
          problemsAt={problemsAt}
          returnFocus={() => document.getElementById(`session-${i}-choose`)}
        />
      ) : null}
      {editor.rows.length > 1 ? (
        <button type="submit" name="intent" value={`remove:${i}`} className="link-button" onClick={(e) => editor.onRemove(e, row.key)}>
          Remove session {i + 1}
        </button>
      ) : null}
    </fieldset>
  );
}
