import type { InsightsClient } from "instantsearch.js";
import { describe, expect, it, vi } from "vitest";
import { insightsOptions, withoutUsageEvents } from "./insights";

describe("insights client", () => {
  it("passes click, view and conversion events on, but not instantsearch.js's usage telemetry", () => {
    const calls: unknown[][] = [];
    const client = Object.assign(
      vi.fn((...args: unknown[]) => {
        calls.push(args);
        return Promise.resolve(true);
      }),
      { version: "2.17.3" },
    ) as unknown as InsightsClient;
    const filtered = withoutUsageEvents(client);
    expect(filtered.version).toBe("2.17.3");

    const headers = { headers: { "X-Algolia-Application-Id": "a", "X-Algolia-API-Key": "k" } };
    (filtered as (...a: unknown[]) => unknown)("sendEvents", [{ eventType: "instantsearch", eventName: "__start__" }], headers);
    expect(calls).toEqual([]);

    const click = { eventType: "click", eventName: "Filter Applied", index: "i", userToken: "u", filters: ["kind%3AAcademy"] };
    (filtered as (...a: unknown[]) => unknown)("sendEvents", [{ eventType: "instantsearch" }, click], headers);
    (filtered as (...a: unknown[]) => unknown)("setUserToken", "u");
    expect(calls).toEqual([["sendEvents", [click], headers], ["setUserToken", "u"]]);
  });

  it("has no client on the server, and never Algolia's host in the embedded default", () => {
    expect(insightsOptions({ hosts: null }).insightsClient).toBeNull();
    expect(insightsOptions({ hosts: ["x.algolia.net"] }).insightsInitParams).toEqual({ useCookie: false });
  });
});
