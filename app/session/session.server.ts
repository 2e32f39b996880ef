import { createCookieSessionStorage, type Session } from "react-router";
import { config, type Config } from "../runtime/config.server";
import { createSignedCookie } from "./signed-cookie.server";
import { parseInstant } from "../shell/instant";

interface SessionData {
  token: string;
  /** The gateway's own expiry of the token (ISO). */
  expiresAt: string;
  /** When the user logged in (ms since the epoch): the absolute time-out counts from here. */
  issuedAt: number;
  /** The last request seen with this session (ms), refreshed at most once a minute: the idle time-out. */
  seenAt: number;
  /**
   * The gateway's id of the user the token belongs to. After a time-out, what the user had
   * typed is kept for that user only (app/session/pending-form.server.ts, ADR 35).
   */
  userId: string;
  /**
   * Card payments the user was sent to the provider's hosted page for, by the app path the
   * provider returns to (app/booking/card-payment.server.ts): the return is matched to its
   * payment here, so the app never depends on the provider echoing the payment id.
   */
  payments: Record<string, string>;
  /** What a save that redirected back to its page says there, once (app/session/notice.server.ts). */
  notice: string;
}

// The gateway token lives only in this httpOnly cookie; the browser's JavaScript never
// sees it (docs/architecture.md §5). Production adds the __Host- prefix, which requires Secure.
export const SESSION_COOKIE_NAME = config.isProduction ? `__Host-${config.sessionCookieName}` : config.sessionCookieName;

// React Router's cookie format, signed with node:crypto rather than WebCrypto (signed-cookie.server.ts).
const storage = createCookieSessionStorage<SessionData>({
  cookie: createSignedCookie(SESSION_COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    secure: config.isProduction,
    path: "/",
    secrets: [config.sessionSecret],
  }),
});

export type AppSession = Session<SessionData>;

export type SessionLimits = Config["session"];

export function getSession(request: Request): Promise<AppSession> {
  return storage.getSession(request.headers.get("Cookie"));
}

/** A session with nothing in it, as for a request without the cookie. */
export function emptySession(): Promise<AppSession> {
  return storage.getSession();
}

/** When the session ends however it is used: the absolute time-out, or the gateway's own expiry if sooner. */
function hardEnd(session: AppSession, limits: SessionLimits): number {
  const absolute = (session.get("issuedAt") ?? 0) + limits.absoluteTimeoutMs;
  const gateway = parseInstant(session.get("expiresAt") ?? "");
  return Number.isFinite(gateway) ? Math.min(gateway, absolute) : absolute;
}

/** When the session ends if no request comes: the idle time-out, or its hard end if sooner. */
export function sessionEndsAt(session: AppSession, limits: SessionLimits = config.session): number {
  return Math.min((session.get("seenAt") ?? 0) + limits.idleTimeoutMs, hardEnd(session, limits));
}

/** Whether a request (or "Stay signed in") can still move the end on: it is the idle time-out's, before the hard end. */
export function sessionExtendable(session: AppSession, limits: SessionLimits = config.session): boolean {
  return sessionEndsAt(session, limits) < hardEnd(session, limits);
}

/**
 * How long the browser keeps the cookie after the session's hard end. The server, not the
 * browser, ends an idle session: the browser keeps the cookie past it, so the request after
 * a time-out still carries it and the server can say why the user must log in again, and
 * keep what they posted for them (ADR 35). The server refuses it all the same.
 */
const KEPT_AFTER_END_MS = 24 * 60 * 60_000;

function cookieExpiry(session: AppSession, limits: SessionLimits): Date {
  return new Date(hardEnd(session, limits) + KEPT_AFTER_END_MS);
}

/**
 * A whole new session for a login (or a registration, which logs in): nothing of the
 * session the request came with is carried over, and the cookie gets a new value.
 */
export async function startSession(
  login: { token: string; expiresAt: string; user: { id: string } },
  now: number = Date.now(),
  limits: SessionLimits = config.session,
): Promise<string> {
  const fresh = await emptySession();
  fresh.set("token", login.token);
  fresh.set("expiresAt", login.expiresAt);
  fresh.set("issuedAt", now);
  fresh.set("seenAt", now);
  fresh.set("userId", login.user.id);
  return storage.commitSession(fresh, { expires: cookieExpiry(fresh, limits) });
}

export function destroySession(session: AppSession): Promise<string> {
  return storage.destroySession(session);
}

export type SessionState = "anonymous" | "active" | "refresh" | "expired";

/**
 * Where a session stands at `now`. Expired: idle for longer than the idle time-out, past
 * the absolute time-out since login or the gateway's expiry of its token, or without the
 * times (a cookie from before they were recorded). Refresh: active, and the last-seen
 * time is worth moving on (at most once a minute, so not every response sets the cookie).
 */
export function sessionState(session: AppSession, now: number, limits: SessionLimits): SessionState {
  if (!session.get("token")) return "anonymous";
  const issuedAt = session.get("issuedAt");
  const seenAt = session.get("seenAt");
  if (typeof issuedAt !== "number" || typeof seenAt !== "number") return "expired";
  if (now >= sessionEndsAt(session, limits)) return "expired";
  if (now < seenAt) return "expired"; // a clock gone backwards, or a forged future time: not trusted
  return now - seenAt >= Math.min(60_000, limits.idleTimeoutMs / 10) ? "refresh" : "active";
}

/** The session with its last-seen time moved to `now`, as a Set-Cookie value. */
export function touchSession(session: AppSession, now: number, limits: SessionLimits = config.session): Promise<string> {
  session.set("seenAt", now);
  return saveSession(session, limits);
}

/** The session as it now stands, as a Set-Cookie value (same expiry rules as every commit). */
export function saveSession(session: AppSession, limits: SessionLimits = config.session): Promise<string> {
  return storage.commitSession(session, { expires: cookieExpiry(session, limits) });
}

/** Whether a response already sets (or clears) the session cookie itself. */
export function setsSessionCookie(headers: Headers): boolean {
  return headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE_NAME}=`));
}
