import type { Page } from "@playwright/test";
import { PASSWORD, VENUES, chooseDay, expectStep, fillInformation, logInAs, monthAhead, saveAndContinue, startAt } from "./booking-support";
import { CONTROLLED_USERS } from "./embedded-controls";
import { expect, logIn, test } from "./fixtures";

// The AWS API Gateway in front of the gateway may refuse a call itself (403, 413 or 429, with
// its `{"message"}` body, contracts/gateway.yaml): nothing the user can fix but try again
// (app/api/result.server.ts, ADR 21). The embedded default refuses only the users its test
// controls name, the first call of an operation in each of their sessions
// (tests/e2e/embedded-controls.ts; ADR 28), so each test logs in afresh and meets the refusal
// once. The texts are the app's (app/api/result.server.ts, app/components/error-page.tsx).

// A link's prefetch would make the session's first call of an operation before the page
// does, and meet the refusal meant for the page: these tests browse as a visitor with the
// data saver on, for whom nothing is prefetched (app/shell/prefetch.ts, ADR 37).
test.beforeEach(async ({ page }) => {
  const session = await page.context().newCDPSession(page);
  await session.send("Emulation.setDataSaverOverride" as never, { dataSaverEnabled: true } as never);
});

const THROTTLED = "The booking service is busy right now. Please try again shortly.";
const REFUSED = "The booking service refused this request. Please try again; if it keeps happening, contact us.";

/** The app's error page for an upstream failure: its status, its message as the heading, and what to do. */
async function expectErrorPage(page: Page, status: number, message: string) {
  const section = page.getByRole("region", { name: message });
  await expect(section.getByText(`Error ${status}`, { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(message);
  await expect(section.getByText("Please try again. If it keeps happening, go to the home page.")).toBeVisible();
  await expect(section.getByRole("link", { name: "go to the home page" })).toHaveAttribute("href", "/");
}

/** The error page's "try again": the same address, loaded afresh. */
async function tryAgain(page: Page) {
  const url = page.url();
  await Promise.all([page.waitForEvent("load"), page.getByRole("link", { name: "try again" }).click()]);
  expect(page.url()).toBe(url);
}

async function acceptCookies(page: Page) {
  const accept = page.getByRole("button", { name: "Accept cookies" });
  if (await accept.isVisible()) await accept.click();
}

test("a page whose call the API Gateway throttles is the 429 error page; trying again shows the page", async ({ page, axe }) => {
  // Logged in on a page that lists no orders, so the orders page makes the session's first listOrders.
  await page.goto(`/login?redirectTo=${encodeURIComponent("/account/user/edit")}`);
  await logIn(page, CONTROLLED_USERS.ordersThrottled, PASSWORD);
  await expect(page).toHaveURL(/\/account\/user\/edit$/);
  await acceptCookies(page);

  const refused = await page.goto("/account/orders");
  expect(refused?.status()).toBe(429);
  await expectErrorPage(page, 429, THROTTLED);
  await expect(page.getByRole("heading", { name: "Your orders" })).toHaveCount(0);
  await axe();

  // The refusal was the API Gateway's, once: the same page again is the orders.
  await tryAgain(page);
  await expect(page.getByRole("heading", { level: 1, name: "Your orders" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Upcoming visits" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Past visits" })).toBeVisible();
  await expect(page.getByText(THROTTLED)).toHaveCount(0);
  await axe();
});

test("logging in to an account page whose call is throttled shows the error page in the browser; trying again shows the account", async ({ page, axe }) => {
  // Logging in goes on to the account page, whose loader lists the upcoming orders: its first listOrders.
  await page.goto("/login");
  await logIn(page, CONTROLLED_USERS.ordersThrottled, PASSWORD);
  await expect(page).toHaveURL(/\/account$/);
  await expectErrorPage(page, 429, THROTTLED);
  await axe();

  await tryAgain(page);
  await expect(page.getByRole("heading", { level: 2, name: "Recent orders" })).toBeVisible();
  await acceptCookies(page);
  await page.getByRole("link", { name: "See all your orders" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your orders" })).toBeVisible();
  await expect(page.getByText(THROTTLED)).toHaveCount(0);
});

test("a booking step whose save the API Gateway refuses says so at the top of its form, keeping what was typed; saving again goes on", async ({ page, axe }) => {
  test.setTimeout(90_000);
  await logInAs(page, CONTROLLED_USERS.informationRefused);
  await startAt(page, VENUES.colour, monthAhead(4));
  await chooseDay(page, 0);
  await fillInformation(page, { bands: { "aged 5–11": 24, "aged 11–16": 6 }, adults: 4, lunch: false, arrival: "10:30" });
  const notes = page.getByLabel("Notes for the bookings team (optional)");
  await notes.fill("Two of our pupils use wheelchairs; we come by coach.");

  const [save] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/account/book/information")),
    saveAndContinue(page),
  ]);
  expect(save.status()).toBe(403);

  // Still the information step, the API Gateway's refusal at the top of the form, in the app's words.
  await expectStep(page, "information", "About your group");
  const alert = page.getByRole("alert");
  await expect(alert).toHaveText(REFUSED);
  await expect(alert.getByRole("link")).toHaveCount(0);
  // Not the gateway's own refusal of a field: nothing beside the fields.
  await expect(page.locator(".field-error")).toHaveCount(0);
  await expect(page.getByLabel("Pupils aged 5–11")).toHaveValue("24");
  await expect(page.getByLabel("Pupils aged 11–16")).toHaveValue("6");
  await expect(page.getByLabel("Supervising adults")).toHaveValue("4");
  await expect(page.getByRole("group", { name: /packed lunch/ }).getByRole("radio", { name: "No" })).toBeChecked();
  await expect(page.getByLabel("Arrival time")).toHaveValue("10:30");
  await expect(notes).toHaveValue("Two of our pupils use wheelchairs; we come by coach.");
  await axe();

  // Refused once: the same form, sent again, is saved.
  await saveAndContinue(page);
  await expectStep(page, "schedule", "Plan your day");
  await expect(page.getByText(REFUSED)).toHaveCount(0);
  await page.goto("/account/book/information");
  await expectStep(page, "information", "About your group");
  await expect(page.getByLabel("Supervising adults")).toHaveValue("4");
  await expect(page.getByLabel("Notes for the bookings team (optional)")).toHaveValue("Two of our pupils use wheelchairs; we come by coach.");
});
