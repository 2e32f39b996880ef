import { describe, expect, it, vi } from "vitest";
import { createCmsClient, createGatewayClient } from "../api/client.server";
import { isValidRequestId, requestIdFrom } from "./request-id";

describe("request ids", () => {
  it("keeps a load balancer's id that looks like one", () => {
    for (const id of ["0f8fad5b-d9cb-469f-a165-70867728950e", "Root=1-67891233-abcdef012345678912345678", "lb-trace-0123456789"]) {
      expect(requestIdFrom(id)).toBe(id);
    }
  });

  it("replaces a missing, short, long or unsafe one with a new UUID", () => {
    for (const id of [undefined, null, "", "short", "x".repeat(129), "has space 12345", "quote\"12345678", "line\nbreak12345", "<script>alert(1)</script>"]) {
      expect(isValidRequestId(id)).toBe(false);
      expect(requestIdFrom(id)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });

  it("is sent to the gateway and the CMS on every call", async () => {
    const seen: (string | null)[] = [];
    const fetch = vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      seen.push((input as Request).headers.get("x-request-id"));
      return Response.json({});
    });
    try {
      const gateway = createGatewayClient({ baseUrl: "http://gateway.test", timeoutMs: 1000, token: "t", requestId: "req-0123456789" });
      const cms = createCmsClient({ baseUrl: "http://cms.test", timeoutMs: 1000, requestId: "req-0123456789" });
      await gateway.GET("/users/me", {});
      await cms.GET("/site", {});
    } finally {
      fetch.mockRestore();
    }
    expect(seen).toEqual(["req-0123456789", "req-0123456789"]);
  });
});
