import type { Locator, Page } from "@playwright/test";
import { monthAhead } from "./booking-support";
import { DEMO, expect, test } from "./fixtures";
import { uniqueEmail, waitForHydration } from "./registration-support";

// Keyboard only (WCAG 2.1.1, 2.4.1, 2.4.3, 2.4.7): after the first page.goto of each test
// nothing but page.keyboard (Tab, Shift+Tab, Enter, Space, arrow keys, Page Down, Escape
// and typing) is used: no clicks, no fill(), no focus(). Each flow goes to its end: a
// registration, a visit booking, an outreach request, a group visit, and the account pages
// (your details, your organisations, an order's cancellation request, your organisation's
// details as its lead, leaving an organisation, increasing a booking's numbers). Where a user cannot
// get on by keyboard alone, the app is wrong, not the test. Each test after registration is
// its own seeded user (mocks/backend/seed.ts, keyboard.*); each booking is on a venue and
// month no other test uses.

test.describe.configure({ timeout: 180_000 });

const active = (page: Page) => page.locator(":focus");

/** Whether the element has focus. */
const hasFocus = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/** Presses Tab (or Shift+Tab) until the target has focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, { back = false, limit = 100 } = {}) {
  await expect(target).toBeAttached();
  for (let i = 0; i < limit; i++) {
    if (await hasFocus(target)) return;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  throw new Error(`${back ? "Shift+Tab" : "Tab"} did not reach ${target} in ${limit} presses`);
}

/** Tabs (or Shift+Tabs) to the link or button and presses Enter, with focus visible on the way. */
async function activate(page: Page, target: Locator, options: { back?: boolean } = {}) {
  await tabTo(page, target, options);
  await expectFocusVisible(page);
  await page.keyboard.press("Enter");
}

/** Tabs to the button named and presses Enter. */
const pressButton = (page: Page, name: string | RegExp) => activate(page, page.getByRole("button", { name }));

/** Tabs to the checkbox and ticks it with Space, with focus visible on the way. */
async function tick(page: Page, box: Locator) {
  await tabTo(page, box);
  await expectFocusVisible(page);
  await page.keyboard.press("Space");
  await expect(box).toBeChecked();
}

/** Tabs until focus is inside the radio group (its one tab stop), then the arrow keys check the option named. */
async function chooseRadio(page: Page, group: Locator, option: string | RegExp) {
  await expect(group).toBeAttached();
  for (let i = 0; i < 100 && !(await group.evaluate((g) => g.contains(document.activeElement))); i++) await page.keyboard.press("Tab");
  const target = group.getByRole("radio", { name: option });
  if (await hasFocus(target)) {
    await page.keyboard.press("Space");
  } else {
    for (let i = 0; i < 12 && !(await target.isChecked()); i++) await page.keyboard.press("ArrowDown");
  }
  await expect(target).toBeChecked();
  await expect(target).toBeFocused();
}

/** After a form answered with errors: focus is on the page's error summary, visibly. Returns the summary. */
async function focusedErrorSummary(page: Page): Promise<Locator> {
  const summary = page.locator("#main .error-summary");
  await expect(summary).toBeFocused();
  await expectFocusVisible(page);
  return summary;
}

/** Types into the field after reaching it with Tab (what was there is selected and replaced). */
async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await expectFocusVisible(page);
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(text);
  await expect(field).toHaveValue(text);
}

/** The focused element shows where focus is: an outline or a box shadow that is not "none". */
async function expectFocusVisible(page: Page) {
  const style = await active(page).evaluate((el) => {
    const s = getComputedStyle(el);
    return {
      focusVisible: el.matches(":focus-visible"),
      outline: s.outlineStyle !== "none" && parseFloat(s.outlineWidth) > 0,
      shadow: s.boxShadow !== "none",
      tag: el.outerHTML.slice(0, 80),
    };
  });
  expect(style.focusVisible, `:focus-visible on ${style.tag}`).toBe(true);
  expect(style.outline || style.shadow, `a visible focus indicator on ${style.tag}`).toBe(true);
}

/** The first Tab stop is the skip link; it is visible when focused and moves focus to the main content. */
async function followSkipLink(page: Page) {
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await expectFocusVisible(page);
  await page.keyboard.press("Enter");
  await expect(page.locator("#main")).toBeFocused();
}

/** The cookie notice, answered by keyboard: it comes right after the skip link, and focus goes to the main content after. */
async function rejectCookies(page: Page) {
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to main content" })).toBeFocused();
  await pressButton(page, "Reject cookies");
  await expect(page.getByRole("region", { name: /^Cookies on/ })).toHaveCount(0);
  await expect(page.locator("#main")).toBeFocused();
}

/** Logs in on the log-in page by keyboard (Enter in the password field submits). */
async function logIn(page: Page, email: string) {
  await expect(page.getByRole("heading", { level: 1, name: "Log in" })).toBeVisible();
  const main = page.getByRole("main");
  await typeInto(page, main.getByLabel("Email address", { exact: true }), email);
  await expectFocusVisible(page);
  await page.keyboard.press("Tab");
  await expect(main.getByLabel("Password", { exact: true })).toBeFocused();
  await page.keyboard.type(DEMO.password);
  await page.keyboard.press("Enter");
}

