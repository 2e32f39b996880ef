import { Form } from "react-router";
import { Link } from "../link";
import { STEP_PATHS, TIMES_STEP, type Flow } from "../../booking/steps";
import { FormErrors } from "../form-errors";
import { HoldTimer } from "./hold-timer";
import "./booking.css";
import type { BasketHold } from "../../../generated/schemas";

export interface ReviewHoldProps {
  flow: Flow;
  /** The places are held now, until `hold.expiresAt`. */
  held: boolean;
  hold: BasketHold | undefined;
  /** The last hold ran out and the places were released. */
  holdLapsed: boolean;
  /** Why the places could not be held (a chosen time sold out), if so. */
  soldOut: string | null;
  errors: Record<string, string | undefined>;
  /** What the user's last hold button did (held again, extended, held for longer), said once. */
  notice: string | null;
  /** A "Hold my places" post is on its way. */
  holding: boolean;
  offerLongerHolds: boolean;
}

/**
 * The top of the review: the form's errors, or the places that sold out (with a way to the
 * step of the user's own flow where a time is chosen again); then whether the places are
 * held, for how long, and the buttons to hold them or extend the hold.
 */
export function ReviewHold({ flow, held, hold, holdLapsed, soldOut, errors, notice, holding, offerLongerHolds }: ReviewHoldProps) {
  const times = TIMES_STEP[flow];
  return (
    <>
      {soldOut ? (
        <div className="warning" role="alert">
          <p>
            <strong>{soldOut}</strong>
          </p>
          <p>
            Your other choices are saved. <Link to={STEP_PATHS[times.step]}>{times.label}</Link>, or{" "}
            <Link to={STEP_PATHS.date}>choose another date</Link>.
          </p>
        </div>
      ) : (
        <FormErrors errors={errors} fieldIds={{ acceptTerms: "acceptTerms", hold: "hold-timer" }} />
      )}
      {notice ? (
        <p className="notice" role="status">
          {notice}
        </p>
      ) : null}
      {!held && !soldOut ? (
        <Form method="post" className="notice" aria-labelledby="not-held">
          <p id="not-held">
            {holdLapsed ? "The time we held your places for ran out, and they have been released." : "Your places are not held yet."} Hold
            them while you check your booking.
          </p>
          <input type="hidden" name="intent" value="hold" />
          <button type="submit" disabled={holding}>
            {holding ? "Holding…" : "Hold my places"}
          </button>
        </Form>
      ) : null}
      {held && hold ? <HoldTimer hold={hold} offerLongerHolds={offerLongerHolds} /> : null}
      {errors.hold ? <p className="field-error">{errors.hold}</p> : null}
    </>
  );
}
