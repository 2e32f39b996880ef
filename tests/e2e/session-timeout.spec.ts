import type { Page } from "@playwright/test";
import { PASSWORD, VENUES, chooseDay, expectStep, fillInformation, logInAs, monthAhead, startAt } from "./booking-support";
import { expect, logIn, test } from "./fixtures";
import { ownServerForFile } from "./server-process";

// The session time-out warning (WCAG 2.2.1; ADR 35), on a server of its own whose sessions
// end after one idle minute, set through the environment as a deployment would: the
// warning then opens 30 seconds before the end (half the idle time-out, under 2 minutes).
const baseURL = ownServerForFile(83, { SESSION_IDLE_TIMEOUT_MINUTES: "1", RATE_LIMIT_LOGIN: "10000/60" });
test.use({ baseURL });
// One server for the file: its tests run in one worker, one after the other (each still runs if another fails).
test.describe.configure({ mode: "default" });

const WARNING = "You’re about to be signed out";
/** The idle time-out, and a margin for a busy machine. */
const IDLE_MS = 60_000;
const TIMED_OUT = "For your security, your session timed out and you were logged out. Log in again to carry on where you were.";

const warning = (page: Page) => page.getByRole("dialog", { name: WARNING });

test("the warning takes focus and says when, and Stay signed in keeps the session past its first end, in every tab", async ({ page, context, axe }) => {
  test.setTimeout(180_000);
  await logInAs(page, "booking.card@example.org");
  await page.goto("/account/user/edit");
  await page.getByLabel("First name").focus();
  const other = await context.newPage();
  await other.goto("/account/orders");
  const lastRequest = Date.now();

  // Opens with half a minute to go (WCAG 2.2.1 asks for at least 20 seconds), focus in it.
  const dialog = warning(page);
  await expect(dialog).toBeVisible({ timeout: IDLE_MS });
  const openedAt = Date.now();
  expect(openedAt - lastRequest).toBeLessThan(IDLE_MS - 20_000);
  expect(await page.evaluate(() => document.activeElement?.closest("dialog")?.getAttribute("aria-labelledby"))).toBe("session-timeout-heading");
  // Read out through a polite status, sparingly (whole minutes, then 15-second steps), not each second.
  await expect(dialog.getByRole("status")).toHaveText(/^We will sign you out in (30|45) seconds\.$/);
  await expect(dialog).toHaveAccessibleDescription(/We will sign you out in \d+ seconds\. If you are signed out, what you have typed on this page is kept/);
  await expect(dialog.getByText(/^For your security, we will sign you out in \d+ seconds\.$/)).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Sign out" })).toBeVisible();
  await axe();
  await expect(warning(other)).toBeVisible();

  // One tab answers; the other closes its warning too.
  await dialog.getByRole("button", { name: "Stay signed in" }).click();
  await expect(dialog).toBeHidden();
  await expect(warning(other)).toBeHidden();
  await expect(page.getByLabel("First name")).toBeFocused();

  // Past the end the session had before: the server still knows the user.
  await page.waitForTimeout(Math.max(0, openedAt + 40_000 - Date.now()));
  const status = await page.request.get("/session");
  expect(await status.json()).toMatchObject({ signedIn: true });
  await page.reload();
  await expect(page).toHaveURL(/\/account\/user\/edit$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your details" })).toBeVisible();

  // The next warning: Sign out there signs out every tab.
  await expect(dialog).toBeVisible({ timeout: IDLE_MS });
  await dialog.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(other).toHaveURL(`${baseURL}/`);
  expect(await (await page.request.get("/session")).json()).toEqual({ signedIn: false, timedOut: false });
});

test("nobody answers: signed out with the time-out said on the login page, and back on the step with what was typed", async ({ page, axe }) => {
  test.setTimeout(180_000);
  await logInAs(page, "booking.ratio@example.org");
  await startAt(page, VENUES.natural, monthAhead(4));
  await chooseDay(page, 2);
  await expectStep(page, "information", "About your group");
  const notes = "Two pupils use wheelchairs; our coach arrives at 10:15.";
  await fillInformation(page, { bands: { "aged 5–11": 16 }, adults: 2, lunch: true, arrival: "10:30" });
  await page.getByLabel("Notes for the bookings team (optional)").fill(notes);

  await expect(warning(page)).toBeVisible({ timeout: IDLE_MS });
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount%2Fbook%2Finformation&reason=timeout$/, { timeout: 45_000 });
  await expect(page.getByRole("status").filter({ hasText: "session timed out" })).toHaveText(TIMED_OUT);
  await axe();

  await logIn(page, "booking.ratio@example.org", PASSWORD);
  await expectStep(page, "information", "About your group");
  await expect(page.getByRole("status").filter({ hasText: "Welcome back" })).toHaveText(
    "Welcome back. We have put back what you had typed on this page before you were signed out. Check it, then save it.",
  );
  await expect(page.getByLabel("Pupils aged 5–11")).toHaveValue("16");
  await expect(page.getByLabel("Supervising adults")).toHaveValue("2");
  await expect(page.getByRole("radio", { name: "Yes" })).toBeChecked();
  await expect(page.getByLabel("Arrival time")).toHaveValue("10:30");
  await expect(page.getByLabel("Notes for the bookings team (optional)")).toHaveValue(notes);
  // The live ratio check counts what came back.
  await expect(page.locator("#ratio-check [role=status]")).toHaveText("2 adults are enough for 16 pupils.");
  await axe();

  // Given back once: a reload shows what is saved.
  await page.reload();
  await expect(page.getByLabel("Notes for the bookings team (optional)")).toHaveValue("");
});
