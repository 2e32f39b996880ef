import type { Locator, Page } from "@playwright/test";
import { DEMO, expect, logIn } from "./fixtures";

// Steps of the standard booking flow shared by booking.spec.ts and no-js/booking.spec.ts.

/** Every seeded login shares the demo password. */
export const PASSWORD = DEMO.password;
export const VENUES = {
  mills: "venue-aire-valley-mills",
  natural: "venue-leeds-natural-history",
  colour: "venue-bradford-colour-works",
  york: "venue-york-roman-quarter",
} as const;

export function monthAhead(months: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, 1)).toISOString().slice(0, 7);
}

export async function logInAs(page: Page, email: string) {
  await page.goto("/login");
  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/account$/);
  const accept = page.getByRole("button", { name: "Accept cookies" });
  if (await accept.isVisible()) await accept.click();
}

/** The date step of a venue and month, after discarding any booking this user left open. */
export async function startAt(page: Page, venue: string, month: string) {
  const url = `/account/book/date?venue=${venue}&month=${month}`;
  await page.goto(url);
  const discard = page.getByRole("button", { name: "Start a new booking" });
  if (await discard.isVisible()) {
    await discard.click();
    await expect(page.getByText("Nothing chosen yet.")).toBeVisible();
    await page.goto(url);
  }
  await expect(page.getByRole("heading", { level: 1, name: "Choose a museum and a date" })).toBeVisible();
}

/** Chooses the nth available day of the calendar shown; returns its date. */
export async function chooseDay(page: Page, nth = 0): Promise<string> {
  const day = page.getByRole("grid").getByRole("button", { name: /, Open$/ }).nth(nth);
  const date = (await day.getAttribute("data-date"))!;
  await day.click();
  await expect(page).toHaveURL(/\/account\/book\/information$/);
  return date;
}

export interface GroupDetails {
  bands: Partial<Record<"under 5" | "aged 5–11" | "aged 11–16" | "aged 16–18", number>>;
  adults: number;
  lunch: boolean;
  arrival?: string;
}

export async function fillInformation(page: Page, group: GroupDetails) {
  for (const [band, count] of Object.entries(group.bands)) await page.getByLabel(`Pupils ${band}`).fill(String(count));
  await page.getByLabel("Supervising adults").fill(String(group.adults));
  await page.getByRole("group", { name: /packed lunch/ }).getByRole("radio", { name: group.lunch ? "Yes" : "No" }).check();
  await page.getByLabel("Arrival time").fill(group.arrival ?? "10:00");
}

export const toMinutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

export interface Slot {
  name: string;
  start: string;
  end: string;
  places: number;
}

/** The open slots of an activity row, read from their labels ("10:30–11:00 30 places left"). */
export async function openSlots(row: Locator): Promise<Slot[]> {
  await expect(row).toBeVisible();
  const names = await row.getByRole("radio", { name: /places? left/ }).evaluateAll((inputs) =>
    inputs.filter((i) => !(i as HTMLInputElement).disabled).map((i) => (i.closest("label") as HTMLElement).innerText.replace(/\s+/g, " ").trim()),
  );
  return names.flatMap((name) => {
    const m = /^(\d\d:\d\d)–(\d\d:\d\d) (\d+) places? left$/.exec(name);
    return m ? [{ name, start: m[1]!, end: m[2]!, places: Number(m[3]) }] : [];
  });
}

export const activityRow = (page: Page, activity: string) => page.getByRole("group", { name: new RegExp(`^${activity}`) });

/** Picks the first slot with enough places that overlaps none of `avoid`; sets the people taking part. */
export async function chooseSlot(page: Page, activity: string, people: number, avoid: readonly Slot[] = [], skip = 0): Promise<Slot> {
  const row = activityRow(page, activity);
  await expect(row).toBeVisible();
  const fits = (await openSlots(row)).filter(
    (s) => s.places >= people && avoid.every((a) => toMinutes(s.end) <= toMinutes(a.start) || toMinutes(s.start) >= toMinutes(a.end)),
  );
  const slot = fits[skip];
  if (!slot) throw new Error(`No slot of ${activity} has ${people} places`);
  await row.getByRole("radio", { name: slot.name }).check();
  await row.getByLabel(/People taking part/).fill(String(people));
  return slot;
}

export async function saveAndContinue(page: Page) {
  await page.getByRole("button", { name: "Save and continue" }).click();
}

export async function acceptTermsAndConfirm(page: Page, button: RegExp = /^Confirm/) {
  await page.getByLabel("I have read and agree to the terms of booking").check();
  await page.getByRole("button", { name: button }).click();
}

export const breadcrumb = (page: Page) => page.getByRole("navigation", { name: "Booking steps" });

export async function expectStep(page: Page, path: string, title: string) {
  await expect(page).toHaveURL(new RegExp(`/account/book/${path}(\\?.*)?$`));
  await expect(page).toHaveTitle(`${title} | Group visits`);
  await expect(breadcrumb(page).locator('[aria-current="step"]')).toBeVisible();
}

/** A free visit (ten children, two adults, no lunch, nothing scheduled) from login to saving its schedule step. */
export async function freeVisitPastSchedule(page: Page, email: string, month: string) {
  await logInAs(page, email);
  await startAt(page, VENUES.york, month);
  await chooseDay(page, 0);
  await fillInformation(page, { bands: { "aged 5–11": 10 }, adults: 2, lunch: false });
  await saveAndContinue(page);
  await expectStep(page, "schedule", "Plan your day");
  await expect(page.locator(".day-timeline [role=status]")).toHaveText("Nothing booked yet: general admission only.");
  await saveAndContinue(page);
}

/** The shortest way from the date step to review: a day, the group, one activity and a way to pay. */
export async function bookToReview(
  page: Page,
  plan: { day: number; group: GroupDetails; activity: string; people: number; payment: "Pay by card now" | "Pay by invoice" },
): Promise<{ date: string; slot: Slot }> {
  const date = await chooseDay(page, plan.day);
  await fillInformation(page, plan.group);
  await saveAndContinue(page);
  await expectStep(page, "schedule", "Plan your day");
  const slot = await chooseSlot(page, plan.activity, plan.people);
  await saveAndContinue(page);
  await expectStep(page, "payment", "Payment");
  await page.getByRole("radio", { name: plan.payment }).check();
  await saveAndContinue(page);
  await expectStep(page, "review", "Check and book your visit");
  return { date, slot };
}
