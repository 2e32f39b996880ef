import type { Page } from "@playwright/test";
import { DEMO, expect, expectNoSidewaysScroll, logIn, test } from "./fixtures";
import { confirmFromEmail, expectFieldError, fillUser, PASSWORD, rejectCookies, reviewNewGroup, saveAndContinue, uniqueEmail, waitForHydration } from "./registration-support";

type Axe = () => Promise<void>;

// Whole journeys through several pages: more than the default 30 s when the machine is busy.
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page, baseURL }) => {
  await rejectCookies(page, baseURL);
});

/** /registration → the group type's organisation search. */
async function chooseGroupType(page: Page, axe: Axe, name: string, group: string) {
  await page.goto("/registration");
  await expect(page.getByRole("heading", { level: 1, name: "Register your group" })).toBeVisible();
  await expect(page).toHaveTitle("Register your group | Group visits");
  await axe();
  await page.getByRole("link", { name }).click();
  await expect(page).toHaveURL(new RegExp(`/registration/${group}/organisation$`));
  // The first render of the organisation search can take a moment while the index loads.
  await expect(page.getByRole("heading", { level: 1, name: "Find your organisation" })).toBeVisible({ timeout: 20_000 });
  await waitForHydration(page);
  await axe();
}

/** Searches the organisation search and chooses a seeded organisation; lands on its read-only details. */
async function pickOrganisation(page: Page, axe: Axe, query: string, name: string, group: string) {
  await page.getByRole("searchbox", { name: "Search organisations" }).fill(query);
  // The search writes its state to the URL 400 ms after typing stops.
  await expect(page).toHaveURL(/[?&]q=/);
  const choose = page.getByRole("button", { name: `Choose ${name}`, exact: true }).first();
  await expect(choose).toBeVisible();
  await choose.click();
  await expect(page).toHaveURL(new RegExp(`/registration/${group}/organisation/edit$`));
  await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
  // A picked organisation is shown read-only: no form fields to change it.
  await expect(page.getByRole("main").getByRole("textbox")).toHaveCount(0);
  await axe();
  await page.getByRole("link", { name: "Continue" }).click();
}

/** Accepts the terms and registers, then follows the emailed link and confirms; lands on the account. */
async function register(page: Page, axe: Axe, email: string) {
  await expect(page).toHaveURL(/\/review$/);
  await expect(page.getByRole("heading", { level: 1, name: "Check and submit your registration" })).toBeVisible();
  await axe();
  await expectNoSidewaysScroll(page);
  // The terms must be accepted.
  await page.getByRole("button", { name: "Register" }).click();
  await expectFieldError(page, "acceptTerms", "Tick the box to accept the terms");
  await page.getByLabel(/I accept the account terms/).check();
  await page.getByRole("button", { name: "Register" }).click();
  await confirmFromEmail(page, email, axe);
  await axe();
}

