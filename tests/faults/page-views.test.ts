import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DEMO_USER } from "../../mocks/backend";
import { startApp, type App } from "./support/app";

// Viewing a page changes nothing at the backends: a loader only reads, so a prefetch, a
// revalidation or a reload can never place a hold, save a choice or make an order
// (docs/decisions/0021-failures-as-values-and-reads-without-effects.md). Every page route
// of the build is fetched, as a document and as the data a prefetch asks for, signed in
// with a booking at review, and every request the app sends to the gateway and CMS is
// recorded. The work a step needs is done by the action before it: that is shown too.

vi.spyOn(console, "error").mockImplementation(() => {});
const app: App = await startApp({ timeoutMs: 8_000 });
const BASKET = "b-page-views";
const sent: string[] = [];
let cookie = "";

function pageRoutes(): string[] {
  const routes = app.build.routes;
  const fullPath = (id: string): string => {
    const route = routes[id];
    if (!route) return "";
    const parent = route.parentId ? fullPath(route.parentId) : "";
    return [parent, route.path ?? ""].filter(Boolean).join("/");
  };
  const orderId = app.embedded.backend.listOrders(DEMO_USER.id, { when: "upcoming" }).items[0]?.id ?? "x";
  const values: Record<string, string> = { orderId, organisationId: "org-riverside-primary", group: "education", slug: "about", token: "x", paymentId: "x" };
  return Object.values(routes)
    .filter((r): r is NonNullable<typeof r> => Boolean(r?.module.loader) && r?.id !== "root")
    .map((r) => `/${fullPath(r.id)}`.replace(/\/+/g, "/").replace(/:(\w+)\??/g, (_, name: string) => values[name] ?? "x").replace(/\*$/, "x"))
    .sort();
}

beforeAll(async () => {
  app.embedded.server.events.on("request:start", ({ request }) => void sent.push(`${request.method} ${new URL(request.url).pathname}`));
  cookie = await app.logIn();
  app.embedded.backend.applyProviderState("the demo user has an open visit basket at step {step}", { basketId: BASKET, step: "review" });
}, 60_000);
afterAll(() => app.close());

const writes = () => sent.filter((line) => !line.startsWith("GET ") && !line.startsWith("HEAD "));

describe("page views", () => {
  it("find the page routes in the build", () => {
    expect(pageRoutes()).toEqual(expect.arrayContaining(["/", "/account", "/account/book/review", "/account/book/payment", "/account/book/outreach/summary"]));
    expect(pageRoutes().length).toBeGreaterThan(30);
  });

  it.each(pageRoutes())("GET %s (document and prefetch data) sends only reads to the backends", async (path) => {
    sent.length = 0;
    for (const url of [path, `${path === "/" ? "/_root" : path}.data`]) {
      const response = await app.request(url, { cookie });
      await response.text();
      expect(response.status, url).toBeLessThan(500);
    }
    expect(writes()).toEqual([]);
  });
});

describe("the hold at review", () => {
  const hold = () => app.embedded.backend.state.booking.baskets.get(BASKET)?.hold;

  it("is not placed by viewing review, however often", async () => {
    app.embedded.backend.applyProviderState("the demo user has an open visit basket at step {step}", { basketId: BASKET, step: "review" });
    expect(hold()).toBeUndefined();
    for (const url of ["/account/book/review", "/account/book/review.data", "/account/book/review"]) {
      const page = await (await app.request(url, { cookie })).text();
      if (!url.endsWith(".data")) expect(page).toContain("Your places are not held yet.");
    }
    expect(hold()).toBeUndefined();
  });

  it("is placed by the review page's button", async () => {
    const response = await app.request("/account/book/review", { form: { intent: "hold" }, cookie });
    // Back to review, drawn by a request of its own that reads the held basket (ADR 32).
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/account/book/review");
    expect(hold()).toBeDefined();
    expect(await (await app.request("/account/book/review", { cookie })).text()).toMatch(/We are holding your places until <strong>\d\d:\d\d/);
  });

  it("is placed by the action of the step before review", async () => {
    app.embedded.backend.applyProviderState("the demo user has an open visit basket at step {step}", { basketId: BASKET, step: "payment" });
    expect(hold()).toBeUndefined();
    const response = await app.request("/account/book/payment", { form: { choice: "invoice", purchaseOrderNumber: "" }, cookie });
    expect(response.headers.get("Location")).toBe("/account/book/review");
    expect(hold()).toBeDefined();
  });
});
