import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { DEMO_USER } from "./backend";
import { startEmbeddedBackend, type EmbeddedBackend } from "./server";

const gatewayBaseUrl = "https://abc123defg.execute-api.eu-west-1.amazonaws.com/qa";
const cmsBaseUrl = "https://cms.example.org/groups/api/v1";
let embedded: EmbeddedBackend;

beforeAll(() => {
  embedded = startEmbeddedBackend({ gatewayBaseUrl, cmsBaseUrl, onUnhandledRequest: "error" });
});
afterAll(() => embedded.close());

it("answers the process's gateway and CMS calls in memory", async () => {
  const login = await fetch(`${gatewayBaseUrl}/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: DEMO_USER.email, password: DEMO_USER.password }),
  });
  expect(login.status).toBe(200);
  const { token } = (await login.json()) as { token: string };
  expect(embedded.backend.authenticate(token)?.email).toBe(DEMO_USER.email);

  const page = await fetch(`${cmsBaseUrl}/pages/home`);
  expect(await page.json()).toMatchObject({ slug: "home" });
});

it("does not answer paths outside the base URL's prefix", async () => {
  vi.spyOn(console, "error").mockImplementation(() => {}); // msw reports the unhandled request
  await expect(fetch("https://abc123defg.execute-api.eu-west-1.amazonaws.com/prod/users/me")).rejects.toThrow();
});
