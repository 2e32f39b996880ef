import type { Page } from "@playwright/test";
import {
  acceptTermsAndConfirm, chooseDay, chooseSlot, expectStep, fillInformation, monthAhead, saveAndContinue, startAt, VENUES,
} from "../booking-support";
import { expect } from "../fixtures";
import { acknowledgeAll, answerQuestions, chooseActivities, ROOT as OUTREACH, scheduleOneSession, startRequest } from "../outreach-support";
import type { ReachContext } from "./routes";

// The steps before a form, walked with JavaScript on in a browser context of their own that
// shares the test page's cookies (the login), whichever project runs the test: the same
// helpers as the flows' own specs. The test page then finds the booking where they left it.

/** A month no other spec books in, so these bookings take no places another test counts on. */
export const MONTH = monthAhead(7);

/** Runs the steps in a JavaScript context with the page's cookies, and gives the page the cookies it ends with. */
export async function walk<T>({ page, baseURL }: ReachContext, steps: (side: Page) => Promise<T>): Promise<T> {
  const browser = page.context().browser();
  if (!browser) throw new Error("no browser");
  // JavaScript on whatever the project (a project's options also apply to contexts a test opens).
  const context = await browser.newContext({ baseURL, javaScriptEnabled: true });
  try {
    await context.route("https://www.googletagmanager.com/**", (route) => route.fulfill({ status: 200, contentType: "text/javascript", body: "" }));
    await context.addCookies(await page.context().cookies());
    const result = await steps(await context.newPage());
    await page.context().addCookies(await context.cookies());
    return result;
  } finally {
    await context.close();
  }
}

const GROUP = { bands: { "aged 5–11": 10 }, adults: 2, lunch: false } as const;

/** A school-type visit at Aire Valley Mills as far as `until`, with a charged workshop and card payment. */
export async function visitUntil(side: Page, until: "information" | "schedule" | "payment" | "review"): Promise<void> {
  await startAt(side, VENUES.mills, MONTH);
  await chooseDay(side, 0);
  if (until === "information") return;
  await fillInformation(side, GROUP);
  await saveAndContinue(side);
  await expectStep(side, "schedule", "Plan your day");
  if (until === "schedule") return;
  await chooseSlot(side, "Victorian mill workers", 10);
  await saveAndContinue(side);
  await expectStep(side, "payment", "Payment");
  if (until === "payment") return;
  await side.getByRole("radio", { name: "Pay by card now" }).check();
  await saveAndContinue(side);
  await expectStep(side, "review", "Check and book your visit");
}

/** A free visit (York, nothing scheduled) booked: returns its order's id. */
export async function freeOrder(side: Page): Promise<string> {
  await startAt(side, VENUES.york, MONTH);
  await chooseDay(side, 1);
  await fillInformation(side, GROUP);
  await saveAndContinue(side);
  await expectStep(side, "schedule", "Plan your day");
  await saveAndContinue(side);
  await expectStep(side, "review", "Check and book your visit");
  await acceptTermsAndConfirm(side);
  await expect(side).toHaveURL(/\/account\/book\/confirmation\?orderId=/);
  return new URL(side.url()).searchParams.get("orderId")!;
}

/** A card payment started from review: returns the stand-in hosted page's path. */
export async function hostedPayment(side: Page): Promise<string> {
  await visitUntil(side, "review");
  await acceptTermsAndConfirm(side, /^Confirm and pay/);
  await expect(side.getByRole("heading", { level: 1, name: "Pay by card" })).toBeVisible();
  return new URL(side.url()).pathname;
}

/** A group visit (tour operator, other group) at York as far as `until`. */
export async function groupVisitUntil(side: Page, until: "activities" | "capacities" | "details" | "payment"): Promise<void> {
  await startAt(side, VENUES.york, MONTH);
  await side.getByRole("grid").getByRole("button", { name: /, Open$/ }).first().click();
  await expect(side).toHaveURL(/\/account\/book\/group\/activities$/);
  if (until === "activities") return;
  await side.getByRole("checkbox", { name: /Roman York walking tour/ }).check();
  await saveAndContinue(side);
  await expect(side).toHaveURL(/\/account\/book\/group\/capacities$/);
  if (until === "capacities") return;
  const slot = side.locator("#tickets-0-0-slot");
  const open = await slot.locator("option:not([disabled])").evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value).filter(Boolean));
  await slot.selectOption(open[0]!);
  await side.getByLabel("Adult tickets").first().fill("10");
  await saveAndContinue(side);
  await expect(side).toHaveURL(/\/account\/book\/group\/details$/);
  if (until === "details") return;
  await side.getByLabel("Group name").fill("Ramblers' Roman day");
  await side.getByLabel("Mobile number").fill("07700 900461");
  await side.getByLabel("Arrival time").fill("10:15");
  await side.getByRole("radio", { name: "No" }).check();
  await saveAndContinue(side);
  await expectStep(side, "payment", "Payment");
}

/** An outreach request as far as `until` (the steps of outreach.spec.ts). */
export async function outreachUntil(side: Page, until: "activities" | "advisories" | "questions" | "schedule" | "terms" | "payment"): Promise<void> {
  await startRequest(side);
  if (until === "activities") return;
  await chooseActivities(side, ["Fossil roadshow"]);
  if (until === "advisories") return;
  await acknowledgeAll(side);
  if (until === "questions") return;
  await answerQuestions(side);
  await saveAndContinue(side);
  await expect(side).toHaveURL(`${OUTREACH}/schedule`);
  if (until === "schedule") return;
  await scheduleOneSession(side, 1);
  await saveAndContinue(side);
  await expect(side).toHaveURL(`${OUTREACH}/terms`);
  if (until === "terms") return;
  await side.getByLabel("I have read and accept the outreach terms").check();
  await saveAndContinue(side);
  await side.getByRole("main").getByRole("link", { name: "Continue to payment" }).click();
  await expect(side).toHaveURL(`${OUTREACH}/payment`);
}
