import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_USER } from "./backend";
import { serveMockBackendOverHttp, type MockBackendServer } from "./http-provider";

let server: MockBackendServer;
const gateway = (path: string, init?: RequestInit) => fetch(`${server.url}/gateway${path}`, init);
const cms = (path: string) => fetch(`${server.url}/cms${path}`);
const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { "Content-Type": "application/json", ...headers },
  body: JSON.stringify(body),
});
const providerState = (state: string, params: Record<string, unknown> = {}, action = "setup") =>
  fetch(`${server.url}/_pact/provider-states`, json({ state, params, action }));

beforeAll(async () => {
  server = await serveMockBackendOverHttp({ port: 0, today: new Date("2026-03-10T12:00:00Z") });
});
afterAll(() => server.close());

describe("gateway over HTTP", () => {
  it("logs in, reads and updates the user, lists orders and logs out", async () => {
    const login = await gateway("/auth/login", json({ email: DEMO_USER.email, password: DEMO_USER.password }));
    expect(login.status).toBe(200);
    const { token, user } = (await login.json()) as { token: string; user: { firstName: string } };
    expect(user.firstName).toBe("Amara");
    const auth = { Authorization: `Bearer ${token}` };

    const me = await gateway("/users/me", { headers: auth });
    expect(me.status).toBe(200);

    const bad = await gateway("/users/me", { ...json({ firstName: "" }, auth), method: "PATCH" });
    expect(bad.status).toBe(422);
    expect(bad.headers.get("content-type")).toBe("application/problem+json");
    expect(await bad.json()).toMatchObject({
      status: 422, code: "validation_failed", errors: [{ field: "firstName", message: "Enter your first name" }],
    });

    const good = await gateway("/users/me", { ...json({ jobTitle: "Deputy head" }, auth), method: "PATCH" });
    expect(await good.json()).toMatchObject({ jobTitle: "Deputy head" });

    const orders = await gateway("/orders?when=past&page=1&pageSize=2", { headers: auth });
    const page = (await orders.json()) as { items: { visitDate: string }[]; totalItems: number; totalPages: number };
    expect(page.items).toHaveLength(2);
    expect(page.totalPages).toBe(Math.ceil(page.totalItems / 2));

    expect((await gateway("/orders?when=later", { headers: auth })).status).toBe(400);
    expect((await gateway("/orders/ord-5001", { headers: auth })).status).toBe(200);
    expect((await gateway("/orders/ord-5101", { headers: auth })).status).toBe(404);
    expect((await gateway("/organisations/org-1001", { headers: auth })).status).toBe(200);
    expect((await gateway("/organisations/org-9999", { headers: auth })).status).toBe(404);

    expect((await gateway("/auth/logout", { method: "POST", headers: auth })).status).toBe(204);
    expect((await gateway("/users/me", { headers: auth })).status).toBe(401);
  });

  it("answers 401 with the same body for a wrong password and an unknown email", async () => {
    const wrong = await gateway("/auth/login", json({ email: DEMO_USER.email, password: "nope" }));
    const unknown = await gateway("/auth/login", json({ email: "nobody@example.org", password: "nope" }));
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  it("needs a bearer token", async () => {
    const response = await gateway("/users/me");
    expect(response.status).toBe(401);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect((await gateway("/users/me", { headers: { Authorization: "Bearer nope" } })).status).toBe(401);
  });

  it("accepts newsletter signups the same way whether or not subscribed", async () => {
    const first = await gateway("/newsletter/subscriptions", json({ email: DEMO_USER.email, consent: true }));
    const second = await gateway("/newsletter/subscriptions", json({ email: "fresh@example.org", consent: true }));
    expect([first.status, second.status]).toEqual([202, 202]);
    expect(await first.json()).toEqual(await second.json());
    expect((await gateway("/newsletter/subscriptions", json({ email: "x", consent: true }))).status).toBe(422);
  });
});

describe("CMS over HTTP", () => {
  it("serves the site, pages and a 404 problem", async () => {
    const site = await (await cms("/site")).json();
    expect(site).toMatchObject({ title: "Group visits", cookieNotice: { acceptLabel: "Accept cookies", rejectLabel: "Reject cookies" } });
    expect(await (await cms("/pages/home")).json()).toMatchObject({ slug: "home", body: expect.stringContaining("<h2>") });
    const missing = await cms("/pages/no-such-page");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toBe("application/problem+json");
  });

  it("answers an unknown path with a 404 problem", async () => {
    expect((await fetch(`${server.url}/elsewhere`)).status).toBe(404);
  });
});

describe("provider states", () => {
  it("combines the states of one interaction and resets before the next", async () => {
    expect((await providerState("the demo user is logged in", { token: "pact-token" })).status).toBe(200);
    expect((await providerState("the demo user has orders", { orderId: "ord-pact-1" })).status).toBe(200);
    const auth = { headers: { Authorization: "Bearer pact-token" } };
    expect((await gateway("/orders/ord-pact-1", auth)).status).toBe(200);

    await providerState("the demo user exists");
    expect((await gateway("/users/me", auth)).status).toBe(401);
  });

  it("rate limits login, with a 429 rate_limited problem, for a rate-limited email", async () => {
    expect((await providerState("login attempts for {email} are rate limited", { email: DEMO_USER.email })).status).toBe(200);
    const response = await gateway("/auth/login", json({ email: DEMO_USER.email, password: DEMO_USER.password }));
    expect(response.status).toBe(429);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(response.headers.get("retry-after")).toBe("900");
    expect(await response.json()).toMatchObject({ status: 429, code: "rate_limited" });
  });

  it("omits cleared optional fields from the user, rather than sending empty strings", async () => {
    await providerState("the demo user is logged in", { token: "clear-token" });
    const auth = { Authorization: "Bearer clear-token" };
    const response = await gateway("/users/me", { ...json({ phone: "", jobTitle: "" }, auth), method: "PATCH" });
    expect(response.status).toBe(200);
    const user = (await response.json()) as Record<string, unknown>;
    expect(user).not.toHaveProperty("phone");
    expect(user).not.toHaveProperty("jobTitle");
    expect(user).toMatchObject({ id: DEMO_USER.id, title: "Ms" });
    expect(await (await gateway("/users/me", { headers: auth })).json()).not.toHaveProperty("phone");
  });

  it("returns injected values and rejects unknown states", async () => {
    const response = await providerState("the demo user is logged in");
    const { token } = (await response.json()) as { token: string };
    expect((await gateway("/users/me", { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
    expect((await providerState("the moon is made of cheese")).status).toBe(400);
    expect((await providerState("anything", {}, "teardown")).status).toBe(200);
  });
});

describe("search provider over HTTP", () => {
  const query = (url: string) =>
    fetch(`${url}/1/indexes/*/queries`, {
      method: "POST",
      headers: { "Content-Type": "text/plain", "x-algolia-application-id": "bench", "x-algolia-api-key": "bench-key" },
      body: JSON.stringify({ requests: [{ indexName: "dev_organisations", query: "leeds", hitsPerPage: 1 }] }),
    });

  it("answers the search protocol at the root when asked to, with the credentials it was given", async () => {
    const withSearch = await serveMockBackendOverHttp({ search: { indexName: "dev_organisations", appId: "bench", apiKey: "bench-key" } });
    try {
      const response = await query(withSearch.url);
      expect(response.status).toBe(200);
      const { results } = (await response.json()) as { results: { nbHits: number; hits: unknown[] }[] };
      expect(results[0]!.nbHits).toBeGreaterThan(0);
      expect(results[0]!.hits).toHaveLength(1);
      const wrongKey = await fetch(`${withSearch.url}/1/indexes/*/queries`, {
        method: "POST",
        headers: { "x-algolia-application-id": "bench", "x-algolia-api-key": "another-key" },
        body: JSON.stringify({ requests: [] }),
      });
      expect(wrongKey.status).toBe(403);
    } finally {
      await withSearch.close();
    }
  });

  it("does not answer it by default", async () => {
    expect((await query(server.url)).status).toBe(404);
  });
});
