import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { servicesContext, userContext } from "../session/context";
import { outreachContext } from "../outreach/context";
import { outreach } from "./outreach";

// The outreach guard against a stub gateway client (only the calls it makes).
function stubGateway(responses: Record<string, unknown>, calls: string[]) {
  return {
    request: (_method: string, path: string) => {
      calls.push(path);
      const body = responses[path];
      return Promise.resolve({ data: body, response: new Response(JSON.stringify(body), { status: 200 }) });
    },
  } as never;
}

const approved = { organisation: { id: "org-1", name: "Riverside", groupType: "education", town: "Leeds", postcode: "LS1" }, status: "approved", role: "lead", requestedAt: "2026-01-01T00:00:00Z" };
const eligible = { organisationId: "org-1", eligible: true, region: "Yorkshire and the Humber", reasons: [] };
const outside = { organisationId: "org-1", eligible: false, region: "Yorkshire and the Humber", reasons: [{ code: "outside_region", message: "Outside the region." }] };
// A whole Basket as the contract has it: answers are validated against the contract at the boundary.
const basket = (over: Record<string, unknown>) => ({
  id: "b1", kind: "outreach", status: "open",
  organisation: { id: "org-1", name: "Riverside", groupType: "education", town: "Leeds", postcode: "LS11 5PQ" },
  completedSteps: ["outreach-eligibility", "outreach-activities"], nextStep: "outreach-advisories",
  participants: 0, schedule: [], tickets: [], messages: [],
  expiresAt: "2026-12-01T12:00:00Z", createdAt: "2026-11-22T12:00:00Z", updatedAt: "2026-11-22T12:00:00Z",
  ...over,
});

function run(path: string, options: { method?: string; associations?: unknown[]; eligibility?: unknown; baskets?: unknown[]; loggedOut?: boolean } = {}) {
  const calls: string[] = [];
  const context = new RouterContextProvider();
  if (!options.loggedOut) context.set(userContext, { id: "u1", groupType: "education", currentOrganisationId: "org-1" } as never);
  context.set(servicesContext, {
    gateway: stubGateway(
      {
        "/users/me/associations": { items: options.associations ?? [approved] },
        "/outreach/eligibility": options.eligibility ?? eligible,
        "/baskets": { items: options.baskets ?? [] },
      },
      calls,
    ),
  } as never);
  const url = new URL(path, "http://localhost");
  const args = { request: new Request(url, { method: options.method ?? "GET" }), url, params: {}, context, pattern: "/" } as never;
  return { context, calls, result: Promise.resolve(outreach(args, (() => Promise.resolve(new Response("ok"))) as never)) };
}

async function thrown(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  return undefined;
}

const location = (error: unknown) => (error as Response).headers.get("Location");

describe("outreach guard", () => {
  it("sends an anonymous user to log in, coming back here", async () => {
    expect(location(await thrown(run("/account/book/outreach/activities", { loggedOut: true }).result))).toBe(
      "/login?redirectTo=%2Faccount%2Fbook%2Foutreach%2Factivities",
    );
  });

  it("marks a user without an approved association as blocked (the layout explains, 403)", async () => {
    const { context, result, calls } = run("/account/book/outreach", { associations: [{ ...approved, status: "pending" }] });
    await result;
    expect(context.get(outreachContext)).toMatchObject({ ok: false, problem: { reason: "pending", organisationName: "Riverside" } });
    expect(calls).not.toContain("/outreach/eligibility");
  });

  it("puts the eligibility and the open outreach basket in the context", async () => {
    const { context, result } = run("/account/book/outreach/advisories", { baskets: [basket({ status: "checked-out" }), basket({ id: "b2" })] });
    await result;
    expect(context.get(outreachContext)).toMatchObject({ ok: true, scope: { organisationId: "org-1", organisationName: "Riverside", eligibility: { eligible: true }, basket: { id: "b2" } } });
  });

  it("shows a not eligible organisation only the eligibility page (no basket looked up)", async () => {
    const { result, calls } = run("/account/book/outreach/activities", { eligibility: outside });
    expect(location(await thrown(result))).toBe("/account/book/outreach");
    expect(calls).not.toContain("/baskets");
    await expect(run("/account/book/outreach", { eligibility: outside }).result).resolves.toBeUndefined();
  });

  it("sends a step whose earlier steps are missing to the first one missing", async () => {
    expect(location(await thrown(run("/account/book/outreach/schedule", { baskets: [basket({})] }).result))).toBe("/account/book/outreach/advisories");
    expect(location(await thrown(run("/account/book/outreach/activities").result))).toBe("/account/book/outreach");
  });

  it("lets actions through for the gateway to judge", async () => {
    await expect(run("/account/book/outreach/summary", { method: "POST", baskets: [basket({})] }).result).resolves.toBeUndefined();
  });
});
