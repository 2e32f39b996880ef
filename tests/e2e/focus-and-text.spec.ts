import type { Locator, Page } from "@playwright/test";
import { logInAs, monthAhead, startAt, VENUES } from "./booking-support";
import { expect, test } from "./fixtures";
import { focusWalk, type Problems } from "./focus-walk";
import { expectFocusRingSeen } from "./focus-ring";
import { requestToSchedule } from "./outreach-support";
import { pageStateProblems, REFLOW, withZoom } from "./page-states";
import { textProblems, withTextSpacing, withTextZoom } from "./text-checks";

// What axe cannot see (issue 25; docs/accessibility.md), in the states a new page load does not
// reach: a chosen calendar day, and the outreach schedule's time-slot and lunch modals. Every
// page route is walked too, on its first page of the run (tests/e2e/page-states.ts); here the
// same checks run on these states, and the modals at every zoom from 100 % to 400 %. Each test
// is its own seeded user (mocks/backend/seed.ts, a11y.*) at its own school.

const USERS = { visit: "a11y.visit@example.org", outreach: "a11y.outreach@example.org" } as const;

/** Browser zoom of a 1280 × 800 window, 100 % to 400 % (page-states.ts zoomOf). */
const ZOOMS = [100, 200, 300, 400] as const;

/** Tabs (at most `limit` times) until `target` has focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, limit = 80) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab did not reach ${target}`);
}

/** The open dialog walked (Tab, and the arrow keys through each radio group) at 320 × 256 and at each zoom. */
async function walkDialogAtEveryZoom(page: Page): Promise<Problems> {
  const problems: Problems = [];
  await page.setViewportSize(REFLOW);
  problems.push(...(await focusWalk(page, { label: "320 × 256", radios: true })));
  for (const percent of ZOOMS) {
    await withZoom(page, percent, async () => problems.push(...(await focusWalk(page, { label: `${percent} % zoom`, radios: true }))));
  }
  await withTextSpacing(page, async () => problems.push(...(await textProblems(page, "text spacing at 320 px"))));
  return problems;
}

test("a chosen day in the visit calendar shows its focus ring, and the date step passes every check at 320 px, 400 % and 200 % text", async ({ page, axe }) => {
  test.setTimeout(120_000);
  await logInAs(page, USERS.visit);
  const month = monthAhead(4);
  await startAt(page, VENUES.natural, month);
  const day = page.getByRole("grid").getByRole("button", { name: /, Open$/ }).first();
  const date = (await day.getAttribute("data-date"))!;
  await day.click();
  await expect(page).toHaveURL(/\/account\/book\/information$/);

  // Back to the date step: the calendar shows the date chosen, and Tab into the grid lands on it.
  await page.goto(`/account/book/date?venue=${VENUES.natural}&month=${month}`);
  const chosen = page.locator(`[data-date="${date}"]`);
  await expect(chosen).toHaveAccessibleName(/ \d{4}, chosen, Open$/);
  await expect(page.locator("td[aria-selected=true]")).toHaveCount(1);
  await tabTo(page, chosen);
  await expectFocusRingSeen(page, chosen);
  await axe();

  // Focus seen and never covered, text spaced or enlarged without overlap or broken words (the
  // day-of-week headings broke with larger text), and days named with the word they show.
  expect(await pageStateProblems(page)).toEqual([]);
});

test("the outreach calendar (Enter on a day) and the schedule's modals: focus seen and never covered at 100–400 % zoom", async ({ page, axe }) => {
  test.setTimeout(180_000);
  await logInAs(page, USERS.outreach);
  await requestToSchedule(page, ["Romans in your classroom"]);

  // A day chosen by keyboard: the grid's tab stop, arrow keys to an open day, Enter. The page
  // stays (a new query), and focus stays on the day, now chosen: its focus ring must show.
  const grid = page.getByRole("grid");
  const open = grid.getByRole("button", { name: /, Open$/ });
  if ((await open.count()) === 0) {
    await page.getByRole("link", { name: /Next month/ }).click();
    await expect(open.first()).toBeVisible();
  }
  await tabTo(page, grid.locator('button[tabindex="0"]'));
  for (let i = 0; i < 31 && !/, Open$/.test((await page.evaluate(() => document.activeElement?.textContent)) ?? ""); i++) {
    await page.keyboard.press("ArrowRight");
  }
  const date = (await page.evaluate(() => document.activeElement?.getAttribute("data-date")))!;
  expect(date).toMatch(/^\d{4}-\d\d-\d\d$/);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`date=${date}`));
  const chosen = page.locator(`[data-date="${date}"]`);
  await expect(chosen).toHaveAccessibleName(/, chosen, Open$/);
  await expectFocusRingSeen(page, chosen);
  await axe();
  // Its weekends are closed: side by side, the days' words must not overlap with the text-spacing styles.
  expect(await pageStateProblems(page)).toEqual([]);

  // The steps at 400 % zoom: "Choose the lunch break", Down, Tab. The start time then
  // focused is in view and under nothing (the dialog's sticky heading covered it).
  const lunchOpener = page.getByRole("button", { name: "Choose the lunch break" });
  const lunch = page.getByRole("dialog", { name: "Choose our team's lunch break" });
  await withZoom(page, 400, async () => {
    await lunchOpener.focus();
    await page.keyboard.press("Enter");
    await expect(lunch).toBeVisible();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Tab");
    await expect(lunch.getByRole("radio").and(page.locator(":focus"))).toHaveValue(/^\d\d:\d\d$/);
    expect(await focusWalk(page, { label: "lunch break at 400 %", radios: true })).toEqual([]);
  });
  await axe();
  expect(await walkDialogAtEveryZoom(page)).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(lunch).toBeHidden();

  // The session's time-slot modal, the same way.
  await page.setViewportSize({ width: 1280, height: 720 });
  const sessionOpener = page.getByRole("button", { name: /Choose a time for session 1/ });
  const slots = page.getByRole("dialog", { name: "Choose a time for session 1" });
  await sessionOpener.focus();
  await page.keyboard.press("Enter");
  await expect(slots).toBeVisible();
  await axe();
  expect(await walkDialogAtEveryZoom(page)).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(slots).toBeHidden();
  await expect(sessionOpener).toBeFocused();
});

test("the organisation search's cards keep their words whole with text at 200 % and with the text-spacing styles", async ({ page, axe }) => {
  await page.goto("/registration/education/organisation?q=Primary");
  await expect(page.getByRole("heading", { level: 3 }).first()).toBeVisible();
  await axe();
  const problems: Problems = [];
  await page.setViewportSize({ width: 1280, height: 800 });
  await withTextZoom(page, 200, async () => problems.push(...(await textProblems(page, "text-only zoom 200 %"))));
  await page.setViewportSize(REFLOW);
  await withTextSpacing(page, async () => problems.push(...(await textProblems(page, "text spacing at 320 px"))));
  expect(problems).toEqual([]);
});
