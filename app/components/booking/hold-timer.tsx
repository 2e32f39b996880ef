import { useEffect, useState } from "react";
import { Form } from "react-router";
import { Link } from "../link";
import "./booking.css";
import type { BasketHold } from "../../../generated/schemas";
import { instantDate, parseInstant } from "../../shell/instant";

const clock = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: "Europe/London" });
/** Warn this long before the hold ends (WCAG 2.2.1: time to extend it). */
const WARN_MS = 2 * 60 * 1000;

/** "once", "twice", "3 more times": how often the hold can still be extended. */
export function timesText(n: number): string {
  return n === 1 ? "once more" : n === 2 ? "twice more" : `${n} more times`;
}

export function minutesLeft(expiresAt: string, now: number): number {
  return Math.max(0, Math.ceil((parseInstant(expiresAt) - now) / 60_000));
}

/**
 * Where the hold stands: in the browser a clock read every 15 seconds (not announced each
 * time); in the server render, nothing but the end time. Both the timer at the top and the
 * reminder by the confirm button read it, so they agree.
 */
function useHold(hold: BasketHold) {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  const remainingMs = now === null ? null : parseInstant(hold.expiresAt) - now;
  const left = now === null ? null : minutesLeft(hold.expiresAt, now);
  return {
    endsAt: clock.format(instantDate(hold.expiresAt)),
    left,
    lapsed: remainingMs !== null && remainingMs <= 0,
    warn: remainingMs !== null && remainingMs > 0 && remainingMs <= WARN_MS,
    warning: `Your hold ends in less than ${left} ${left === 1 ? "minute" : "minutes"}.${hold.extensionsRemaining > 0 ? ` You can extend it ${timesText(hold.extensionsRemaining)}.` : ""}`,
  };
}

/** A hold button: a post of its intent to the review action (a page view never holds anything). */
function HoldButton({ intent, action, children }: { intent: "hold" | "extend" | "longer"; action: string | undefined; children: string }) {
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className="secondary">
        {children}
      </button>
    </Form>
  );
}

const LONGER = "Keep my places for 2 hours 30 minutes";

/**
 * How long the places stay held, and "Extend the hold" while the gateway allows it (WCAG
 * 2.2.1 Timing Adjustable; ADR 13). A user who needs more time can have this hold, and
 * every one after it, last 2 hours 30 minutes with one button (ADR 35). Two minutes
 * before the end, one alert offering to extend it, which the reminder by the confirm
 * button shows too.
 */
export function HoldTimer({ hold, action, offerLongerHolds = false }: { hold: BasketHold; action?: string; offerLongerHolds?: boolean }) {
  const { endsAt, left, lapsed, warn, warning } = useHold(hold);
  return (
    <div className="hold-timer" id="hold-timer">
      <p>
        {lapsed ? (
          <>Your places were held until {endsAt}. The hold has ended: hold them again if they are still free. Nothing you chose is lost.</>
        ) : (
          <>
            We are holding your places until <strong>{endsAt}</strong>
            {left !== null ? ` (${left} ${left === 1 ? "minute" : "minutes"} left)` : ""}. Book before then to keep them.
          </>
        )}
      </p>
      {warn ? <p role="alert">{warning}</p> : null}
      {lapsed ? (
        // One action holds them again if they are still free; nothing is re-entered.
        <HoldButton intent="hold" action={action}>
          Hold my places again
        </HoldButton>
      ) : hold.extensionsRemaining > 0 ? (
        <HoldButton intent="extend" action={action}>
          Extend the hold
        </HoldButton>
      ) : (
        <p>The hold has already been extended once. If it runs out, you can hold your places again here if they are still free.</p>
      )}
      {offerLongerHolds && !lapsed ? (
        <>
          <HoldButton intent="longer" action={action}>
            {LONGER}
          </HoldButton>
          <p className="field-hint">
            Need more time? This button holds these places, and those of your future bookings, for 2 hours 30 minutes from
            when we first hold them. You can change it in <Link to="/account/user/edit">your details</Link>.
          </p>
        </>
      ) : null}
    </div>
  );
}

/**
 * The hold by the confirm button, where the user is when they finish (issue 25): when it
 * ends, and in its last two minutes the warning again (announced once, by the timer at the
 * top) with the buttons that put it off.
 */
export function HoldReminder({ hold, action, offerLongerHolds = false }: { hold: BasketHold; action?: string; offerLongerHolds?: boolean }) {
  const { endsAt, lapsed, warn, warning } = useHold(hold);
  if (lapsed) {
    return (
      <p className="hold-reminder warning" id="hold-reminder">
        Your places are no longer held. Hold them again with the button at the top of this page, or confirm and we will try to
        hold them for you.
      </p>
    );
  }
  if (!warn) {
    return (
      <p className="hold-reminder field-hint" id="hold-reminder">
        Your places are held until {endsAt}.
      </p>
    );
  }
  return (
    <div className="hold-reminder warning" id="hold-reminder">
      <p>
        <strong>{warning}</strong>
      </p>
      <div className="actions">
        {hold.extensionsRemaining > 0 ? (
          <HoldButton intent="extend" action={action}>
            Extend the hold
          </HoldButton>
        ) : null}
        {offerLongerHolds ? (
          <HoldButton intent="longer" action={action}>
            {LONGER}
          </HoldButton>
        ) : null}
      </div>
    </div>
  );
}
