import { createCookieSessionStorage, type Session } from "react-router";
import { config } from "./config.server";

interface SessionData {
  token: string;
  expiresAt: string;
}

// The gateway token lives only in this httpOnly cookie; the browser's JavaScript never
// sees it (DESIGN.md §2). Production adds the __Host- prefix, which requires Secure.
const cookieName = config.isProduction ? `__Host-${config.sessionCookieName}` : config.sessionCookieName;

const storage = createCookieSessionStorage<SessionData>({
  cookie: {
    name: cookieName,
    httpOnly: true,
    sameSite: "lax",
    secure: config.isProduction,
    path: "/",
    secrets: [config.sessionSecret],
    maxAge: 60 * 60 * 12,
  },
});

export type AppSession = Session<SessionData>;

export function getSession(request: Request): Promise<AppSession> {
  return storage.getSession(request.headers.get("Cookie"));
}

export function commitSession(session: AppSession, expiresAt?: string): Promise<string> {
  return storage.commitSession(session, expiresAt ? { expires: new Date(expiresAt) } : undefined);
}

export function destroySession(session: AppSession): Promise<string> {
  return storage.destroySession(session);
}
