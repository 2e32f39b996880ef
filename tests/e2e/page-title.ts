import { expect, type Page } from "@playwright/test";
import { createSite } from "../../mocks/backend/cms-content";

/** The site's name: the embedded CMS's, and the app's own when the CMS cannot say it. */
export const SITE_NAME = createSite().title;

/**
 * WCAG 2.4.2 Page titled: the title says what the page is (or, on an error page, what
 * happened), not only which site it is on. The axe fixture runs it on every page a test checks.
 */
export async function expectTitled(page: Page) {
  const title = (await page.title()).trim();
  const own = title.replaceAll(SITE_NAME, "").replace(/[\s|·–—-]+/g, "");
  expect(own, `the title of ${page.url()} ("${title}") says more than the site's name`).not.toBe("");
}
