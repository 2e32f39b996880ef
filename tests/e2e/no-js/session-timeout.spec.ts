import { PASSWORD, VENUES, chooseDay, expectStep, fillInformation, logInAs, monthAhead, saveAndContinue, startAt } from "../booking-support";
import { expect, logIn, test } from "../fixtures";
import { ownServerForFile } from "../server-process";

// A session that times out without JavaScript (ADR 35): the browser keeps the cookie past
// the idle end, so the server sees the time-out and says so; a form posted after it is
// kept, encrypted in a cookie, and given back on its page after login. Sessions on this
// server end after one idle minute (set through the environment, as a deployment would).
// axe needs JavaScript in the page: session-timeout.spec.ts checks the same pages with it.
const baseURL = ownServerForFile(84, { SESSION_IDLE_TIMEOUT_MINUTES: "1", RATE_LIMIT_LOGIN: "10000/60" });
test.use({ baseURL });
// One server for the file: its tests run in one worker, one after the other (each still runs if another fails).
test.describe.configure({ mode: "default" });

const IDLE_MS = 60_000;
const TIMED_OUT = "For your security, your session timed out and you were logged out. Log in again to carry on where you were.";

test("a page asked for after the time-out: the login page says why, and logging in goes back to it", async ({ page }) => {
  test.setTimeout(150_000);
  await logInAs(page, "booking.card@example.org");
  await page.waitForTimeout(IDLE_MS + 2_000);
  await page.goto("/account/orders");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount%2Forders&reason=timeout$/);
  await expect(page.getByRole("status").filter({ hasText: "session timed out" })).toHaveText(TIMED_OUT);
  await logIn(page, "booking.card@example.org", PASSWORD);
  await expect(page).toHaveURL(/\/account\/orders$/);
});

test("a step posted after the time-out: kept, and back on the step with what was typed after logging in", async ({ page }) => {
  test.setTimeout(180_000);
  await logInAs(page, "booking.ratio@example.org");
  await startAt(page, VENUES.natural, monthAhead(4));
  await chooseDay(page, 1);
  await expectStep(page, "information", "About your group");
  const notes = "One pupil uses a wheelchair; please keep a quiet room.";
  await fillInformation(page, { bands: { "aged 11–16": 20 }, adults: 2, lunch: false, arrival: "11:00" });
  await page.getByLabel("Notes for the bookings team (optional)").fill(notes);

  await page.waitForTimeout(IDLE_MS + 2_000);
  await saveAndContinue(page);
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount%2Fbook%2Finformation&reason=timeout$/);
  await expect(page.getByRole("status").filter({ hasText: "session timed out" })).toHaveText(TIMED_OUT);

  await logIn(page, "booking.ratio@example.org", PASSWORD);
  await expectStep(page, "information", "About your group");
  await expect(page.getByRole("status").filter({ hasText: "Welcome back" })).toBeVisible();
  await expect(page.getByLabel("Pupils aged 11–16")).toHaveValue("20");
  await expect(page.getByLabel("Supervising adults")).toHaveValue("2");
  await expect(page.getByRole("radio", { name: "No" })).toBeChecked();
  await expect(page.getByLabel("Arrival time")).toHaveValue("11:00");
  await expect(page.getByLabel("Notes for the bookings team (optional)")).toHaveValue(notes);

  // Saved as it stands, the booking goes on.
  await saveAndContinue(page);
  await expectStep(page, "schedule", "Plan your day");
});