test("a teacher finds their school, fixes a wrong phone number and asks to join it", async ({ page, axe }) => {
  const email = uniqueEmail("teacher");
  await chooseGroupType(page, axe, "Schools and colleges", "education");
  await pickOrganisation(page, axe, "Manningham Lane Primary", "Manningham Lane Primary School", "education");

  await fillUser(page, { firstName: "Sam", lastName: "Okoye", email });
  await page.getByLabel("Title (optional)").fill("Mr");
  await page.getByLabel("Job title or role (optional)").fill("Year 6 teacher");
  await page.getByLabel("Phone (optional)").fill("12345");
  // Marketing consent is off unless ticked.
  await expect(page.getByLabel(/Send me news/)).not.toBeChecked();
  await expect(page.getByRole("status").filter({ hasText: "Password strength" })).toHaveText("Password strength: Strong");
  await axe();
  await saveAndContinue(page);

  // The error sits beside the field; what was typed is kept (the password is never sent back).
  await expectFieldError(page, "phone", "Enter a UK phone number");
  await expect(page.getByLabel("Phone (optional)")).toHaveValue("12345");
  await expect(page.getByLabel("Job title or role (optional)")).toHaveValue("Year 6 teacher");
  await expect(page.getByLabel("Email address", { exact: true }).first()).toHaveValue(email);
  await axe();
  await page.getByLabel("Phone (optional)").fill("0113 496 0777");
  await page.getByLabel("Create a password").fill(PASSWORD);
  await saveAndContinue(page);

  // The review shows everything, with a way back to each part.
  const main = page.getByRole("main");
  await expect(main.getByText("Manningham Lane Primary School")).toBeVisible();
  await expect(main.getByText("You are asking to join this organisation")).toBeVisible();
  await expect(main.getByText("Mr Sam Okoye")).toBeVisible();
  await expect(main.getByText("Set (not shown)")).toBeVisible();
  await expect(main.getByText(PASSWORD)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Change your details" })).toHaveAttribute("href", "/registration/education/user/edit");
  await expect(page.getByRole("link", { name: "Change your organisation" })).toHaveAttribute("href", "/registration/education/organisation");
  await register(page, axe, email);

  await expect(page.getByText("Manningham Lane Primary School: Pending approval")).toBeVisible();
  await expect(page.getByText("You are not linked to an organisation yet.")).toBeVisible();
  // The draft is spent: registration is for people without an account.
  await page.goto("/registration/education/review");
  await expect(page).toHaveURL(/\/account$/);
});

test("a charity volunteer finds their charity, picks a stronger password and asks to join it", async ({ page, axe }) => {
  const email = uniqueEmail("charity");
  await chooseGroupType(page, axe, "Other groups", "other-group");
  await pickOrganisation(page, axe, "Aire Valley Sight Loss", "Aire Valley Sight Loss Support", "other-group");

  await fillUser(page, { firstName: "Joan", lastName: "Hartley", email, password: "password1234" });
  await expect(page.getByRole("status").filter({ hasText: "Password strength" })).toHaveText("Password strength: Weak");
  await saveAndContinue(page);
  await expectFieldError(page, "password", "Choose a password that is harder to guess");
  await expect(page.getByLabel("First name")).toHaveValue("Joan");
  await axe();
  await page.getByLabel("Create a password").fill(PASSWORD);
  await page.getByLabel(/Send me news/).check();
  await saveAndContinue(page);

  await expect(page.getByRole("main").getByText("Yes, send me news")).toBeVisible();
  await register(page, axe, email);
  await expect(page.getByText("Aire Valley Sight Loss Support: Pending approval")).toBeVisible();
});

test("a home educator creates their group, correcting the postcode, and becomes its lead", async ({ page, axe }) => {
  const email = uniqueEmail("home");
  await chooseGroupType(page, axe, "Home-education groups", "home-education");
  await page.getByRole("link", { name: "Create a home-education group" }).click();
  await expect(page).toHaveURL(/\/registration\/home-education\/organisation\/edit$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your organisation's details" })).toBeVisible();
  await axe();

  await page.getByLabel("Group name").fill("Otley Riverside Learners");
  await page.getByLabel("Number of families").fill("12");
  await page.getByLabel("Address line 1").fill("Otley Methodist Hall, Boroughgate");
  await page.getByLabel("Town or city").fill("Otley");
  await page.getByLabel("Postcode").fill("LS99");
  await saveAndContinue(page);
  await expectFieldError(page, "postcode", "Enter a UK postcode, like LS1 4DY");
  await expect(page.getByLabel("Group name")).toHaveValue("Otley Riverside Learners");
  await expect(page.getByLabel("Number of families")).toHaveValue("12");
  await axe();
  await page.getByLabel("Postcode").fill("ls21 1hb");
  await saveAndContinue(page);

  await fillUser(page, { firstName: "Priya", lastName: "Nair", email });
  await saveAndContinue(page);
  const main = page.getByRole("main");
  await expect(main.getByText("You are registering this organisation, and you will be its lead contact.")).toBeVisible();
  await expect(main.getByText("Otley Methodist Hall, Boroughgate, Otley, LS21 1HB")).toBeVisible();
  await register(page, axe, email);
  await expect(page.getByText("Otley Riverside Learners: Approved (lead contact)")).toBeVisible();
});

test("a tour operator registers their company, fixing the company number, then edits its details", async ({ page, axe }) => {
  const email = uniqueEmail("operator");
  await chooseGroupType(page, axe, "Tour operators", "tour-operator");
  await page.getByRole("link", { name: "My organisation is not listed" }).click();
  await expect(page).toHaveURL(/\/registration\/tour-operator\/organisation\/edit$/);

  await page.getByLabel("Company name").fill("Ridings Heritage Tours Ltd");
  await page.getByLabel("Company number").fill("12-34");
  await page.getByLabel("Country of operation").selectOption({ label: "United Kingdom" });
  await page.getByLabel("Address line 1").fill("4 Museum Street");
  await page.getByLabel("Town or city").fill("York");
  await page.getByLabel("Postcode").fill("YO1 7DJ");
  await page.getByLabel("Phone", { exact: true }).fill("01904 496000");
  await saveAndContinue(page);
  await expectFieldError(page, "companyNumber", "Enter a company number of 8 characters");
  await expect(page.getByLabel("Country of operation")).toHaveValue("GB");
  await expect(page.getByLabel("Company name")).toHaveValue("Ridings Heritage Tours Ltd");
  await axe();
  await page.getByLabel("Company number").fill("12345678");
  await saveAndContinue(page);

  await fillUser(page, { firstName: "Tom", lastName: "Baines", email });
  await saveAndContinue(page);
  await expect(page.getByRole("main").getByText("United Kingdom")).toBeVisible();
  await register(page, axe, email);
  await expect(page.getByText("Ridings Heritage Tours Ltd: Approved (lead contact)")).toBeVisible();

  // The lead edits the organisation: errors beside fields, values kept, then saved.
  await page.goto("/account/organisation/edit");
  await expect(page.getByRole("heading", { level: 1, name: "Edit your organisation" })).toBeVisible();
  await expect(page.getByLabel("Company number")).toHaveValue("12345678");
  await axe();
  await page.getByLabel("Phone", { exact: true }).fill("999");
  await page.getByLabel("Address line 2 (optional)").fill("Second floor");
  await page.getByRole("button", { name: "Save the organisation's details" }).click();
  await expectFieldError(page, "phone", "Enter a UK phone number");
  await expect(page.getByLabel("Address line 2 (optional)")).toHaveValue("Second floor");
  await axe();
  await page.getByLabel("Phone", { exact: true }).fill("01904 496111");
  await page.getByRole("button", { name: "Save the organisation's details" }).click();
  await expect(page.getByRole("status")).toHaveText("Your organisation's details have been saved.");
  await expect(page.getByLabel("Phone", { exact: true })).toHaveValue("01904 496111");
  await page.goto("/account");
  await expect(page.getByText("4 Museum Street, York, YO1 7DJ")).toBeVisible();
});

test("an email address that already has an account gets the same answer as a new one; only the email differs", async ({ page, axe }) => {
  await reviewNewGroup(page, DEMO.email);
  await page.getByRole("button", { name: "Register" }).click();

  // Nothing on the page tells whether the address has an account (ADR 30)…
  await expect(page.getByRole("heading", { level: 1, name: "Check your email" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("status")).toHaveText(
    `We have sent an email to ${DEMO.email}. Follow the link in it to finish registering: the link works for 24 hours. If this address already has an account, the email says how to log in instead.`,
  );
  await expect(page.getByRole("alert")).toHaveCount(0);
  await axe();
  // …the email does: the embedded default shows it went to the owner, with the way to log in.
  const notice = page.getByRole("region", { name: "Embedded default" });
  await expect(notice).toContainText("Someone tried to register with your email address");
  expect(await notice.getByRole("link").getAttribute("href")).toMatch(/\/login$/);

  // A wrong address is put right without typing everything again.
  await page.getByRole("link", { name: "change your details" }).click();
  await expect(page.getByLabel("Email address", { exact: true }).first()).toHaveValue(DEMO.email);
  await expect(page.getByText("A password is saved. Leave this blank to keep it.")).toBeVisible();
});

test("a registration link works once", async ({ page, axe }) => {
  const email = uniqueEmail("once");
  await reviewNewGroup(page, email);
  await page.getByRole("button", { name: "Register" }).click();
  const link = (await page.getByRole("region", { name: "Embedded default" }).getByRole("link").getAttribute("href"))!;
  await confirmFromEmail(page, email);
  await page.getByRole("button", { name: "Log out" }).click();
  await page.goto(link);
  await page.getByRole("button", { name: "Confirm and log in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "This link has expired" })).toBeVisible();
  await expect(page.getByRole("alert")).toHaveText("This registration link has expired or has already been used.");
  await axe();
  await expect(page.getByRole("link", { name: "Register again" })).toHaveAttribute("href", "/registration");
});

test("what is typed survives a reload, and saved steps survive going back and forth", async ({ page }) => {
  await page.goto("/registration/education/organisation/edit");
  await waitForHydration(page);
  await page.getByLabel("School name").fill("Hyde Park Primary School");
  await page.getByLabel("URN").fill("108001");
  await page.getByLabel("Phase").selectOption("primary");
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByLabel("School name")).toHaveValue("Hyde Park Primary School");
  await expect(page.getByLabel("URN")).toHaveValue("108001");
  await expect(page.getByLabel("Phase")).toHaveValue("primary");

  await page.getByLabel("Youngest").fill("4");
  await page.getByLabel("Oldest").fill("11");
  await page.getByLabel("Number of pupils").fill("240");
  await page.getByLabel("Address line 1").fill("Woodsley Road");
  await page.getByLabel("Town or city").fill("Leeds");
  await page.getByLabel("Postcode").fill("LS6 1SN");
  await page.getByLabel("Phone", { exact: true }).fill("0113 496 0200");
  await saveAndContinue(page);

  await expect(page).toHaveURL(/\/user\/edit$/);
  await waitForHydration(page);
  await page.getByLabel("First name").fill("Rosa");
  await page.getByLabel("Create a password").fill(PASSWORD);
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByLabel("First name")).toHaveValue("Rosa");
  // Passwords are never kept in the browser.
  await expect(page.getByLabel("Create a password")).toHaveValue("");

  // Back to the saved organisation step: the saved details are there.
  await page.getByRole("link", { name: "Back to your organisation" }).click();
  await expect(page.getByLabel("Number of pupils")).toHaveValue("240");
  await expect(page.getByLabel("Postcode")).toHaveValue("LS6 1SN");
});

test("an unknown group type is a 404, and a later step sends you to the first one missing", async ({ page, axe }) => {
  const response = await page.goto("/registration/pirates/organisation/edit");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This page could not be found" })).toBeVisible();

  await page.goto("/registration/education/review");
  await expect(page).toHaveURL(/\/registration\/education\/organisation$/);
  await page.goto("/registration/home-education/user/edit");
  await expect(page).toHaveURL(/\/registration\/home-education\/organisation$/);

  // With the organisation saved, the review still needs your details.
  await page.goto("/registration/home-education/organisation/edit");
  await page.getByLabel("Group name").fill("Ilkley Home Learners");
  await page.getByLabel("Number of families").fill("6");
  await page.getByLabel("Address line 1").fill("Ilkley Library");
  await page.getByLabel("Town or city").fill("Ilkley");
  await page.getByLabel("Postcode").fill("LS29 8HB");
  await saveAndContinue(page);
  await expect(page).toHaveURL(/\/user\/edit$/);
  await axe();
  await page.goto("/registration/home-education/review");
  await expect(page).toHaveURL(/\/registration\/home-education\/user\/edit$/);

  // Logged-in users have an account already.
  await page.goto("/login");
  await logIn(page);
  await expect(page).toHaveURL(/\/account$/);
  await page.goto("/registration");
  await expect(page).toHaveURL(/\/account$/);
});

test("a forgotten password is reset through the emailed link", async ({ page, axe }) => {
  const email = "scout.leader@example.org";
  const newPassword = "campfire lantern compass";
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Reset your password" })).toBeVisible();
  await axe();

  // The same answer whether or not the email has an account.
  await page.getByLabel("Email address", { exact: true }).first().fill("nobody.here@example.org");
  await page.getByRole("button", { name: "Send the link" }).click();
  const sent = page.getByRole("main").getByRole("status");
  await expect(sent).toHaveText(/If nobody\.here@example\.org belongs to an account, we have sent it a link/);
  await expect(page.getByRole("region", { name: "Embedded default" })).toHaveCount(0);

  await page.goto("/login/forgot");
  await page.getByLabel("Email address", { exact: true }).first().fill(email);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(sent).toHaveText(/If scout\.leader@example\.org belongs to an account, we have sent it a link/);
  // The embedded default shows what the email would contain.
  const notice = page.getByRole("region", { name: "Embedded default" });
  await expect(notice).toContainText("Embedded default: the email we would send contains this link");
  await axe();
  const link = (await notice.getByRole("link").getAttribute("href"))!;
  expect(link).toMatch(/\/login\/reset\/[\w-]+$/);

  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
  await axe();
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Enter the new password again").fill("campfire lantern");
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expectFieldError(page, "passwordConfirmation", "Enter the same password twice");
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Enter the new password again").fill(newPassword);
  await page.getByRole("button", { name: "Save the new password" }).click();

  await expect(page).toHaveURL(/\/login\?reset=done$/);
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Your password has been changed. Log in with your new password.");
  await logIn(page, email, newPassword);
  await expect(page).toHaveURL(/\/account$/);

  // The link works once.
  await page.getByRole("button", { name: "Log out" }).click();
  await page.goto(link);
  await page.getByLabel("New password", { exact: true }).fill("another long passphrase");
  await page.getByLabel("Enter the new password again").fill("another long passphrase");
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "This link has expired" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Ask for a new link" })).toBeVisible();
});
