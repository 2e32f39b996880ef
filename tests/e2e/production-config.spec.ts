import { DEMO, expect, logIn, test } from "./fixtures";
import { ownServerOnServicesForFile } from "./server-process";

// The main e2e server is a test environment (ENVIRONMENT_LABEL=TEST, the test tag manager
// container). This file starts the same build configured as production is: its own
// SESSION_SECRET, no GTM_ID, and a gateway and CMS over HTTP (the mock backend in a process
// of its own: production refuses the embedded default, ADR 30), so what only production
// does is seen in a browser too.
const PORT = Number(process.env.E2E_PORT ?? 3100) + 60;
const baseURL = ownServerOnServicesForFile(60, {
  ENVIRONMENT_LABEL: "production",
  SESSION_SECRET: "production-like-secret-for-the-e2e-run-only",
  // Required in production: the origin browsers reach the site at (server/options.ts).
  PUBLIC_ORIGIN: `http://127.0.0.1:${PORT}`,
});
const SESSION_COOKIE = "__Host-ticketing_session_qa";

test.describe.configure({ mode: "serial" });
test.use({ baseURL });

test("without GTM_ID no tag manager is loaded or allowed, HSTS is sent, and no environment banner shows", async ({ page, axe }) => {
  const tagManagerRequests: string[] = [];
  page.on("request", (r) => r.url().includes("googletagmanager") && tagManagerRequests.push(r.url()));
  const response = await page.goto("/");
  const headers = response!.headers();
  expect(headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  expect(headers["content-security-policy"]).not.toContain("googletagmanager");

  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator('script[src*="googletagmanager"]')).toHaveCount(0);
  await expect(page.locator("#gtm-bootstrap")).toHaveCount(0);
  await expect(page.getByRole("note", { name: "Environment" })).toHaveCount(0);
  await axe();

  // Consenting to cookies does not bring the tag manager in either.
  await page.getByRole("button", { name: "Accept cookies" }).click();
  await expect(page.getByRole("button", { name: "Accept cookies" })).toHaveCount(0);
  // The notice goes at once; the answer that sets the cookie may come a moment later. In
  // production it is Secure and __Host- prefixed, like the session's.
  const consent = async () => (await page.context().cookies()).find((c) => c.name.endsWith("cookie_consent"));
  await expect.poll(async () => (await consent())?.name).toBe("__Host-cookie_consent");
  expect(await consent()).toMatchObject({ secure: true, httpOnly: true, sameSite: "Lax", path: "/", domain: "127.0.0.1" });
  await page.goto("/login");
  await expect(page.locator('script[src*="googletagmanager"]')).toHaveCount(0);
  expect(tagManagerRequests).toEqual([]);
});

test("the session cookie is __Host- prefixed, Secure, httpOnly and SameSite=Lax, and logging in and out works", async ({ page, context }) => {
  await page.goto("/login");
  await logIn(page);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  await expect(page.getByText(DEMO.firstName).first()).toBeVisible();

  const cookies = await context.cookies();
  const session = cookies.find((c) => c.name === SESSION_COOKIE);
  expect(session, `cookies: ${cookies.map((c) => c.name).join(", ")}`).toMatchObject({
    secure: true,
    httpOnly: true,
    sameSite: "Lax",
    path: "/",
    domain: "127.0.0.1", // host-only: no Domain attribute, as the prefix requires
  });
  expect(cookies.some((c) => c.name === "ticketing_session_qa")).toBe(false);

  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await context.cookies()).find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
});
