import { describe, expect, it } from "vitest";
import { SCHEMA_DOCUMENTS, checkResponse, type Service } from "./validation.server";

// The response schemas generated from contracts/*.yaml, as the app checks backend answers
// with them (ajv 2020, strict): see docs/decisions/0015-contract-completeness.md.

const everyResponse = (service: Service) =>
  Object.entries(SCHEMA_DOCUMENTS[service].operations).flatMap(([operationId, operation]) =>
    Object.keys(operation.responses)
      .filter((status) => /^\d{3}$/.test(status))
      .map((status) => ({ service, operationId, status: Number(status) })),
  );

const problem = (status: number, code: string) => ({ type: "about:blank", title: "Refused", status, code });

describe("response validation", () => {
  it.each(["gateway", "cms"] as const)("compiles every documented response of the %s contract in strict mode", (service) => {
    const responses = everyResponse(service);
    expect(responses.length).toBeGreaterThan(service === "gateway" ? 300 : 30);
    for (const { operationId, status } of responses) {
      // A compile error (an unknown keyword, a strict-mode complaint) throws here.
      expect(() => checkResponse(service, operationId, status, {}), `${operationId} ${status}`).not.toThrow();
    }
  }, 60_000); // hundreds of compilations: seconds, more while other test files run

  it("accepts the API Gateway's own message wherever it can answer", () => {
    for (const status of [403, 413, 429]) {
      for (const operationId of ["login", "getBasket", "checkoutBasket", "createBasket"]) {
        expect(checkResponse("gateway", operationId, status, { message: "Forbidden" }), `${operationId} ${status}`).toEqual({ ok: true });
      }
    }
  });

  it("accepts the codes a response lists and refuses any other", () => {
    expect(checkResponse("gateway", "createBasket", 403, problem(403, "kind_not_allowed"))).toEqual({ ok: true });
    expect(checkResponse("gateway", "createBasket", 403, problem(403, "not_lead")).ok).toBe(false);
    expect(checkResponse("gateway", "getBasket", 404, problem(404, "not_found"))).toEqual({ ok: true });
    expect(checkResponse("gateway", "getBasket", 404, problem(404, "organisation_not_found")).ok).toBe(false);
    expect(checkResponse("cms", "getPage", 404, problem(404, "not_found"))).toEqual({ ok: true });
    expect(checkResponse("cms", "getPage", 404, problem(404, "bad_request")).ok).toBe(false);
  });

  it("accepts a problem without a code, and extra properties in a response (responses are open)", () => {
    expect(checkResponse("gateway", "getBasket", 404, { type: "about:blank", title: "Not found", status: 404 })).toEqual({ ok: true });
    expect(checkResponse("gateway", "getBasket", 404, { ...problem(404, "not_found"), traceId: "abc" })).toEqual({ ok: true });
    expect(checkResponse("cms", "listPages", 200, { items: [], next: null })).toEqual({ ok: true });
  });

  it("refuses a basket message or timeline event the contract does not list", () => {
    const page = { items: [], page: 1, pageSize: 10, totalItems: 0, totalPages: 0 };
    expect(checkResponse("gateway", "listOrders", 200, page)).toEqual({ ok: true });
    const quote = (code: string) => ({
      basketId: "bkt-1", lines: [], total: { amount: 0, currency: "GBP" }, paymentOptions: [],
      messages: [{ code, severity: "info", message: "…" }], validUntil: "2026-01-01T10:00:00Z",
    });
    expect(checkResponse("gateway", "getBasketQuote", 200, quote("ratio_met"))).toEqual({ ok: true });
    expect(checkResponse("gateway", "getBasketQuote", 200, quote("slot_clash")).ok).toBe(false);
  });
});
