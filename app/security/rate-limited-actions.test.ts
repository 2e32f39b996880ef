import { RouterContextProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// The four rate-limited actions, called as React Router calls them, on a configuration
// with low limits set through the environment (as a deployment would), against a gateway
// stubbed at fetch with answers of the contract's shape (they are validated). The limits come from RATE_LIMIT_*; no test-only code path.

type Action = (args: never) => Promise<unknown>;

const gatewayAnswers: Record<string, () => Response> = {
  "POST /qa/auth/login": () => Response.json({ type: "about:blank", title: "Unauthorized", status: 401 }, { status: 401 }),
  "POST /qa/auth/password-resets": () => Response.json({ status: "accepted" }, { status: 202 }),
  "POST /qa/newsletter/subscriptions": () => Response.json({ status: "accepted" }, { status: 202 }),
  "POST /qa/registration-requests": () => Response.json({ status: "accepted" }, { status: 202 }),
};
let gatewayCalls = 0;

beforeEach(() => {
  vi.resetModules();
  vi.stubEnv("RATE_LIMIT_LOGIN", "2/60");
  vi.stubEnv("RATE_LIMIT_PASSWORD_RESET", "2/900");
  vi.stubEnv("RATE_LIMIT_NEWSLETTER", "2/3600");
  vi.stubEnv("RATE_LIMIT_REGISTRATION", "2/3600");
  // Each test is its own client, as if behind one trusted proxy: a deployment on a gateway
  // (here the stubbed fetch below), since the embedded default refuses a proxy (ADR 30).
  vi.stubEnv("TRUST_PROXY_HOPS", "1");
  vi.stubEnv("GATEWAY_BASE_URL", "http://gateway.test.invalid/qa");
  vi.stubEnv("CMS_BASE_URL", "http://cms.test.invalid/groups/api/v1");
  gatewayCalls = 0;
  vi.stubGlobal("fetch", (request: Request) => {
    gatewayCalls++;
    const answer = gatewayAnswers[`${request.method} ${new URL(request.url).pathname}`];
    return Promise.resolve(answer ? answer() : new Response(null, { status: 404 }));
  });
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

async function contextWithServices() {
  const { servicesContext } = await import("../session/context");
  const { createCmsClient, createGatewayClient } = await import("../api/client.server");
  const { getSession } = await import("../session/session.server");
  const context = new RouterContextProvider();
  context.set(servicesContext, {
    session: await getSession(new Request("http://localhost/")),
    sessionTimedOut: false,
    timedOutUserId: null,
    requestId: "rate-limit-test", prefetch: false,
    gateway: createGatewayClient({ baseUrl: "http://gateway.embedded.invalid/qa", timeoutMs: 1000 }),
    cms: createCmsClient({ baseUrl: "http://cms.embedded.invalid/groups/api/v1", timeoutMs: 1000 }),
  });
  return context;
}

async function post(action: Action, path: string, form: Record<string, string>, client: string, extra: { cookie?: string; params?: Record<string, string> } = {}) {
  const url = new URL(path, "http://localhost");
  const headers: Record<string, string> = { "X-Forwarded-For": client, "Content-Type": "application/x-www-form-urlencoded" };
  if (extra.cookie) headers.Cookie = extra.cookie;
  const request = new Request(url, { method: "POST", headers, body: new URLSearchParams(form) });
  const result = (await action({ request, url, params: extra.params ?? {}, context: await contextWithServices() } as never)) as {
    data: Record<string, unknown>;
    init: { status?: number; headers?: Record<string, string> } | null;
  };
  return { status: result.init?.status ?? 200, headers: new Headers(result.init?.headers), data: result.data ?? result };
}

describe("rate-limited actions", () => {
  it("login: the third attempt in a minute gets 429, Retry-After and a message, with the email kept", async () => {
    const { action } = await import("../routes/login");
    const form = { email: "someone@example.org", password: "wrong-password" };
    expect((await post(action as Action, "/login", form, "198.51.100.1")).status).toBe(401);
    expect((await post(action as Action, "/login", form, "198.51.100.1")).status).toBe(401);
    const limited = await post(action as Action, "/login", form, "198.51.100.1");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(55);
    expect(limited.data).toMatchObject({
      errors: { form: expect.stringMatching(/too many attempts from your network\. Wait 1 minute/i) },
      values: { email: "someone@example.org" },
    });
    // The route's headers pass Retry-After on to the document or .data response.
    const { headers } = await import("../routes/login");
    const passed = new Headers(headers({ actionHeaders: limited.headers, loaderHeaders: new Headers(), parentHeaders: new Headers(), errorHeaders: undefined } as never));
    expect(passed.get("Retry-After")).toBe(limited.headers.get("Retry-After"));
    // Refused before the gateway is asked; another client is not affected.
    expect(gatewayCalls).toBe(2);
    expect((await post(action as Action, "/login", form, "198.51.100.2")).status).toBe(401);
  });

  it("password reset: 429 with Retry-After in minutes, the address kept", async () => {
    const { action } = await import("../routes/login-forgot");
    const form = { email: "someone@example.org" };
    await post(action as Action, "/login/forgot", form, "198.51.100.3");
    await post(action as Action, "/login/forgot", form, "198.51.100.3");
    const limited = await post(action as Action, "/login/forgot", form, "198.51.100.3");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBe("900");
    expect(limited.data).toMatchObject({ sent: false, errors: { form: expect.stringMatching(/Wait 15 minutes/) }, values: { email: "someone@example.org" } });
  });

  it("newsletter: 429 with the message for the footer form, the address and consent kept", async () => {
    const { action } = await import("../routes/newsletter");
    const form = { email: "someone@example.org", consent: "yes" };
    expect((await post(action as Action, "/newsletter", form, "198.51.100.4")).data).toMatchObject({ ok: true });
    await post(action as Action, "/newsletter", form, "198.51.100.4");
    const limited = await post(action as Action, "/newsletter", form, "198.51.100.4");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBe("3600");
    expect(limited.data).toMatchObject({ ok: false, errors: { form: expect.stringMatching(/too many attempts/i) }, values: { email: "someone@example.org", consent: "yes" } });
  });

  it("registration: the submit is limited, with the message on the review page", async () => {
    const { action } = await import("../routes/registration/review");
    const { saveDraft } = await import("../registration/draft.server");
    const draft = await saveDraft({
      group: "education",
      organisationId: "org-1002",
      user: { title: "", firstName: "Ada", lastName: "Lovelace", email: "ada@example.org", phone: "", jobTitle: "", password: "lantern meadow quiet river", marketingConsent: false },
    });
    const cookie = draft.split(";")[0]!;
    const form = { acceptTerms: "on", termsVersion: "2026-01" };
    const params = { group: "education" };
    expect((await post(action as Action, "/registration/education/review", form, "198.51.100.5", { cookie, params })).data).toMatchObject({ sent: { email: "ada@example.org" } });
    await post(action as Action, "/registration/education/review", form, "198.51.100.5", { cookie, params });
    const limited = await post(action as Action, "/registration/education/review", form, "198.51.100.5", { cookie, params });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBe("3600");
    expect(limited.data).toMatchObject({ message: expect.stringMatching(/too many attempts/i) });
    expect(gatewayCalls).toBe(2);
  });
});
