import { useEffect, useState } from "react";
import { Form } from "react-router";
import { Link } from "../link";
import "./booking.css";
import type { BasketHold } from "../../../generated/schemas";

const clock = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: "Europe/London" });
/** Warn this long before the hold ends (WCAG 2.2.1: time to extend it). */
const WARN_MS = 2 * 60 * 1000;

/** "once", "twice", "3 more times": how often the hold can still be extended. */
export function timesText(n: number): string {
  return n === 1 ? "once more" : n === 2 ? "twice more" : `${n} more times`;
}

export function minutesLeft(expiresAt: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 60_000));
}

/**
 * How long the places stay held, and "Extend" while the gateway allows it (WCAG 2.2.1
 * Timing Adjustable; a user who needs more time can ask for holds ten times as long in
 * their details, which the gateway applies to every hold, ADR 13). The server renders the
 * end time; in the browser a countdown (updated every 15 seconds, not announced each time)
 * and, two minutes before the end, one alert offering to extend.
 */
export function HoldTimer({ hold, action, offerLongerHolds = false }: { hold: BasketHold; action?: string; offerLongerHolds?: boolean }) {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  const endsAt = clock.format(new Date(hold.expiresAt));
  const remainingMs = now === null ? null : Date.parse(hold.expiresAt) - now;
  const lapsed = remainingMs !== null && remainingMs <= 0;
  const warn = remainingMs !== null && remainingMs > 0 && remainingMs <= WARN_MS;
  const left = now === null ? null : minutesLeft(hold.expiresAt, now);
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
      {warn ? (
        <p role="alert">
          Your hold ends in less than {left} {left === 1 ? "minute" : "minutes"}.
          {hold.extensionsRemaining > 0 ? ` You can extend it ${timesText(hold.extensionsRemaining)}.` : ""}
        </p>
      ) : null}
      {lapsed ? (
        // One action holds them again if they are still free; nothing is re-entered.
        <Form method="post" action={action}>
          <input type="hidden" name="intent" value="hold" />
          <button type="submit" className="secondary">
            Hold my places again
          </button>
        </Form>
      ) : hold.extensionsRemaining > 0 ? (
        <Form method="post" action={action}>
          <input type="hidden" name="intent" value="extend" />
          <button type="submit" className="secondary">
            Extend the hold
          </button>
        </Form>
      ) : (
        <p>The hold has already been extended once. If it runs out, you can hold your places again here if they are still free.</p>
      )}
      {offerLongerHolds ? (
        <p className="field-hint">
          Need more time? In <Link to="/account/user/edit">your details</Link> you can ask us to hold your places for 2 hours
          30 minutes on every booking.
        </p>
      ) : null}
    </div>
  );
}