/** After a move to another page: its address and heading, and (once hydrated) focus at its main content. */
async function arrive(page: Page, url: string | RegExp, heading: string) {
  await expect(page).toHaveURL(url);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible({ timeout: 20_000 });
  await waitForHydration(page);
  await expect(page.locator("#main")).toBeFocused();
}

/** Asks for `path` logged out: the log-in page, where the cookie notice is rejected and `email` logs in by keyboard. */
async function logInOnTheWay(page: Page, path: string, email: string) {
  await page.goto(path);
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await rejectCookies(page);
  await logIn(page, email);
}

/** Asks for the account, logs in by keyboard as `email` on the way, and waits for the account page with focus on its content. */
async function openAccount(page: Page, email: string) {
  await logInOnTheWay(page, "/account", email);
  await arrive(page, /\/account$/, "Your account");
}

/** Asks for the date step of `venue` `monthsOn` months on; logs in by keyboard as `email` on the way there. Returns the month. */
async function openDateStep(page: Page, email: string, venue: string, monthsOn: number): Promise<string> {
  const month = monthAhead(monthsOn);
  await logInOnTheWay(page, `/account/book/date?venue=${venue}&month=${month}`, email);
  return month;
}

/** In a calendar grid: Tab to its one tab stop, optionally Page Down to a later month, then right until a day that can be booked. */
async function chooseAvailableDay(page: Page, monthsOn = 0): Promise<string> {
  const grid = page.getByRole("grid");
  await tabTo(page, grid.locator('button[tabindex="0"]'));
  await expectFocusVisible(page);
  const heading = page.locator(".month-calendar h2[aria-live=polite]");
  for (let i = 0; i < monthsOn; i++) {
    const month = await heading.textContent();
    await page.keyboard.press("PageDown");
    await expect(heading).not.toHaveText(month!);
    await expect(active(page)).toHaveAttribute("data-date", /^\d{4}-\d\d-\d\d$/);
  }
  // A day's name ends with the word it shows ("Wednesday 5 May 2027, Open").
  for (let i = 0; i < 40 && !/, Open/.test((await active(page).textContent()) ?? ""); i++) {
    await page.keyboard.press("ArrowRight");
  }
  await expect(active(page)).toHaveAccessibleName(/, Open$/);
  const date = (await active(page).getAttribute("data-date"))!;
  await page.keyboard.press("Enter");
  return date;
}

