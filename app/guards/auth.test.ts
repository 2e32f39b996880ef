import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { servicesContext, userContext } from "../session/context";
import { auth } from "./auth";

// The auth guard against a stub gateway answering GET /users/me with one status.
function run(status: number, body: unknown) {
  const context = new RouterContextProvider();
  const session = { get: (key: string) => (key === "token" ? "t" : undefined), unset: () => {}, id: "s", data: {} };
  const gateway = {
    request: () => Promise.resolve(status < 300
      ? { data: body, response: new Response(JSON.stringify(body), { status }) }
      : { error: body, response: new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/problem+json" } }) }),
  };
  context.set(servicesContext, { session, gateway } as never);
  const url = new URL("/account", "http://localhost");
  const args = { request: new Request(url), url, params: {}, context, pattern: "/" } as never;
  return { context, result: Promise.resolve(auth(args, (() => Promise.resolve(new Response("page"))) as never)) };
}

const problem = (status: number) => ({ type: "about:blank", title: "No", status });

describe("auth guard", () => {
  it("ends the session on a 401: the token is no longer known", async () => {
    const { context, result } = run(401, problem(401));
    const response = (await result) as Response;
    expect(response.headers.get("Set-Cookie")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect(context.get(userContext)).toBeNull();
  });

  it("keeps the session on any other refusal and shows the error page", async () => {
    // The API gateway's own refusal (a WAF rule): not the gateway saying the token is gone.
    const { result } = run(403, { message: "Forbidden" });
    await expect(result).rejects.toMatchObject({ init: { status: 403 } });
  });
});
