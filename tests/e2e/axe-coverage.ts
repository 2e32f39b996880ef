/**
 * Issue 6 asks for axe on every route. The e2e fixture records each page that passed axe
 * (`recordAxeChecked`); after the whole suite, `node tests/e2e/axe-coverage.ts` (a step of
 * `npm test`) matches those addresses against app/routes.ts and fails naming every page
 * route that no test checked — so a route added without an accessibility check is caught.
 * Issue 25 adds what axe cannot judge, on a page of every route (tests/e2e/page-states.ts):
 * the same step fails naming every route no page of which was walked.
 */
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TestInfo } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** Inside Playwright's output directory, which every run empties first. */
const RECORDS = path.join(ROOT, "test-results", "axe-checked");

/** Pages walked for what axe cannot judge (tests/e2e/page-states.ts). */
const WALKED = path.join(ROOT, "test-results", "page-states-walked");

function record(folder: string, testInfo: TestInfo, url: string): void {
  mkdirSync(folder, { recursive: true });
  appendFileSync(path.join(folder, `worker-${testInfo.parallelIndex}.txt`), `${new URL(url).pathname}\n`);
}

/** One line per page that passed axe, in a file per worker (workers run in parallel). */
export const recordAxeChecked = (testInfo: TestInfo, url: string) => record(RECORDS, testInfo, url);

/** One line per page walked by tests/e2e/page-states.ts. */
export const recordWalked = (testInfo: TestInfo, url: string) => record(WALKED, testInfo, url);

export interface PageRoute {
  file: string;
  /** The full path pattern, as React Router matches it. */
  pattern: string;
  segments: string[];
}

/** The routes that render a page (a default export), with their full path patterns; resource routes are left out. */
export function pageRoutes(entries: readonly RouteConfigEntry[], parent = ""): PageRoute[] {
  return entries.flatMap((entry) => {
    const pattern = [parent, entry.path ?? ""].filter(Boolean).join("/");
    if (entry.children?.length) return pageRoutes(entry.children, pattern);
    const source = readFileSync(path.join(ROOT, "app", entry.file), "utf8");
    if (!/^export default /m.test(source)) return [];
    return [{ file: entry.file, pattern: `/${pattern}`, segments: pattern.split("/").filter(Boolean) }];
  });
}

/**
 * Whether the pathname matches the pattern: static segments exactly, `:name` any one
 * segment, `:name?` one or none, `*` the rest.
 */
function matches(route: PageRoute, pathname: string): boolean {
  const parts = pathname.split("/").filter(Boolean).map(decodeURIComponent);
  const walk = (s: number, p: number): boolean => {
    if (s === route.segments.length) return p === parts.length;
    const segment = route.segments[s]!;
    if (segment === "*") return true;
    if (segment.endsWith("?")) return walk(s + 1, p) || (p < parts.length && walk(s + 1, p + 1));
    if (p === parts.length) return false;
    return (segment.startsWith(":") || segment === parts[p]) && walk(s + 1, p + 1);
  };
  return walk(0, 0);
}

/**
 * Static segments beat dynamic ones and a splat loses to everything, as in React Router: the
 * route a pathname renders is the most specific that matches (a route that ends beats one
 * that goes on with a splat).
 */
function specificity(route: PageRoute): number[] {
  return route.segments.map((segment) => (segment === "*" ? -2 : segment.startsWith(":") ? 1 : 2));
}

export function bestMatch(routes: readonly PageRoute[], pathname: string): PageRoute | undefined {
  const candidates = routes.filter((route) => matches(route, pathname));
  const rank = (a: PageRoute, b: PageRoute) => {
    const [x, y] = [specificity(a), specificity(b)];
    for (let i = 0; i < Math.max(x.length, y.length); i++) if ((x[i] ?? -1) !== (y[i] ?? -1)) return (y[i] ?? -1) - (x[i] ?? -1);
    return 0;
  };
  return candidates.sort(rank)[0];
}

async function loadPageRoutes(): Promise<PageRoute[]> {
  const { default: routes } = (await import("../../app/routes.ts")) as { default: RouteConfigEntry[] };
  return pageRoutes(routes);
}

let loaded: Promise<PageRoute[]> | undefined;

/** The page route (its file under app/) a pathname renders, for the fixtures. */
export async function pageRouteFileOf(): Promise<(pathname: string) => string | undefined> {
  const pages = await (loaded ??= loadPageRoutes());
  return (pathname) => bestMatch(pages, pathname)?.file;
}

/** The addresses recorded in a folder of per-worker files, and the page routes they cover. */
function coverage(pages: readonly PageRoute[], folder: string) {
  const addresses = existsSync(folder)
    ? new Set(readdirSync(folder).flatMap((file) => readFileSync(path.join(folder, file), "utf8").split("\n").filter(Boolean)))
    : new Set<string>();
  const covered = new Set<string>();
  for (const pathname of addresses) {
    const route = bestMatch(pages, pathname);
    if (route) covered.add(route.file);
  }
  return { addresses, covered, missing: pages.filter((route) => !covered.has(route.file)) };
}

async function main(): Promise<void> {
  const pages = await loadPageRoutes();
  const axe = coverage(pages, RECORDS);
  console.log(`axe (WCAG 2.2 AA) ran on ${axe.addresses.size} addresses, covering ${axe.covered.size} of ${pages.length} page routes.`);
  for (const route of axe.missing) console.log(`✘ ${route.pattern} (app/${route.file}): no e2e test checked a page of it with axe`);
  // Each route's first page to pass axe is walked (tests/e2e/page-states.ts); one whose pages
  // all moved on before a new tab could open them was not.
  const walked = coverage(pages, WALKED);
  console.log(`Focus walk, text spacing, text zoom and label in name ran on ${walked.covered.size} of ${pages.length} page routes.`);
  for (const route of walked.missing) console.log(`✘ ${route.pattern} (app/${route.file}): no page of it was walked (tests/e2e/page-states.ts)`);
  if (axe.missing.length > 0 || walked.missing.length > 0) process.exit(1);
  console.log("✔ every page route was checked with axe, and walked");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