test("registration by keyboard alone: a teacher finds their school and registers", async ({ page, axe }) => {
  const email = uniqueEmail("keyboard");
  await page.goto("/registration");
  await expect(page.getByRole("heading", { level: 1, name: "Register your group" })).toBeVisible();
  await waitForHydration(page);
  // The skip link is the first Tab stop; it takes focus to the main content.
  await followSkipLink(page);
  // The cookie notice is above the main content: back to it with Shift+Tab.
  await activate(page, page.getByRole("button", { name: "Reject cookies" }), { back: true });
  await expect(page.getByRole("region", { name: /^Cookies on/ })).toHaveCount(0);
  await expect(page.locator("#main")).toBeFocused();

  await activate(page, page.getByRole("link", { name: "Schools and colleges" }));
  // After each move to another page, focus starts at its main content.
  await arrive(page, /\/registration\/education\/organisation$/, "Find your organisation");

  // The organisation search: type, then Tab to the result's button.
  await tabTo(page, page.getByRole("searchbox", { name: "Search organisations" }));
  await expectFocusVisible(page);
  await page.keyboard.type("Bramley Park");
  await expect(page).toHaveURL(/[?&]q=Bramley/);
  const choose = page.getByRole("button", { name: "Choose Bramley Park Academy", exact: true }).first();
  await expect(choose).toBeVisible();
  await activate(page, choose);

  // The organisation, read-only; continue with the link.
  await expect(page).toHaveURL(/\/registration\/education\/organisation\/edit$/);
  await expect(page.getByRole("heading", { level: 2, name: "Bramley Park Academy" })).toBeVisible();
  await activate(page, page.getByRole("link", { name: "Continue" }));

  // Your details.
  await expect(page).toHaveURL(/\/registration\/education\/user\/edit$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your details" })).toBeVisible();
  await waitForHydration(page);
  await typeInto(page, page.getByLabel("First name"), "Noor");
  await expectFocusVisible(page);
  await typeInto(page, page.getByLabel("Last name"), "Haddad");
  await typeInto(page, page.getByLabel("Email address", { exact: true }).first(), email);
  await typeInto(page, page.getByLabel("Create a password"), "lantern meadow quiet river");
  await expect(page.getByRole("status").filter({ hasText: "Password strength" })).toHaveText("Password strength: Strong");
  await pressButton(page, "Save and continue");

  // Review: the terms by Space, then Register.
  await expect(page).toHaveURL(/\/registration\/education\/review$/);
  await expect(page.getByRole("heading", { level: 1, name: "Check and submit your registration" })).toBeVisible();
  await expect(page.getByRole("main").getByText("Noor Haddad")).toBeVisible();
  const terms = page.getByLabel(/I accept the account terms/);
  await tick(page, terms);
  await pressButton(page, "Register");

  // The emailed link (the embedded default shows it) followed, and confirmed, by keyboard.
  await expect(page.getByRole("heading", { level: 1, name: "Check your email" })).toBeVisible();
  await activate(page, page.getByRole("region", { name: "Embedded default" }).getByRole("link"));
  await expect(page.getByRole("heading", { level: 1, name: "Confirm your registration" })).toBeVisible();
  await pressButton(page, "Confirm and log in");

  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  await expect(page.getByText("Bramley Park Academy: Pending approval")).toBeVisible();
  await axe();
});

test("a visit booking by keyboard alone, from logging in to confirmation", async ({ page, axe }) => {
  // Five months ahead at the Bradford Colour Works: no other test books there then.
  const month = await openDateStep(page, "keyboard.visit@example.org", "venue-bradford-colour-works", 5);

  // Date: the museum chosen in the address; a day from the grid with the arrow keys.
  await expect(page.getByRole("heading", { level: 1, name: "Choose a museum and a date" })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`venue=venue-bradford-colour-works&month=${month}`));
  await waitForHydration(page);
  await expect(page.locator("#main")).toBeFocused();
  const date = await chooseAvailableDay(page);
  expect(date.slice(0, 7)).toBe(month);

  // Information: numbers typed, the packed-lunch question by arrow keys.
  await expect(page).toHaveURL(/\/account\/book\/information$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await waitForHydration(page);
  await typeInto(page, page.getByLabel("Pupils aged 5–11"), "16");
  await expectFocusVisible(page);
  await typeInto(page, page.getByLabel("Supervising adults"), "2");
  await expect(page.locator("#ratio-check [role=status]")).toContainText(/enough for 16 pupils/);
  await chooseRadio(page, page.getByRole("group", { name: /packed lunch/ }), "No");
  await expectFocusVisible(page);
  await pressButton(page, "Save and continue");

  // Schedule: a workshop's first open time with the arrow keys.
  await expect(page).toHaveURL(/\/account\/book\/schedule$/);
  await waitForHydration(page);
  const workshop = page.getByRole("group", { name: /^Dyes and pattern/ });
  await tabTo(page, workshop.getByRole("radio", { name: "Not booked" }));
  await expectFocusVisible(page);
  await page.keyboard.press("ArrowRight");
  await expect(workshop.getByRole("radio", { name: /places? left/ }).and(page.locator(":checked"))).toHaveCount(1);
  await expect(page.locator(".day-timeline [role=status]")).toHaveText("1 activity, no clashes.");
  await typeInto(page, workshop.getByLabel(/People taking part/), "18");
  await pressButton(page, "Save and continue");

  // Payment: card, by Space.
  await expect(page).toHaveURL(/\/account\/book\/payment$/);
  await waitForHydration(page);
  const card = page.getByRole("radio", { name: "Pay by card now" });
  await chooseRadio(page, page.getByRole("group", { name: "Payment method" }), "Pay by card now");
  await expect(card).toBeChecked();
  await pressButton(page, "Save and continue");

  // Review: the hold extended, the terms, confirm.
  await expect(page).toHaveURL(/\/account\/book\/review$/);
  await expect(page.getByText(/We are holding your places until \d\d:\d\d/)).toBeVisible();
  await waitForHydration(page);
  await pressButton(page, "Extend the hold");
  await expect(page.getByText("We have extended the time we hold your places.")).toBeVisible();
  const terms = page.getByLabel("I have read and agree to the terms of booking");
  await tick(page, terms);
  await pressButton(page, "Confirm and pay by card");

  // The payment provider's page (the stand-in), then the confirmation.
  await expect(page).toHaveURL(/\/hosted-payment\//);
  await pressButton(page, /^Pay £/);
  await expect(page).toHaveURL(/\/account\/book\/confirmation\?orderId=/);
  await expect(page.getByRole("heading", { level: 1, name: "Your visit is booked" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(/Your card payment of £[\d.]+ has been taken\./);
  await axe();
});

test("an outreach request by keyboard alone, with the time-slot and lunch modals", async ({ page, axe }) => {
  const root = "/account/book/outreach";
  await logInOnTheWay(page, root, "keyboard.outreach@example.org");

  await expect(page).toHaveURL(root);
  await expect(page.getByRole("heading", { level: 2, name: "You can book outreach" })).toBeVisible();
  await waitForHydration(page);
  await expect(page.locator("#main")).toBeFocused();
  await pressButton(page, "Start an outreach request");

  // Activities: one session, ticked with Space.
  await expect(page).toHaveURL(`${root}/activities`);
  await waitForHydration(page);
  const romans = page.getByRole("checkbox", { name: /^Romans in your classroom/ });
  await tick(page, romans);
  await pressButton(page, "Save and continue");

  // Advisories: each acknowledged with Space.
  await expect(page).toHaveURL(`${root}/advisories`);
  await waitForHydration(page);
  for (const box of await page.getByRole("main").getByRole("checkbox").all()) {
    await tick(page, box);
  }
  await pressButton(page, "Save and continue");

  // Questions: radio groups by arrow keys, numbers, text and 24-hour times typed.
  await expect(page).toHaveURL(`${root}/questions`);
  await waitForHydration(page);
  await chooseRadio(page, page.getByRole("group", { name: "Which space will we use?" }), "School hall");
  await typeInto(page, page.getByLabel(/^Floor area of the space/), "150");
  await chooseRadio(page, page.getByRole("group", { name: /power socket/ }), "Yes");
  await chooseRadio(page, page.getByRole("group", { name: "Where can our van park?" }), "On the school site");
  await typeInto(page, page.getByLabel(/^Pupils in each session/), "28");
  await typeInto(page, page.getByLabel(/^Which year groups/), "Year 4");
  for (const [label, time] of [
    ["When does the school day start?", "08:50"],
    ["When does lunch start?", "12:00"],
    ["When does lunch end?", "13:00"],
    ["When does the school day end?", "15:15"],
  ] as const) {
    const field = page.getByLabel(label);
    await tabTo(page, field);
    // Chromium shows the time input with its own (US English) 12-hour clock: hours, minutes, then A or P.
    const [hours, minutes] = time.split(":").map(Number) as [number, number];
    await page.keyboard.type(`${String(hours % 12 || 12).padStart(2, "0")}${String(minutes).padStart(2, "0")}${hours >= 12 ? "P" : "A"}`);
    await expect(field).toHaveValue(time);
  }
  await pressButton(page, "Save and continue");

  // Schedule: a day next month, then the time-slot modal.
  await expect(page).toHaveURL(`${root}/schedule`);
  await waitForHydration(page);
  await chooseAvailableDay(page, 1);
  await expect(page.getByRole("heading", { level: 2, name: /^Sessions on / })).toBeVisible();
  await waitForHydration(page);

  const opener = page.getByRole("button", { name: /Choose a time for session 1/ });
  await activate(page, opener);
  const slots = page.getByRole("dialog", { name: "Choose a time for session 1" });
  await expect(slots).toBeVisible();
  await expect(slots.getByRole("radio", { name: /^09:00–10:30/ })).toBeFocused();
  await expectFocusVisible(page);
  await axe();
  // Escape closes it without a choice and focus goes back to the opener.
  await page.keyboard.press("Escape");
  await expect(slots).toBeHidden();
  await expect(opener).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(slots).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(slots.getByRole("radio", { name: /^09:30–11:00/ })).toBeChecked();
  await activate(page, slots.getByRole("button", { name: "Use this time" }));
  await expect(slots).toBeHidden();
  await expect(page.getByRole("button", { name: /Change the time for session 1/ })).toBeFocused();
  await expect(page.getByRole("group", { name: /^Session 1/ })).toContainText("Time: 09:30–11:00");

  // The lunch modal: the length, Tab, then the start.
  await pressButton(page, "Choose the lunch break");
  const lunch = page.getByRole("dialog", { name: "Choose our team's lunch break" });
  await expect(lunch).toBeVisible();
  await expect(lunch.getByRole("radio", { name: "30 minutes" })).toBeFocused();
  await axe();
  // Shift+Tab from the first control wraps to the last: focus stays in the dialog.
  await page.keyboard.press("Shift+Tab");
  await expect.poll(() => lunch.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Tab");
  await expect(lunch.getByRole("radio", { name: "30 minutes" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(lunch.getByRole("radio", { name: /^11:00–11:30/ })).toBeFocused();
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
  await expect(lunch.getByRole("radio", { name: /^11:45–12:15/ })).toBeChecked();
  await activate(page, lunch.getByRole("button", { name: "Use this lunch break" }));
  await expect(lunch).toBeHidden();
  await expect(page.getByRole("button", { name: "Change the lunch break" })).toBeFocused();
  await expect(page.getByRole("region", { name: "Your day" }).getByRole("status")).toHaveText("1 session and our team's lunch break, no clashes.");
  await pressButton(page, "Save and continue");

  // Terms.
  await expect(page).toHaveURL(`${root}/terms`);
  await waitForHydration(page);
  const terms = page.getByLabel("I have read and accept the outreach terms");
  await tick(page, terms);
  await pressButton(page, "Save and continue");

  // Summary, payment (the pro-forma invoice), confirmation.
  await expect(page).toHaveURL(`${root}/summary`);
  await expect(page.getByRole("main").getByText("09:30–11:00: session 1, Romans in your classroom, 28 pupils")).toBeVisible();
  await waitForHydration(page);
  await activate(page, page.getByRole("main").getByRole("link", { name: "Continue to payment" }));
  await expect(page).toHaveURL(`${root}/payment`);
  await expect(page.getByRole("radio", { name: /Pro-forma invoice/ })).toBeChecked();
  await waitForHydration(page);
  await pressButton(page, /^Send request/);
  await expect(page).toHaveURL(/\/account\/book\/outreach\/confirmation\?orderId=/);
  await expect(page.getByRole("heading", { level: 1, name: "Outreach request sent" })).toBeVisible();
  await axe();
});

test("a group visit by keyboard alone: a tour operator's activities, tickets per time, group details and card payment", async ({ page, axe }) => {
  // Six months ahead at Aire Valley Mills: no other test books there then.
  const month = await openDateStep(page, "keyboard.group@example.org", "venue-aire-valley-mills", 6);

  // Date: the group flow's steps in the breadcrumb; a day from the grid.
  await expect(page.getByRole("heading", { level: 1, name: "Choose a museum and a date" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Booking steps" }).getByText("Activities")).toBeVisible();
  await waitForHydration(page);
  await expect(page.locator("#main")).toBeFocused();
  await axe();
  const date = await chooseAvailableDay(page);
  expect(date.slice(0, 7)).toBe(month);

  // Activities: nothing chosen gives the error beside the choices; then one ticked with Space.
  await expect(page).toHaveURL(/\/account\/book\/group\/activities$/);
  await expect(page).toHaveTitle("Choose activities | Group visits");
  await waitForHydration(page);
  await expect(page.locator("#main")).toBeFocused();
  await axe();
  await pressButton(page, "Save and continue");
  await expect(page.locator("#activityIds-error")).toContainText("Choose at least one activity");
  // Focus goes to the error summary, above the form.
  await expect(page.locator("#main .error-summary")).toBeFocused();
  await expectFocusVisible(page);
  await axe();
  await tick(page, page.getByRole("checkbox", { name: /Guided mill tour/ }));
  await pressButton(page, "Save and continue");

  // Times and tickets: a time from the select with the arrow keys, numbers typed.
  await arrive(page, /\/account\/book\/group\/capacities$/, "Choose times and tickets");
  await axe();
  const firstTime = page.locator("#tickets-0-0-slot");
  await tabTo(page, firstTime);
  await expectFocusVisible(page);
  await page.keyboard.press("ArrowDown");
  await expect(firstTime).not.toHaveValue("");
  await typeInto(page, page.getByLabel("Adult tickets").first(), "10");
  await expectFocusVisible(page);
  await typeInto(page, page.getByLabel("Free carer tickets").first(), "1");
  // "Add another time" posts the form back with one more row; focus stays on the button.
  const addTime = page.getByRole("button", { name: "Add another time for Guided mill tour" });
  await pressButton(page, "Add another time for Guided mill tour");
  const secondTime = page.locator("#tickets-0-1-slot");
  await expect(secondTime).toBeVisible();
  await expect(page.getByLabel("Adult tickets").first()).toHaveValue("10");
  await expect(addTime).toBeFocused();
  await expectFocusVisible(page);
  await tabTo(page, secondTime);
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(secondTime).not.toHaveValue("");
  await typeInto(page, page.locator("#tickets-0-1-concession"), "4");
  await pressButton(page, "Save and continue");

  // Group details: the organiser is suggested as lead contact; a 24-hour time typed; the coach question by arrow keys.
  await expect(page).toHaveURL(/\/account\/book\/group\/details$/);
  await expect(page).toHaveTitle("Group details | Group visits");
  await waitForHydration(page);
  await expect(page.locator("#main")).toBeFocused();
  const card = page.getByRole("complementary", { name: "Your booking" });
  await expect(card).toContainText("10 adult");
  await expect(card).toContainText("4 concession");
  await expect(page.getByLabel("Full name")).toHaveValue("Wyn Ashby");
  await axe();
  await typeInto(page, page.getByLabel("Group name"), "Heritage Trails: mills and moors");
  await expectFocusVisible(page);
  await typeInto(page, page.getByLabel("Mobile number"), "07700 900462");
  const arrival = page.getByLabel("Arrival time");
  await tabTo(page, arrival);
  // Chromium's time input (US English): hours, minutes, then A or P.
  await page.keyboard.type("1000A");
  await expect(arrival).toHaveValue("10:00");
  await chooseRadio(page, page.getByRole("group", { name: "Is your group coming by coach?" }), "No");
  await expectFocusVisible(page);
  await pressButton(page, "Save and continue");

  // Payment: card.
  await expect(page).toHaveURL(/\/account\/book\/payment$/);
  await waitForHydration(page);
  await axe();
  await chooseRadio(page, page.getByRole("group", { name: "Payment method" }), "Pay by card now");
  await pressButton(page, "Save and continue");

  // Review: the terms, confirm.
  await expect(page).toHaveURL(/\/account\/book\/review$/);
  await expect(page.getByRole("table", { name: /price/i })).toContainText("Guided mill tour");
  await waitForHydration(page);
  await axe();
  await tick(page, page.getByLabel("I have read and agree to the terms of booking"));
  await pressButton(page, "Confirm and pay by card");

  // The payment provider's page (the stand-in), then the confirmation and the order.
  await expect(page).toHaveURL(/\/hosted-payment\//);
  await expect(page.getByRole("heading", { level: 1, name: "Pay by card" })).toBeVisible();
  await axe();
  await pressButton(page, /^Pay £/);
  await expect(page).toHaveURL(/\/account\/book\/confirmation\?orderId=/);
  await expect(page.getByRole("heading", { level: 1, name: "Your visit is booked" })).toBeVisible();
  const reference = (await page.locator("strong").filter({ hasText: /^GG-\d+$/ }).first().textContent())!.trim();
  await waitForHydration(page);
  await axe();
  await activate(page, page.getByRole("link", { name: "View your order" }));
  await expect(page.getByRole("heading", { level: 1, name: `Order ${reference}` })).toBeVisible();
  await expect(page.getByText("Group visit to Aire Valley Mills Museum")).toBeVisible();
  await expect(page.locator("#main")).toBeFocused();
  await axe();
});

test("the account pages by keyboard alone: your details corrected and saved, and asking to join an organisation", async ({ page, axe }) => {
  await openAccount(page, "keyboard.account@example.org");
  await axe();

  // Your details: a phone number that is not one gives the error beside the field.
  await activate(page, page.getByRole("link", { name: "Edit your details" }));
  await expect(page).toHaveURL(/\/account\/user\/edit$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your details" })).toBeVisible();
  await expect(page.locator("#main")).toBeFocused();
  await axe();
  const phone = page.getByLabel("Phone (optional)");
  await typeInto(page, page.getByLabel("Job title or role (optional)"), "Outings organiser");
  await typeInto(page, phone, "12345");
  await expectFocusVisible(page);
  await pressButton(page, "Save your details");
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#phone-error")).toContainText("Enter a UK phone number");
  await expect(page.getByLabel("Job title or role (optional)")).toHaveValue("Outings organiser");
  await axe();
  // Focus goes to the error summary; its link takes focus to the field; the number fixed there, then saved.
  const summary = await focusedErrorSummary(page);
  await activate(page, summary.getByRole("link", { name: "Enter a UK phone number" }));
  await expect(phone).toBeFocused();
  await expectFocusVisible(page);
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type("0113 496 0777");
  await expect(phone).toHaveValue("0113 496 0777");
  await pressButton(page, "Save your details");
  await expect(page.getByRole("status")).toHaveText("Your details have been saved.");
  await expect(phone).not.toHaveAttribute("aria-invalid", "true");
  // The button was disabled while it sent: focus is back at the main content, not lost.
  await expect(page.locator("#main")).toBeFocused();
  await axe();

  // Back to the account, which shows the change, then your organisations.
  await activate(page, page.getByRole("link", { name: "Back to your account" }));
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("main").getByText("Outings organiser")).toBeVisible();
  await expect(page.locator("#main")).toBeFocused();
  await activate(page, page.getByRole("link", { name: "Manage your organisations" }));
  await arrive(page, /\/account\/organisation\/association$/, "Your organisations");
  await axe();

  // The organisation search: type, then Tab to the result's button and ask to join.
  await tabTo(page, page.getByRole("searchbox", { name: "Search organisations" }));
  await expectFocusVisible(page);
  await page.keyboard.type("Heaton Women");
  await expect(page).toHaveURL(/[?&]q=Heaton/);
  const ask = page.getByRole("button", { name: "Ask to join Heaton Women's Institute", exact: true }).first();
  await expect(ask).toBeVisible();
  await activate(page, ask);
  await expect(page.locator("main p.success[role=status]")).toHaveText(/You have asked to join Heaton Women's Institute\./);
  const heaton = page.getByRole("list", { name: "Your organisations" }).getByRole("listitem").filter({ hasText: "Heaton Women's Institute" });
  await expect(heaton).toContainText("Pending approval · Member");
  // The button asked with is gone from the result: focus is at the main content, not lost.
  await expect(page.locator("#main")).toBeFocused();
  await axe();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Back to your account" })).toBeFocused();
  await expectFocusVisible(page);
});

test("an order by keyboard alone: from your orders to asking to cancel it", async ({ page, axe }) => {
  await logInOnTheWay(page, "/account/orders", "keyboard.orders@example.org");
  await arrive(page, /\/account\/orders$/, "Your orders");
  await axe();

  // The order, by its reference in the table.
  await activate(page, page.getByRole("table", { name: "Upcoming visits" }).getByRole("link", { name: "GG-260815" }));
  await expect(page).toHaveURL(/\/account\/orders\/ord-5301$/);
  await expect(page.getByRole("heading", { level: 1, name: "Order GG-260815" })).toBeVisible();
  await expect(page.locator("#main")).toBeFocused();
  await axe();

  // Its actions: asking to cancel shows the policy and a reason field.
  await activate(page, page.getByRole("link", { name: "Ask to cancel this booking" }));
  await expect(page).toHaveURL(/\/account\/orders\/ord-5301\?change=cancel$/);
  await expect(page.getByRole("heading", { level: 2, name: "Ask to cancel this booking" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Cancellation policy" })).toBeVisible();
  // The link followed is replaced by the form: focus is at the main content, not lost.
  await expect(page.locator("#main")).toBeFocused();
  await axe();
  // No reason: the error beside the field, focus on the summary; its link to the field, then a reason typed and sent.
  await pressButton(page, "Ask to cancel this booking");
  const reason = page.getByLabel("Why do you want to cancel?");
  await expect(page.locator("#reason-error")).toContainText("Tell us why you want to cancel");
  await expect(reason).toHaveAttribute("aria-invalid", "true");
  const summary = await focusedErrorSummary(page);
  await axe();
  await activate(page, summary.getByRole("link", { name: "Tell us why you want to cancel" }));
  await expect(reason).toBeFocused();
  await expectFocusVisible(page);
  await page.keyboard.type("Our coach company has withdrawn.");
  await expect(reason).toHaveValue("Our coach company has withdrawn.");
  await pressButton(page, "Ask to cancel this booking");
  await expect(page.getByRole("status")).toContainText("Your request to cancel has been sent.");
  await expect(page.getByText("Cancellation requested", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Ask to cancel this booking" })).toHaveCount(0);
  await expect(page.locator("#main")).toBeFocused();
  await axe();
});

test("your organisation by keyboard alone: its lead corrects a detail beside the field and saves", async ({ page, axe }) => {
  await openAccount(page, "keyboard.organisation@example.org");

  // Your organisations, then the organisation's own page from its link.
  await activate(page, page.getByRole("link", { name: "Manage your organisations" }));
  await arrive(page, /\/account\/organisation\/association$/, "Your organisations");
  await activate(page, page.getByRole("link", { name: "Edit the details of Study Abroad Yorkshire" }));
  await arrive(page, /\/account\/organisation\/(org-3004\/)?edit$/, "Edit your organisation");
  await axe();

  // A phone number that is not one gives the error beside the field; what else was typed is kept.
  const phone = page.getByLabel(/^Phone/);
  const town = page.getByLabel("Town or city");
  await typeInto(page, page.getByLabel("Address line 2 (optional)"), "Second floor");
  await expectFocusVisible(page);
  await typeInto(page, phone, "12345");
  await pressButton(page, "Save the organisation's details");
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#phone-error")).toContainText("Enter a UK phone number");
  await expect(page.getByLabel("Address line 2 (optional)")).toHaveValue("Second floor");
  await expect(town).toHaveValue("Leeds");
  // Focus goes to the error summary, above the form; Tab from there reaches the field.
  await focusedErrorSummary(page);
  await axe();
  await typeInto(page, phone, "0113 496 0556");
  await pressButton(page, "Save the organisation's details");
  await expect(page.getByRole("status")).toHaveText("Your organisation's details have been saved.");
  await expect(phone).toHaveValue("0113 496 0556");
  await expect(phone).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#main .error-summary")).toHaveCount(0);
  // The button was disabled while it sent and the form is drawn anew: focus is at the main content, not lost.
  await expect(page.locator("#main")).toBeFocused();
  await axe();
  await tabTo(page, page.getByRole("link", { name: "Back to your account" }));
  await expectFocusVisible(page);
});

test("leaving an organisation by keyboard alone: its confirmation, cancelled once, then confirmed", async ({ page, axe }) => {
  await logInOnTheWay(page, "/account/organisation/association", "keyboard.leave@example.org");
  await arrive(page, /\/account\/organisation\/association$/, "Your organisations");
  await axe();

  const list = page.getByRole("list", { name: "Your organisations" });
  const lakes = list.getByRole("listitem").filter({ hasText: "Lakes & Dales Coach Travel" });
  await expect(lakes).toContainText("Approved · Lead contact · Current organisation");
  const leave = lakes.getByRole("button", { name: "Leave Lakes & Dales Coach Travel" });
  await pressButton(page, "Leave Lakes & Dales Coach Travel");
  const confirm = page.getByRole("region", { name: "Leave Lakes & Dales Coach Travel?" });
  await expect(confirm).toBeVisible();
  await axe();
  // "No, cancel" closes the confirmation and nothing changes.
  await activate(page, confirm.getByRole("link", { name: "No, cancel" }));
  await expect(confirm).toBeHidden();
  await expect(lakes).toBeVisible();
  await expect(leave).toBeVisible();
  // Focus is not lost: it is on the button that opened the confirmation, or the main content.
  await expect(page.locator("body")).not.toBeFocused();

  await pressButton(page, "Leave Lakes & Dales Coach Travel");
  await expect(confirm).toBeVisible();
  await activate(page, confirm.getByRole("button", { name: "Yes, leave Lakes & Dales Coach Travel" }));
  await expect(page.locator("main p.success[role=status]")).toHaveText("You have left Lakes & Dales Coach Travel.");
  await expect(page.getByText("You do not belong to any organisation yet.")).toBeVisible();
  await expect(lakes).toHaveCount(0);
  // The button pressed is gone with the organisation: focus is at the main content, not lost.
  await expect(page.locator("#main")).toBeFocused();
  await axe();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Back to your account" })).toBeFocused();
  await expectFocusVisible(page);
});

test("increasing a booking's numbers by keyboard alone: a group visit booked, then more tickets from its order page", async ({ page, axe }) => {
  // Seven months ahead at Aire Valley Mills: no other test books there then.
  await openDateStep(page, "keyboard.numbers@example.org", "venue-aire-valley-mills", 7);

  // The booking, briefly (the group visit test above goes through it in full): a tour for 8 adults, by card.
  await expect(page.getByRole("heading", { level: 1, name: "Choose a museum and a date" })).toBeVisible();
  await waitForHydration(page);
  await chooseAvailableDay(page);
  await expect(page).toHaveURL(/\/account\/book\/group\/activities$/);
  await waitForHydration(page);
  await tick(page, page.getByRole("checkbox", { name: /Guided mill tour/ }));
  await pressButton(page, "Save and continue");
  await expect(page).toHaveURL(/\/account\/book\/group\/capacities$/);
  await waitForHydration(page);
  const firstTime = page.locator("#tickets-0-0-slot");
  await tabTo(page, firstTime);
  await page.keyboard.press("ArrowDown");
  await expect(firstTime).not.toHaveValue("");
  await typeInto(page, page.getByLabel("Adult tickets").first(), "8");
  await pressButton(page, "Save and continue");
  await expect(page).toHaveURL(/\/account\/book\/group\/details$/);
  await waitForHydration(page);
  await typeInto(page, page.getByLabel("Group name"), "Heaton WI summer outing");
  await typeInto(page, page.getByLabel("Mobile number"), "07700 900463");
  const arrival = page.getByLabel("Arrival time");
  await tabTo(page, arrival);
  await page.keyboard.type("1000A");
  await expect(arrival).toHaveValue("10:00");
  await chooseRadio(page, page.getByRole("group", { name: "Is your group coming by coach?" }), "No");
  await pressButton(page, "Save and continue");
  await expect(page).toHaveURL(/\/account\/book\/payment$/);
  await waitForHydration(page);
  await chooseRadio(page, page.getByRole("group", { name: "Payment method" }), "Pay by card now");
  await pressButton(page, "Save and continue");
  await expect(page).toHaveURL(/\/account\/book\/review$/);
  await waitForHydration(page);
  await tick(page, page.getByLabel("I have read and agree to the terms of booking"));
  await pressButton(page, "Confirm and pay by card");
  await expect(page).toHaveURL(/\/hosted-payment\//);
  await pressButton(page, /^Pay £/);
  await expect(page).toHaveURL(/\/account\/book\/confirmation\?orderId=/);
  const reference = (await page.locator("strong").filter({ hasText: /^GG-\d+$/ }).first().textContent())!.trim();
  await waitForHydration(page);
  await activate(page, page.getByRole("link", { name: "View your order" }));
  await expect(page.getByRole("heading", { level: 1, name: `Order ${reference}` })).toBeVisible();
  await expect(page.locator("#main")).toBeFocused();

  // Increase numbers: the link is replaced by the form, and focus is at the main content, not lost.
  await activate(page, page.getByRole("link", { name: "Increase numbers" }));
  await expect(page).toHaveURL(/\?change=numbers$/);
  await expect(page.getByRole("heading", { level: 2, name: "Increase numbers" })).toBeVisible();
  await expect(page.locator("#main")).toBeFocused();
  const adults = page.getByLabel(/^Adult tickets/);
  await expect(adults).toHaveValue("8");
  await axe();

  // Fewer than booked: the error beside the field, focus on the summary; Tab from there to the field.
  await typeInto(page, adults, "7");
  await expectFocusVisible(page);
  await pressButton(page, "Check the price");
  await expect(page.locator("#amend-t0-error")).toContainText("you have 8 booked, so enter 8 or more");
  await expect(adults).toHaveAttribute("aria-invalid", "true");
  await expect(adults).toHaveValue("7");
  await focusedErrorSummary(page);
  await axe();
  await typeInto(page, adults, "10");
  await pressButton(page, "Check the price");

  // The price of the extra places, then confirm and pay on the provider's page.
  await expect(page.getByRole("table", { name: "Price of the extra places" })).toContainText("Guided mill tour");
  await expect(page.getByText("adult tickets from 8 to 10")).toBeVisible();
  await expect(page.locator("body")).not.toBeFocused();
  await axe();
  await pressButton(page, /^Confirm and pay £/);
  await expect(page).toHaveURL(/\/hosted-payment\//);
  await expect(page.getByRole("heading", { level: 1, name: "Pay by card" })).toBeVisible();
  await pressButton(page, /^Pay £/);
  await expect(page).not.toHaveURL(/hosted-payment/);
  await expect(page.getByRole("heading", { level: 1, name: `Order ${reference}` })).toBeVisible();
  await expect(page.getByText("Numbers increased from 8 to 10.")).toBeVisible();
  await expect(page.locator("dd").filter({ hasText: /^10$/ })).toBeVisible();
  await expect(page.locator("#main")).toBeFocused();
  await axe();
});
