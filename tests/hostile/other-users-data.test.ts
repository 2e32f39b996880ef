import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { logIn } from "../../scripts/support/production-server.ts";
import { startTarget, type Target } from "./support/server";

// Authorisation of orders and organisations (docs/security.md): logged in as the demo
// teacher (Riverside Primary School), another organisation's orders and organisation are
// not found, however they are asked for (page, data, calendar file, form post); the
// teacher's own are. The gateway decides (it holds the data); the app must pass on its
// refusal, never render or act on another's.

let target: Target;
let cookie: string;
beforeAll(async () => {
  target = await startTarget();
  cookie = await logIn(target.origin);
});
afterAll(() => target?.stop());

const get = (path: string) => fetch(`${target.origin}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });

describe("another organisation's data, logged in as someone else", () => {
  it("the teacher's own order and organisation are there (the probes below could succeed)", async () => {
    expect((await get("/account/orders/ord-5001")).status).toBe(200);
    expect((await get("/account/organisation/org-1001/edit")).status).toBe(200);
  });

  it.each(["/account/orders/ord-5101", "/account/orders/ord-5101.data", "/account/orders/ord-5101/calendar.ics", "/account/orders/ord-5201", "/account/organisation/org-3001/edit", "/account/organisation/org-3001/edit.data"])(
    "GET %s is not found",
    async (path) => {
      const answer = await get(path);
      const body = await answer.text();
      expect(answer.status, body.slice(0, 200)).toBe(404);
      expect(body).not.toContain("GV-260601");
    },
  );

  it("a post acting on another organisation's order is refused", async () => {
    const answer = await fetch(`${target.origin}/account/orders/ord-5101`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin" },
      body: "intent=cancel&reason=hostile",
    });
    expect(answer.status).toBe(404);
  });
});
