import type { RouterContextProvider } from "react-router";
import { logout } from "../api/account.server";
import { config } from "../runtime/config.server";
import { loginPath } from "../security/safe-redirect";
import { servicesContext, userContext } from "./context";
import { keepPendingForm, keptEntries } from "./pending-form.server";
import { destroySession, sessionEndsAt, sessionExtendable, touchSession } from "./session.server";
import { END_SLACK_MS, OWN_FIELD, warningLeadMs, type SessionStatus } from "./timeout";

// The server's side of the session time-out warning (ADR 35): how long is left, "Stay
// signed in", and the end when nobody answered. Answered as JSON to the warning's fetches.

const noStore = { "Cache-Control": "private, no-store" };

/** How long this request's session has left, for the browser's warning; nothing for an anonymous one. */
export function sessionStatus(context: Readonly<RouterContextProvider>, now = Date.now()): SessionStatus {
  const { session, sessionTimedOut } = context.get(servicesContext);
  if (!context.get(userContext)) return { signedIn: false, timedOut: sessionTimedOut };
  return {
    signedIn: true,
    remainingMs: Math.max(0, sessionEndsAt(session) - now),
    extendable: sessionExtendable(session),
    warningMs: warningLeadMs(config.session.idleTimeoutMs),
  };
}

/**
 * "Stay signed in": the session's last-seen time moved to now, which is what the idle
 * time-out counts from. The auth guard has just asked the gateway who the token belongs
 * to, so a session the gateway has ended is not kept alive here.
 */
export async function staySignedIn(context: Readonly<RouterContextProvider>, now = Date.now()): Promise<Response> {
  const { session } = context.get(servicesContext);
  if (!context.get(userContext)) return Response.json({ signedIn: false } satisfies SessionStatus, { headers: noStore });
  const setCookie = await touchSession(session, now);
  return Response.json(sessionStatus(context, now), { headers: { ...noStore, "Set-Cookie": setCookie } });
}

/**
 * Nobody answered the warning: the session ends (at the gateway too), and the page's form,
 * sent with the post, is kept for its user to find there after logging in again. A session
 * with more than a few seconds left was kept going elsewhere (another tab), and is left alone.
 */
export async function endTimedOutSession(
  context: Readonly<RouterContextProvider>,
  form: FormData,
  /** The page to come back to after login: a same-site path (the route checked it). */
  back: string,
  now = Date.now(),
): Promise<Response> {
  const { session, gateway, timedOutUserId } = context.get(servicesContext);
  const user = context.get(userContext);
  if (user && sessionEndsAt(session) - now > END_SLACK_MS) return Response.json(sessionStatus(context, now), { headers: noStore });

  const headers = new Headers(noStore);
  if (user) {
    await logout(gateway).catch(() => undefined);
    headers.append("Set-Cookie", await destroySession(session));
  }
  const userId = user?.id ?? timedOutUserId;
  if (userId) {
    const entries = keptEntries(form).filter(([name]) => !OWN_FIELD.test(name));
    const path = new URL(back, "http://same-site.invalid").pathname;
    for (const setCookie of keepPendingForm({ userId, path, entries }, now)) headers.append("Set-Cookie", setCookie);
  }
  return Response.json({ signedIn: false, loginUrl: loginPath(back, "timeout") } satisfies SessionStatus, { headers });
}
