import { VENUES, bookToReview, logInAs, monthAhead, startAt } from "./booking-support";
import { expect, test } from "./fixtures";
import { ownServerForFile } from "./server-process";

// The review page's hold where the user is (issue 25, WCAG 2.2.1; ADR 35), on a server of
// its own whose mock gateway holds this user's first places for 100 seconds (a test
// control, ADR 28, set through the environment): the warning is due as review opens.
const USER = "booking.card@example.org";
const baseURL = ownServerForFile(85, {
  EMBEDDED_TEST_CONTROLS: JSON.stringify({ [USER]: { firstHoldSeconds: 100 } }),
  RATE_LIMIT_LOGIN: "10000/60",
});
test.use({ baseURL });

test("the hold's warning is by the confirm button and announced; one button makes the running hold last 2 hours 30 minutes", async ({ page, axe }) => {
  test.setTimeout(120_000);
  await logInAs(page, USER);
  await startAt(page, VENUES.colour, monthAhead(2));
  await bookToReview(page, {
    day: 1, group: { bands: { "aged 5–11": 12 }, adults: 2, lunch: false }, activity: "Dyes and pattern", people: 12, payment: "Pay by invoice",
  });

  // Where the user is when they finish: the terms box and the confirm button.
  const warning = /^Your hold ends in less than [12] minutes?\. You can extend it once more\.$/;
  await page.getByLabel("I have read and agree to the terms of booking").check();
  const confirm = page.getByRole("button", { name: "Confirm booking" });
  await confirm.scrollIntoViewIfNeeded();
  const reminder = page.locator("#hold-reminder");
  await expect(reminder.locator("strong")).toHaveText(warning);
  await expect(reminder).toBeInViewport();
  await expect(confirm).toBeInViewport();
  await expect(page.locator("#hold-timer")).not.toBeInViewport();
  // Announced once, whatever is on screen.
  await expect(page.getByRole("alert")).toHaveText(warning);
  await expect(reminder.getByRole("button", { name: "Extend the hold" })).toBeVisible();
  await axe();

  // One button by the confirm button: this hold, and those of later bookings, last 2 hours 30 minutes.
  await reminder.getByRole("button", { name: "Keep my places for 2 hours 30 minutes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "We will hold your places for 2 hours 30 minutes" })).toBeVisible();
  await expect(page.getByText(/We are holding your places until \d\d:\d\d \((14\d|150) minutes left\)/)).toBeVisible();
  await expect(page.locator("#hold-reminder")).toHaveText(/^Your places are held until \d\d:\d\d\.$/);
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Keep my places for 2 hours 30 minutes" })).toHaveCount(0);
  await axe();
  // The terms box is as the user left it.
  await expect(page.getByLabel("I have read and agree to the terms of booking")).toBeChecked();

  // It is the user's setting now, for the bookings after this one.
  await page.goto("/account/user/edit");
  await expect(page.getByRole("checkbox", { name: /I need more time to book/ })).toBeChecked();
});
