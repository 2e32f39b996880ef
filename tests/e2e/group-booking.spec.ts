import type { Page } from "@playwright/test";
import { DEMO, expect, logIn, test } from "./fixtures";

// The group flow (tour-operator, other-group): date → activities → times and tickets →
// group details → payment → review → confirmation. The tests share the seeded tour
// operator's booking in progress, so they run one after another; no other spec books as
// this user (orders.spec.ts uses the club account).
test.describe.configure({ mode: "serial" });

const OPERATOR = { email: "operator@example.org", password: DEMO.password };
const VENUE = "venue-york-roman-quarter";

/** A month well ahead (card payment now, no pay-later hold needed), different from other specs. */
function monthAhead(months: number): string {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, 1));
  return d.toISOString().slice(0, 7);
}

async function startAtDate(page: Page, month: string) {
  await page.goto(`/account/book/date?venue=${VENUE}&month=${month}`);
  // A booking left over from an earlier test of this user is discarded first.
  const discard = page.getByRole("button", { name: "Start a new booking" });
  if (await discard.isVisible()) {
    await discard.click();
    await page.goto(`/account/book/date?venue=${VENUE}&month=${month}`);
  }
  await expect(page.getByRole("heading", { level: 1, name: "Choose a museum and a date" })).toBeVisible();
}

/** The value of the first time in a slot select that still has places. */
async function firstOpenTime(page: Page, selectId: string, skip = 0): Promise<string> {
  const values = await page
    .locator(`#${selectId} option:not([disabled])`)
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
  const value = values[skip];
  if (!value) throw new Error(`no open time in #${selectId}`);
  return value;
}

