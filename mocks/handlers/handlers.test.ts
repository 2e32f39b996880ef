import { getResponse } from "msw";
import { describe, expect, it } from "vitest";
import { DEMO_USER, createBackend } from "../backend";
import { CACHE_CONTROL, cmsHandlers } from "./cms";
import { gatewayHandlers } from "./gateway";

// What the handlers add to the backend's answers, as contracts/*.yaml 1.1.0 documents it:
// the CMS's caching headers and 304, and an Idempotency-Key honoured by createBasket
// (docs/decisions/0015-contract-completeness.md).

const CMS = "https://cms.test/groups/api/v1";
const GATEWAY = "https://gateway.test/qa";

describe("CMS public reads", () => {
  const handlers = cmsHandlers(CMS, createBackend());
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await getResponse(handlers, new Request(`${CMS}${path}`, { headers }));
    if (!response) throw new Error(`No handler for ${path}`);
    return response;
  };

  it("say how long they may be cached, with an ETag that follows the body", async () => {
    const site = await get("/site");
    expect(site.headers.get("Cache-Control")).toBe(CACHE_CONTROL);
    expect(site.headers.get("ETag")).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect((await get("/site")).headers.get("ETag")).toBe(site.headers.get("ETag"));
    expect((await get("/pages/home")).headers.get("ETag")).not.toBe(site.headers.get("ETag"));
  });

  it("answer 304 without a body when If-None-Match names the current ETag, and 200 otherwise", async () => {
    const etag = (await get("/group-types")).headers.get("ETag") ?? "";
    const cached = await get("/group-types", { "If-None-Match": `"stale", W/${etag}` });
    expect(cached.status).toBe(304);
    expect(cached.headers.get("ETag")).toBe(etag);
    expect(await cached.text()).toBe("");
    const stale = await get("/group-types", { "If-None-Match": '"stale"' });
    expect(stale.status).toBe(200);
    expect(await stale.json()).toHaveProperty("items");
  });

  it("send no caching headers with a problem", async () => {
    const missing = await get("/pages/no-such-page");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("ETag")).toBeNull();
  });
});

describe("createBasket with an Idempotency-Key", () => {
  const setup = () => {
    const backend = createBackend();
    backend.createSession(DEMO_USER.id, "token-basket");
    const handlers = gatewayHandlers(GATEWAY, backend);
    return (body: unknown, key?: string) =>
      getResponse(handlers, new Request(`${GATEWAY}/baskets`, {
        method: "POST",
        headers: { Authorization: "Bearer token-basket", "Content-Type": "application/json", ...(key ? { "Idempotency-Key": key } : {}) },
        body: JSON.stringify(body),
      })).then(async (r) => ({ status: r?.status, replayed: r?.headers.get("Idempotent-Replayed"), body: (await r?.json()) as { id?: string; code?: string } }));
  };

  it("answers a retry with the same key and body with the first draft, marked as replayed", async () => {
    const create = setup();
    const first = await create({ kind: "visit" }, "key-1");
    expect(first).toMatchObject({ status: 201, replayed: null });
    const retry = await create({ kind: "visit" }, "key-1");
    expect(retry).toMatchObject({ status: 201, replayed: "true", body: { id: first.body.id } });
  });

  it("refuses the same key with another body, and makes a new draft each time without a key", async () => {
    const create = setup();
    await create({ kind: "visit" }, "key-2");
    expect(await create({ kind: "group-visit" }, "key-2")).toMatchObject({ status: 422, body: { code: "idempotency_key_reused" } });
    const a = await create({ kind: "visit" });
    const b = await create({ kind: "visit" });
    expect(a.body.id).not.toBe(b.body.id);
  });
});
