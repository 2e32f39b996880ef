import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { servicesContext, userContext } from "../session/context";
import { guardRegistry, guards } from "./index";
import { themeFor } from "./theme";

function args(path: string, context = new RouterContextProvider()) {
  const url = new URL(path, "http://localhost");
  return { request: new Request(url), url, params: {}, context, pattern: "/" } as never;
}
const next = (() => Promise.resolve(new Response("ok"))) as never;

describe("guards", () => {
  it("has exactly the spec's seven named guards", () => {
    expect(Object.keys(guardRegistry).sort()).toEqual(
      ["auth", "booking", "datalayer", "loginRequired", "outreach", "registration", "theme"].sort(),
    );
  });

  it("resolves names in order", () => {
    expect(guards("theme", "auth")).toEqual([guardRegistry.theme, guardRegistry.auth]);
  });

  it("fails an unknown guard name with 500 Unknown middleware <name>", async () => {
    // @ts-expect-error: not a guard name (a typo does not compile)
    const [unknown] = guards("sparkles");
    let thrown: unknown;
    try {
      await unknown!(args("/"), next);
    } catch (error) {
      thrown = error;
    }
    // A thrown data(): React Router turns it into the error page's status and message.
    expect(thrown).toMatchObject({ data: "Unknown middleware sparkles", init: { status: 500 } });
  });

  it("does not treat inherited object keys as guards", async () => {
    // @ts-expect-error: not a guard name
    const [toString] = guards("toString");
    await expect(Promise.resolve().then(() => toString!(args("/"), next))).rejects.toMatchObject({
      data: "Unknown middleware toString",
    });
  });

  it.each([
    [false, "/login?redirectTo=%2Faccount%2Forders%3Fpage%3D2"],
    [true, "/login?redirectTo=%2Faccount%2Forders%3Fpage%3D2&reason=timeout"],
  ])("loginRequired sends anonymous users to /login with the return path (session just timed out: %s)", async (sessionTimedOut, location) => {
    const context = new RouterContextProvider();
    context.set(userContext, null);
    context.set(servicesContext, { sessionTimedOut, timedOutUserId: sessionTimedOut ? "usr-1" : null } as never);
    const thrown: unknown = await Promise.resolve(guardRegistry.loginRequired(args("/account/orders?page=2", context), next)).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe(location);
    // A page view after a time-out keeps nothing: there is no form.
    expect((thrown as Response).headers.getSetCookie()).toEqual([]);
  });

  it("loginRequired lets a logged-in user through", async () => {
    const context = new RouterContextProvider();
    context.set(userContext, { id: "u1" } as never);
    expect(await guardRegistry.loginRequired(args("/account", context), next)).toBeUndefined();
  });

  it("theme follows the section", () => {
    expect(themeFor("/")).toBe("default");
    expect(themeFor("/account/orders")).toBe("account");
    expect(themeFor("/account/book/date")).toBe("booking");
    expect(themeFor("/account/book/outreach/terms")).toBe("outreach");
    expect(themeFor("/registration/education/review")).toBe("registration");
    expect(themeFor("/accounts")).toBe("default");
  });
});
