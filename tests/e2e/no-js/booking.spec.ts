import {
  PASSWORD,
  VENUES,
  acceptTermsAndConfirm,
  activityRow,
  chooseDay,
  chooseSlot,
  expectStep,
  monthAhead,
  openSlots,
  saveAndContinue,
  startAt,
  toMinutes,
} from "../booking-support";
import { expect, logIn, test } from "../fixtures";

// A visit booking with JavaScript off (this project's setting): the museum, the day and
// every step are submit buttons of forms posting to their route actions; errors come back
// from the server beside the fields. The group flow's no-JavaScript test stays in
// group-booking.spec.ts, serial with the other tests of its shared tour operator.

test("every step works without JavaScript: forms post to their route actions", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/login");
  await logIn(page, "booking.nojs@example.org", PASSWORD);
  await expect(page).toHaveURL(/\/account$/);
  await startAt(page, VENUES.colour, monthAhead(3));

  // Another museum, chosen with the form's button; then a day (a submit button).
  await page.getByRole("radio", { name: /York Roman Quarter Museum/ }).check();
  await page.getByRole("button", { name: "Show dates for this museum" }).click();
  await expect(page).toHaveURL(/venue=venue-york-roman-quarter/);
  await page.getByRole("link", { name: /Next month/ }).click();
  await chooseDay(page, 1);

  // Errors come back from the server beside the fields, with what was typed.
  await page.getByLabel("Pupils aged 5–11").fill("9");
  await page.getByLabel("Supervising adults").fill("1");
  await page.getByRole("radio", { name: "No" }).check();
  await saveAndContinue(page);
  await expect(page.locator("#adults-error")).toContainText("Add 1 more adult for up to 8 more pupils aged 5–11");
  await expect(page.getByLabel("Pupils aged 5–11")).toHaveValue("9");
  await page.getByLabel("Supervising adults").fill("2");
  await saveAndContinue(page);

  // Two clashing choices are refused by the server's own check, choices kept.
  await expectStep(page, "schedule", "Plan your day");
  const dig = await chooseSlot(page, "Archaeology dig", 9);
  const clash = (await openSlots(activityRow(page, "Viking Jorvik storytelling"))).find(
    (s) => s.places >= 9 && toMinutes(s.start) < toMinutes(dig.end) && toMinutes(s.end) > toMinutes(dig.start),
  );
  if (clash) {
    await chooseSlot(page, "Viking Jorvik storytelling", 9, [], (await openSlots(activityRow(page, "Viking Jorvik storytelling"))).indexOf(clash));
    await saveAndContinue(page);
    await expect(activityRow(page, "Viking Jorvik storytelling").locator(".field-error").first()).toContainText("clashes with");
    await expect(page.getByText(/Clash: overlaps/).first()).toBeVisible();
    await activityRow(page, "Viking Jorvik storytelling").getByRole("radio", { name: "Not booked" }).check();
  }
  await saveAndContinue(page);

  await expectStep(page, "payment", "Payment");
  await page.getByRole("radio", { name: "Pay by card now" }).check();
  await saveAndContinue(page);
  await expectStep(page, "review", "Check and book your visit");
  await acceptTermsAndConfirm(page, /^Confirm and pay by card$/);
  await expect(page).toHaveURL(/\/hosted-payment\//);
  await page.getByRole("button", { name: /^Cancel/ }).click();
  await expectStep(page, "payment", "Payment");
  await expect(page.getByText("Your card payment was cancelled.")).toBeVisible();
  await saveAndContinue(page);
  await acceptTermsAndConfirm(page, /^Confirm and pay by card$/);
  await page.getByRole("button", { name: /^Pay £/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your visit is booked" })).toBeVisible();
});
