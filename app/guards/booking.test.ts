import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { bookingContext } from "../booking/context";
import { servicesContext, userContext } from "../session/context";
import { requireBooking } from "../booking/basket.server";
import { booking } from "./booking";

// The booking guard against a stub gateway client (only the calls it makes).
function stubGateway(responses: Record<string, unknown>) {
  const answer = (path: string) => {
    const body = responses[path];
    return Promise.resolve({ data: body, response: new Response(JSON.stringify(body), { status: 200 }) });
  };
  return { request: (_method: string, path: string) => answer(path) } as never;
}

const approved = { organisation: { id: "org-1", name: "Riverside", groupType: "education", town: "Leeds", postcode: "LS1" }, status: "approved", role: "lead", requestedAt: "2026-01-01T00:00:00Z" };
// Complete as the contract requires: the client checks answers against its response schemas.
const basket = (over: Record<string, unknown>) => ({
  id: "b1", kind: "visit", status: "open", organisation: approved.organisation, completedSteps: ["date"], nextStep: "information",
  participants: 0, schedule: [], tickets: [], messages: [],
  expiresAt: "2026-01-02T00:00:00Z", createdAt: "2026-01-01T00:00:00Z", updatedAt: "2026-01-01T00:00:00Z", ...over,
});

function run(path: string, options: { method?: string; groupType?: string; associations?: unknown[]; baskets?: unknown[] } = {}) {
  const context = new RouterContextProvider();
  context.set(userContext, { id: "u1", groupType: options.groupType ?? "education", currentOrganisationId: "org-1" } as never);
  context.set(servicesContext, {
    gateway: stubGateway({ "/users/me/associations": { items: options.associations ?? [approved] }, "/baskets": { items: options.baskets ?? [] } }),
  } as never);
  const url = new URL(path, "http://localhost");
  const args = { request: new Request(url, { method: options.method ?? "GET" }), url, params: {}, context, pattern: "/" } as never;
  return { context, result: Promise.resolve(booking(args, (() => Promise.resolve(new Response("ok"))) as never)) };
}

async function thrown(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  return undefined;
}

describe("booking guard", () => {
  it("marks a user without an approved association as blocked (the layout explains, 403)", async () => {
    const pending = { ...approved, status: "pending" };
    const { context, result } = run("/account/book/information", { associations: [pending] });
    await result;
    expect(context.get(bookingContext)).toEqual({ ok: false, problem: { code: "association_required", reason: "pending", organisationName: "Riverside" } });
  });

  it("puts the user's flow and open basket in the context", async () => {
    const { context, result } = run("/account/book/information", { baskets: [basket({ status: "checked-out" }), basket({ id: "b2" })] });
    await result;
    expect(context.get(bookingContext)).toMatchObject({ ok: true, user: { id: "u1" }, scope: { flow: "standard", kind: "visit", organisationId: "org-1", basket: { id: "b2" } } });
  });

  it("sends a step with earlier steps missing to the basket's next step", async () => {
    const error = await thrown(run("/account/book/review", { baskets: [basket({})] }).result);
    expect(error).toBeInstanceOf(Response);
    expect((error as Response).headers.get("Location")).toBe("/account/book/information");
  });

  it("sends the other flow's step to this flow", async () => {
    const error = await thrown(run("/account/book/schedule", { groupType: "tour-operator" }).result);
    expect((error as Response).headers.get("Location")).toBe("/account/book/date");
  });

  it("lets actions through for the gateway to judge", async () => {
    await expect(run("/account/book/review", { method: "POST", baskets: [basket({})] }).result).resolves.toBeUndefined();
  });
});

describe("the one road from the booking guard to its routes", () => {
  it("hands the route what the guard decided, without checking again", async () => {
    const { context, result } = run("/account/book/information", { baskets: [basket({ id: "b2" })] });
    await result;
    expect(requireBooking(context)).toMatchObject({ user: { id: "u1" }, scope: { basket: { id: "b2" } } });
  });

  it("answers 403 with why, for the layout's boundary, when the user may not book yet", async () => {
    const { context, result } = run("/account/book/information", { associations: [{ ...approved, status: "pending" }] });
    await result;
    await expect(thrown(Promise.resolve().then(() => requireBooking(context)))).resolves.toMatchObject({ init: { status: 403 }, data: { reason: "pending" } });
  });

  it("is a programming error (500) on a route without the guard", () => {
    expect(() => requireBooking(new RouterContextProvider())).toThrow(/booking guard is not on it/);
  });
});
