import { DraftActions, Modal, useHydrated } from "../modal";
import { addMinutes, LUNCH, lunchStarts } from "../../outreach/schedule";

// The lunch modal: when our team takes its lunch break (30 to 60 minutes, between 11:00
// and 14:30, not during a session). Two radio groups: how long, and when it starts; a
// start that clashes with a session is marked. With JavaScript the choice is a draft
// until "Use this lunch break"; without it the groups are part of the schedule form.

export interface LunchModalProps {
  open: boolean;
  /** The draft (or, without JavaScript, the saved) start and length. */
  start: string;
  length: string;
  onDraft: (change: { start?: string; length?: string }) => void;
  onApply: () => void;
  onCancel: () => void;
  /** What is wrong with a lunch break at this time (clashes with sessions). */
  problemsAt: (start: string, end: string) => string[];
  returnFocus: () => HTMLElement | null | undefined;
}

export function LunchModal({ open, start, length, onDraft, onApply, onCancel, problemsAt, returnFocus }: LunchModalProps) {
  const hydrated = useHydrated();
  const minutes = Number(length) || LUNCH.defaultLength;
  // Without JavaScript the length is not known while choosing: offer every start of the shortest break.
  const starts = lunchStarts(hydrated ? minutes : LUNCH.lengths[0]);
  const startName = hydrated ? "lunch-draft-start" : "lunch.start";
  const lengthName = hydrated ? "lunch-draft-length" : "lunch.length";
  const startValue = starts.includes(start) ? start : "";
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title="Choose our team's lunch break"
      headingLevel={3}
      returnFocus={returnFocus}
      className="lunch-modal"
      description={
        <p className="field-hint">
          Our team needs a break of 30 to 60 minutes between {LUNCH.earliest} and {LUNCH.latest}, between sessions. It does
          not have to be at your school&apos;s lunch time.
        </p>
      }
    >
      <fieldset>
        <legend>How long</legend>
        <div className="time-slots">
          {LUNCH.lengths.map((l, i) => (
            <label key={l} htmlFor={`lunch-length-${l}`} className="time-slot">
              <input
                type="radio"
                id={`lunch-length-${l}`}
                name={lengthName}
                value={String(l)}
                data-autofocus={i === 0 ? "" : undefined}
                {...(hydrated ? { checked: String(l) === String(minutes), onChange: () => onDraft({ length: String(l) }) } : { defaultChecked: String(l) === String(minutes) })}
              />
              <span className="time-slot-time">{l} minutes</span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>Starts at</legend>
        <div className="time-slots">
          {starts.map((t) => {
            const id = `lunch-start-${t.replace(":", "")}`;
            const end = addMinutes(t, hydrated ? minutes : LUNCH.lengths[0]);
            const problems = problemsAt(t, end);
            const hintId = problems.length > 0 ? `${id}-hint` : undefined;
            return (
              <label key={t} htmlFor={id} className={`time-slot${problems.length > 0 ? " slot-clash" : ""}`}>
                <input
                  type="radio"
                  id={id}
                  name={startName}
                  value={t}
                  aria-describedby={hintId}
                  {...(hydrated ? { checked: t === startValue, onChange: () => onDraft({ start: t }) } : { defaultChecked: t === startValue })}
                />
                <span>
                  <span className="time-slot-time">{hydrated ? `${t}–${end}` : t}</span>
                  {hintId ? (
                    <span className="time-slot-capacity" id={hintId}>
                      {problems.join(". ")}
                    </span>
                  ) : null}
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
      <DraftActions applyLabel="Use this lunch break" canApply={Boolean(startValue)} onApply={onApply} onCancel={onCancel} />
    </Modal>
  );
}
