import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { userContext } from "../session/context";
import { saveDraft } from "../registration/draft.server";
import { registration } from "./registration";

async function run(path: string, { cookie = "", user = null as unknown }: { cookie?: string; user?: unknown } = {}) {
  const context = new RouterContextProvider();
  context.set(userContext, user as never);
  const url = new URL(path, "http://localhost");
  const request = new Request(url, { headers: cookie ? { Cookie: cookie } : {} });
  try {
    await registration({ request, url, params: {}, context, pattern: "/" } as never, (() => Promise.resolve(new Response("ok"))) as never);
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get("Location");
    throw thrown;
  }
}

const cookieFor = async (draft: Parameters<typeof saveDraft>[0]) => (await saveDraft(draft)).split(";")[0]!;

describe("registration guard", () => {
  it("sends logged-in users to their account", async () => {
    expect(await run("/registration", { user: { id: "usr-1001" } })).toBe("/account");
    expect(await run("/registration/education/review", { user: { id: "usr-1001" } })).toBe("/account");
  });

  it("lets anyone start", async () => {
    expect(await run("/registration")).toBeNull();
    expect(await run("/registration/education/organisation")).toBeNull();
    expect(await run("/registration/education/organisation/edit")).toBeNull();
  });

  it("sends a later step to the first missing one", async () => {
    expect(await run("/registration/education/user/edit")).toBe("/registration/education/organisation");
    expect(await run("/registration/education/review")).toBe("/registration/education/organisation");
    const picked = await cookieFor({ group: "education", organisationId: "org-1002" });
    expect(await run("/registration/education/user/edit", { cookie: picked })).toBeNull();
    expect(await run("/registration/education/review", { cookie: picked })).toBe("/registration/education/user/edit");
  });

  it("leaves an unknown group type to the layout's 404", async () => {
    expect(await run("/registration/pirates/review")).toBeNull();
  });
});
