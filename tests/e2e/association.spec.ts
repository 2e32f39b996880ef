import { DEMO, expect, logIn, test } from "./fixtures";
import { rejectCookies, waitForHydration } from "./registration-support";

// Each test has its own seeded user, so they can run side by side on one server.

// Whole journeys through several pages: more than the default 30 s when the machine is busy.
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page, baseURL }) => {
  await rejectCookies(page, baseURL);
});

async function openAssociations(page: import("@playwright/test").Page, email: string) {
  await page.goto("/login?redirectTo=/account/organisation/association");
  await logIn(page, email, DEMO.password);
  // The first render of the organisation search can take a moment while the index loads.
  await expect(page.getByRole("heading", { level: 1, name: "Your organisations" })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/:\d+\/account\/organisation\/association$/);
  await expect(page).toHaveTitle("Your organisations | Group visits");
}

test("a supply teacher switches the organisation they act for", async ({ page, axe }) => {
  await openAssociations(page, "supply.teacher@example.org");
  const list = page.getByRole("list", { name: "Your organisations" });
  await expect(list.getByRole("listitem")).toHaveCount(2);
  const heaton = list.getByRole("listitem").filter({ hasText: "Heaton Grange High School" });
  const minster = list.getByRole("listitem").filter({ hasText: "Minster View Primary School" });
  await expect(heaton).toContainText("Approved · Member · Current organisation");
  await expect(minster).toContainText("Approved · Member");
  await expect(heaton.getByRole("button", { name: /^Act for/ })).toHaveCount(0);
  await axe();

  await minster.getByRole("button", { name: "Act for Minster View Primary School" }).click();
  await expect(page.locator("main p.success[role=status]")).toHaveText("You are now acting for Minster View Primary School.");
  await expect(minster).toContainText("Current organisation");
  await expect(heaton).not.toContainText("Current organisation");
  await axe();

  await page.goto("/account");
  await expect(page.getByRole("region", { name: "Your organisation" }).getByText("Minster View Primary School").first()).toBeVisible();
});

test("a tutor asks to join another school, withdraws the request, and leaves their school", async ({ page, axe }) => {
  await openAssociations(page, "music.tutor@example.org");
  await waitForHydration(page);
  await axe();

  // Found through the organisation search.
  await page.getByRole("searchbox", { name: "Search organisations" }).fill("Fulford Road Sixth Form");
  const ask = page.getByRole("button", { name: "Ask to join Fulford Road Sixth Form College", exact: true }).first();
  await expect(ask).toBeVisible();
  await ask.click();
  await expect(page.locator("main p.success[role=status]")).toHaveText(/You have asked to join Fulford Road Sixth Form College\./);
  const list = page.getByRole("list", { name: "Your organisations" });
  const fulford = list.getByRole("listitem").filter({ hasText: "Fulford Road Sixth Form College" });
  await expect(fulford).toContainText("Pending approval · Member");
  // A pending organisation cannot be acted for yet.
  await expect(fulford.getByRole("button", { name: /^Act for/ })).toHaveCount(0);
  await axe();

  // Withdrawing asks for confirmation first.
  await fulford.getByRole("button", { name: "Withdraw the request to join Fulford Road Sixth Form College" }).click();
  const confirm = page.getByRole("region", { name: "Withdraw your request to join Fulford Road Sixth Form College?" });
  await expect(confirm).toBeVisible();
  await axe();
  await confirm.getByRole("link", { name: "No, cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(fulford).toBeVisible();
  await fulford.getByRole("button", { name: "Withdraw the request to join Fulford Road Sixth Form College" }).click();
  await confirm.getByRole("button", { name: "Yes, withdraw the request" }).click();
  await expect(page.locator("main p.success[role=status]")).toHaveText("You have withdrawn your request to join Fulford Road Sixth Form College.");
  await expect(fulford).toHaveCount(0);

  const bramley = list.getByRole("listitem").filter({ hasText: "Bramley Park Academy" });
  await bramley.getByRole("button", { name: "Leave Bramley Park Academy" }).click();
  await page.getByRole("region", { name: "Leave Bramley Park Academy?" }).getByRole("button", { name: "Yes, leave Bramley Park Academy" }).click();
  await expect(page.locator("main p.success[role=status]")).toHaveText("You have left Bramley Park Academy.");
  await expect(page.getByText("You do not belong to any organisation yet.")).toBeVisible();
  await axe();
});

test("the only lead of an organisation with members cannot leave it", async ({ page }) => {
  // The demo teacher leads Riverside Primary School, which has another member. Nothing changes.
  await openAssociations(page, "teacher@example.org");
  const riverside = page.getByRole("list", { name: "Your organisations" }).getByRole("listitem").filter({ hasText: "Riverside Primary School" });
  await expect(riverside).toContainText("Approved · Lead contact · Current organisation");
  await riverside.getByRole("button", { name: "Leave Riverside Primary School" }).click();
  await page.getByRole("button", { name: "Yes, leave Riverside Primary School" }).click();
  await expect(page.getByRole("alert")).toContainText("You are the only lead contact of Riverside Primary School");
  await expect(riverside).toBeVisible();
});

test("a member sees their organisation read-only, with why", async ({ page, axe }) => {
  await page.goto("/login?redirectTo=/account/organisation/edit");
  await logIn(page, "office@riverside-primary.example.org", DEMO.password);
  await expect(page.getByRole("heading", { level: 1, name: "Your organisation" })).toBeVisible();
  await expect(page).toHaveURL(/:\d+\/account\/organisation\/edit$/);
  await expect(page.getByText("Only the lead contact of Riverside Primary School can change its details.")).toBeVisible();
  await expect(page.getByRole("main").getByText("107412")).toBeVisible();
  await expect(page.getByRole("main").getByRole("textbox")).toHaveCount(0);
  await axe();

  // The same page for a given organisation id; another organisation's is not found.
  await page.goto("/account/organisation/org-1001/edit");
  await expect(page.getByText("Only the lead contact of Riverside Primary School")).toBeVisible();
  const response = await page.goto("/account/organisation/org-3001/edit");
  expect(response?.status()).toBe(404);
});
