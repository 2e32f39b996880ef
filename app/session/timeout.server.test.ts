import { RouterContextProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createCmsClient, createGatewayClient } from "../api/client.server";
import { config } from "../runtime/config.server";
import { action as sessionAction } from "../routes/session";
import { servicesContext, userContext } from "./context";
import { toLogin } from "./login-redirect";
import { PENDING_FORM_COOKIE, readPendingForm } from "./pending-form.server";
import { restoredValues, restorePendingForm } from "./restore-form.server";
import { getSession, SESSION_COOKIE_NAME, sessionEndsAt, startSession } from "./session.server";
import { endTimedOutSession, sessionStatus, staySignedIn } from "./timeout.server";
import { END_SLACK_MS, INTENT_FIELD, RETURN_FIELD } from "./timeout";

// The server's side of the time-out warning and of what a user had typed (ADR 35), called
// as React Router calls them, with the gateway stubbed at fetch.

const MINUTE = 60_000;
const LOGIN = Date.UTC(2026, 10, 27, 9, 0);
const IDLE = config.session.idleTimeoutMs;
const user = { id: "usr-1101", firstName: "Grace" };
const login = { token: "tok-1", expiresAt: new Date(LOGIN + 24 * 60 * MINUTE).toISOString(), user };

let gatewayCalls: string[];
beforeEach(() => {
  gatewayCalls = [];
  vi.stubGlobal("fetch", (request: Request) => {
    gatewayCalls.push(`${request.method} ${new URL(request.url).pathname} ${request.headers.get("Authorization") ?? ""}`);
    return Promise.resolve(new Response(null, { status: 204 }));
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const cookieOf = (setCookie: string) => setCookie.split(";")[0]!;

/** A context as root's middleware leaves it: the session (logged in or not), whose it was if it just timed out. */
async function contextFor({ signedIn, timedOutUserId = null }: { signedIn: boolean; timedOutUserId?: string | null }) {
  const cookie = signedIn ? cookieOf(await startSession(login, LOGIN)) : "";
  const session = await getSession(new Request("http://localhost/", { headers: { Cookie: cookie } }));
  const context = new RouterContextProvider();
  context.set(servicesContext, {
    session,
    sessionTimedOut: timedOutUserId !== null,
    timedOutUserId,
    requestId: "timeout-test", prefetch: false,
    gateway: createGatewayClient({ baseUrl: "http://gateway.embedded.invalid/qa", timeoutMs: 1000, token: session.get("token") }),
    cms: createCmsClient({ baseUrl: "http://cms.embedded.invalid/groups/api/v1", timeoutMs: 1000 }),
  });
  context.set(userContext, signedIn ? (user as never) : null);
  return context;
}

const pageForm = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
};

/** A form posted to a page behind login by a request whose session has ended (whose it was, if known). */
async function postedAfterTimeout(fields: Record<string, string>, timedOutUserId: string | null, method = "POST") {
  const url = new URL("http://localhost/account/user/edit");
  const request = new Request(url, { method, ...(method === "POST" ? { body: new URLSearchParams(fields) } : {}) });
  return toLogin({ request, url, context: await contextFor({ signedIn: false, timedOutUserId }) });
}

/** The browser's next request, with the cookies a response set. */
function nextRequest(response: Response, path: string, method = "GET") {
  const cookies = response.headers.getSetCookie().filter((c) => !/Max-Age=0|Expires=Thu, 01 Jan 1970/.test(c)).map(cookieOf);
  return new Request(new URL(path, "http://localhost"), { method, headers: { Cookie: cookies.join("; ") } });
}

describe("how long is left", () => {
  it("is said in time from now, with the warning's lead, and nothing for an anonymous visitor", async () => {
    const context = await contextFor({ signedIn: true });
    expect(sessionStatus(context, LOGIN + 10 * MINUTE)).toEqual({ signedIn: true, remainingMs: IDLE - 10 * MINUTE, extendable: true, warningMs: 2 * MINUTE });
    expect(sessionStatus(await contextFor({ signedIn: false }), LOGIN)).toEqual({ signedIn: false, timedOut: false });
    expect(sessionStatus(await contextFor({ signedIn: false, timedOutUserId: "usr-1101" }), LOGIN)).toEqual({ signedIn: false, timedOut: true });
  });
});

describe("Stay signed in", () => {
  it("moves the idle time-out on from now, in the cookie the server reads next", async () => {
    const context = await contextFor({ signedIn: true });
    const now = LOGIN + IDLE - MINUTE;
    const response = await staySignedIn(context, now);
    expect(await response.json()).toMatchObject({ signedIn: true, remainingMs: IDLE });
    const next = await getSession(nextRequest(response, "/account"));
    expect(next.get("seenAt")).toBe(now);
    expect(sessionEndsAt(next)).toBe(now + IDLE);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("keeps nothing alive for a request without a session", async () => {
    const response = await staySignedIn(await contextFor({ signedIn: false }), LOGIN);
    expect(await response.json()).toEqual({ signedIn: false });
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});

describe("the end, when nobody answered the warning", () => {
  const typed = { adults: "3", notes: "Coach at 10:15", [INTENT_FIELD]: "end", [RETURN_FIELD]: "/account/book/information" };

  it("leaves alone a session with more than a few seconds left: another tab kept it", async () => {
    const response = await endTimedOutSession(await contextFor({ signedIn: true }), pageForm(typed), "/account/book/information", LOGIN + IDLE - END_SLACK_MS - 1000);
    expect(await response.json()).toMatchObject({ signedIn: true });
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(gatewayCalls).toEqual([]);
  });

  it("ends the session at the gateway and in the browser, keeps the page's form for its user, and says where to log in", async () => {
    const response = await endTimedOutSession(await contextFor({ signedIn: true }), pageForm(typed), "/account/book/information?x=1", LOGIN + IDLE - 2000);
    expect(await response.json()).toEqual({
      signedIn: false,
      loginUrl: "/login?redirectTo=%2Faccount%2Fbook%2Finformation%3Fx%3D1&reason=timeout",
    });
    expect(gatewayCalls).toEqual(["POST /qa/auth/logout Bearer tok-1"]);
    expect(response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE_NAME}=;`))).toMatch(/Expires=Thu, 01 Jan 1970/);
    const kept = readPendingForm(nextRequest(response, "/account/book/information"), LOGIN + IDLE);
    expect(kept).toEqual({ userId: "usr-1101", path: "/account/book/information", entries: [["adults", "3"], ["notes", "Coach at 10:15"]] });
  });

  it("keeps the form of a session the server has just found timed out, for the user it belonged to", async () => {
    const response = await endTimedOutSession(await contextFor({ signedIn: false, timedOutUserId: "usr-1101" }), pageForm(typed), "/account/user/edit", LOGIN + IDLE + MINUTE);
    expect(gatewayCalls).toEqual([]);
    expect(readPendingForm(nextRequest(response, "/account/user/edit"), LOGIN + IDLE + MINUTE)?.userId).toBe("usr-1101");
  });

  it("keeps nothing when it cannot tell whose it was, and never sends the user off the site", async () => {
    // Through the route's action, which checks the return path before the session ends.
    const body = new URLSearchParams({ ...typed, [RETURN_FIELD]: "//evil.example/x" });
    const request = new Request("http://localhost/session", { method: "POST", body });
    const response = (await sessionAction({ request, context: await contextFor({ signedIn: false }) } as never)) as Response;
    expect(response.headers.getSetCookie().some((c) => c.startsWith(PENDING_FORM_COOKIE))).toBe(false);
    expect(await response.json()).toEqual({ signedIn: false, loginUrl: "/login?redirectTo=%2Faccount&reason=timeout" });
  });

  it("is refused as a bad request when it is not one of the warning's posts", async () => {
    const request = new Request("http://localhost/session", { method: "POST", body: new URLSearchParams({ [INTENT_FIELD]: "end" }) });
    const thrown = await sessionAction({ request, context: await contextFor({ signedIn: true }) } as never).catch((e: unknown) => e);
    expect(thrown).toMatchObject({ init: { status: 400 } });
  });
});

describe("a form posted after the time-out (no JavaScript needed)", () => {
  it("goes to log in, saying why, and is kept for the user whose session it was", async () => {
    const response = await postedAfterTimeout({ firstName: "Gracie", password: "x" }, "usr-1101");
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Faccount%2Fuser%2Fedit&reason=timeout");
    expect(readPendingForm(nextRequest(response, "/account/user/edit"))).toMatchObject({ userId: "usr-1101", path: "/account/user/edit", entries: [["firstName", "Gracie"]] });
  });

  it("is not kept from a visitor who was never logged in", async () => {
    expect((await postedAfterTimeout({ firstName: "Gracie" }, null)).headers.getSetCookie()).toEqual([]);
  });

  it("keeps nothing from a page view (there is no form)", async () => {
    expect((await postedAfterTimeout({}, "usr-1101", "GET")).headers.getSetCookie()).toEqual([]);
  });
});

describe("giving it back after login", () => {
  async function view(kept: Response, path: string, viewer: { id: string } | null) {
    const request = nextRequest(kept, path);
    const context = new RouterContextProvider();
    context.set(userContext, viewer as never);
    let values: Record<string, string> | null = null;
    const response = (await restorePendingForm({ request, url: new URL(request.url), params: {}, context, pattern: "/" } as never, (() => {
      values = restoredValues(context, (form) => Object.fromEntries([...form].map(([k, v]) => [k, String(v)])));
      return Promise.resolve(new Response("page"));
    }) as never)) as Response;
    const dropped = response.headers.getSetCookie().filter((c) => c.startsWith(PENDING_FORM_COOKIE)).length > 0;
    return { values, dropped };
  }
  const keptFor = () => postedAfterTimeout({ firstName: "Gracie", lastName: "Whitfield" }, "usr-1101");

  it("gives it to its page, for its user, once", async () => {
    expect(await view(await keptFor(), "/account/user/edit", { id: "usr-1101" })).toEqual({ values: { firstName: "Gracie", lastName: "Whitfield" }, dropped: true });
  });

  it("never shows it to another user, and drops it", async () => {
    expect(await view(await keptFor(), "/account/user/edit", { id: "usr-9999" })).toEqual({ values: null, dropped: true });
  });

  it("keeps it while the user is on another page", async () => {
    expect(await view(await keptFor(), "/account", { id: "usr-1101" })).toEqual({ values: null, dropped: false });
  });
});
