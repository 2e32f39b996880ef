import type { Browser, Locator, Page } from "@playwright/test";
import {
  PASSWORD,
  VENUES,
  monthAhead,
  logInAs,
  startAt,
  chooseDay,
  fillInformation,
  freeVisitPastSchedule,
  openSlots,
  activityRow,
  chooseSlot,
  saveAndContinue,
  acceptTermsAndConfirm,
  breadcrumb,
  expectStep,
  bookToReview,
} from "./booking-support";
import { expect, expectNoSidewaysScroll, expectOnOneLine, logIn, test } from "./fixtures";

// The standard booking flow (education and home-education): date → information →
// schedule → payment → review → confirmation. Each test books as its own seeded user
// (mocks/backend/seed.ts, BOOKING_E2E_USERS), at its own school, and on its own venue and
// month, so tests running in parallel on one backend never share a basket, an order list
// or (except where a test means it) the places in a slot. Without JavaScript: no-js/booking.spec.ts.

const USERS = {
  invoice: "booking.invoice@example.org",
  card: "booking.card@example.org",
  declined: "booking.declined@example.org",
  double: "booking.double@example.org",
  resume: "booking.resume@example.org",
  ratio: "booking.ratio@example.org",
  soldOut: "booking.soldout@example.org",
  rival: "booking.rival@example.org",
  free: "booking.free@example.org",
  keys: "booking.keys@example.org",
  moreTime: "booking.moretime@example.org",
} as const;

