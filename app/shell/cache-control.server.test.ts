import { describe, expect, it } from "vitest";
import { cacheControlMiddleware, publicPage, REVISION_COOKIE_NAME } from "./cache-control.server";

// The middleware's final word, for a route that asked to be public and for one that did not.
const asked = publicPage()({} as never) as Headers;
async function answer(request: Request, response: Response) {
  return (await cacheControlMiddleware({ request } as never, async () => response)) as Response;
}
const page = (headers: HeadersInit = asked, status = 200) => new Response("<html>", { status, headers });
const get = (headers: HeadersInit = {}) => new Request("http://localhost/", { headers });

describe("Cache-Control", () => {
  it("keeps public for an anonymous GET answered 200 without a cookie, with Vary on what would make it personal", async () => {
    const response = await answer(get(), page());
    expect(response.headers.get("Cache-Control")).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/);
    expect(response.headers.get("Vary")).toBe("Cookie, DNT, Sec-GPC");
  });

  it.each([
    ["a request with a cookie", get({ Cookie: "s=1" }), page()],
    ["a request refusing tracking (DNT)", get({ DNT: "1" }), page()],
    ["a request refusing tracking (GPC)", get({ "Sec-GPC": "1" }), page()],
    ["a post", new Request("http://localhost/login", { method: "POST" }), page()],
    ["an answer setting a cookie", get(), page(new Headers([...asked, ["Set-Cookie", "s=1"]]))],
    ["a 404", get(), page(asked, 404)],
    ["a redirect", get(), page(new Headers([...asked, ["Location", "/login"]]), 302)],
    ["a route that did not ask", get(), page({})],
  ])("is private, no-store for %s", async (_, request, response) => {
    expect((await answer(request, response)).headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("leaves a route's own private directive alone", async () => {
    const response = await answer(get(), page({ "Cache-Control": "private, max-age=60" }));
    expect(response.headers.get("Cache-Control")).toBe("private, max-age=60");
  });

  describe("for a link's prefetch (Sec-Purpose: prefetch)", () => {
    const prefetch = (headers: HeadersInit = {}, method = "GET") =>
      new Request("http://localhost/account/orders.data", { method, headers: { "Sec-Purpose": "prefetch", Cookie: "s=1", ...headers } });

    it.each([
      ["a private page", prefetch(), page({})],
      ["a public page asked with a cookie", prefetch(), page()],
      ["the older Purpose header", new Request("http://localhost/account", { headers: { Purpose: "prefetch", Cookie: "s=1" } }), page({})],
    ])("%s is kept by the browser for ten seconds, varying on the cookie", async (_, request, response) => {
      const answered = await answer(request, response);
      expect(answered.headers.get("Cache-Control")).toBe("private, max-age=10");
      expect(answered.headers.get("Vary")).toBe("Cookie");
    });

    it.each([
      ["setting a cookie", prefetch(), page({ "Set-Cookie": "s=2" })],
      ["answered with a redirect", prefetch(), page({ Location: "/login" }, 302)],
      ["answered 404", prefetch(), page({}, 404)],
      ["not a GET", prefetch({}, "POST"), page({})],
    ])("is private, no-store when %s", async (_, request, response) => {
      const answered = await answer(request, response);
      expect(answered.headers.get("Cache-Control")).toBe("private, no-store");
      expect(answered.headers.get("Vary")).toBeNull();
    });
  });

  describe("a post by a visitor with cookies", () => {
    const revisionOf = (response: Response) =>
      response.headers.getSetCookie().find((c) => c.startsWith(`${REVISION_COOKIE_NAME}=`))?.split(";")[0];
    const post = (cookie?: string) =>
      new Request("http://localhost/account/user/edit", { method: "POST", headers: cookie ? { Cookie: cookie } : {} });

    it("changes the cookie the prefetched pages vary on, with a new value each time", async () => {
      const first = revisionOf(await answer(post("s=1"), page({}, 302)));
      const second = revisionOf(await answer(post("s=1"), page({ "Set-Cookie": "s=2" }, 302)));
      expect(first).toMatch(new RegExp(`^${REVISION_COOKIE_NAME}=[\\w-]{8}$`));
      expect(second).toMatch(new RegExp(`^${REVISION_COOKIE_NAME}=[\\w-]{8}$`));
      expect(second).not.toBe(first);
    });

    it("leaves a visitor without cookies without one, and a page view alone", async () => {
      expect(revisionOf(await answer(post(), page({}, 302)))).toBeUndefined();
      expect(revisionOf(await answer(get({ Cookie: "s=1" }), page({})))).toBeUndefined();
    });
  });
});
