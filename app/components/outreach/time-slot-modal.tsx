import { DraftActions, Modal, useHydrated } from "../modal";
import type { ScheduleActivity } from "../../outreach/schedule";

// The time-slot modal: the start times our team offers on the chosen day for one
// session's activity, as a radio group (one tab stop, arrow keys to choose). A time in
// the school's lunch time, outside the school day or overlapping another session is
// marked, in words. With JavaScript the choice is a draft until "Use this time"; Escape,
// "Close" or "Cancel" drop it. Without JavaScript the same radio group is part of the
// schedule form, inline.

export interface TimeSlotModalProps {
  open: boolean;
  /** The row's position (1-based) and field index (0-based). */
  index: number;
  activity: ScheduleActivity;
  /** The start chosen so far (the draft while the dialog is open, the row's start without JavaScript). */
  value: string;
  onDraft: (start: string) => void;
  onApply: () => void;
  onCancel: () => void;
  /** What is wrong with starting at this time (clashes), to say beside it. */
  problemsAt: (start: string) => string[];
  /** Where focus goes when the dialog closes (the row's "Choose a time" button). */
  returnFocus: () => HTMLElement | null | undefined;
}

export function TimeSlotModal({ open, index, activity, value, onDraft, onApply, onCancel, problemsAt, returnFocus }: TimeSlotModalProps) {
  const hydrated = useHydrated();
  const n = index + 1;
  const groupName = hydrated ? `slot-draft-${index}` : `sessions.${index}.start`;
  const idBase = `session-${index}-slot`;
  const checkedIndex = activity.slots.findIndex((s) => s.start === value && s.status !== "full");
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={`Choose a time for session ${n}`}
      headingLevel={3}
      returnFocus={returnFocus}
      className="time-slot-modal"
      description={
        <p className="field-hint">
          {activity.name} lasts {activity.durationMinutes} minutes. Times that clash with your school&apos;s lunch time or
          another session are marked.
        </p>
      }
    >
      <fieldset className="slot-options">
        <legend className="visually-hidden">
          Start times for session {n}, {activity.name}
        </legend>
        {activity.slots.length === 0 ? <p>Our team has no times left on this day for {activity.name}.</p> : null}
        <div className="time-slots">
          {activity.slots.map((slot, i) => {
            const id = `${idBase}-${slot.start.replace(":", "")}`;
            const full = slot.status === "full";
            const problems = full ? [] : problemsAt(slot.start);
            const hintId = full || problems.length > 0 ? `${id}-hint` : undefined;
            const checked = i === checkedIndex;
            return (
              <label
                key={slot.start}
                htmlFor={id}
                className={`time-slot${full ? " slot-full" : ""}${problems.length > 0 ? " slot-clash" : ""}`}
              >
                <input
                  type="radio"
                  id={id}
                  name={groupName}
                  value={slot.start}
                  disabled={full}
                  aria-describedby={hintId}
                  data-autofocus={checked || (checkedIndex < 0 && i === activity.slots.findIndex((s) => s.status !== "full")) ? "" : undefined}
                  {...(hydrated ? { checked, onChange: () => onDraft(slot.start) } : { defaultChecked: checked })}
                />
                <span>
                  <span className="time-slot-time">
                    {slot.start}–{slot.end}
                  </span>
                  {hintId ? (
                    <span className="time-slot-capacity" id={hintId}>
                      {full ? "Our team is not free" : problems.join(". ")}
                    </span>
                  ) : null}
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
      <DraftActions applyLabel="Use this time" canApply={Boolean(value)} onApply={onApply} onCancel={onCancel} />
    </Modal>
  );
}
