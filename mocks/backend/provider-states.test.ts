import { describe, expect, it } from "vitest";
import { createSite } from "./cms-content";
import { DEMO_USER, PROVIDER_STATES, createBackend } from "./index";
import { matchProviderState } from "./provider-states";

const make = () => createBackend({ today: new Date("2026-03-10T12:00:00Z") });

const sampleParams: Record<string, Record<string, unknown>> = {
  "no organisation has id {organisationId}": { organisationId: "org-gone" },
  "no order has id {orderId}": { orderId: "ord-gone" },
  "no basket has id {basketId}": { basketId: "bkt-gone" },
  "no payment has id {paymentId}": { paymentId: "pay-gone" },
  "no venue has id {venueId}": { venueId: "venue-gone" },
  "no user has email {email}": { email: "new.person@example.org" },
  "login attempts for {email} are rate limited": { email: DEMO_USER.email },
  "{email} is not subscribed to the newsletter": { email: "new.person@example.org" },
  "{email} is subscribed to the newsletter": { email: "new.person@example.org" },
  "no CMS page has slug {slug}": { slug: "gone" },
  "the CMS has published {termsKind} terms": { termsKind: "registration" },
  "the registration terms in force are version {version}": { version: "registration-2026-01" },
  "password reset requests for {email} are rate limited": { email: DEMO_USER.email },
  "registrations for {email} are rate limited": { email: "new.person@example.org" },
  "a tour operator with company number {companyNumber} is registered": { companyNumber: "12345678" },
  "{email} has asked to register and join another organisation, and not yet followed the emailed link": { email: "new.person@example.org" },
  "no registration request has token {registrationToken}": { registrationToken: "registration-token-gone" },
};

