import { describe, expect, it } from "vitest";
import { DEMO_USER, createBackend, type Mail } from "./index";

// Registration on request and confirmation (contracts/gateway.yaml requestRegistration,
// confirmRegistration; ADR 30): the same answer whether or not the email has an account.

const TERMS = "registration-2026-01";
const newUser = (email: string) => ({
  email, password: "lantern meadow quiet river", firstName: "Sam", lastName: "Okoye", marketingConsent: false,
});
const join = (email: string) => ({ groupType: "education", user: newUser(email), organisationId: "org-1002", acceptedTermsVersion: TERMS });

function setup(now = { ms: Date.parse("2026-03-10T12:00:00Z") }) {
  const mails: Mail[] = [];
  const backend = createBackend({ today: new Date("2026-03-10T12:00:00Z"), now: () => now.ms, onMail: (m) => mails.push(m) });
  return { backend, mails, now };
}
const tokenOf = (mail: Mail) => mail.path.replace("/registration/confirm/", "");

describe("registration requests", () => {
  it("answer the same for a new email and one with an account; only the new one gets a link to confirm", () => {
    const { backend, mails } = setup();
    expect(backend.requestRegistration(join("Sam@Example.org"))).toEqual({ ok: true, value: "accepted" });
    expect(backend.requestRegistration(join(DEMO_USER.email.toUpperCase()))).toEqual({ ok: true, value: "accepted" });
    expect(mails.map(({ to, subject, path }) => ({ to, subject, path: path.replace(/[A-Za-z0-9_-]{20,}$/, "<token>") }))).toEqual([
      { to: "sam@example.org", subject: "Confirm your registration", path: "/registration/confirm/<token>" },
      { to: DEMO_USER.email, subject: "Someone tried to register with your email address", path: "/login" },
    ]);
    // Nothing is made before the link is followed.
    expect(backend.login("sam@example.org", "lantern meadow quiet river").ok).toBe(false);
  });

  it("are checked as a registration is, before anything is sent", () => {
    const { backend, mails } = setup();
    expect(backend.requestRegistration({ ...join("x@example.org"), organisationId: "org-nope" })).toMatchObject({ ok: false, code: "organisation_not_found" });
    expect(backend.requestRegistration({ ...join("x@example.org"), acceptedTermsVersion: "old" })).toMatchObject({ ok: false, code: "validation_failed" });
    expect(mails).toEqual([]);
  });

  it("make the account, logged in, when the link is followed, once", () => {
    const { backend, mails } = setup();
    backend.requestRegistration(join("sam@example.org"));
    const token = tokenOf(mails[0]!);
    const made = backend.confirmRegistration(token);
    expect(made).toMatchObject({ ok: true, value: { association: { status: "pending", role: "member" }, user: { email: "sam@example.org" } } });
    if (!made.ok) return;
    expect(backend.authenticate(made.value.token)?.email).toBe("sam@example.org");
    expect(backend.confirmRegistration(token)).toMatchObject({ ok: false, code: "invalid_registration_token" });
  });

  it("expire after 24 hours, and refuse an email registered meanwhile", () => {
    const { backend, mails, now } = setup();
    backend.requestRegistration(join("late@example.org"));
    backend.requestRegistration(join("twice@example.org"));
    backend.requestRegistration(join("twice@example.org"));
    expect(backend.confirmRegistration(tokenOf(mails[1]!)).ok).toBe(true);
    expect(backend.confirmRegistration(tokenOf(mails[2]!))).toMatchObject({ ok: false, code: "email_registered" });
    now.ms += 24 * 3_600_000;
    expect(backend.confirmRegistration(tokenOf(mails[0]!))).toMatchObject({ ok: false, code: "invalid_registration_token" });
  });
});
