import type { Page } from "@playwright/test";
import { DEMO, expect, logIn, test } from "./fixtures";
import { waitForHydration } from "./registration-support";

// A form post whose body the server cannot read as a form: something between the browser
// and the site (a proxy, an extension) changed its type. The server refuses it before any
// action runs (app/forms/form-posts.server.ts), with a page that says what to do.

const UNREADABLE = "We could not read what was sent. Go back, check the form and send it again.";

/** Makes login posts (as a document, or as the router's login.data) arrive with this Content-Type. */
async function postLoginAs(page: Page, contentType: string) {
  await page.route(/\/login(\.data)?$/, (route) =>
    route.request().method() === "POST"
      ? route.continue({ headers: { ...route.request().headers(), "content-type": contentType } })
      : route.continue(),
  );
}

interface Refusal {
  contentType: string;
  status: number;
}

/**
 * Logs in with the post altered; expects the error page with its status, then logs in for
 * real. `axe` is given where JavaScript runs (axe needs it), and the router posts login.data.
 */
async function refusedThenLogIn(page: Page, { contentType, status }: Refusal, axe: (() => Promise<void>) | null) {
  await postLoginAs(page, contentType);
  const [response] = await Promise.all([
    page.waitForResponse((r) => /\/login(\.data)?$/.test(r.url()) && r.request().method() === "POST"),
    logIn(page),
  ]);
  expect(response.status()).toBe(status);
  expect(response.url().endsWith("/login.data")).toBe(axe !== null);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(UNREADABLE);
  await expect(page.getByText(`Error ${status}`)).toBeVisible();
  if (axe) await axe();

  // Nothing happened: not logged in. Sent again as the browser sends it, it works.
  await page.unrouteAll();
  await page.goto("/login");
  await logIn(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/account$/);
}

for (const { what, ...refusal } of [
  { status: 415, contentType: "text/plain", what: "not a form at all" },
  { status: 400, contentType: "multipart/form-data; boundary=not-the-one-used", what: "a form that cannot be parsed" },
]) {
  test(`a post that is ${what} gets a ${refusal.status} page saying what to do, and the form works again`, async ({ page, axe }) => {
    await page.goto("/login");
    await waitForHydration(page);
    await refusedThenLogIn(page, refusal, axe);
  });

  test(`without JavaScript, a post that is ${what} gets the same ${refusal.status} page`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto("/login");
    await refusedThenLogIn(page, refusal, null);
    await context.close();
  });
}
