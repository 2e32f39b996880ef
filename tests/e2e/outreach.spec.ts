import type { Locator } from "@playwright/test";
import { expect, expectNoSidewaysScroll, expectOnOneLine, test } from "./fixtures";
import {
  acknowledgeAll, answerQuestions, chooseActivities, chooseDay, logInAs, requestToSchedule, ROOT, saveAndContinue, scheduleOneSession, session,
  startRequest,
} from "./outreach-support";

// Outreach (docs/requirements.md §8.7): eligibility → activities → advisories → questions → schedule
// (time-slot and lunch modals) → terms → summary → payment → confirmation. Each test
// books as its own seeded user (mocks/backend/seed.ts, outreach.*), at its own school, so
// tests running in parallel on one backend never share a basket or an order list.

const USERS = {
  school: "outreach.school@example.org",
  keys: "outreach.keys@example.org",
  resume: "outreach.resume@example.org",
  outside: "outreach.outside@example.org",
  operator: "outreach.operator@example.org",
} as const;

async function focusIsInside(dialog: Locator) {
  await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement) && document.activeElement !== document.body)).toBe(true);
}

test("a school books two outreach sessions with a lunch break, after one questionnaire error", async ({ page, axe }) => {
  test.setTimeout(180_000);
  await logInAs(page, USERS.school);
  await page.goto(ROOT);
  await expect(page).toHaveTitle(/^Book an outreach visit \| /);
  await expect(page.getByRole("heading", { level: 2, name: "You can book outreach" })).toBeVisible();
  await axe();
  await startRequest(page);

  // Activities: age range, duration, pupils per session and price beside each.
  await expect(page).toHaveTitle(/^Choose outreach sessions \| /);
  await expect(page.getByText(/90 minutes, up to 32 pupils a session, £180\.00 a session/)).toBeVisible();
  await saveAndContinue(page);
  await expect(page.locator("#activityIds-error")).toContainText("Choose at least one session");
  await axe();
  await chooseActivities(page, ["Romans in your classroom", "Victorian schoolroom"]);

  // Advisories: each must be acknowledged.
  await expect(page).toHaveTitle(/^Before we visit \| /);
  await expect(page.getByRole("heading", { level: 2, name: /Hall size/ })).toBeVisible();
  await saveAndContinue(page);
  await expect(page.getByRole("alert")).toContainText("Some details need changing");
  await expect(page.getByText(/Tick the box to confirm you have read “Hall size”/).first()).toBeVisible();
  await axe();
  await acknowledgeAll(page);

  // Questions: rendered from the gateway's definition; one error, the answers kept.
  await expect(page).toHaveTitle(/^About your school \| /);
  await answerQuestions(page, { floor: "5", pupils: "28" });
  await saveAndContinue(page);
  await expect(page.locator("#answer-hall-size-error")).toContainText("must be from 20 to 1000 m²");
  await expect(page.getByLabel(/^Which year groups/)).toHaveValue("Year 4 Oak and Year 4 Elm");
  await expect(page.getByLabel("When does lunch start?")).toHaveValue("12:00");
  await expect(page.getByLabel(/^Floor area of the space/)).toHaveValue("5");
  await axe();
  await page.getByLabel(/^Floor area of the space/).fill("150");
  await saveAndContinue(page);
  await expect(page).toHaveURL(`${ROOT}/schedule`);

  // Schedule: a date, two sessions in the time-slot modal, the team's lunch in the lunch modal.
  await expect(page).toHaveTitle(/^Choose a date and times \| /);
  await axe();
  const date = await chooseDay(page);
  await axe();
  await expectNoSidewaysScroll(page);

  await session(page, 1).getByRole("button", { name: /Choose a time for session 1/ }).click();
  const slots1 = page.getByRole("dialog", { name: "Choose a time for session 1" });
  await expect(slots1).toBeVisible();
  await expect(slots1.getByRole("radio", { name: /^12:00–13:30.*lunch time/ })).toBeVisible();
  await axe();
  await slots1.getByRole("radio", { name: /^09:30–11:00/ }).check();
  await slots1.getByRole("button", { name: "Use this time" }).click();
  await expect(slots1).toBeHidden();
  await expect(session(page, 1)).toContainText("Time: 09:30–11:00");

  // The second session's activity is the second chosen; a clash is shown before it is fixed.
  await session(page, 2).getByRole("button", { name: /Choose a time for session 2/ }).click();
  const slots2 = page.getByRole("dialog", { name: "Choose a time for session 2" });
  await slots2.getByRole("radio", { name: /^12:30–13:30/ }).check();
  await slots2.getByRole("button", { name: "Use this time" }).click();
  await expect(page.getByRole("region", { name: "Your day" })).toContainText("Session 2, Victorian schoolroom Clashes with the school's lunch time (12:00–13:00)");
  await session(page, 2).getByRole("button", { name: /Change the time for session 2/ }).click();
  await slots2.getByRole("radio", { name: /^13:15–14:15/ }).check();
  await slots2.getByRole("button", { name: "Use this time" }).click();
  await expect(session(page, 2)).toContainText("Time: 13:15–14:15");

  await page.getByRole("button", { name: "Choose the lunch break" }).click();
  const lunch = page.getByRole("dialog", { name: "Choose our team's lunch break" });
  await expect(lunch).toBeVisible();
  await axe();
  await lunch.getByRole("radio", { name: "30 minutes" }).check();
  await lunch.getByRole("radio", { name: /^11:15–11:45/ }).check();
  await lunch.getByRole("button", { name: "Use this lunch break" }).click();
  await expect(lunch).toBeHidden();
  await expect(page.getByRole("region", { name: "Your day" }).getByRole("status")).toHaveText(
    "2 sessions and our team's lunch break, no clashes.",
  );
  await axe();
  await saveAndContinue(page);

  // Terms: the CMS's outreach terms, accepted.
  await expect(page).toHaveURL(`${ROOT}/terms`);
  await expect(page).toHaveTitle(/^Outreach terms \| /);
  await saveAndContinue(page);
  await expect(page.locator("#acceptTerms-error")).toContainText("Tick the box to accept the outreach terms");
  await axe();
  await page.getByLabel("I have read and accept the outreach terms").check();
  await saveAndContinue(page);

  // Summary: everything, the gateway's quote, and a way back to each step.
  await expect(page).toHaveURL(`${ROOT}/summary`);
  await expect(page).toHaveTitle(/^Check your outreach request \| /);
  const main = page.getByRole("main");
  await expect(main.getByText("09:30–11:00: session 1, Romans in your classroom, 28 pupils")).toBeVisible();
  await expect(main.getByText("13:15–14:15: session 2, Victorian schoolroom, 28 pupils")).toBeVisible();
  await expect(main.getByText("11:15–11:45: our team's lunch break")).toBeVisible();
  await expect(page.locator(".price-table tfoot")).toContainText("£330.00");
  for (const link of ["Change sessions", "Change what you confirmed", "Change your answers", "Change date and times", "Change terms"]) {
    await expect(main.getByRole("link", { name: link })).toBeVisible();
  }
  await axe();
  await expectNoSidewaysScroll(page);
  await main.getByRole("link", { name: "Continue to payment" }).click();

  // Payment: the pro-forma invoice by default; a request until paid; 28 days' notice.
  await expect(page).toHaveURL(`${ROOT}/payment`);
  await expect(page.getByRole("radio", { name: /Pro-forma invoice/ })).toBeChecked();
  await expect(main).toContainText(/is a request: it is confirmed when its pro-forma invoice/);
  await expect(main).toContainText("28 days' notice");
  await axe();
  await page.getByLabel(/Purchase order number/).fill("PO-OAK-17");
  await page.getByRole("button", { name: /^Send request/ }).click();

  // Confirmation: reference, "requested", next steps, calendar.
  await expect(page).toHaveURL(/\/account\/book\/outreach\/confirmation\?orderId=/);
  await expect(page.getByRole("heading", { level: 1, name: "Outreach request sent" })).toBeVisible();
  const reference = (await page.locator(".notice strong").first().innerText()).trim();
  expect(reference).toMatch(/^OR-\d+$/);
  await expectOnOneLine(page, page.locator(".notice strong").first());
  await expect(page.locator("dl.card")).toContainText("Requested");
  await expect(main).toContainText("pro-forma invoice for £330.00");
  await expect(main).toContainText("PO-OAK-17");
  const ics = page.getByRole("link", { name: "Add to calendar" });
  await expect(ics).toHaveAttribute("href", /\/account\/orders\/[^/]+\/calendar\.ics$/);
  const calendar = await page.request.get((await ics.getAttribute("href"))!);
  expect(calendar.headers()["content-type"]).toContain("text/calendar");
  const ical = await calendar.text();
  expect(ical).toContain(reference);
  expect(ical).toMatch(new RegExp(`DTSTART[^:]*:${date.replaceAll("-", "")}T`));
  // The museum's team travels to the school: the event is at the school, not the museum.
  const unfolded = ical.replace(/\r\n[ \t]/g, "").split("\r\n");
  expect(unfolded).toContain("LOCATION:Hebden Royd Primary School\\, Hebden Bridge\\, HX7 6DS");
  expect(unfolded.find((l) => l.startsWith("DESCRIPTION:"))).toContain("Our team arrives: 09:00");
  await axe();

  // The order is in the orders list and its page.
  await page.goto("/account/orders");
  const row = page.getByRole("row", { name: new RegExp(reference) });
  await expect(row).toContainText("Outreach");
  await expect(row).toContainText("Requested");
  await row.getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(reference);
  await expect(page.getByRole("main")).toContainText("Romans in your classroom");
  const visit = page.locator("dl.card dd").nth(2);
  await expect(visit).toContainText(/^Outreach visit to Hebden Royd Primary School, Hebden Bridge, HX7 6DS by the .+ team, .+, the team arriving 09:00$/);
  await axe();
});

