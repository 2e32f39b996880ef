import { describe, expect, it } from "vitest";
import { DEMO_USER, PROVIDER_STATES, createBackend } from "./index";
import { matchProviderState } from "./provider-states";

const make = () => createBackend({ today: new Date("2026-03-10T12:00:00Z") });

const sampleParams: Record<string, Record<string, unknown>> = {
  "the demo user is logged in with token {token}": { token: "t-1" },
  "an organisation with id {organisationId} exists": { organisationId: "org-pact" },
  "no organisation has id {organisationId}": { organisationId: "org-gone" },
  "no order has id {orderId}": { orderId: "ord-gone" },
  "no user has email {email}": { email: "new.person@example.org" },
  "no CMS page has slug {slug}": { slug: "gone" },
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

  it("creates an organisation with the given id", () => {
    const backend = make();
    backend.applyProviderState("an organisation with id {organisationId} exists", { organisationId: "org-77" });
    expect(backend.getOrganisation("org-77")?.id).toBe("org-77");
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

  it("rejects unknown states and missing parameters", () => {
    expect(() => make().applyProviderState("the moon is made of cheese")).toThrow(/Unknown provider state/);
    expect(() => make().applyProviderState("no order has id {orderId}")).toThrow(/params.orderId/);
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