describe("provider states", () => {
  it.each(PROVIDER_STATES.map((name) => [name]))("applies %s", (name) => {
    expect(() => make().applyProviderState(name, sampleParams[name] ?? {})).not.toThrow();
  });

  it("reads a parameter written into the state name", () => {
    expect(matchProviderState("no user has email someone@example.org")).toEqual({
      state: "no user has email {email}",
      params: { email: "someone@example.org" },
    });
    const backend = make();
    backend.applyProviderState("no user has email teacher@example.org");
    expect(backend.login(DEMO_USER.email, DEMO_USER.password).ok).toBe(false);
  });

  it("ensures an order with the given id for the demo school", () => {
    const backend = make();
    expect(backend.applyProviderState("the demo user has orders", { orderId: "ord-42", when: "past" })).toMatchObject({ orderId: "ord-42" });
    expect(backend.getOrder(DEMO_USER.id, "ord-42")!.visitDate < backend.today()).toBe(true);
  });

  it("picks another organisation the demo user does not belong to, and returns its id", () => {
    const backend = make();
    const { otherOrganisationId } = backend.applyProviderState("an organisation exists that the demo user does not belong to");
    expect(typeof otherOrganisationId).toBe("string");
    expect(backend.getOrganisation(String(otherOrganisationId))).toBeDefined();
    expect(otherOrganisationId).not.toBe(DEMO_USER.organisationId);
  });

  it("returns the ids it generates: a basket at a step, then the same basket held", () => {
    const backend = make();
    backend.applyProviderState("the demo user is logged in", { token: "t-1" });
    const { basketId } = backend.applyProviderState("the demo user has an open visit basket at step {step}", { step: "review" });
    expect(backend.booking.getBasket(DEMO_USER.id, String(basketId)).ok).toBe(true);
    expect(backend.applyProviderState("the demo user's visit basket is held")).toMatchObject({ basketId });
  });

  it("removes a user by email, with their sessions", () => {
    const backend = make();
    const login = backend.login(DEMO_USER.email, DEMO_USER.password);
    backend.applyProviderState("no user has email {email}", { email: "TEACHER@example.org" });
    expect(login.ok && backend.authenticate(login.token)).toBeFalsy();
    expect(backend.login(DEMO_USER.email, DEMO_USER.password).ok).toBe(false);
    backend.applyProviderState("the demo user exists");
    expect(backend.login(DEMO_USER.email, DEMO_USER.password).ok).toBe(true);
  });

  it("rate limits login attempts for an email, as ten recent failures would", () => {
    const backend = make();
    expect(backend.applyProviderState("login attempts for {email} are rate limited", { email: " Teacher@Example.org" }))
      .toEqual({ email: " Teacher@Example.org" });
    // Even the right password is refused, for the email however it is typed.
    expect(backend.login(DEMO_USER.email, DEMO_USER.password)).toMatchObject({ ok: false, reason: "locked" });
    expect(backend.login("TEACHER@example.org ", DEMO_USER.password)).toMatchObject({ ok: false, reason: "locked" });
    // Other emails are not affected, and a reset lifts the limit.
    expect(backend.login("home@example.org", DEMO_USER.password).ok).toBe(true);
    backend.reset();
    expect(backend.login(DEMO_USER.email, DEMO_USER.password).ok).toBe(true);
  });

  it("reads the rate-limited email from the state name", () => {
    const backend = make();
    backend.applyProviderState("login attempts for teacher@example.org are rate limited");
    expect(backend.login(DEMO_USER.email, DEMO_USER.password)).toMatchObject({ ok: false, reason: "locked" });
  });

  it("rate limits password reset requests for an email, however it is typed, until a reset", () => {
    const backend = make();
    backend.applyProviderState("password reset requests for {email} are rate limited", { email: "Teacher@Example.org" });
    expect(backend.requestPasswordReset({ email: " teacher@example.org" })).toMatchObject({ ok: false, code: "rate_limited" });
    // Refused before anything is sent, and other emails are not affected.
    expect(backend.state.outbox).toEqual([]);
    expect(backend.requestPasswordReset({ email: "home@example.org" })).toEqual({ ok: true, value: "accepted" });
    backend.reset();
    expect(backend.requestPasswordReset({ email: DEMO_USER.email })).toEqual({ ok: true, value: "accepted" });
  });

  it("rate limits setting a new password for the demo user, even with a valid token, leaving the password", () => {
    const backend = make();
    const { resetToken } = backend.applyProviderState("a password reset token exists for the demo user");
    expect(backend.applyProviderState("setting a new password for the demo user is rate limited")).toEqual({ userId: DEMO_USER.id });
    expect(backend.completePasswordReset({ token: resetToken, password: "lantern meadow quiet river" }))
      .toMatchObject({ ok: false, code: "rate_limited" });
    expect(backend.login(DEMO_USER.email, DEMO_USER.password).ok).toBe(true);
    // Another account's token still works.
    const other = backend.issueResetToken("usr-3001");
    expect(backend.completePasswordReset({ token: other, password: "lantern meadow quiet river" })).toEqual({ ok: true, value: null });
  });

  it("rate limits registrations for an email, and refuses a tour operator whose company number is registered", () => {
    const backend = make();
    const terms = backend.state.currentTerms.get("registration")!.version;
    const registration = (email: string, companyNumber: string) => ({
      groupType: "tour-operator",
      user: { email, password: "correct horse battery staple", firstName: "Sam", lastName: "Okoye", marketingConsent: false },
      organisation: {
        name: "Ridings Heritage Tours Ltd", kind: "Tour company", address: { line1: "4 Museum Street", town: "York", postcode: "YO1 7DJ" },
        phone: "01904 496 000", companyNumber, countryOfOperation: "GB",
      },
      acceptedTermsVersion: terms,
    });
    backend.applyProviderState("registrations for {email} are rate limited", { email: "limited@example.org" });
    expect(backend.createRegistration(registration("limited@example.org", "55555555"))).toMatchObject({ ok: false, code: "rate_limited" });
    const { organisationId } = backend.applyProviderState("a tour operator with company number {companyNumber} is registered", { companyNumber: "55555555" });
    expect(backend.getOrganisation(String(organisationId))).toMatchObject({ groupType: "tour-operator", companyNumber: "55555555" });
    expect(backend.createRegistration(registration("new.operator@example.org", "55555555"))).toMatchObject({ ok: false, code: "organisation_exists" });
    // A seeded tour operator's number is returned as it is.
    expect(backend.applyProviderState("a tour operator with company number {companyNumber} is registered", { companyNumber: "09876543" }))
      .toEqual({ companyNumber: "09876543", organisationId: "org-3001" });
  });

  it("checks out the outreach basket an earlier state made, which then refuses changes", () => {
    const backend = make();
    const { basketId } = backend.applyProviderState("the demo user has an open outreach basket at step {step}", { step: "review" });
    const done = backend.applyProviderState("the demo user's outreach basket has been checked out");
    expect(done).toMatchObject({ basketId });
    expect(backend.getOrder(DEMO_USER.id, String(done.orderId))).toMatchObject({ kind: "outreach" });
    expect(backend.booking.updateBasketPayment(DEMO_USER.id, String(basketId), { method: "invoice" }))
      .toMatchObject({ ok: false, status: 409, code: "basket_not_open" });
  });

  it("unsubscribes and subscribes an email to the newsletter, case-insensitively", () => {
    const backend = make();
    const subscribers = () => backend.state.newsletterSubscribers;
    expect(subscribers().has("teacher@example.org")).toBe(true); // seeded
    backend.applyProviderState("{email} is not subscribed to the newsletter", { email: "Teacher@Example.org" });
    expect(subscribers().has("teacher@example.org")).toBe(false);
    backend.applyProviderState("{email} is subscribed to the newsletter", { email: " Returning@Example.org" });
    expect(subscribers().has("returning@example.org")).toBe(true);
    // The signup answers the same either way.
    const signup = (email: string) => backend.subscribeToNewsletter({ email, consent: true });
    expect(signup("teacher@example.org")).toEqual(signup("returning@example.org"));
  });

  it("tells the two newsletter states apart when the email is written into the name", () => {
    expect(matchProviderState("a.b@example.org is not subscribed to the newsletter")).toEqual({
      state: "{email} is not subscribed to the newsletter",
      params: { email: "a.b@example.org" },
    });
    expect(matchProviderState("a.b@example.org is subscribed to the newsletter")).toEqual({
      state: "{email} is subscribed to the newsletter",
      params: { email: "a.b@example.org" },
    });
  });

  it("publishes the seeded site content", () => {
    const backend = make();
    backend.state.site = { ...backend.state.site, title: "Draft" };
    expect(backend.applyProviderState("the CMS has published site content")).toEqual({ title: "Group visits" });
    expect(backend.getSite()).toEqual(createSite());
  });

  it("rejects unknown states and missing parameters", () => {
    expect(() => make().applyProviderState("the moon is made of cheese")).toThrow(/Unknown provider state/);
    expect(() => make().applyProviderState("no order has id {orderId}")).toThrow(/params.orderId/);
    expect(() => make().applyProviderState("login attempts for {email} are rate limited")).toThrow(/params.email/);
  });
});

