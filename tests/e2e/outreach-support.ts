import type { Page } from "@playwright/test";
import { DEMO, expect, logIn } from "./fixtures";

// Steps of the outreach flow (docs/requirements.md §8.7) shared by outreach.spec.ts,
// focus-and-text.spec.ts and the forms round trip (round-trip/).

export const ROOT = "/account/book/outreach";

export async function logInAs(page: Page, email: string) {
  await page.goto("/login");
  await logIn(page, email, DEMO.password);
  await expect(page).toHaveURL(/\/account$/);
  const accept = page.getByRole("button", { name: "Accept cookies" });
  if (await accept.isVisible()) await accept.click();
}
/** The outreach page, after discarding any request this user left open; then a new request. */
export async function startRequest(page: Page) {
  await page.goto(ROOT);
  const discard = page.getByRole("button", { name: "Start a new request" });
  if (await discard.isVisible()) {
    await discard.click();
    await expect(page.getByRole("button", { name: "Start an outreach request" })).toBeVisible();
  }
  await page.getByRole("button", { name: "Start an outreach request" }).click();
  await expect(page).toHaveURL(`${ROOT}/activities`);
}

export async function saveAndContinue(page: Page) {
  await page.getByRole("button", { name: "Save and continue" }).click();
}

export async function chooseActivities(page: Page, names: readonly string[]) {
  for (const name of names) await page.getByRole("checkbox", { name: new RegExp(`^${name}`) }).check();
  await saveAndContinue(page);
  await expect(page).toHaveURL(`${ROOT}/advisories`);
}

export async function acknowledgeAll(page: Page) {
  // The advisories page drawn, not the activities page still leaving (its checkboxes are more).
  await expect(page).toHaveTitle(/^Before we visit \| /);
  for (const box of await page.getByRole("main").getByRole("checkbox").all()) await box.check();
  await saveAndContinue(page);
  await expect(page).toHaveURL(`${ROOT}/questions`);
}

export interface Answers {
  floor: string;
  pupils: string;
}

export async function answerQuestions(page: Page, answers: Answers = { floor: "150", pupils: "28" }) {
  await page.getByRole("group", { name: "Which space will we use?" }).getByRole("radio", { name: "School hall" }).check();
  await page.getByLabel(/^Floor area of the space/).fill(answers.floor);
  await page.getByRole("group", { name: /power socket/ }).getByRole("radio", { name: "Yes" }).check();
  await page.getByRole("group", { name: "Where can our van park?" }).getByRole("radio", { name: "On the school site" }).check();
  await page.getByLabel(/^Pupils in each session/).fill(answers.pupils);
  await page.getByLabel(/^Which year groups/).fill("Year 4 Oak and Year 4 Elm");
  await page.getByLabel("When does the school day start?").fill("08:50");
  await page.getByLabel("When does lunch start?").fill("12:00");
  await page.getByLabel("When does lunch end?").fill("13:00");
  await page.getByLabel("When does the school day end?").fill("15:15");
}

/** Chooses the nth day on which both outreach teams are free (every time offered). */
export async function chooseDay(page: Page, nth = 0): Promise<string> {
  const days = page.getByRole("grid").getByRole("button", { name: /, Open$/ });
  if ((await days.count()) <= nth) {
    const next = page.getByRole("link", { name: /Next month/ });
    const month = /month=(\d{4}-\d{2})/.exec((await next.getAttribute("href")) ?? "")?.[1];
    if (!month) throw new Error("the Next month link names no month");
    await next.click();
    // The old month's grid stays visible until the new one renders: wait for the new month's days.
    await expect(page).toHaveURL(new RegExp(`month=${month}`));
    await expect(days.nth(nth)).toHaveAttribute("data-date", new RegExp(`^${month}-`));
  }
  const day = days.nth(nth);
  const date = (await day.getAttribute("data-date"))!;
  await day.click();
  await expect(page).toHaveURL(new RegExp(`date=${date}`));
  await expect(page.getByRole("heading", { level: 2, name: /^Sessions on / })).toBeVisible();
  return date;
}

/** From a new request to the schedule step: the activities named, every advisory acknowledged, the usual answers. */
export async function requestToSchedule(page: Page, activities: readonly string[]) {
  await startRequest(page);
  await chooseActivities(page, activities);
  await acknowledgeAll(page);
  await answerQuestions(page);
  await saveAndContinue(page);
  await expect(page).toHaveURL(`${ROOT}/schedule`);
}

export const session = (page: Page, n: number) => page.getByRole("group", { name: new RegExp(`^Session ${n}`) });

/** On the schedule step: a day, session 1 at 10:00–11:00 and a 45-minute lunch break at 13:00, in the modals (JavaScript on). */
export async function scheduleOneSession(page: Page, nthDay = 1): Promise<string> {
  const date = await chooseDay(page, nthDay);
  await session(page, 1).getByRole("button", { name: /Choose a time for session 1/ }).click();
  const slots = page.getByRole("dialog", { name: "Choose a time for session 1" });
  await slots.getByRole("radio", { name: /^10:00–11:00/ }).check();
  await slots.getByRole("button", { name: "Use this time" }).click();
  await page.getByRole("button", { name: "Choose the lunch break" }).click();
  const lunch = page.getByRole("dialog", { name: "Choose our team's lunch break" });
  await lunch.getByRole("radio", { name: "45 minutes" }).check();
  await lunch.getByRole("radio", { name: /^13:00–13:45/ }).check();
  await lunch.getByRole("button", { name: "Use this lunch break" }).click();
  return date;
}
