import { addDays, isoDateInLondon } from "../calendar/dates";
import { formatDate } from "../shell/format";

// What an outreach booking commits the school to (docs/requirements.md §8.7): it is a request until
// paid, and cancelling needs 28 days' notice. The gateway says both in the basket's
// messages (codes outreach_request and cancellation_notice); the app's own words are
// used only when it says nothing.

export const NOTICE_DAYS = 28;
export const REQUEST_MESSAGE = "outreach_request";
export const CANCELLATION_MESSAGE = "cancellation_notice";

/** Today's date in the museums' time zone (YYYY-MM-DD). */
export const londonToday = (now: Date = new Date()): string => isoDateInLondon(now);

/** The last day an outreach visit on this date can be cancelled. */
export function cancelBy(visitDate: string): string {
  return addDays(visitDate, -NOTICE_DAYS);
}

/** "Cancelling needs 28 days' notice…", with the last day, or saying it is already inside the notice period. */
export function cancellationText(visitDate: string | null | undefined, today: string): string {
  if (!visitDate) return "Cancelling needs 28 days' notice before the visit.";
  const last = cancelBy(visitDate);
  if (last < today) {
    return "Cancelling needs 28 days' notice: this visit is less than 28 days away, so once you send the request it cannot be cancelled online.";
  }
  return `Cancelling needs 28 days' notice: you can ask to cancel until ${formatDate(last)}.`;
}

export const REQUEST_TEXT = "Your booking is a request until it is paid: we confirm your visit when the pro-forma invoice (or the card payment) is paid.";

interface MessageLike {
  code: string;
  message: string;
}

/** The two notices to show: the gateway's words when it gives them, else ours. */
export function outreachNotices(messages: readonly MessageLike[], visitDate: string | null | undefined, today: string) {
  return {
    request: messages.find((m) => m.code === REQUEST_MESSAGE)?.message ?? REQUEST_TEXT,
    cancellation: messages.find((m) => m.code === CANCELLATION_MESSAGE)?.message ?? cancellationText(visitDate, today),
  };
}

/** Messages other than these two notices (shown as they come). */
export function otherMessages<T extends MessageLike>(messages: readonly T[]): T[] {
  return messages.filter(
    (m, i, all) => m.code !== REQUEST_MESSAGE && m.code !== CANCELLATION_MESSAGE && all.findIndex((o) => o.message === m.message) === i,
  );
}
