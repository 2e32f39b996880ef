import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createGatewayClient } from "../api/client.server";
import { servicesContext } from "../session/context";
import { emptySession, getSession } from "../session/session.server";
import { holdIntent, isHoldIntent } from "./hold-actions.server";
import type { Basket } from "../../generated/schemas";

// The review page's "Keep my places for 2 hours 30 minutes" (ADR 35): the user's setting,
// which the gateway applies to the running hold too; the gateway stubbed at fetch with
// answers of the contract's shape (they are validated).

const USER = {
  id: "usr-1102", email: "booking.card@example.org", firstName: "Ben", lastName: "Okoro", marketingConsent: false,
  groupType: "education", currentOrganisationId: "org-1008", extendedHolds: true,
};
const basket = { id: "bkt-1", hold: { expiresAt: new Date().toISOString(), extensionsRemaining: 1 }, messages: [] } as unknown as Basket;

let sent: { method: string; path: string; body: unknown }[];
function gatewayAnswering(answer: () => Response) {
  sent = [];
  vi.stubGlobal("fetch", async (request: Request) => {
    sent.push({ method: request.method, path: new URL(request.url).pathname, body: await request.json().catch(() => null) });
    return answer();
  });
  return createGatewayClient({ baseUrl: "http://gateway.embedded.invalid/qa", timeoutMs: 1000, token: "tok" });
}
afterEach(() => vi.unstubAllGlobals());

/** The review page the post came from, and a request context holding its session (for the notice). */
async function back() {
  const context = new RouterContextProvider();
  context.set(servicesContext, { session: await emptySession() } as never);
  return { context, url: new URL("http://localhost/account/book/review") };
}

describe("the longer hold, asked for on the review page", () => {
  it("turns on the user's longer holds at the gateway, and says so", async () => {
    const gateway = gatewayAnswering(() => Response.json(USER));
    // Back to the review, drawn by a request of its own, with the notice in the session once (ADR 32).
    const answer = (await holdIntent("longer", gateway, basket, await back())) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/account/book/review");
    const session = await getSession(new Request("http://localhost/", { headers: { Cookie: answer.headers.get("Set-Cookie")!.split(";")[0]! } }));
    expect(session.get("notice")).toMatch(/^We will hold your places for 2 hours 30 minutes/);
    expect(sent).toEqual([{ method: "PATCH", path: "/qa/users/me", body: { extendedHolds: true } }]);
  });

  it("says beside the hold why not when the gateway refuses, and at the top when it does not answer", async () => {
    const refused = await holdIntent("longer", gatewayAnswering(() =>
      Response.json({ type: "about:blank", title: "Unprocessable", status: 422, code: "validation_failed", detail: "Not now." }, { status: 422, headers: { "Content-Type": "application/problem+json" } })), basket, await back());
    expect(refused).toMatchObject({ data: { errors: { hold: "Not now." } }, init: { status: 422 } });
    const down = await holdIntent("longer", gatewayAnswering(() => new Response("busy", { status: 503 })), basket, await back());
    expect(down).toMatchObject({ data: { errors: { form: expect.any(String) } }, init: { status: 503 } });
  });

  it("leaves any other post to the checkout, one without an intent too", () => {
    expect(["hold", "extend", "longer", "checkout", null, ""].filter(isHoldIntent)).toEqual(["hold", "extend", "longer"]);
  });
});
