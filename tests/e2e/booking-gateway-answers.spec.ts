import { VENUES, bookToReview, breadcrumb, expectStep, freeVisitPastSchedule, logInAs, monthAhead, saveAndContinue, startAt } from "./booking-support";
import { CONTROLLED_USERS, HOLD_SECONDS } from "./embedded-controls";
import { expect, test } from "./fixtures";

// The booking pages made for the gateway's less usual answers, in a browser: places that
// could not be held on the way to review, a hold that runs out while the user is on review,
// and a free visit whose payment "none" could not be saved on the way
// (app/booking/continue.server.ts). The embedded default gives those answers only to the
// users its test controls name (tests/e2e/embedded-controls.ts; ADR 28). Each test has its
// own user, venue and month, as in booking.spec.ts, and makes no order.

const holding = /We are holding your places until \d\d:\d\d/;

test("places not held on the way to review: review says so, and its button holds them", async ({ page, axe }) => {
  test.setTimeout(120_000);
  await logInAs(page, CONTROLLED_USERS.unheld);
  await startAt(page, VENUES.natural, monthAhead(3));
  await bookToReview(page, {
    day: 1, group: { bands: { "aged 11–16": 20 }, adults: 2, lunch: false }, activity: "Planetarium show", people: 22, payment: "Pay by invoice",
  });

  const notHeld = page.getByRole("form", { name: /^Your places are not held yet\./ });
  await expect(notHeld).toContainText("Your places are not held yet. Hold them while you check your booking.");
  await expect(page.getByText(holding)).toHaveCount(0);
  await expect(page.getByText(/ran out/)).toHaveCount(0);
  // Nothing is in the way of booking: the places are held when it is confirmed.
  await expect(page.getByRole("button", { name: "Confirm booking" })).toBeEnabled();
  await axe();

  await notHeld.getByRole("button", { name: "Hold my places" }).click();
  await expect(page.getByText(/We are holding your places until \d\d:\d\d \(1[45] minutes left\)/)).toBeVisible();
  await expect(notHeld).toHaveCount(0);
  // Held for the first time, not again: no word of a lapse.
  await expect(page.getByText(/ran out/)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Extend the hold" })).toBeVisible();
  await axe();

  // The gateway holds them: a reload shows the same hold.
  const until = await page.getByText(holding).locator("strong").textContent();
  await page.reload();
  await expect(page.getByText(holding).locator("strong")).toHaveText(until!);
  await expect(page.getByRole("button", { name: "Hold my places" })).toHaveCount(0);
});

test("a hold that runs out while the user is on review: the timer says so, and its button holds the places again", async ({ page, axe }) => {
  test.setTimeout(120_000);
  await logInAs(page, CONTROLLED_USERS.lapse);
  await startAt(page, VENUES.colour, monthAhead(2));
  await bookToReview(page, {
    day: 1, group: { bands: { "aged 5–11": 12 }, adults: 2, lunch: false }, activity: "Dyes and pattern", people: 12, payment: "Pay by invoice",
  });

  // Held, briefly: the countdown, and the warning that offers to extend it.
  await expect(page.getByText(/We are holding your places until \d\d:\d\d \(1 minute left\)/)).toBeVisible();
  await expect(page.getByRole("alert")).toHaveText("Your hold ends in less than 1 minute. You can extend it once more.");

  // The timer looks every 15 seconds; the gateway's hold has ended when the browser's clock says so.
  const again = page.getByRole("button", { name: "Hold my places again" });
  await expect(again).toBeVisible({ timeout: (HOLD_SECONDS + 30) * 1000 });
  await expect(page.getByText(/^Your places were held until \d\d:\d\d\. The hold has ended: hold them again if they are still free\. Nothing you chose is lost\.$/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Extend the hold" })).toHaveCount(0);
  await expect(page.getByRole("alert")).toHaveCount(0);
  await axe();

  await again.click();
  await expect(page.getByRole("status").filter({ hasText: "The time we held your places for ran out, so we have held them again." })).toBeVisible();
  await expect(page.getByText(/We are holding your places until \d\d:\d\d \(1[4-6] minutes left\)/)).toBeVisible();
  await expect(again).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Extend the hold" })).toBeVisible();
  await axe();

  // Held by the gateway for the usual time now: a reload shows the hold, not a lapse.
  await page.reload();
  await expect(page.getByText(/We are holding your places until \d\d:\d\d \(1[45] minutes left\)/)).toBeVisible();
  await expect(page.getByText(/ran out|has ended/)).toHaveCount(0);
});

test("a free visit whose payment could not be saved on the way: the payment step asks, and saving it goes on to review", async ({ page, axe }) => {
  test.setTimeout(120_000);
  await freeVisitPastSchedule(page, CONTROLLED_USERS.freeFail, monthAhead(1));

  await expectStep(page, "payment", "Payment");
  await expect(page.getByRole("heading", { level: 1, name: "How would you like to pay?" })).toBeVisible();
  await expect(page.getByText("There is nothing to pay for this visit.")).toBeVisible();
  await expect(page.getByRole("radio")).toHaveCount(0);
  await expect(page.getByRole("complementary", { name: "Your booking" })).toContainText("£0.00");
  await axe();
  // Still at payment on a reload: nothing was saved by viewing it.
  await page.reload();
  await expectStep(page, "payment", "Payment");

  await saveAndContinue(page);
  await expectStep(page, "review", "Check and book your visit");
  await expect(page.getByText(holding)).toBeVisible();
  await expect(breadcrumb(page).getByText("Payment")).toHaveCount(0);
  await expect(page.getByRole("table", { name: "Price" }).locator("tfoot")).toContainText("£0.00");
  await expect(page.getByRole("link", { name: "Change how you pay" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Confirm booking" })).toBeEnabled();
  await axe();
  // Payment cannot be reached any more: "none" is saved.
  await page.goto("/account/book/payment");
  await expect(page).toHaveURL(/\/account\/book\/review$/);
});
