import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { config } from "../runtime/config.server";
import { stubProductionEnvironment } from "../runtime/production.test-support";
import { servicesContext } from "./context";
import { servicesMiddleware } from "./services.server";
import {
  getSession, SESSION_COOKIE_NAME, sessionEndsAt, sessionExtendable, sessionState, startSession, touchSession, type SessionLimits,
} from "./session.server";

const MINUTE = 60_000;
const limits: SessionLimits = { idleTimeoutMs: 120 * MINUTE, absoluteTimeoutMs: 720 * MINUTE };
const LOGIN = Date.UTC(2026, 4, 1, 9, 0);
const login = { token: "tok-1", expiresAt: new Date(LOGIN + 24 * 60 * MINUTE).toISOString(), user: { id: "usr-1" } };

const cookiePair = (setCookie: string) => setCookie.split(";")[0]!;
const sessionFrom = (setCookie: string) => getSession(new Request("http://localhost/", { headers: { Cookie: cookiePair(setCookie) } }));

describe("session time-outs", () => {
  it("starts active, and is refreshed (at most once a minute) while used", async () => {
    const session = await sessionFrom(await startSession(login, LOGIN, limits));
    expect(sessionState(session, LOGIN, limits)).toBe("active");
    expect(sessionState(session, LOGIN + 30_000, limits)).toBe("active");
    expect(sessionState(session, LOGIN + MINUTE, limits)).toBe("refresh");
  });

  it("ends after the idle time-out without a request", async () => {
    const session = await sessionFrom(await startSession(login, LOGIN, limits));
    expect(sessionState(session, LOGIN + 119 * MINUTE, limits)).toBe("refresh");
    expect(sessionState(session, LOGIN + 120 * MINUTE, limits)).toBe("expired");
  });

  it("stays while used, and ends at the absolute time-out however active", async () => {
    let session = await sessionFrom(await startSession(login, LOGIN, limits));
    let now = LOGIN;
    while (now < LOGIN + 719 * MINUTE) {
      now += 100 * MINUTE;
      const state = sessionState(session, Math.min(now, LOGIN + 719 * MINUTE), limits);
      expect(state).toBe("refresh");
      session = await sessionFrom(await touchSession(session, Math.min(now, LOGIN + 719 * MINUTE), limits));
    }
    expect(sessionState(session, LOGIN + 720 * MINUTE, limits)).toBe("expired");
  });

  it("treats a session without its times, or with a future last-seen time, as expired", async () => {
    const bare = await getSession(new Request("http://localhost/"));
    bare.set("token", "old");
    expect(sessionState(bare, LOGIN, limits)).toBe("expired");
    const session = await sessionFrom(await startSession(login, LOGIN, limits));
    expect(sessionState(session, LOGIN - MINUTE, limits)).toBe("expired");
  });

  it("is anonymous without a token", async () => {
    expect(sessionState(await getSession(new Request("http://localhost/")), LOGIN, limits)).toBe("anonymous");
  });

  it("ends at the gateway's expiry of its token when that comes first", async () => {
    const soon = { ...login, expiresAt: new Date(LOGIN + 30 * MINUTE).toISOString() };
    const session = await sessionFrom(await startSession(soon, LOGIN, limits));
    expect(sessionState(session, LOGIN + 29 * MINUTE, limits)).toBe("refresh");
    expect(sessionState(session, LOGIN + 30 * MINUTE, limits)).toBe("expired");
  });

  it("says when it ends if no request comes, and whether a request can still put that off", async () => {
    let session = await sessionFrom(await startSession(login, LOGIN, limits));
    expect(sessionEndsAt(session, limits)).toBe(LOGIN + 120 * MINUTE);
    expect(sessionExtendable(session, limits)).toBe(true);
    session = await sessionFrom(await touchSession(session, LOGIN + 650 * MINUTE, limits));
    expect(sessionEndsAt(session, limits)).toBe(LOGIN + 720 * MINUTE);
    expect(sessionExtendable(session, limits)).toBe(false);
  });

  it("is kept by the browser past its idle end, so the server sees the time-out; a day past its hard end at most", async () => {
    const expires = (setCookie: string) => new Date(/Expires=([^;]+)/.exec(setCookie)![1]!).getTime();
    const DAY = 24 * 60 * MINUTE;
    expect(expires(await startSession(login, LOGIN, limits))).toBe(LOGIN + 720 * MINUTE + DAY);
    const soon = { ...login, expiresAt: new Date(LOGIN + 30 * MINUTE).toISOString() };
    expect(expires(await startSession(soon, LOGIN, limits))).toBe(LOGIN + 30 * MINUTE + DAY);
    const session = await sessionFrom(await startSession(login, LOGIN, limits));
    expect(expires(await touchSession(session, LOGIN + 100 * MINUTE, limits))).toBe(LOGIN + 720 * MINUTE + DAY);
  });
});