test("a school books by invoice with a purchase order number", async ({ page, axe }) => {
  test.setTimeout(120_000);
  await logInAs(page, USERS.invoice);
  await startAt(page, VENUES.natural, monthAhead(2));
  await expectStep(page, "date", "Choose a date");
  await expect(breadcrumb(page).locator('[aria-current="step"]')).toHaveText("Date");
  await axe();
  await expectNoSidewaysScroll(page);

  const date = await chooseDay(page, 1);
  await expectStep(page, "information", "About your group");
  await expect(breadcrumb(page).getByRole("link", { name: /Date/ })).toHaveAttribute("href", "/account/book/date");
  await axe();
  await fillInformation(page, { bands: { "aged 16–18": 25 }, adults: 1, lunch: true });
  await page.getByRole("checkbox", { name: /quiet room/ }).check();
  await page.getByLabel("Notes for the bookings team (optional)").fill("A-level physics group.");
  await expect(page.locator("#ratio-check [role=status]")).toContainText("1 adult is enough for 25 pupils");
  await saveAndContinue(page);

  await expectStep(page, "schedule", "Plan your day");
  await axe();
  const show = await chooseSlot(page, "Planetarium show", 26);
  await chooseSlot(page, "Lunch space", 26, [show]);
  await expect(page.locator(".day-timeline [role=status]")).toHaveText("2 activities, no clashes.");
  await saveAndContinue(page);

  await expectStep(page, "payment", "Payment");
  await axe();
  await page.getByRole("radio", { name: "Pay by invoice" }).check();
  await page.getByLabel("Purchase order number (optional, invoice only)").fill("PO-2027-118");
  await saveAndContinue(page);

  await expectStep(page, "review", "Check and book your visit");
  await expect(page.getByText(/We are holding your places until \d\d:\d\d/)).toBeVisible();
  // Where to ask for longer holds (WCAG 2.2.1), before the next one.
  await expect(page.getByRole("link", { name: "your details", exact: true })).toHaveAttribute("href", "/account/user/edit");
  const price = page.getByRole("table", { name: "Price" });
  await expect(price).toContainText("Supervising adults within the ratios (free)");
  await expect(price).toContainText("Planetarium show");
  await expect(price.locator("tfoot")).toContainText("£87.50");
  // The review and the card beside it say the same (one view of the booking).
  await expect(page.getByRole("region", { name: "Your visit" }).getByText("Invoice, purchase order PO-2027-118")).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Your booking" }).getByText("Invoice, purchase order PO-2027-118")).toBeVisible();
  await axe();
  await expectNoSidewaysScroll(page);

  // The hold can be extended once (WCAG 2.2.1).
  await page.getByRole("button", { name: "Extend the hold" }).click();
  await expect(page.getByText("We have extended the time we hold your places.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Extend the hold" })).toHaveCount(0);
  await expect(page.getByText("The hold has already been extended once.")).toBeVisible();

  // Terms not accepted: said beside the box.
  await page.getByRole("button", { name: "Confirm booking" }).click();
  await expect(page.locator("#acceptTerms-error")).toContainText("Tick the box to agree to the terms of booking");
  await axe();
  await acceptTermsAndConfirm(page, /^Confirm booking$/);

  await expect(page).toHaveURL(/\/account\/book\/confirmation\?orderId=/);
  await expect(page).toHaveTitle(/^Booking GV-\d+ \| Group visits$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your visit is booked" })).toBeVisible();
  const referenceText = page.locator("strong", { hasText: /^GV-\d+$/ });
  const reference = (await referenceText.textContent())!;
  await expectOnOneLine(page, referenceText);
  await expect(page.getByText(/We will send an invoice for £87\.50 .* quoting purchase order PO-2027-118/)).toBeVisible();
  const calendar = page.getByRole("link", { name: "Add to calendar" });
  await expect(calendar).toHaveAttribute("href", /^\/account\/orders\/[\w-]+\/calendar\.ics$/);
  await axe();

  await page.getByRole("link", { name: "View your order" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Order ${reference}` })).toBeVisible();
  await expectOnOneLine(page, page.getByRole("heading", { level: 1 }).getByText(reference, { exact: true }));
  await expect(page.getByText(/Confirmed/).first()).toBeVisible();
  expect(date).toMatch(/^\d{4}-\d\d-\d\d$/);
});

test("a school pays by card on the hosted payment page", async ({ page, axe }) => {
  test.setTimeout(120_000);
  await logInAs(page, USERS.card);
  await startAt(page, VENUES.mills, monthAhead(1));
  await bookToReview(page, {
    day: 2, group: { bands: { "aged 5–11": 10 }, adults: 2, lunch: false }, activity: "Victorian mill workers", people: 10, payment: "Pay by card now",
  });
  await expect(page.getByRole("table", { name: "Price" }).locator("tfoot")).toContainText("£45.00");
  await acceptTermsAndConfirm(page, /^Confirm and pay by card$/);

  await expect(page).toHaveURL(/\/hosted-payment\/[\w-]+\?return=%2Faccount%2Fbook%2Fpayment%2Freturn$/);
  await expect(page).toHaveTitle("Pay by card | Group visits");
  await expect(page.getByText("£45.00").first()).toBeVisible();
  await axe();
  // A page of its own (no booking styles loaded): paying still stands out from declining.
  const background = (name: string | RegExp) => page.getByRole("button", { name }).evaluate((b) => getComputedStyle(b).backgroundColor);
  expect(await background(/^Decline/)).not.toBe(await background("Pay £45.00"));
  await page.getByRole("button", { name: "Pay £45.00" }).click();

  await expect(page).toHaveURL(/\/account\/book\/confirmation\?orderId=/);
  await expect(page.getByRole("heading", { level: 1, name: "Your visit is booked" })).toBeVisible();
  await expect(page.getByText("Your card payment of £45.00 has been taken.")).toBeVisible();
  await axe();
});

test("coming back to the card return without having been sent to pay is a 404 page, not a crash", async ({ page, axe }) => {
  await logInAs(page, USERS.card);
  const response = await page.goto("/account/book/payment/return?result=success");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This page could not be found" })).toBeVisible();
  await axe();
});

test("a declined card keeps the booking and says what to do; paying again succeeds", async ({ page, axe }) => {
  test.setTimeout(120_000);
  await logInAs(page, USERS.declined);
  await startAt(page, VENUES.colour, monthAhead(1));
  const { slot } = await bookToReview(page, {
    day: 3, group: { bands: { "aged 5–11": 8 }, adults: 1, lunch: false }, activity: "Dyes and pattern", people: 8, payment: "Pay by card now",
  });
  await acceptTermsAndConfirm(page, /^Confirm and pay by card$/);

  await expect(page).toHaveURL(/\/hosted-payment\//);
  await page.getByRole("button", { name: /^Decline/ }).click();

  await expectStep(page, "payment", "Payment");
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("Your card payment was declined.");
  await expect(alert).toContainText("no money was taken");
  await expect(alert).toContainText("Your places and everything you entered are kept.");
  // The basket is kept: the booking card still shows the day planned.
  await expect(page.getByRole("complementary", { name: "Your booking" })).toContainText(`${slot.start}–${slot.end} Dyes and pattern`);
  await expect(page.getByRole("radio", { name: "Pay by card now" })).toBeChecked();
  await axe();

  await saveAndContinue(page);
  await expectStep(page, "review", "Check and book your visit");
  await acceptTermsAndConfirm(page, /^Confirm and pay by card$/);
  await expect(page).toHaveURL(/\/hosted-payment\//);
  await page.getByRole("button", { name: /^Pay £/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your visit is booked" })).toBeVisible();
  await expect(page.getByText("Confirmed", { exact: true })).toBeVisible();
  await axe();
});

test("a free visit skips payment", async ({ page, axe }) => {
  test.setTimeout(90_000);
  await freeVisitPastSchedule(page, USERS.free, monthAhead(2));

  // Straight to review: no payment step, in the breadcrumb either.
  await expectStep(page, "review", "Check and book your visit");
  await expect(breadcrumb(page).getByText("Payment")).toHaveCount(0);
  await expect(page.getByRole("table", { name: "Price" }).locator("tfoot")).toContainText("£0.00");
  await axe();
  // Payment cannot be reached for a free visit.
  await page.goto("/account/book/payment");
  await expect(page).toHaveURL(/\/account\/book\/review$/);

  await acceptTermsAndConfirm(page, /^Confirm booking$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your visit is booked" })).toBeVisible();
  await expect(page.getByText("There is nothing to pay for this visit.")).toBeVisible();
  await axe();
});

test("a double submit, a back-and-resubmit and a retried request make one order", async ({ page, axe }) => {
  test.setTimeout(90_000);
  await logInAs(page, USERS.double);
  await page.goto("/account/orders");
  const upcoming = page.getByRole("table", { name: "Upcoming visits" }).locator("tbody tr");
  const before = await upcoming.count();

  await startAt(page, VENUES.york, monthAhead(4));
  await chooseDay(page, 1);
  await fillInformation(page, { bands: { "aged 11–16": 20 }, adults: 2, lunch: false });
  await saveAndContinue(page);
  await expectStep(page, "schedule", "Plan your day");
  await saveAndContinue(page);
  await expectStep(page, "review", "Check and book your visit");
  await page.getByLabel("I have read and agree to the terms of booking").check();

  // The same attempt's fields, as the browser would send them again.
  const form = page.locator("form", { has: page.locator('input[name="idempotencyKey"]') });
  const fields = await form.evaluate((f) => Object.fromEntries(new FormData(f as HTMLFormElement)) as Record<string, string>);
  expect(fields.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);

  await page.getByRole("button", { name: "Confirm booking" }).dblclick();
  await expect(page).toHaveURL(/\/account\/book\/confirmation\?orderId=/);
  const orderId = new URL(page.url()).searchParams.get("orderId");
  await axe();

  // A retry of the same request (same Idempotency-Key): the same order, not a new one.
  const retry = await page.request.post("/account/book/review", { form: fields, maxRedirects: 0 });
  expect([302, 303]).toContain(retry.status());
  expect(retry.headers().location).toBe(`/account/book/confirmation?orderId=${orderId}`);

  // Back to review and submit again: there is no open booking any more.
  await page.goBack();
  await expect(page).toHaveURL(/\/account\/book\/date/);

  await page.goto("/account/orders");
  await expect(upcoming).toHaveCount(before + 1);
});

test("a booking resumes after a reload at every step, and on another device", async ({ page, browser, axe }) => {
  test.setTimeout(120_000);
  await logInAs(page, USERS.resume);
  await startAt(page, VENUES.mills, monthAhead(3));
  const date = await chooseDay(page, 4);
  await page.reload();
  await expectStep(page, "information", "About your group");
  await page.goto("/account/book/date");
  await expect(page.getByText("Your chosen date:")).toBeVisible();
  await expect(page.locator(`[data-date="${date}"]`)).toContainText("chosen");
  await page.goto("/account/book/information");

  await fillInformation(page, { bands: { "under 5": 4, "aged 5–11": 12 }, adults: 3, lunch: true, arrival: "10:30" });
  await saveAndContinue(page);
  await expectStep(page, "schedule", "Plan your day");
  await page.reload();
  await expectStep(page, "schedule", "Plan your day");
  await page.goto("/account/book/information");
  await expect(page.getByLabel("Pupils under 5")).toHaveValue("4");
  await expect(page.getByLabel("Pupils aged 5–11")).toHaveValue("12");
  await expect(page.getByLabel("Arrival time")).toHaveValue("10:30");
  await expect(page.getByRole("radio", { name: "Yes" })).toBeChecked();
  await page.goto("/account/book/schedule");

  const beforeArrival = { name: "", start: "00:00", end: "10:30", places: 0 };
  const workshop = await chooseSlot(page, "Victorian mill workers", 12, [beforeArrival]);
  const lunch = await chooseSlot(page, "Lunch space", 19, [workshop]);
  await saveAndContinue(page);
  await expectStep(page, "payment", "Payment");
  await page.reload();
  await expectStep(page, "payment", "Payment");
  await page.goto("/account/book/schedule");
  await expect(activityRow(page, "Lunch space").getByRole("radio", { name: lunch.name })).toBeChecked();
  await axe();

  // A later step cannot be opened before its turn: review goes to payment, the step due.
  await page.goto("/account/book/review");
  await expectStep(page, "payment", "Payment");
  await page.getByRole("radio", { name: /pay by card later/ }).check();
  await saveAndContinue(page);
  await expectStep(page, "review", "Check and book your visit");
  const holdText = await page.locator("#hold-timer strong").textContent();
  await page.reload();
  await expect(page.locator("#hold-timer strong")).toHaveText(holdText!);

  // Another device: the same booking, found by the gateway basket, not a cookie.
  const other = await loggedInElsewhere(browser, USERS.resume);
  await other.goto("/account/book/date");
  await expect(other.getByRole("complementary", { name: "Your booking" })).toContainText(`${lunch.start}–${lunch.end} Lunch space`);
  await other.goto("/account/book/review");
  await expect(other.getByRole("heading", { level: 1, name: "Check and book your visit" })).toBeVisible();
  await other.context().close();
});

async function loggedInElsewhere(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.route("https://www.googletagmanager.com/**", (route) => route.fulfill({ status: 200, contentType: "text/javascript", body: "" }));
  await logInAs(page, email);
  return page;
}

test("too few adults: said live, refused beside the field with values kept, then fixed", async ({ page, axe }) => {
  test.setTimeout(90_000);
  await logInAs(page, USERS.ratio);
  await startAt(page, VENUES.mills, monthAhead(4));
  await chooseDay(page, 2);

  const advice = page.locator("#ratio-check [role=status]");
  await page.getByLabel("Pupils aged 5–11").fill("30");
  await page.getByLabel("Supervising adults").fill("3");
  await expect(advice).toContainText("Add 1 more adult for up to 8 more pupils aged 5–11");
  await page.getByLabel("Supervising adults").fill("4");
  await expect(advice).toContainText("4 adults are enough for 30 pupils");
  await page.getByLabel("Supervising adults").fill("3");
  await page.getByRole("radio", { name: "No" }).check();
  await page.getByLabel("Arrival time").fill("10:15");
  await saveAndContinue(page);

  // The gateway refuses: its message beside the adults field; what was typed is kept.
  await expect(page.locator("#adults-error")).toContainText("Add 1 more adult for up to 8 more pupils aged 5–11");
  await expect(page.getByLabel("Supervising adults")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Pupils aged 5–11")).toHaveValue("30");
  await expect(page.getByLabel("Arrival time")).toHaveValue("10:15");
  await expect(page.getByRole("alert")).toContainText("Some details need changing");
  await axe();

  // Too many people for one visit: said by the form's own validation.
  await page.getByLabel("Pupils aged 5–11").fill("199");
  await saveAndContinue(page);
  await expect(page.locator("#participants-error")).toContainText("A visit is for up to 200 people");
  await page.getByLabel("Pupils aged 5–11").fill("30");

  await page.getByLabel("Supervising adults").fill("4");
  await saveAndContinue(page);
  await expectStep(page, "schedule", "Plan your day");
});

test("a slot that sells out between schedule and review is said on review, with the choices kept", async ({ page, browser, axe }) => {
  test.setTimeout(150_000);
  await logInAs(page, USERS.soldOut);
  await startAt(page, VENUES.york, monthAhead(3));
  const date = await chooseDay(page, 2);
  await fillInformation(page, { bands: { "aged 5–11": 20 }, adults: 3, lunch: false });
  await saveAndContinue(page);
  await expectStep(page, "schedule", "Plan your day");
  const slots = await openSlots(activityRow(page, "Archaeology dig"));
  const slot = slots.find((s) => s.places >= 2);
  if (!slot) throw new Error("No archaeology dig slot with places");
  // Nearly all the slot's places: another school taking 1 to 3 more sells it out.
  const mine = Math.min(23, slot.places);
  await chooseSlot(page, "Archaeology dig", mine, [], slots.indexOf(slot));
  await saveAndContinue(page);
  await expectStep(page, "payment", "Payment");

  // Another school takes places in the same slot and holds them at review.
  const rival = await loggedInElsewhere(browser, USERS.rival);
  await startAt(rival, VENUES.york, date.slice(0, 7));
  await rival.locator(`[data-date="${date}"]`).click();
  await expect(rival).toHaveURL(/\/account\/book\/information$/);
  await fillInformation(rival, { bands: { "aged 5–11": 2 }, adults: 1, lunch: false });
  await saveAndContinue(rival);
  const rivalRow = activityRow(rival, "Archaeology dig");
  await rivalRow.getByRole("radio", { name: new RegExp(`^${slot.start}–`) }).check();
  await rivalRow.getByLabel(/People taking part/).fill(String(slot.places - mine + 1));
  await saveAndContinue(rival);
  await rival.getByRole("radio", { name: "Pay by card now" }).check();
  await saveAndContinue(rival);
  await expect(rival.getByText(/We are holding your places until/)).toBeVisible();
  await rival.context().close();

  // Our review: the slot has gone, so nothing could be held; the gateway's message says
  // what went, the choices are kept and the way on is given.
  await page.getByRole("radio", { name: "Pay by card now" }).check();
  await saveAndContinue(page);
  await expectStep(page, "review", "Check and book your visit");
  const alert = page.getByRole("alert");
  await expect(alert).toContainText(new RegExp(`Archaeology dig at ${slot.start} (has sold out|now has only \\d+ places left)`));
  await expect(page.getByText(/We are holding your places/)).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Confirm/ })).toBeDisabled();
  await axe();
  await alert.getByRole("link", { name: "Choose another time on your day plan" }).click();

  await expectStep(page, "schedule", "Plan your day");
  const dig = activityRow(page, "Archaeology dig");
  await expect(dig.locator(".field-error").first()).toContainText(/sold out|only \d+ places left/);
  await expect(dig.getByRole("radio", { name: new RegExp(`^${slot.start}–`) })).toBeChecked();
  await expect(page.getByLabel("Pupils aged 5–11")).toHaveCount(0);
  await axe();
  await dig.getByRole("radio", { name: "Not booked" }).check();
  await chooseSlot(page, "Viking Jorvik storytelling", 10);
  await saveAndContinue(page);

  // Payment was kept: straight back to review, where the new choice is held.
  await expectStep(page, "review", "Check and book your visit");
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(page.getByText(/We are holding your places until/)).toBeVisible();
});

test("every step can be completed by keyboard alone", async ({ page, axe }) => {
  test.setTimeout(150_000);
  await logInAs(page, USERS.keys);
  await startAt(page, VENUES.mills, monthAhead(2));

  /** Tabs forward until the target has focus (as a keyboard user would). */
  const tabTo = async (target: Locator, limit = 120) => {
    for (let i = 0; i < limit; i++) {
      if (await target.evaluate((el) => el === document.activeElement)) return;
      await page.keyboard.press("Tab");
    }
    throw new Error(`Could not reach ${target} with Tab`);
  };
  const focused = page.locator(":focus");

  // Date: choose the museum with arrow keys, then a day in next month's grid.
  await tabTo(page.getByRole("radio", { name: /Aire Valley Mills Museum/ }));
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("radio", { name: /Leeds Museum of Natural History/ })).toBeChecked();
  await tabTo(page.getByRole("button", { name: "Show dates for this museum" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/venue=venue-leeds-natural-history/);
  const grid = page.getByRole("grid");
  await tabTo(grid.locator('[tabindex="0"]'));
  const heading = page.locator(".month-calendar h2[aria-live=polite]");
  const month = await heading.textContent();
  await page.keyboard.press("PageDown");
  await expect(heading).not.toHaveText(month!);
  await expect(focused).toHaveAttribute("data-date", /\d{4}-\d\d-\d\d/);
  // Right arrow until a day that can be booked has focus.
  for (let i = 0; i < 40 && !/, Open/.test((await focused.textContent()) ?? ""); i++) await page.keyboard.press("ArrowRight");
  await expect(focused).toHaveAccessibleName(/, Open$/);
  await page.keyboard.press("Enter");
  await expectStep(page, "information", "About your group");

  // Information: type the numbers, choose with Space, save with Enter.
  await tabTo(page.getByLabel("Pupils aged 5–11"));
  await page.keyboard.type("12");
  await tabTo(page.getByLabel("Supervising adults"));
  await page.keyboard.type("1");
  await expect(page.locator("#ratio-check [role=status]")).toContainText("Add 1 more adult for up to 8 more pupils aged 5–11");
  await page.keyboard.press("Backspace");
  await page.keyboard.type("2");
  // Tab reaches a radio group at its first option; arrow keys choose within it.
  await tabTo(page.getByRole("radio", { name: "Yes" }));
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("radio", { name: "No" })).toBeChecked();
  await tabTo(page.getByRole("button", { name: "Save and continue" }));
  await page.keyboard.press("Enter");

  // Schedule: arrow keys move between a row's times; the timeline follows.
  await expectStep(page, "schedule", "Plan your day");
  const show = activityRow(page, "Planetarium show");
  await tabTo(show.getByRole("radio", { name: "Not booked" }));
  await page.keyboard.press("ArrowRight");
  await expect(show.getByRole("radio", { name: /places left/ }).and(page.locator(":checked"))).toHaveCount(1);
  await expect(page.locator(".day-timeline [role=status]")).toHaveText("1 activity, no clashes.");
  await tabTo(show.getByLabel(/People taking part/));
  await page.keyboard.press("Control+A");
  await page.keyboard.type("14");
  await tabTo(page.getByRole("button", { name: "Save and continue" }));
  await page.keyboard.press("Enter");

  // Payment.
  await expectStep(page, "payment", "Payment");
  await tabTo(page.getByRole("radio", { name: "Pay by card now" }));
  await page.keyboard.press("Space");
  await tabTo(page.getByRole("button", { name: "Save and continue" }));
  await page.keyboard.press("Enter");

  // Review: extend the hold, agree to the terms, confirm.
  await expectStep(page, "review", "Check and book your visit");
  await tabTo(page.getByRole("button", { name: "Extend the hold" }));
  await page.keyboard.press("Enter");
  await expect(page.getByText("We have extended the time we hold your places.")).toBeVisible();
  await tabTo(page.getByLabel("I have read and agree to the terms of booking"));
  await page.keyboard.press("Space");
  await tabTo(page.getByRole("button", { name: "Confirm and pay by card" }));
  await page.keyboard.press("Enter");

  // The hosted payment page, then confirmation.
  await expect(page).toHaveURL(/\/hosted-payment\//);
  await tabTo(page.getByRole("button", { name: /^Pay £/ }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Your visit is booked" })).toBeVisible();
  await tabTo(page.getByRole("link", { name: "View your order" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: /^Order / })).toBeVisible();
  await axe();
});

test("booking needs an approved organisation and the flow of the group type", async ({ page, axe }) => {
  // A teacher still waiting for approval: told how to get approved.
  await page.goto("/login?redirectTo=/account/book/date");
  await logIn(page, "new.teacher@example.org", PASSWORD);
  await expect(page).toHaveURL(/\/account\/book\/date$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your organisation needs to approve you first" })).toBeVisible();
  await expect(page).toHaveTitle("Get approved to book | Group visits");
  await expect(page.getByRole("link", { name: "Check or request your organisation association" })).toHaveAttribute(
    "href",
    "/account/organisation/association",
  );
  await axe();
  const response = await page.request.get("/account/book/information");
  expect(response.status()).toBe(403);
});

test("a tour operator opening a school visit step is sent to the group flow", async ({ page }) => {
  await page.goto("/login?redirectTo=/account/book/schedule");
  await logIn(page, "operator@example.org", PASSWORD);
  await expect(page).toHaveURL(/\/account\/book\/(date|group\/\w+|payment|review)$/);
  await expect(breadcrumb(page).getByText("Tickets")).toBeVisible();
});

test("a teacher who needs more time asks for it in their details, and the places are then held for 2 hours 30 minutes", async ({ page, axe }) => {
  test.setTimeout(120_000);
  await logInAs(page, USERS.moreTime);
  await page.goto("/account/user/edit");
  const moreTime = page.getByRole("checkbox", { name: /I need more time to book/ });
  await expect(moreTime).not.toBeChecked();
  await moreTime.check();
  await page.getByRole("button", { name: "Save your details" }).click();
  await expect(page.getByRole("status")).toHaveText("Your details have been saved.");
  await expect(moreTime).toBeChecked();
  await axe();

  await startAt(page, VENUES.natural, monthAhead(4));
  await bookToReview(page, {
    day: 0, group: { bands: { "aged 16–18": 20 }, adults: 1, lunch: false }, activity: "Planetarium show", people: 21, payment: "Pay by invoice",
  });
  // The countdown (after hydration) counts from the gateway's 150-minute hold.
  await expect(page.getByText(/We are holding your places until \d\d:\d\d \((149|150) minutes left\)/)).toBeVisible();
  await expect(page.getByRole("link", { name: "your details", exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Extend the hold" })).toBeVisible();
  await axe();
});