test("a tour operator books a group visit: activities, tickets per time, group details, card payment", async ({ page, axe }) => {
  test.setTimeout(150_000);
  await page.goto("/login?redirectTo=/account/book/date");
  await logIn(page, OPERATOR.email, OPERATOR.password);
  await expect(page).toHaveURL((url) => url.pathname === "/account/book/date");
  await startAtDate(page, monthAhead(4));
  await expect(page.getByRole("navigation", { name: "Booking steps" }).getByText("Activities")).toBeVisible();
  await axe();

  await page.locator("#date-form button.calendar-day.status-available").first().click();
  await expect(page).toHaveURL(/\/account\/book\/group\/activities$/);
  await expect(page).toHaveTitle("Choose activities | Group visits");
  await expect(page.getByRole("heading", { level: 2, name: "Tours" })).toBeVisible();
  await axe();

  // Nothing chosen: the error sits beside the choices.
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page.locator("#activityIds-error")).toContainText("Choose at least one activity");
  await axe();

  await page.getByRole("checkbox", { name: /Roman York walking tour/ }).check();
  await page.getByRole("button", { name: "Save and continue" }).click();

  await expect(page).toHaveURL(/\/account\/book\/group\/capacities$/);
  await expect(page.getByRole("heading", { level: 1, name: "Choose times and tickets" })).toBeVisible();
  await expect(page).toHaveTitle("Choose times and tickets | Group visits");
  await axe();

  // More tickets than a tour takes: the error is beside the time, and what was typed is kept.
  const firstTime = await firstOpenTime(page, "tickets-0-0-slot");
  await page.locator("#tickets-0-0-slot").selectOption(firstTime);
  await page.getByLabel("Adult tickets").first().fill("26");
  await page.getByLabel("Free carer tickets").first().fill("1");
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page.locator("#tickets-0-0-slot-error")).toContainText(/places? left for Roman York walking tour/);
  await expect(page.locator("#tickets-0-0-slot")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Adult tickets").first()).toHaveValue("26");
  await expect(page.locator("#tickets-0-0-slot")).toHaveValue(firstTime);
  await axe();

  // Split the group across two times.
  await page.getByLabel("Adult tickets").first().fill("12");
  await page.getByRole("button", { name: "Add another time for Roman York walking tour" }).click();
  await expect(page.locator("#tickets-0-1-slot")).toBeVisible();
  await expect(page.getByLabel("Adult tickets").first()).toHaveValue("12");
  await page.locator("#tickets-0-1-slot").selectOption(await firstOpenTime(page, "tickets-0-1-slot", 1));
  await page.locator("#tickets-0-1-concession").fill("4");
  await page.getByRole("button", { name: "Save and continue" }).click();

  await expect(page).toHaveURL(/\/account\/book\/group\/details$/);
  await expect(page).toHaveTitle("Group details | Group visits");
  const card = page.getByRole("complementary", { name: "Your booking" });
  await expect(card).toContainText("12 adult");
  await expect(card).toContainText("4 concession");
  // The organiser is suggested as the lead contact.
  await expect(page.getByLabel("Full name")).toHaveValue("Tom Whitaker");
  await axe();

  await page.getByLabel("Mobile number").fill("0113 496 0000");
  await page.getByLabel("Arrival time").fill("10:15");
  await page.getByRole("radio", { name: "Yes" }).check();
  await page.getByLabel("Coach company (optional)").fill("Dales Coaches");
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page.locator("#groupName-error")).toContainText("Enter your group's name");
  await expect(page.locator("#leadMobile-error")).toContainText("Enter a UK mobile number");
  await expect(page.getByLabel("Coach company (optional)")).toHaveValue("Dales Coaches");
  await axe();

  await page.getByLabel("Group name").fill("Whitaker Tours: Roman York day");
  await page.getByLabel("Mobile number").fill("07700 900461");
  await page.getByRole("button", { name: "Save and continue" }).click();

  await expect(page).toHaveURL(/\/account\/book\/payment$/);
  await axe();
  await page.getByRole("radio", { name: "Pay by card now" }).check();
  await page.getByRole("button", { name: "Save and continue" }).click();

  await expect(page).toHaveURL(/\/account\/book\/review$/);
  await expect(page.getByRole("table", { name: /price/i })).toContainText("Roman York walking tour");
  await axe();
  await page.getByLabel("I have read and agree to the terms of booking").check();
  await page.getByRole("button", { name: "Confirm and pay by card" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Pay by card" })).toBeVisible();
  await axe();
  await page.getByRole("button", { name: /^Pay £/ }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Your visit is booked" })).toBeVisible();
  const reference = (await page.locator("strong").filter({ hasText: /^GG-\d+$/ }).first().textContent())!.trim();
  await axe();

  await page.getByRole("link", { name: "View your order" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Order ${reference}` })).toBeVisible();
  await expect(page.getByText("Group visit to York Roman Quarter Museum")).toBeVisible();
  await expect(page.getByText("Confirmed", { exact: true })).toBeVisible();
  await axe();
});

// axe needs script in the page, so this one checks behaviour only (the first test checks every page with axe).
test("the group steps work without JavaScript, and the draft resumes", async ({ browser }) => {
  test.setTimeout(60_000);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/login?redirectTo=/account/book/date");
  await logIn(page, OPERATOR.email, OPERATOR.password);
  await expect(page).toHaveURL((url) => url.pathname === "/account/book/date");
  await startAtDate(page, monthAhead(5));

  await page.locator("#date-form button.calendar-day.status-available").first().click();
  await expect(page).toHaveURL(/\/group\/activities$/);
  await page.getByRole("checkbox", { name: /Roman York walking tour/ }).check();
  await page.getByRole("button", { name: "Save and continue" }).click();

  await expect(page).toHaveURL(/\/group\/capacities$/);
  await page.locator("#tickets-0-0-slot").selectOption(await firstOpenTime(page, "tickets-0-0-slot"));
  await page.getByLabel("Child tickets").first().fill("6");
  // Adding a time is a round trip to the server that keeps what was typed.
  await page.getByRole("button", { name: "Add another time for Roman York walking tour" }).click();
  await expect(page.locator("#tickets-0-1-slot")).toBeVisible();
  await expect(page.getByLabel("Child tickets").first()).toHaveValue("6");
  await page.getByRole("button", { name: "Save and continue" }).first().click();

  await expect(page).toHaveURL(/\/group\/details$/);
  await page.getByLabel("Group name").fill("No-script club");
  await page.getByLabel("Mobile number").fill("07700 900461");
  await page.getByLabel("Arrival time").fill("10:00");
  await page.getByRole("radio", { name: "No" }).check();
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page).toHaveURL(/\/account\/book\/payment$/);

  // Going back shows what was saved: the draft is the gateway's basket.
  await page.goto("/account/book/group/capacities");
  await expect(page.getByLabel("Child tickets").first()).toHaveValue("6");
  await page.goto("/account/book/group/details");
  await expect(page.getByLabel("Group name")).toHaveValue("No-script club");
  await expect(page.getByRole("radio", { name: "No" })).toBeChecked();

  // A group user sent to the standard flow's steps lands on their own flow's step.
  await page.goto("/account/book/information");
  await expect(page).not.toHaveURL(/\/information$/);

  await page.getByRole("button", { name: "Start a new booking" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/account/book/date");
  await context.close();
});
