import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { servicesContext } from "./context";
import { redirectWithNotice, samePage, takeNotice } from "./notice.server";
import { servicesMiddleware } from "./services.server";
import { startSession } from "./session.server";

// A save's redirect carries its notice in the session cookie; the page that reads it is
// answered with the cookie without it, so the notice shows once (docs/architecture.md §4.6).

const NOW = Date.UTC(2026, 10, 27, 9, 0);
const login = { token: "tok-1", expiresAt: new Date(NOW + 86_400_000).toISOString(), user: { id: "usr-1001" } };
const pair = (setCookie: string | null) => (setCookie ?? "").split(";")[0]!;

/** One request through the services middleware; `handle` plays the route (an action or a loader). */
async function request(cookie: string, handle: (context: RouterContextProvider) => Promise<Response>, headers: Record<string, string> = {}): Promise<Response> {
  const context = new RouterContextProvider();
  const req = new Request("http://localhost/account/user/edit", { headers: { Cookie: cookie, ...headers } });
  const args = { request: req, url: new URL(req.url), params: {}, context, pattern: "/" } as never;
  return (await servicesMiddleware(args, (() => handle(context)) as never)) as Response;
}

describe("a save's notice", () => {
  afterEach(() => vi.useRealTimers());

  it("goes with the redirect, is read once by the page, and is gone after", async () => {
    vi.useFakeTimers({ now: NOW });
    const loggedIn = pair(await startSession(login, NOW));

    const saved = await request(loggedIn, (context) => redirectWithNotice(context, "/account/user/edit", "Your details have been saved."));
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/account/user/edit");
    const withNotice = pair(saved.headers.get("Set-Cookie"));

    let read: (string | null)[] = [];
    const page = (context: RouterContextProvider) => {
      read = [...read, takeNotice(context)];
      // The session is still the user's: the notice is all that goes.
      expect(context.get(servicesContext).session.get("token")).toBe("tok-1");
      return Promise.resolve(new Response("page"));
    };
    const shown = await request(withNotice, page);
    expect(read).toEqual(["Your details have been saved."]);
    const after = pair(shown.headers.get("Set-Cookie"));
    expect(after).not.toBe("");

    await request(after, page);
    expect(read).toEqual(["Your details have been saved.", null]);
  });

  it("a link's prefetch, sent while the redirect is on its way, neither sees nor spends it", async () => {
    vi.useFakeTimers({ now: NOW });
    const saved = await request(pair(await startSession(login, NOW)), (context) => redirectWithNotice(context, "/account/organisation/edit", "Saved."));
    const withNotice = pair(saved.headers.get("Set-Cookie"));
    let read: (string | null)[] = [];
    const page = (context: RouterContextProvider) => {
      read = [...read, takeNotice(context)];
      return Promise.resolve(new Response("page"));
    };
    const prefetched = await request(withNotice, page, { "Sec-Purpose": "prefetch" });
    expect(prefetched.headers.get("Set-Cookie")).toBeNull();
    await request(withNotice, page);
    expect(read).toEqual([null, "Saved."]);
  });

  it("without a notice, the redirect sets no cookie", async () => {
    vi.useFakeTimers({ now: NOW });
    const response = await request(pair(await startSession(login, NOW)), (context) => redirectWithNotice(context, "/account/book/review", null));
    expect(response.headers.get("Location")).toBe("/account/book/review");
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });

  it("a page that does not read it leaves it for the one that does", async () => {
    vi.useFakeTimers({ now: NOW });
    const saved = await request(pair(await startSession(login, NOW)), (context) => redirectWithNotice(context, "/account", "Saved."));
    const withNotice = pair(saved.headers.get("Set-Cookie"));
    const elsewhere = await request(withNotice, () => Promise.resolve(new Response("another page")));
    expect(elsewhere.headers.get("Set-Cookie")).toBeNull();
    let read: string | null = null;
    await request(withNotice, (context) => {
      read = takeNotice(context);
      return Promise.resolve(new Response("page"));
    });
    expect(read).toBe("Saved.");
  });
});

describe("the page an action was posted from", () => {
  it("keeps the path and query, without React Router's ?index", () => {
    expect(samePage(new URL("http://localhost/account/user/edit"))).toBe("/account/user/edit");
    expect(samePage(new URL("http://localhost/account/book/outreach?index"))).toBe("/account/book/outreach");
    expect(samePage(new URL("http://localhost/account/orders/o-1?change=numbers&index="))).toBe("/account/orders/o-1?change=numbers");
  });
});
