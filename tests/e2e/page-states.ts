import { closeSync, mkdirSync, openSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { BrowserContext, CDPSession, Page, TestInfo } from "@playwright/test";
import { recordWalked } from "./axe-coverage";
import { focusWalk, type Problems } from "./focus-walk";
import { waitForHydration } from "./hydration";
import { labelInNameProblems } from "./label-in-name";
import { textProblems, withTextSpacing, withTextZoom } from "./text-checks";

// What axe cannot see, on a page of every page route the suite reaches (docs/accessibility.md).
// The axe fixture calls checkRouteOnce() after each page passes axe; the first test of the
// run to reach a route claims it, and its page is opened again, in a new tab of the same
// browser context (same session, same booking; loading a page only reads, ADR 21), and
// checked there, so the test's own page is left as it was:
// - the focus walk at 320 × 256 CSS px (WCAG 1.4.10's reflow size) and at 400 % zoom of a
//   1280 × 800 window (zoomOf);
// - the text-spacing styles at 320 px: text neither overlapping, cut off nor broken mid-word;
// - text-only zoom at 200 % in the 1280 × 800 window: the same;
// - label in name on every control whose name can differ from what it shows.
// The modals and calendars, whose states a new page load does not reach, are walked in
// focus-and-text.spec.ts. tests/e2e/axe-coverage.ts fails a run in which a page route was
// checked with axe but not walked here.

/** 320 × 256: the smallest size WCAG 1.4.10 asks content to reflow to (1280 × 1024 at 400 %). */
export const REFLOW = { width: 320, height: 256 } as const;

/**
 * Browser zoom of a 1280 × 800 window. Chromium zooms by scaling device pixels to CSS pixels,
 * as for a high-density screen: at 400 % the page lays out in 1280 / 4 × 800 / 4 = 320 × 200
 * CSS px with devicePixelRatio 4, which a device scale factor of 4 reproduces (layout, media
 * queries and focus scrolling alike; only rasterisation is finer). A browser's toolbars make
 * a real window a little shorter still, which the walk's "as far as it fits" rule covers.
 */
export const zoomOf = (percent: number) =>
  ({ width: Math.round((1280 * 100) / percent), height: Math.round((800 * 100) / percent), deviceScaleFactor: percent / 100 }) as const;

/** The desktop window text-only zoom is checked in. */
export const DESKTOP = { width: 1280, height: 800 } as const;

/** Every check of this module on the page as it is now; the page's viewport is put back after. */
export async function pageStateProblems(page: Page): Promise<Problems> {
  const viewport = page.viewportSize() ?? DESKTOP;
  const problems: Problems = [];
  try {
    await page.setViewportSize(REFLOW);
    problems.push(...(await focusWalk(page, { label: "320 × 256" })));
    await withZoom(page, 400, async () => problems.push(...(await focusWalk(page, { label: "400 % zoom (320 × 200)" }))));
    await page.setViewportSize(REFLOW);
    await withTextSpacing(page, async () => problems.push(...(await textProblems(page, "text spacing at 320 px"))));
    await page.setViewportSize(DESKTOP);
    await withTextZoom(page, 200, async () => problems.push(...(await textProblems(page, "text-only zoom 200 %"))));
    problems.push(...(await labelInNameProblems(page, "label in name")));
  } finally {
    await page.setViewportSize(viewport);
  }
  return problems;
}

/** Runs `run` at `percent` zoom of a 1280 × 800 window (zoomOf), set through the DevTools protocol since Playwright sets the scale per context. */
export async function withZoom<T>(page: Page, percent: number, run: () => Promise<T>): Promise<T> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setDeviceMetricsOverride", { ...zoomOf(percent), mobile: false });
  try {
    return await run();
  } finally {
    await cdp.send("Emulation.clearDeviceMetricsOverride");
    await cdp.detach();
    // Playwright's own viewport, which clearing the override took away too. Playwright sends
    // nothing for the size it thinks is set already: another size first.
    const viewport = page.viewportSize();
    if (viewport) {
      await page.setViewportSize({ ...viewport, width: viewport.width + 1 });
      await page.setViewportSize(viewport);
    }
  }
}

/** Inside Playwright's output directory, which every run empties first. */
const CLAIMS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../test-results/page-states-claimed");

const claimFile = (project: string, routeFile: string) => path.join(CLAIMS, `${project}--${routeFile.replaceAll("/", "--")}`);

/** Claims the route for this run: true for the first caller of all workers (an exclusive create). */
function claim(project: string, routeFile: string): boolean {
  mkdirSync(CLAIMS, { recursive: true });
  try {
    closeSync(openSync(claimFile(project, routeFile), "wx"));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

/**
 * The first time in the run (per Playwright project) a page of a route passes axe: opens its
 * address in a new tab of the same context and checks it there (pageStateProblems). Returns
 * the problems, or null when another test has the route already, or when the address now
 * shows another route (the flow has moved on; the route is left for a later page of it).
 */
export async function checkRouteOnce(
  context: BrowserContext,
  url: string,
  routeOf: (pathname: string) => string | undefined,
  testInfo: TestInfo,
  prepare: (page: Page) => Promise<void>,
): Promise<Problems | null> {
  const route = routeOf(new URL(url).pathname);
  if (!route || !claim(testInfo.project.name, route)) return null;
  // The checks take a few seconds: the test that happens to claim the route is given them.
  testInfo.setTimeout(testInfo.timeout + 45_000);
  const page = await context.newPage();
  const errors: Problems = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  try {
    await prepare(page);
    await page.goto(url);
    if (routeOf(new URL(page.url()).pathname) !== route) {
      rmSync(claimFile(testInfo.project.name, route));
      return null;
    }
    if (await scriptsRun(page)) await waitForHydration(page);
    const problems = await pageStateProblems(page);
    recordWalked(testInfo, url);
    return [...problems, ...errors];
  } finally {
    await page.close();
  }
}

/** Whether the page runs its own scripts (its context may have JavaScript off, whatever the project). */
function scriptsRun(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    let ran = false;
    window.addEventListener("scripts-run", () => (ran = true), { once: true });
    window.dispatchEvent(new Event("scripts-run"));
    return ran;
  });
}
