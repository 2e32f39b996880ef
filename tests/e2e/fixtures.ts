import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import { pageRouteFileOf, recordAxeChecked } from "./axe-coverage";
import { checkRouteOnce } from "./page-states";
import { expectTitled } from "./page-title";
import { expectStylesLoaded } from "./styles-loaded";

export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
/** Best-practice rules run on top of the WCAG tags. */
export const EXTRA_AXE_RULES = ["heading-order", "page-has-heading-one"];

export const DEMO = { email: "teacher@example.org", password: "museum-visit-2026", firstName: "Amara" } as const;

/** Reports every Content-Security-Policy violation in a page as a console error the fixtures collect. */
export function reportCspViolations() {
  document.addEventListener("securitypolicyviolation", (e) => {
    console.error(`CSP violation: ${e.effectiveDirective} blocked ${e.blockedURI || "inline"} at ${e.sourceFile}:${e.lineNumber}`);
  });
}

/** A console message that says the page broke its Content-Security-Policy. */
export const isCspViolation = (text: string) => /CSP violation|Content Security Policy/i.test(text);

export const test = base.extend<{ axe: (page?: Page) => Promise<void> }>({
  // Any CSP violation in any page of the test fails it: the policy is enforced, so a
  // violation is something that did not work.
  context: async ({ context }, use) => {
    const violations: string[] = [];
    await context.addInitScript(reportCspViolations);
    context.on("console", (m) => m.type() === "error" && isCspViolation(m.text()) && violations.push(m.text()));
    await use(context);
    expect(violations, "Content-Security-Policy violations").toEqual([]);
  },
  page: async ({ page }, use) => {
    await stubTagManager(page);
    // Uncaught exceptions and hydration mismatches fail the test that caused them.
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
    page.on("console", (m) => m.type() === "error" && /hydrat/i.test(m.text()) && problems.push(m.text()));
    await use(page);
    expect(problems, "errors in the browser").toEqual([]);
  },
  // Every page a test visits is checked against WCAG 2.2 AA rules, and that its headings
  // are in order under one h1 (axe's best-practice rules for WCAG 1.3.1 and 2.4.6); that
  // it loaded the stylesheets its classes need; and that its title names it (WCAG 2.4.2).
  axe: async ({ page }, use, testInfo) => {
    await use(async (target = page) => {
      const results = await new AxeBuilder({ page: target })
        .options({ rules: Object.fromEntries(EXTRA_AXE_RULES.map((id) => [id, { enabled: true }])) })
        .withTags(AXE_TAGS)
        .analyze();
      const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
      expect(summary, `axe violations on ${target.url()}`).toEqual([]);
      // target-size (WCAG 2.5.8, 24×24 px) is off by default in axe: it must have run (wcag22aa).
      const ran = new Set([...results.passes, ...results.violations, ...results.incomplete, ...results.inapplicable].map((r) => r.id));
      for (const id of ["target-size", ...EXTRA_AXE_RULES]) expect(ran.has(id), `axe ran ${id}`).toBe(true);
      await expectStylesLoaded(target);
      await expectTitled(target);
      recordAxeChecked(testInfo, target.url());
      // What axe cannot judge (focus seen and not covered, text spaced or enlarged, label in
      // name), once per page route in the run, on a new tab (tests/e2e/page-states.ts).
      const routes = await pageRouteFileOf();
      const problems = await checkRouteOnce(target.context(), target.url(), routes, testInfo, stubTagManager);
      if (problems) expect(problems, `focus, text and names on a new tab of ${target.url()}`).toEqual([]);
    });
  },
});

export { expect };

/** The tag manager is real in the page but must not reach the network in tests. */
export async function stubTagManager(page: Page): Promise<void> {
  await page.route("https://www.googletagmanager.com/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/javascript", body: "/* gtm stub */" }),
  );
}

export async function logIn(page: Page, email: string = DEMO.email, password: string = DEMO.password) {
  await page.getByLabel("Email address", { exact: true }).first().fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

/**
 * The page reflows at `width` px (WCAG 1.4.10; 320 px is the narrowest phone): nothing makes it scroll
 * sideways. Reports the page's width and the elements that stick out; the viewport is put back after.
 */
export async function expectNoSidewaysScroll(page: Page, width = 320) {
  const viewport = page.viewportSize();
  await page.setViewportSize({ width, height: viewport?.height ?? 800 });
  try {
    const overflow = () =>
      page.evaluate(() => {
        const { scrollWidth, clientWidth } = document.documentElement;
        if (scrollWidth <= clientWidth) return [];
        const out = [...document.body.querySelectorAll("*")].filter((el) => {
          const r = el.getBoundingClientRect();
          return r.width > 1 && r.height > 1 && r.right > clientWidth + 0.5;
        });
        // The innermost that stick out name the culprit.
        const innermost = out.filter((el) => !out.some((other) => other !== el && el.contains(other)));
        return [`page ${scrollWidth} px wide in ${clientWidth} px`, ...innermost.slice(0, 5).map((el) => el.outerHTML.slice(0, 120))];
      });
    await expect.poll(overflow, `nothing wider than ${width} px on ${page.url()}`).toEqual([]);
  } finally {
    if (viewport) await page.setViewportSize(viewport);
  }
}

/** At every phone width from 320 to 480 px the text stays on one line (a reference read out or copied whole, not split at its hyphen). */
export async function expectOnOneLine(page: Page, text: Locator) {
  const viewport = page.viewportSize();
  try {
    for (let width = 320; width <= 480; width += 8) {
      await page.setViewportSize({ width, height: viewport?.height ?? 800 });
      expect(await text.evaluate((el) => el.getClientRects().length), `${await text.textContent()} on one line at ${width} px`).toBe(1);
    }
  } finally {
    if (viewport) await page.setViewportSize(viewport);
  }
}