describe("allowed actions", () => {
  it("follows the order's status, payment and date", () => {
    const backend = make();
    const actions = (id: string) => backend.getOrder(DEMO_USER.id, id)?.allowedActions;
    expect(actions("ord-5001")).toEqual(["request-cancellation"]); // invoice-paid: no amendments
    expect(actions("ord-5002")).toEqual(["pay", "request-cancellation"]); // held
    expect(actions("ord-5003")).toEqual(["request-cancellation"]); // outreach, 45 days' notice
    expect(actions("ord-5004")).toEqual([]); // cancelled
    expect(actions("ord-5005")).toEqual([]); // past
  });
});

describe("a pending registration request (the state confirmRegistration's pact needs)", () => {
  it("returns the token of the link, which confirmRegistration makes the account with, once", () => {
    const backend = make();
    const { registrationToken, otherOrganisationId } = backend.applyProviderState(
      "{email} has asked to register and join another organisation, and not yet followed the emailed link",
      { email: "joining.teacher@example.org" },
    ) as { registrationToken: string; otherOrganisationId: string };
    expect(registrationToken).toMatch(/^[A-Za-z0-9_-]{16,200}$/);
    expect(backend.confirmRegistration(registrationToken)).toMatchObject({
      ok: true,
      value: { user: { email: "joining.teacher@example.org" }, association: { status: "pending", organisation: { id: otherOrganisationId } } },
    });
    expect(backend.confirmRegistration(registrationToken)).toMatchObject({ ok: false, code: "invalid_registration_token" });
  });
});
