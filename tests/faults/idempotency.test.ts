import { delay, http, HttpResponse } from "msw";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { checkoutBasket } from "../../app/api/booking.server";
import { createGatewayClient, type GatewayClient } from "../../app/api/client.server";
import { DEMO_USER } from "../../mocks/backend";
import { startEmbeddedBackend, type EmbeddedBackend } from "../../mocks/server";
import { startApp, type App } from "./support/app";
import { FAULT_ORIGINS } from "./support/paths";
import type { CheckoutRequest } from "../../generated/schemas";

// Checkout follows the Idempotency-Key draft end to end: the contract says so (conventions
// and checkoutBasket), pacts pin replay / in flight / reused (tests/contract/support/
// booking-cases.ts), the mock implements it (mocks/backend/booking/orders.ts), and here the
// app's own client function and review action rely on it: concurrent identical submits
// and a retry after a lost answer make exactly one order.

const KEY = "0b8a4c52-8c6f-4f8e-9a55-3d1d6f2e7a10";
const BASKET = "b-idempotency";

function reviewBasket(embedded: EmbeddedBackend): { basketId: string; body: CheckoutRequest } {
  embedded.backend.applyProviderState("the demo user has an open visit basket at step {step}", { basketId: BASKET, step: "review" });
  const terms = embedded.backend.state.currentTerms.get("booking");
  if (!terms) throw new Error("no booking terms");
  return { basketId: BASKET, body: { acceptedTermsVersion: terms.version, returnUrl: "http://localhost/account/book/payment/return" } };
}

describe.each([
  ["answered at once", 0],
  ["each still processing for 25 ms", 25],
])("50 concurrent identical checkouts through checkoutBasket (%s)", (_, latency) => {
  const GATEWAY = `http://gateway.idempotency-${latency}.invalid/qa`;
  let embedded: EmbeddedBackend;
  let client: GatewayClient;

  beforeAll(() => {
    embedded = startEmbeddedBackend({ gatewayBaseUrl: GATEWAY, cmsBaseUrl: FAULT_ORIGINS.cms, bookingLatencyMs: latency, onUnhandledRequest: "error" });
    const login = embedded.backend.login(DEMO_USER.email, DEMO_USER.password);
    if (!login.ok) throw new Error("demo login failed");
    client = createGatewayClient({ baseUrl: GATEWAY, timeoutMs: 10_000, token: login.token });
  });
  afterAll(() => embedded.close());

  it("make exactly one order; every answer is that order or 'in flight'", async () => {
    const { basketId, body } = reviewBasket(embedded);
    const before = embedded.backend.state.orders.size;

    const results = await Promise.all(Array.from({ length: 50 }, () => checkoutBasket(client, basketId, KEY, body)));

    expect(embedded.backend.state.orders.size).toBe(before + 1);
    const orders = new Set(results.flatMap((r) => (r.ok ? [r.data.order.id] : [])));
    expect(orders.size).toBe(1);
    for (const r of results.filter((x) => !x.ok)) {
      expect(r).toMatchObject({ ok: false, status: 409, problem: { code: "idempotency_key_in_flight" } });
    }
    if (latency > 0) expect(results.some((r) => !r.ok)).toBe(true);

    // A retry once they are done replays the same order; the key with another body is refused.
    const retry = await checkoutBasket(client, basketId, KEY, body);
    expect(retry.ok && retry.data.order.id).toBe([...orders][0]);
    const reused = await checkoutBasket(client, basketId, KEY, { ...body, returnUrl: "http://localhost/elsewhere" });
    expect(reused).toMatchObject({ ok: false, status: 422, problem: { code: "idempotency_key_reused" } });
    expect(embedded.backend.state.orders.size).toBe(before + 1);
  });
});

describe("a checkout whose answer is lost", () => {
  let app: App;

  beforeAll(async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    app = await startApp({ timeoutMs: 300 });
  });
  afterEach(() => app.embedded.server.resetHandlers());
  afterAll(() => app?.close());

  /** The gateway makes the order, but its answer comes after the app has stopped waiting. */
  function loseTheAnswer() {
    app.embedded.server.use(
      http.post(`${FAULT_ORIGINS.gateway}/baskets/:basketId/checkout`, async ({ request, params }) => {
        const outcome = await app.embedded.backend.booking.checkoutBasket(
          DEMO_USER.id, String(params.basketId), request.headers.get("Idempotency-Key"), await request.json(),
        );
        await delay(2_000);
        return HttpResponse.json(outcome.ok ? outcome.value : {}, { status: outcome.ok ? 201 : 500 });
      }),
    );
  }

  it("through the client function: a 504, then the retry with the same key gets that order", async () => {
    const cookieless = app.embedded.backend.login(DEMO_USER.email, DEMO_USER.password);
    if (!cookieless.ok) throw new Error("demo login failed");
    const client = createGatewayClient({ baseUrl: FAULT_ORIGINS.gateway, timeoutMs: 300, token: cookieless.token });
    const { basketId, body } = reviewBasket(app.embedded);
    const before = app.embedded.backend.state.orders.size;

    loseTheAnswer();
    const lost = await checkoutBasket(client, basketId, KEY, body);
    expect(lost).toMatchObject({ ok: false, upstream: true, status: 504 });
    expect(app.embedded.backend.state.orders.size).toBe(before + 1);

    app.embedded.server.resetHandlers();
    const retry = await checkoutBasket(client, basketId, KEY, body);
    expect(retry.ok).toBe(true);
    expect(app.embedded.backend.state.orders.size).toBe(before + 1);
  });

  it("through the review page: the form comes back with the same key, and sending it again shows that one order", async () => {
    app.embedded.backend.reset();
    const cookie = await app.logIn();
    const { basketId } = reviewBasket(app.embedded);
    const page = await (await app.request("/account/book/review", { cookie })).text();
    const hidden = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(page)?.[1] ?? "";
    const form = {
      basketId, idempotencyKey: hidden("idempotencyKey"), termsVersion: hidden("termsVersion"),
      expectedTotal: hidden("expectedTotal"), acceptTerms: "on",
    };
    expect(form.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    const before = app.embedded.backend.state.orders.size;

    loseTheAnswer();
    const first = await app.request("/account/book/review", { form, cookie });
    const html = await first.text();
    expect(first.status).toBe(504);
    expect(html).toContain("The booking service is taking too long to answer.");
    expect(html).toContain(`name="idempotencyKey" value="${form.idempotencyKey}"`);
    app.embedded.server.resetHandlers();

    const again = await app.request("/account/book/review", { form, cookie });
    expect(again.status).toBe(302);
    const orderId = new URL(again.headers.get("Location") ?? "", "http://localhost").searchParams.get("orderId");
    expect(app.embedded.backend.state.orders.size).toBe(before + 1);
    expect(app.embedded.backend.state.booking.baskets.get(basketId)?.orderId).toBe(orderId);
  });
});
