import { randomUUID } from "node:crypto";
import type { BackendState } from "./state";
import { verifyPassword } from "./passwords";
import type { User, UserRecord } from "./types";

// Logging in and sessions: the bearer tokens the gateway hands out, their expiry, and the
// lock after too many failed logins for one email (contracts/gateway.yaml, login).

const SESSION_HOURS = 8;
/** Failed logins per email within the window, after which login answers locked until the first of them leaves the window. */
const LOGIN_WINDOW_MS = 15 * 60 * 1000;
const LOGIN_MAX_FAILURES = 10;

export type LoginResult =
  | { ok: true; token: string; expiresAt: string; user: User }
  | { ok: false; reason: "invalid-credentials" }
  /** The email is locked after too many failures (contracts/gateway.yaml, login): for this long yet. */
  | { ok: false; reason: "locked"; retryAfterMs: number };

export function createSessions(state: () => BackendState) {
  /** Failed logins are counted per email as typed, trimmed and case-folded. */
  const loginKey = (email: string) => email.trim().toLowerCase();

  function findUserByEmail(email: string): UserRecord | undefined {
    const wanted = email.trim().toLowerCase();
    for (const record of state().users.values()) {
      if (record.user.email.toLowerCase() === wanted) return record;
    }
    return undefined;
  }

  function createSession(userId: string, token: string = randomUUID()) {
    const expiresAt = new Date(Date.now() + SESSION_HOURS * 3600 * 1000);
    state().sessions.set(token, { userId, expiresAt });
    return { token, expiresAt: expiresAt.toISOString() };
  }

  function login(email: string, password: string): LoginResult {
    const emailText = loginKey(email);
    const now = Date.now();
    const recent = (state().loginFailures.get(emailText) ?? []).filter((t) => now - t < LOGIN_WINDOW_MS);
    if (recent.length >= LOGIN_MAX_FAILURES) {
      // Unlocked when the first of the last LOGIN_MAX_FAILURES failures leaves the window (none is added while locked).
      const unlockAt = recent[recent.length - LOGIN_MAX_FAILURES]! + LOGIN_WINDOW_MS;
      return { ok: false, reason: "locked", retryAfterMs: unlockAt - now };
    }
    const record = findUserByEmail(emailText);
    // Always run the hash, so an unknown email costs as much as a wrong password.
    const matches = verifyPassword(password, record?.passwordHash);
    if (!record || !matches) {
      state().loginFailures.set(emailText, [...recent, now]);
      return { ok: false, reason: "invalid-credentials" };
    }
    state().loginFailures.delete(emailText);
    return { ok: true, ...createSession(record.user.id), user: record.user };
  }

  /**
   * Records as many recent failed logins for the email as the limit allows, so its
   * next login answers locked (whatever the password) until the window passes.
   */
  function exhaustLoginAttempts(email: string): void {
    const now = Date.now();
    state().loginFailures.set(loginKey(email), Array.from({ length: LOGIN_MAX_FAILURES }, () => now));
  }

  function logout(token: string): void {
    state().sessions.delete(token);
  }

  /** The user behind a bearer token, or undefined when unknown or expired. */
  function authenticate(token: string | undefined): User | undefined {
    if (!token) return undefined;
    const session = state().sessions.get(token);
    if (!session) return undefined;
    if (session.expiresAt.getTime() <= Date.now()) {
      state().sessions.delete(token);
      return undefined;
    }
    return state().users.get(session.userId)?.user;
  }

  return { authenticate, createSession, exhaustLoginAttempts, findUserByEmail, login, logout };
}
