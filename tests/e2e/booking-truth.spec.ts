import type { Locator, Page } from "@playwright/test";
import {
  acceptTermsAndConfirm, activityRow, chooseDay, chooseSlot, expectStep, fillInformation, logInAs, monthAhead, saveAndContinue, startAt, VENUES,
} from "./booking-support";
import { expect, test } from "./fixtures";

// What the site says about a booking is what gets booked (issue 22): the review's "Your
// visit", "Your day", price and the card beside it say the same as the basket, after going
// back from the review to change an answer, and so do the confirmation and the order. Each
// test books as its own seeded user (mocks/backend/seed.ts), at its own organisation.

const card = (page: Page) => page.getByRole("complementary", { name: "Your booking" });
const yourDay = (page: Page) => page.getByRole("region", { name: "Your day" });
const yourVisit = (page: Page) => page.getByRole("region", { name: "Your visit" });
/** The description of a term in a description list. */
const described = (list: Locator, term: string) => list.locator(`dt:text-is("${term}") + dd`);

test("a school that says No to lunch space from the review has no lunch slot shown, planned or booked", async ({ page, axe }) => {
  test.setTimeout(120_000);
  await logInAs(page, "truth.lunch@example.org");
  await startAt(page, VENUES.york, monthAhead(2));
  await chooseDay(page, 0);
  await fillInformation(page, { bands: { "aged 5–11": 20 }, adults: 3, lunch: true });
  await saveAndContinue(page);
  await expectStep(page, "schedule", "Plan your day");
  const workshop = await chooseSlot(page, "Life in Roman Eboracum", 23);
  const lunch = await chooseSlot(page, "Lunch space", 23, [workshop]);
  await saveAndContinue(page);
  await expectStep(page, "payment", "Payment");
  await page.getByRole("radio", { name: "Pay by invoice" }).check();
  await saveAndContinue(page);
  await expectStep(page, "review", "Check and book your visit");
  await expect(yourDay(page)).toContainText(`${lunch.start}–${lunch.end} Lunch space`);
  await expect(card(page)).toContainText(`${lunch.start}–${lunch.end} Lunch space`);

  // From the review: no lunch space after all.
  await page.getByRole("link", { name: "Change your group details" }).click();
  await expectStep(page, "information", "About your group");
  await page.getByRole("group", { name: /packed lunch/ }).getByRole("radio", { name: "No" }).check();
  await saveAndContinue(page);
  await expectStep(page, "review", "Check and book your visit");
  await expect(described(yourVisit(page).locator("dl"), "Lunch space")).toHaveText("No");
  for (const view of [yourDay(page), card(page), page.getByRole("table", { name: "Price" })]) await expect(view).not.toContainText("Lunch space");
  await expect(yourDay(page)).toContainText(`${workshop.start}–${workshop.end} Life in Roman Eboracum`);
  await axe();

  // "Plan your day" neither offers lunch space nor keeps one.
  await page.getByRole("link", { name: "Change your day" }).click();
  await expectStep(page, "schedule", "Plan your day");
  await expect(activityRow(page, "Lunch space")).toHaveCount(0);
  await expect(card(page)).not.toContainText("Lunch space");
  await axe();

  // What is booked is what the review said.
  await page.goto("/account/book/review");
  await acceptTermsAndConfirm(page, /^Confirm booking$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your visit is booked" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Price" })).not.toContainText("Lunch space");
  await axe();
  await page.getByRole("link", { name: "View your order" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Order / })).toBeVisible();
  await expect(page.locator("main")).toContainText(`${workshop.start}–${workshop.end} Life in Roman Eboracum`);
  await expect(page.locator("main")).not.toContainText("Lunch space");
  await axe();
});