describe("a new session on login", () => {
  it("is made from the login alone: a new value, nothing carried over", async () => {
    const before = await startSession({ ...login, token: "old-token" }, LOGIN - 5 * MINUTE, limits);
    const after = await startSession(login, LOGIN, limits);
    expect(cookiePair(after)).not.toBe(cookiePair(before));
    expect((await sessionFrom(after)).data).toEqual({ token: "tok-1", expiresAt: login.expiresAt, issuedAt: LOGIN, seenAt: LOGIN, userId: "usr-1" });
  });

  it("is an httpOnly, SameSite=Lax cookie for the whole site", async () => {
    const setCookie = await startSession(login, LOGIN, limits);
    expect(setCookie.startsWith(`${SESSION_COOKIE_NAME}=`)).toBe(true);
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Lax/);
    expect(setCookie).toMatch(/; Path=\//);
  });
});

describe("the services middleware and the time-outs", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  async function run(cookie: string, response = new Response("ok"), path = "/account", headers: Record<string, string> = {}) {
    const gatewayCalls: string[] = [];
    vi.stubGlobal("fetch", (request: Request) => {
      gatewayCalls.push(`${request.method} ${new URL(request.url).pathname} ${request.headers.get("Authorization") ?? ""}`);
      return Promise.resolve(new Response(null, { status: 204 }));
    });
    const context = new RouterContextProvider();
    const request = new Request(new URL(path, "http://localhost"), { headers: { Cookie: cookie, ...headers } });
    const args = { request, url: new URL(request.url), params: {}, context, pattern: "/" } as never;
    let tokenSeen: string | undefined;
    let timedOut: boolean | undefined;
    let timedOutUserId: string | null | undefined;
    const result = await servicesMiddleware(args, (() => {
      tokenSeen = context.get(servicesContext).session.get("token");
      timedOut = context.get(servicesContext).sessionTimedOut;
      timedOutUserId = context.get(servicesContext).timedOutUserId;
      return Promise.resolve(response);
    }) as never);
    return { response: result as Response, gatewayCalls, tokenSeen, timedOut, timedOutUserId };
  }

  it("ends an idle session at the gateway, clears the cookie and goes on as anonymous", async () => {
    const cookie = cookiePair(await startSession(login, LOGIN));
    vi.useFakeTimers({ now: LOGIN + config.session.idleTimeoutMs + 1 });
    const { response, gatewayCalls, tokenSeen, timedOut, timedOutUserId } = await run(cookie);
    expect(tokenSeen).toBeUndefined();
    expect(timedOut).toBe(true);
    // Whose it was, so that a form it posted can be kept for them (ADR 35).
    expect(timedOutUserId).toBe("usr-1");
    expect(gatewayCalls).toEqual(["POST /qa/auth/logout Bearer tok-1"]);
    expect(response.headers.get("Set-Cookie")).toMatch(new RegExp(`^${SESSION_COOKIE_NAME}=; .*Expires=Thu, 01 Jan 1970`));
  });

  it("moves an active session's last-seen time on", async () => {
    const cookie = cookiePair(await startSession(login, LOGIN));
    vi.useFakeTimers({ now: LOGIN + 10 * MINUTE });
    const { response, gatewayCalls, tokenSeen, timedOut } = await run(cookie);
    expect(tokenSeen).toBe("tok-1");
    expect(timedOut).toBe(false);
    expect(gatewayCalls).toEqual([]);
    const refreshed = await sessionFrom(response.headers.get("Set-Cookie")!);
    expect(refreshed.get("seenAt")).toBe(LOGIN + 10 * MINUTE);
    expect(refreshed.get("issuedAt")).toBe(LOGIN);
  });

  it("does not extend the session for the time-out warning's own requests (/session), whatever their method", async () => {
    const cookie = cookiePair(await startSession(login, LOGIN));
    vi.useFakeTimers({ now: LOGIN + 10 * MINUTE });
    expect((await run(cookie, new Response("{}"), "/session")).response.headers.has("Set-Cookie")).toBe(false);
    expect((await run(cookie, new Response("{}"), "/account/book/information")).response.headers.has("Set-Cookie")).toBe(true);
  });

  it("does not count a link's prefetch as the user's activity: the next page view moves the time on", async () => {
    const cookie = cookiePair(await startSession(login, LOGIN));
    vi.useFakeTimers({ now: LOGIN + 10 * MINUTE });
    const prefetches: Record<string, string>[] = [{ "Sec-Purpose": "prefetch" }, { "Sec-Purpose": "prefetch;anonymous-client-ip" }, { Purpose: "prefetch" }];
    for (const prefetch of prefetches) {
      const { response, tokenSeen } = await run(cookie, new Response("ok"), "/account/orders.data", prefetch);
      // Read as the user's (the page's data is theirs), but no Set-Cookie: the answer stays cacheable for the click.
      expect(tokenSeen).toBe("tok-1");
      expect(response.headers.has("Set-Cookie")).toBe(false);
    }
    const { response } = await run(cookie, new Response("ok"), "/account/orders");
    expect((await sessionFrom(response.headers.get("Set-Cookie")!)).get("seenAt")).toBe(LOGIN + 10 * MINUTE);
  });

  it("moves the last-seen time on before the loaders run, so they see when the session now ends", async () => {
    const cookie = cookiePair(await startSession(login, LOGIN));
    vi.useFakeTimers({ now: LOGIN + 10 * MINUTE });
    const context = new RouterContextProvider();
    const request = new Request("http://localhost/account", { headers: { Cookie: cookie } });
    let seen: number | undefined;
    await servicesMiddleware({ request, url: new URL(request.url), params: {}, context, pattern: "/" } as never, (() => {
      seen = context.get(servicesContext).session.get("seenAt");
      return Promise.resolve(new Response("ok"));
    }) as never);
    expect(seen).toBe(LOGIN + 10 * MINUTE);
  });

  it("leaves a response that sets the session cookie itself (login, logout) alone", async () => {
    const cookie = cookiePair(await startSession(login, LOGIN));
    vi.useFakeTimers({ now: LOGIN + 10 * MINUTE });
    const own = new Response("ok", { headers: { "Set-Cookie": `${SESSION_COOKIE_NAME}=new; Path=/` } });
    const { response } = await run(cookie, own);
    expect(response.headers.getSetCookie()).toEqual([`${SESSION_COOKIE_NAME}=new; Path=/`]);
  });

  it("sets no cookie for an anonymous request or within the minute", async () => {
    expect((await run("")).response.headers.has("Set-Cookie")).toBe(false);
    const cookie = cookiePair(await startSession(login, LOGIN));
    vi.useFakeTimers({ now: LOGIN + 20_000 });
    expect((await run(cookie)).response.headers.has("Set-Cookie")).toBe(false);
  });
});

describe("the cookie in production", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it("is __Host- prefixed, Secure, httpOnly, SameSite=Lax, for the whole site and no Domain", async () => {
    vi.resetModules();
    stubProductionEnvironment();
    vi.stubEnv("TICKETING_SESSION_COOKIE", "ticketing_session_live");
    const production = await import("./session.server");
    const setCookie = await production.startSession(login, Date.now());
    expect(setCookie.startsWith("__Host-ticketing_session_live=")).toBe(true);
    expect(setCookie).toMatch(/; Secure/);
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Lax/);
    expect(setCookie).toMatch(/; Path=\/(;|$)/);
    expect(setCookie).not.toMatch(/Domain=/i);
  });
});
