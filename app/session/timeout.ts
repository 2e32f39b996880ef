// The session time-out warning's rules and words, shared by the server (app/routes/session.tsx,
// the root loader) and the browser (app/components/session-timeout.tsx). ADR 35;
// docs/requirements.md §9.4.

/** GET: how long the session has left, without extending it. POST: "Stay signed in", or the time-out. */
export const SESSION_PATH = "/session";
/** The post's own fields; everything else in an "end" post is the page's form, kept for after login. */
export const INTENT_FIELD = "session:intent";
export const RETURN_FIELD = "session:returnTo";
export const OWN_FIELD = /^session:/;

/** What the browser is told about the session, in milliseconds from the answer (so no clock needs to agree). */
export type SessionStatus =
  | { signedIn: true; remainingMs: number; extendable: boolean; warningMs: number }
  | { signedIn: false; timedOut?: boolean; loginUrl?: string };

/**
 * The warning opens this long before the end: 2 minutes, as in the GOV.UK timeout warning,
 * or half the idle time-out when that is shorter. The idle time-out is at least a minute,
 * so there are always at least 30 seconds to act (WCAG 2.2.1 asks for 20).
 */
export function warningLeadMs(idleTimeoutMs: number): number {
  return Math.min(120_000, idleTimeoutMs / 2);
}

/**
 * An "end" post (the warning ran out) that finds more than this left leaves the session
 * alone: another tab, or a request the browser's timer did not see, kept it going.
 */
export const END_SLACK_MS = 10_000;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

/** The time left in words, to the second: "1 minute 5 seconds". Shown, not read out at every tick. */
export function timeLeftText(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (minutes === 0) return plural(rest, "second");
  return rest === 0 ? plural(minutes, "minute") : `${plural(minutes, "minute")} ${plural(rest, "second")}`;
}

/**
 * The time left as a screen reader hears it: whole minutes, then in the last minute steps
 * of 15 seconds, so the live region speaks at most once a minute and then four times.
 */
export function spokenTimeLeft(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  if (seconds > 60) return plural(Math.ceil(seconds / 60), "minute");
  if (seconds > 45) return "1 minute";
  return plural(Math.max(15, Math.ceil(seconds / 15) * 15), "second");
}
