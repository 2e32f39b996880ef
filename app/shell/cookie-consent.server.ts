import { createCookie } from "react-router";
import { config } from "../runtime/config.server";

export type Consent = "accepted" | "rejected";

/**
 * In production the cookie is Secure and, like the session's, `__Host-` prefixed: sent over
 * HTTPS only, to this host only, for the whole site (OWASP ASVS 5.0 3.3.1, 3.3.3).
 */
export const CONSENT_COOKIE_NAME = config.isProduction ? "__Host-cookie_consent" : "cookie_consent";

// Remembered for a year. Read by the server, so the notice never flashes on load.
const consentCookie = createCookie(CONSENT_COOKIE_NAME, {
  httpOnly: true,
  secure: config.isProduction,
  sameSite: "lax",
  path: "/",
  maxAge: 60 * 60 * 24 * 365,
});

export async function readConsent(request: Request): Promise<Consent | null> {
  const value: unknown = await consentCookie.parse(request.headers.get("Cookie"));
  return value === "accepted" || value === "rejected" ? value : null;
}

export function serializeConsent(consent: Consent): Promise<string> {
  return consentCookie.serialize(consent);
}
