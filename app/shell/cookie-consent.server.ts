import { createCookie } from "react-router";

export type Consent = "accepted" | "rejected";

// Remembered for a year. Read by the server, so the notice never flashes on load.
const consentCookie = createCookie("cookie_consent", {
  httpOnly: true,
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