test("a school outside the outreach region, and a tour operator, are told why they cannot book", async ({ page, axe }) => {
  await logInAs(page, USERS.outside);
  await page.goto(ROOT);
  await expect(page.getByRole("heading", { level: 2, name: /cannot book outreach$/ })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("Our outreach team visits Yorkshire and the Humber only");
  await expect(page.getByRole("main")).toContainText("is outside the region");
  await expect(page.getByRole("button", { name: "Start an outreach request" })).toHaveCount(0);
  await axe();
  // A later step goes back to the explanation.
  await page.goto(`${ROOT}/activities`);
  await expect(page).toHaveURL(ROOT);

  await page.context().clearCookies();
  await logInAs(page, USERS.operator);
  await page.goto(`${ROOT}/schedule`);
  await expect(page).toHaveURL(ROOT);
  await expect(page.getByRole("main")).toContainText("Outreach is for schools, colleges and home-education groups");
  await expect(page.getByRole("link", { name: "book a visit" })).toBeVisible();
  await axe();
});

test("a request resumes after a reload, and a step ahead goes to the first one missing", async ({ page, browser, axe }) => {
  test.setTimeout(120_000);
  await logInAs(page, USERS.resume);
  await startRequest(page);
  await chooseActivities(page, ["Fossil roadshow"]);
  await acknowledgeAll(page);

  // Reloading keeps the step; skipping ahead goes to the first step not done.
  await page.reload();
  await expect(page).toHaveURL(`${ROOT}/questions`);
  await page.goto(`${ROOT}/terms`);
  await expect(page).toHaveURL(`${ROOT}/questions`);
  await page.goto(`${ROOT}/summary`);
  await expect(page).toHaveURL(`${ROOT}/questions`);

  await answerQuestions(page);
  await saveAndContinue(page);
  await expect(page).toHaveURL(`${ROOT}/schedule`);
  await scheduleOneSession(page, 1);
  await saveAndContinue(page);
  await expect(page).toHaveURL(`${ROOT}/terms`);

  // The saved schedule is there after a reload, and on another device.
  await page.goto(`${ROOT}/schedule`);
  await expect(session(page, 1)).toContainText("Time: 10:00–11:00");
  await expect(page.locator("#lunch-time")).toContainText("13:00–13:45 (45 minutes)");
  await page.reload();
  await expect(session(page, 1)).toContainText("Time: 10:00–11:00");

  // Another device, without JavaScript: the request resumes where it was, and every form
  // still works (the modals are inline sections of the schedule form), through card payment.
  const other = await browser.newContext({ javaScriptEnabled: false });
  const second = await other.newPage();
  await logInAs(second, USERS.resume);
  await second.goto(ROOT);
  await second.getByRole("link", { name: /Continue your request/ }).click();
  await expect(second).toHaveURL(`${ROOT}/terms`);
  await expect(second.getByRole("navigation", { name: "Outreach booking steps" }).getByRole("link", { name: /Date and times/ })).toBeVisible();

  await second.goto(`${ROOT}/schedule`);
  await expect(second.getByRole("dialog")).toHaveCount(0);
  await expect(second.getByRole("region", { name: "Choose a time for session 1" }).getByRole("radio", { name: /^10:00–11:00/ })).toBeChecked();
  await second.getByRole("button", { name: "Add another session" }).click();
  const added = second.getByRole("region", { name: "Choose a time for session 2" });
  await expect(added).toBeVisible();
  await added.getByRole("radio", { name: /^13:15–14:15/ }).check();
  const inlineLunch = second.getByRole("region", { name: "Choose our team's lunch break" });
  await inlineLunch.getByRole("radio", { name: "60 minutes" }).check();
  await inlineLunch.getByRole("radio", { name: "12:00", exact: true }).check();
  await saveAndContinue(second);
  await expect(second).toHaveURL(`${ROOT}/terms`);
  await second.getByLabel("I have read and accept the outreach terms").check();
  await saveAndContinue(second);
  await expect(second).toHaveURL(`${ROOT}/summary`);
  await expect(second.getByRole("main")).toContainText("13:15–14:15: session 2, Fossil roadshow, 28 pupils");
  await expect(second.getByRole("main")).toContainText("12:00–13:00: our team's lunch break");
  await expect(second.locator(".price-table tfoot")).toContainText("£320.00");
  await second.getByRole("link", { name: "Continue to payment" }).click();
  await second.getByRole("radio", { name: "Pay by card now" }).check();
  await second.getByRole("button", { name: /^Send request/ }).click();
  await expect(second).toHaveURL(/\/hosted-payment\//);
  await second.getByRole("button", { name: /^Pay / }).click();
  await expect(second).toHaveURL(/\/account\/book\/outreach\/confirmation\?orderId=/);
  await expect(second.locator("dl.card")).toContainText("Confirmed");
  await expect(second.getByRole("heading", { level: 1, name: "Your outreach visit is booked" })).toBeVisible();
  await other.close();
  await axe();
});

test("keyboard only: the time-slot and lunch modals trap focus, close on Escape and give focus back", async ({ page, axe }) => {
  test.setTimeout(120_000);
  await logInAs(page, USERS.keys);
  await requestToSchedule(page, ["Romans in your classroom"]);
  await chooseDay(page, 2);

  const opener = page.getByRole("button", { name: /Choose a time for session 1/ });
  await opener.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Choose a time for session 1" });
  await expect(dialog).toBeVisible();
  await focusIsInside(dialog);
  // Tab and Shift+Tab stay in the dialog.
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press("Tab");
    await focusIsInside(dialog);
  }
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press("Shift+Tab");
    await focusIsInside(dialog);
  }
  await axe();
  // Escape drops the choice and gives focus back to the button that opened it.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await expect(session(page, 1)).toContainText("Time: not chosen yet");

  // Choose with the arrow keys: the first time is focused; two along is 09:30.
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("radio", { name: /^09:00–10:30/ })).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(dialog.getByRole("radio", { name: /^09:30–11:00/ })).toBeChecked();
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Use this time" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  const changer = page.getByRole("button", { name: /Change the time for session 1/ });
  await expect(changer).toBeFocused();
  await expect(session(page, 1)).toContainText("Time: 09:30–11:00");

  // The lunch modal: the length, then the start, by keyboard.
  const lunchOpener = page.getByRole("button", { name: "Choose the lunch break" });
  await lunchOpener.focus();
  await page.keyboard.press("Enter");
  const lunch = page.getByRole("dialog", { name: "Choose our team's lunch break" });
  await expect(lunch).toBeVisible();
  await expect(lunch.getByRole("radio", { name: "30 minutes" })).toBeFocused();
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press("Tab");
    await focusIsInside(lunch);
  }
  await page.keyboard.press("Escape");
  await expect(lunch).toBeHidden();
  await expect(lunchOpener).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(lunch).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(lunch.getByRole("radio", { name: /^11:00–11:30/ })).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(lunch.getByRole("radio", { name: /^11:45–12:15/ })).toBeChecked();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(lunch).toBeHidden();
  await expect(page.getByRole("button", { name: "Change the lunch break" })).toBeFocused();
  await expect(page.locator("#lunch-time")).toContainText("11:45–12:15 (30 minutes)");

  // And save, by keyboard.
  await page.getByRole("button", { name: "Save and continue" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`${ROOT}/terms`);
  await axe();
});
