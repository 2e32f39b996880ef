import { describe, expect, it } from "vitest";
import { FORM_UNREADABLE, formPostsOnly } from "./form-posts.server";

function run(path: string, init: RequestInit = {}) {
  const url = new URL(path, "http://localhost");
  const request = new Request(url, init);
  return Promise.resolve(formPostsOnly({ request, url, params: {}, context: {} as never, pattern: "/" } as never, (() => Promise.resolve(new Response())) as never));
}

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as { data: unknown; init: { status: number } };
  }
  return undefined;
}

describe("form posts only", () => {
  it("lets reads, forms and the search endpoint's JSON through", async () => {
    await expect(run("/account")).resolves.toBeUndefined();
    await expect(run("/login", { method: "POST", body: new URLSearchParams({ email: "a" }) })).resolves.toBeUndefined();
    const form = new FormData();
    form.set("email", "a");
    await expect(run("/login", { method: "POST", body: form })).resolves.toBeUndefined();
    await expect(run("/1/indexes/*/queries", { method: "POST", body: "{}", headers: { "Content-Type": "text/plain" } })).resolves.toBeUndefined();
  });

  it("refuses a post that is not a form with 415 and a message, rather than a 500 inside the action", async () => {
    for (const init of [{ body: "{}", headers: { "Content-Type": "application/json" } }, { body: "email=a", headers: { "Content-Type": "text/plain" } }, {}]) {
      const error = await refusal(run("/account/book/date", { method: "POST", ...init }));
      expect(error).toMatchObject({ data: FORM_UNREADABLE, init: { status: 415 } });
    }
  });

  it("refuses a multipart body that does not parse with 400", async () => {
    const error = await refusal(run("/login", { method: "POST", body: "garbage", headers: { "Content-Type": "multipart/form-data; boundary=nothing" } }));
    expect(error).toMatchObject({ data: FORM_UNREADABLE, init: { status: 400 } });
  });
});
