import { describe, expect, it } from "vitest";
import { createSite } from "./cms-content";
import { DEMO_USER, PROVIDER_STATES, createBackend } from "./index";
import { matchProviderState } from "./provider-states";

const make = () => createBackend({ today: new Date("2026-03-10T12:00:00Z") });

const sampleParams: Record<string, Record<string, unknown>> = {
  "the demo user is logged in with token {token}": { token: "t-1" },
  "no organisation has id {organisationId}": { organisationId: "org-gone" },
  "no order has id {orderId}": { orderId: "ord-gone" },
  "no user has email {email}": { email: "new.person@example.org" },
  "login attempts for {email} are rate limited": { email: DEMO_USER.email },
  "{email} is not subscribed to the newsletter": { email: "new.person@example.org" },
  "{email} is subscribed to the newsletter": { email: "new.person@example.org" },
  "no CMS page has slug {slug}": { slug: "gone" },
  "the CMS has published {termsKind} terms": { termsKind: "registration" },
  "the registration terms in force are version {version}": { version: "registration-2026-01" },
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
    backend.applyProviderState("the demo user is logged in with token abc-123");
    expect(backend.authenticate("abc-123")?.id).toBe(DEMO_USER.id);
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
    backend.applyProviderState("the demo user is logged in with token {token}", { token: "t-1" });
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
    expect(backend.login(DEMO_USER.email, DEMO_USER.password)).toEqual({ ok: false, reason: "rate-limited" });
    expect(backend.login("TEACHER@example.org ", DEMO_USER.password)).toEqual({ ok: false, reason: "rate-limited" });
    // Other emails are not affected, and a reset lifts the limit.
    expect(backend.login("home@example.org", DEMO_USER.password).ok).toBe(true);
    backend.reset();
    expect(backend.login(DEMO_USER.email, DEMO_USER.password).ok).toBe(true);
  });

  it("reads the rate-limited email from the state name", () => {
    const backend = make();
    backend.applyProviderState("login attempts for teacher@example.org are rate limited");
    expect(backend.login(DEMO_USER.email, DEMO_USER.password)).toEqual({ ok: false, reason: "rate-limited" });
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
