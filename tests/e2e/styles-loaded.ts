import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";

// Stylesheets are split by route: a component's CSS comes with the routes that import it.
// A page that renders a class whose rules live only in a stylesheet it did not load shows
// unstyled (the stand-in payment page once had neither its box nor its quieter buttons).
// This finds such classes on every page a test checks.

const CLASS = /\.([A-Za-z_][\w-]*)/g;

let built: string[] | undefined;

/** Every class any stylesheet of the client build has rules for. */
function classesInBuild(): string[] {
  if (built) return built;
  const dir = path.join(process.env.BUILD_DIR ?? "build", "client", "assets");
  const classes = new Set<string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".css"))) {
    // Selectors only: declaration blocks (url(x.svg), numbers like .5rem) are dropped.
    const selectors = readFileSync(path.join(dir, file), "utf8").replace(/\{[^{}]*\}/g, "{}");
    for (const match of selectors.matchAll(CLASS)) classes.add(match[1]!);
  }
  return (built = [...classes]);
}

/** Fails if the page uses a class the build styles somewhere but none of the page's stylesheets does. */
export async function expectStylesLoaded(page: Page): Promise<void> {
  const unstyled = await page.evaluate(
    ({ defined, pattern }) => {
      const loaded = new Set<string>();
      const walk = (rules: CSSRuleList) => {
        for (const rule of Array.from(rules)) {
          const selector = (rule as CSSStyleRule).selectorText;
          if (selector) for (const match of selector.matchAll(new RegExp(pattern, "g"))) loaded.add(match[1]!);
          if ((rule as CSSGroupingRule).cssRules) walk((rule as CSSGroupingRule).cssRules);
        }
      };
      for (const sheet of Array.from(document.styleSheets)) walk(sheet.cssRules);
      const used = new Set(Array.from(document.querySelectorAll("[class]")).flatMap((el) => Array.from(el.classList)));
      return [...used].filter((name) => defined.includes(name) && !loaded.has(name));
    },
    { defined: classesInBuild(), pattern: CLASS.source },
  );
  expect(unstyled, `classes on ${page.url()} whose styles are in a stylesheet the page did not load`).toEqual([]);
}
