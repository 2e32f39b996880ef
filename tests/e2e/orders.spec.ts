import type { APIResponse, Page } from "@playwright/test";
import { DEMO, expect, logIn, test } from "./fixtures";

// Orders: the list, one order, its calendar file, increasing numbers (card, via the
// hosted payment page) and asking to cancel. The club account books its own visit first,
// so nothing here changes an order another spec reads; the demo school's seeded orders
// are only read.

const CLUB = { email: "club@example.org", password: DEMO.password };
const VENUE = "venue-aire-valley-mills";

function monthAhead(months: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, 1)).toISOString().slice(0, 7);
}

/** Content lines of an iCalendar file, unfolded (RFC 5545 §3.1). */
function contentLines(ics: string): string[] {
  return ics.replace(/\r\n[ \t]/g, "").split("\r\n").filter(Boolean);
}

function prop(lines: readonly string[], name: string): string | undefined {
  const line = lines.find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`));
  return line?.slice(line.indexOf(":") + 1);
}

async function downloadCalendar(page: Page): Promise<{ response: APIResponse; lines: string[]; raw: string }> {
  const href = await page.getByRole("link", { name: /Add to calendar/ }).getAttribute("href");
  expect(href).toMatch(/\/calendar\.ics$/);
  // The page's session cookie goes with the request.
  const response = await page.request.get(href!);
  const raw = await response.text();
  return { response, lines: contentLines(raw), raw };
}

function expectValidCalendar(raw: string, lines: readonly string[]) {
  expect(raw.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
  expect(raw.endsWith("END:VCALENDAR\r\n")).toBe(true);
  // CRLF only, and no physical line longer than 75 octets.
  expect(raw.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  for (const line of raw.split("\r\n")) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
  expect(prop(lines, "VERSION")).toBe("2.0");
  expect(lines.filter((l) => l === "BEGIN:VEVENT")).toHaveLength(1);
  expect(prop(lines, "UID")).toMatch(/^order-ord-[\w-]+@/);
  expect(prop(lines, "DTSTAMP")).toMatch(/^\d{8}T\d{6}Z$/);
  expect(prop(lines, "DTSTART")).toMatch(/^\d{8}T\d{6}Z$/);
  expect(prop(lines, "DTEND")).toMatch(/^\d{8}T\d{6}Z$/);
  expect(prop(lines, "DTEND")! > prop(lines, "DTSTART")!).toBe(true);
}

test("an invoice-paid school visit: details, calendar file, and numbers that cannot be changed online", async ({ page, axe }) => {
  await page.goto("/login?redirectTo=/account/orders");
  await logIn(page, DEMO.email, DEMO.password);
  await expect(page.getByRole("heading", { level: 1, name: "Your orders" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Upcoming visits" }).getByRole("link", { name: "GV-260417" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Past visits" }).getByRole("link", { name: "GV-259871" })).toBeVisible();
  await axe();

  await page.getByRole("link", { name: "GV-260417" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Order GV-260417" })).toBeVisible();
  await expect(page).toHaveTitle("Order GV-260417 | Group visits");
  await expect(page.getByText("School visit to York Roman Quarter Museum")).toBeVisible();
  await expect(page.getByText("Invoice, paid (purchase order PO-RPS-2291)")).toBeVisible();
  await expect(page.getByRole("table", { name: "Price" })).toContainText("Life in Roman Eboracum workshop");
  await expect(page.getByRole("heading", { name: "Timeline" })).toBeVisible();
  await expect(page.getByText("This visit is paid by invoice, so its numbers cannot be changed online.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Increase numbers" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Ask to cancel this booking" })).toBeVisible();
  await axe();

  // Asking for the numbers view anyway shows the order, not a form.
  await page.goto("/account/orders/ord-5001?change=numbers");
  await expect(page.getByRole("heading", { name: "Increase numbers" })).toHaveCount(0);

  const { response, lines, raw } = await downloadCalendar(page);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^text\/calendar/);
  expect(response.headers()["content-disposition"]).toBe('attachment; filename="visit-GV-260417.ics"');
  expectValidCalendar(raw, lines);
  expect(prop(lines, "UID")).toMatch(/^order-ord-5001@/);
  expect(prop(lines, "SUMMARY")).toBe("School visit: York Roman Quarter Museum (GV-260417)");
  expect(prop(lines, "LOCATION")).toBe("York Roman Quarter Museum\\, Museum Street\\, York\\, YO1 7DR");
  expect(prop(lines, "DESCRIPTION")).toContain("Booking reference: GV-260417");
  expect(prop(lines, "DESCRIPTION")).toContain("Life in Roman Eboracum");
  expect(prop(lines, "STATUS")).toBe("CONFIRMED");

  // Someone else's order, or none, is not found.
  expect((await page.request.get("/account/orders/ord-5201/calendar.ics")).status()).toBe(404);
  expect((await page.goto("/account/orders/ord-5201"))?.status()).toBe(404);
});

test("a club books a visit, adds it to a calendar, increases its numbers by card and asks to cancel", async ({ page, axe }) => {
  test.setTimeout(150_000);
  await page.goto("/login?redirectTo=/account/book/date");
  await logIn(page, CLUB.email, CLUB.password);
  await expect(page).toHaveURL((url) => url.pathname === "/account/book/date");

  // Book a guided tour for 10 (paid by card now).
  await page.goto(`/account/book/date?venue=${VENUE}&month=${monthAhead(3)}`);
  const discard = page.getByRole("button", { name: "Start a new booking" });
  if (await discard.isVisible()) {
    await discard.click();
    await page.goto(`/account/book/date?venue=${VENUE}&month=${monthAhead(3)}`);
  }
  await page.locator("#date-form button.calendar-day.status-available").first().click();
  await expect(page).toHaveURL(/\/group\/activities$/);
  await page.getByRole("checkbox", { name: /Guided mill tour/ }).check();
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page).toHaveURL(/\/group\/capacities$/);
  const slot = page.locator("#tickets-0-0-slot");
  const open = await slot.locator("option:not([disabled])").evaluateAll((options) =>
    options.map((o) => o as HTMLOptionElement).filter((o) => o.value && /(\d+) places? left/.test(o.text) && Number(/(\d+) places? left/.exec(o.text)![1]) >= 15).map((o) => o.value),
  );
  await slot.selectOption(open[0]!);
  await page.getByLabel("Adult tickets").first().fill("8");
  await page.getByLabel("Free carer tickets").first().fill("2");
  await page.getByRole("button", { name: "Save and continue" }).click();
  await page.getByLabel("Group name").fill("Harrogate Probus Club");
  await page.getByLabel("Mobile number").fill("07700 900123");
  await page.getByLabel("Arrival time").fill("10:00");
  await page.getByRole("radio", { name: "No" }).check();
  await page.getByRole("button", { name: "Save and continue" }).click();
  await page.getByRole("radio", { name: "Pay by card now" }).check();
  await page.getByRole("button", { name: "Save and continue" }).click();
  await page.getByLabel("I have read and agree to the terms of booking").check();
  await page.getByRole("button", { name: "Confirm and pay by card" }).click();
  await page.getByRole("button", { name: /^Pay £/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your visit is booked" })).toBeVisible();

  // The order in the list, and in full.
  await page.goto("/account/orders");
  const link = page.getByRole("table", { name: "Upcoming visits" }).getByRole("link").first();
  const reference = (await link.textContent())!.trim();
  await link.click();
  await expect(page.getByRole("heading", { level: 1, name: `Order ${reference}` })).toBeVisible();
  await expect(page.getByText("Group visit to Aire Valley Mills Museum")).toBeVisible();
  await expect(page.getByText("Card, paid")).toBeVisible();
  await expect(page.locator("dd").filter({ hasText: /^10$/ })).toBeVisible();
  await axe();
  const orderUrl = page.url();

  const { lines, raw } = await downloadCalendar(page);
  expectValidCalendar(raw, lines);
  expect(prop(lines, "SUMMARY")).toBe(`Group visit: Aire Valley Mills Museum (${reference})`);
  expect(prop(lines, "DESCRIPTION")).toContain(`Booking reference: ${reference}`);
  expect(prop(lines, "DESCRIPTION")).toContain("Guided mill tour");
  expect(prop(lines, "LOCATION")).toContain("Aire Valley Mills Museum");

  // Increase numbers: fewer than booked is refused beside the field.
  await page.getByRole("link", { name: "Increase numbers" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Increase numbers" })).toBeVisible();
  await expect(page).toHaveTitle(`Increase numbers: Order ${reference} | Group visits`);
  const adults = page.getByLabel(/^Adult tickets/);
  await expect(adults).toHaveValue("8");
  await axe();
  await adults.fill("7");
  await page.getByRole("button", { name: "Check the price" }).click();
  await expect(page.locator("#amend-t0-error")).toContainText("you have 8 booked, so enter 8 or more");
  await expect(adults).toHaveValue("7");
  await axe();

  // The gateway's quote first, then confirm and pay for the extra places.
  await adults.fill("11");
  await page.getByRole("button", { name: "Check the price" }).click();
  await expect(page.getByRole("table", { name: "Price of the extra places" })).toContainText("Guided mill tour");
  await expect(page.getByText("adult tickets from 8 to 11")).toBeVisible();
  await axe();
  await page.getByRole("button", { name: /^Confirm and pay £/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Pay by card" })).toBeVisible();
  // 3 more adults at £6.00; carers stay free.
  await page.getByRole("button", { name: "Pay £18.00" }).click();
  await expect(page).not.toHaveURL(/hosted-payment/);
  // The payment's result is said once, from the session: the address holds no notice to repeat.
  await expect(page.getByRole("status")).toContainText("Thank you: your card payment has been received.");
  expect(new URL(page.url()).search).toBe("");
  await axe();

  await page.goto(orderUrl);
  await expect(page.locator("dd").filter({ hasText: /^13$/ })).toBeVisible();
  await expect(page.getByText("Numbers increased from 10 to 13.")).toBeVisible();
  await expect(page.getByText("Confirmed", { exact: true })).toBeVisible();

  // Ask to cancel: the policy first, a reason, then the status changes.
  await page.getByRole("link", { name: "Ask to cancel this booking" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Ask to cancel this booking" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Cancellation policy" })).toBeVisible();
  await expect(page.getByText(/full refund to your card/)).toBeVisible();
  await axe();
  await page.getByRole("button", { name: "Ask to cancel this booking" }).click();
  await expect(page.locator("#reason-error")).toContainText("Tell us why you want to cancel");
  await axe();
  await page.getByLabel("Why do you want to cancel?").fill("Our coach company has withdrawn.");
  await page.getByRole("button", { name: "Ask to cancel this booking" }).click();
  await expect(page.getByRole("status")).toContainText("Your request to cancel has been sent.");
  await expect(page.getByText("Cancellation requested", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Ask to cancel this booking" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Increase numbers" })).toHaveCount(0);
  await axe();
  // Shown once: a reload shows the order as it is, without saying again that it was just sent.
  expect(new URL(page.url()).search).toBe("");
  await page.reload();
  await expect(page.getByText("Cancellation requested", { exact: true })).toBeVisible();
  await expect(page.getByText("Your request to cancel has been sent.")).toHaveCount(0);
});
