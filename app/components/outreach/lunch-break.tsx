import { FieldError } from "../field";
import { LunchModal } from "./lunch-modal";
import type { ScheduleEditor } from "./use-schedule-editor";
import { addMinutes, LUNCH, lengthOf, span } from "../../outreach/schedule";
import { outreachState } from "../../state/outreach";

/**
 * The outreach team's lunch break on the schedule step: its time and a button opening the
 * lunch modal (with JavaScript), sent as lunch.start and lunch.end.
 */
export function LunchBreak({
  editor,
  error,
  problemsAt,
}: {
  editor: ScheduleEditor;
  error: string | undefined;
  /** The clashes of a lunch break the user tries in the modal. */
  problemsAt: (start: string, end: string) => string[];
}) {
  const { store, hydrated, lunch, modal, ensureStarted } = editor;
  const lunchLength = lunch ? String(lengthOf(lunch)) : String(LUNCH.defaultLength);
  return (
    <section aria-labelledby="lunch-break-heading" id="lunch-break" tabIndex={-1} className={error ? "outreach-lunch field-invalid" : "outreach-lunch"}>
      <h2 id="lunch-break-heading">Our team&apos;s lunch break</h2>
      <FieldError id="lunch-error" error={error} />
      {hydrated ? (
        <>
          <p id="lunch-time">
            <strong>Lunch break: </strong>
            {lunch ? `${span(lunch)} (${lengthOf(lunch)} minutes)` : "not chosen yet"}
          </p>
          {lunch ? (
            <>
              <input type="hidden" name="lunch.start" value={lunch.start} />
              <input type="hidden" name="lunch.end" value={lunch.end} />
            </>
          ) : null}
          <button
            type="button"
            id="lunch-choose"
            className="secondary"
            aria-haspopup="dialog"
            aria-describedby="lunch-time"
            onClick={() => {
              ensureStarted();
              outreachState.openLunchModal(store, String(LUNCH.defaultLength));
            }}
          >
            {lunch ? "Change the lunch break" : "Choose the lunch break"}
          </button>
        </>
      ) : null}
      <LunchModal
        open={modal?.kind === "lunch"}
        start={modal?.kind === "lunch" ? modal.draftStart : (lunch?.start ?? "")}
        length={modal?.kind === "lunch" ? modal.draftLength : lunchLength}
        onDraft={(change) => outreachState.draftLunch(store, change)}
        onApply={() => {
          if (store.modal?.kind !== "lunch") return;
          const { draftStart, draftLength } = store.modal;
          const chosen = { start: draftStart, end: addMinutes(draftStart, Number(draftLength)) };
          outreachState.applyLunch(store, chosen, `Our team's lunch break: ${span(chosen)}.`);
        }}
        onCancel={() => outreachState.closeModal(store)}
        problemsAt={problemsAt}
        returnFocus={() => document.getElementById("lunch-choose")}
      />
    </section>
  );
}
