import { expect, expectNoSidewaysScroll, test } from "./fixtures";
import { rejectCookies } from "./registration-support";

// The accessibility statement (routes/accessibility.tsx), linked from the footer of every page.

test.beforeEach(async ({ page, baseURL }) => {
  await rejectCookies(page, baseURL);
});

test("every kind of page links the accessibility statement from its footer", async ({ page }) => {
  // Home, a form page, a registration step, a CMS page, the 404 page and a page behind login (which redirects to log in).
  for (const path of ["/", "/login", "/registration", "/privacy", "/no-such-page", "/account/book/date"]) {
    await page.goto(path);
    const link = page.getByRole("contentinfo").getByRole("navigation", { name: "Footer" }).getByRole("link", { name: /^Accessibility/ });
    await expect(link, `footer link on ${path}`).toHaveCount(1);
    await expect(link).toHaveAttribute("href", "/accessibility");
  }
});

test("the statement says what the site conforms to, how it is tested, its limits, how to report a problem and when", async ({ page, axe }) => {
  await page.goto("/login");
  await page.getByRole("contentinfo").getByRole("link", { name: /^Accessibility/ }).click();
  await expect(page).toHaveURL(/\/accessibility$/);
  await expect(page).toHaveTitle("Accessibility statement | Group visits");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Accessibility statement" })).toBeVisible();
  for (const heading of ["How accessible this website is", "How we test it", "Known limitations", "Reporting a problem or asking for another format", "About this statement"]) {
    await expect(main.getByRole("heading", { level: 2, name: heading })).toBeVisible();
  }
  await expect(main).toContainText("WCAG) 2.2 at level AA");
  await expect(main).toContainText("partially compliant");
  // Timing adjustable (WCAG 2.2.1): where to ask for longer holds.
  await expect(main.getByRole("region", { name: "How accessible this website is" }).getByRole("link", { name: "your details" })).toHaveAttribute(
    "href",
    "/account/user/edit",
  );
  await expect(main.getByRole("region", { name: "How we test it" })).toContainText("axe");
  await expect(main.getByRole("region", { name: "How we test it" })).toContainText("Keyboard-only tests");
  await expect(main.getByRole("region", { name: "How we test it" })).toContainText("Lighthouse");
  await expect(main.getByRole("region", { name: "How we test it" })).toContainText("at 400% zoom");
  // The contact comes from the CMS's site content (its footer's email link).
  const report = main.getByRole("region", { name: "Reporting a problem or asking for another format" });
  await expect(report.getByRole("link", { name: "groups@westridingmuseums.example.org" })).toHaveAttribute(
    "href",
    "mailto:groups@westridingmuseums.example.org",
  );
  await expect(main.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d\d-\d\d$/);
  await expect(main.getByRole("region", { name: "About this statement" })).toContainText(/prepared on \d{1,2} \w+ \d{4}/);
  // The CMS's page about access at the museums is kept, above the statement.
  await expect(main.getByRole("region", { name: "Access at our museums" })).toContainText("step-free routes");
  await axe();
  await expectNoSidewaysScroll(page);
});