/** Chooses the activity's first time with places that starts at `from` or later; returns its start. */
async function chooseTime(page: Page, activity: string, from: string): Promise<string> {
  const select = page.getByRole("group", { name: `${activity}: time and tickets` }).getByLabel("Time");
  const open = await select.locator("option:not([disabled])").evaluateAll((options) => options.map((o) => ({ value: o.getAttribute("value") ?? "", label: o.textContent ?? "" })));
  const time = open.find((o) => o.value && o.label.slice(0, 5) >= from);
  if (!time) throw new Error(`${activity} has no time with places from ${from}`);
  await select.selectOption(time.value);
  return time.label.slice(0, 5);
}

test("a tour operator's review says the group's own arrival, and its change links open the group's own steps", async ({ page, axe }) => {
  test.setTimeout(120_000);
  await logInAs(page, "truth.operator@example.org");
  await startAt(page, VENUES.mills, monthAhead(3));
  await page.getByRole("grid").getByRole("button", { name: /, Open$/ }).first().click();
  await expectStep(page, "group/activities", "Choose activities");
  await page.getByRole("checkbox", { name: /Guided mill tour/ }).check();
  await page.getByRole("checkbox", { name: /Spinning and weaving demonstration/ }).check();
  await saveAndContinue(page);

  await expectStep(page, "group/capacities", "Choose times and tickets");
  // The tour from 10:30, the show after the tour (an hour long): the group arrives at 10:15, before both.
  const tour = await chooseTime(page, "Guided mill tour", "10:30");
  await page.getByLabel("Adult tickets for Guided mill tour").fill("12");
  await chooseTime(page, "Spinning and weaving demonstration", `${String(Number(tour.slice(0, 2)) + 1).padStart(2, "0")}${tour.slice(2)}`);
  await page.getByLabel("Adult tickets for Spinning and weaving demonstration").fill("12");
  await saveAndContinue(page);

  await expectStep(page, "group/details", "Group details");
  await page.getByLabel("Group name").fill("Calder walkers");
  await page.getByLabel("Mobile number").fill("07700 900461");
  await page.getByLabel("Arrival time").fill("10:15");
  await page.getByRole("radio", { name: "No" }).check();
  await saveAndContinue(page);
  await expectStep(page, "payment", "Payment");
  await page.getByRole("radio", { name: "Pay by card now" }).check();
  await saveAndContinue(page);

  await expectStep(page, "review", "Check and book your visit");
  await expect(yourDay(page).getByRole("listitem").first()).toHaveText("10:15 Arrive");
  await expect(described(yourVisit(page).locator("dl"), "Arriving")).toHaveText("10:15");
  await expect(described(card(page).locator("dl"), "Arriving")).toHaveText("10:15");
  await axe();

  // The change links open the group's own steps (the school's steps would send the group on to the review).
  await page.getByRole("link", { name: "Change your group details" }).click();
  await expectStep(page, "group/details", "Group details");
  await expect(page.getByLabel("Arrival time")).toHaveValue("10:15");
  await axe();
  await page.goBack();
  await page.getByRole("link", { name: "Change your times and tickets" }).click();
  await expectStep(page, "group/capacities", "Choose times and tickets");
  await page.goBack();
  await expectStep(page, "review", "Check and book your visit");
  // Every step of the group flow before review has its link, and nothing else.
  const links = page.getByRole("list", { name: "Change your booking" }).getByRole("link");
  await expect(links).toHaveCount(5);
  const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")));
  expect(hrefs).toEqual(["/account/book/date", "/account/book/group/activities", "/account/book/group/capacities", "/account/book/group/details", "/account/book/payment"]);

  await acceptTermsAndConfirm(page, /^Confirm and pay by card$/);
  await page.getByRole("button", { name: /^Pay £/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your visit is booked" })).toBeVisible();
  await expect(page.getByText(/Aire Valley Mills Museum, .*, arriving 10:15/)).toBeVisible();
  await page.getByRole("link", { name: "View your order" }).click();
  await expect(page.getByText(/Group visit to Aire Valley Mills Museum, .*, arriving 10:15/)).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: /Arrive$/ })).toHaveText("10:15 Arrive");
  await axe();
});
