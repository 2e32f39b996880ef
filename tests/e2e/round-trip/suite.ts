import { productionRoutes } from "../../support/production-routes";
import type { RouteEntry } from "../../support/route-table";
import { expect, test } from "../fixtures";
import { rejectCookies } from "../registration-support";
import { visit } from "./drive";
import { checkForm, type FormOutcome } from "./engine";
import type { PageState } from "./page-state";
import { ROUTES } from "./routes";

// Issue 22: every form round-trips, with JavaScript on (tests/e2e/forms-round-trip.spec.ts)
// and off (tests/e2e/no-js/forms-round-trip.spec.ts). The routes come from the production
// build's route table: each route with an action gets a test, which reaches the pages that
// draw forms posting to it (./routes.ts) and runs the round trip (./engine.ts) on every kind
// of form there. A route ./routes.ts cannot reach fails its test, named.

/** Whether a form's action (a path) is this route's: `:param` one segment, `:param?` one or none, `*` the rest. */
export function postsTo(route: RouteEntry, action: string): boolean {
  const pattern = route.template
    .split("/")
    .filter(Boolean)
    .map((s) => (s === "*" ? "(?:/.*)?" : s.startsWith(":") ? (s.endsWith("?") ? "(?:/[^/]+)?" : "/[^/]+") : `/${s.replace(/[.]/g, "\\.")}`))
    .join("");
  return new RegExp(`^${pattern || "/"}(?:\\?index)?$`).test(action);
}

/** One line per form for the test's report: what changed, where it landed, what was refused on the way. */
function report(url: string, outcome: FormOutcome): string {
  const answered = outcome.answered ? ` after answering ${outcome.answered}` : "";
  const oneWay = outcome.oneWay ? " (not drawn again)" : "";
  const refused = outcome.refusals.length ? `; refused first: ${outcome.refusals.join(" / ")}` : "";
  return `${outcome.kind} on ${url}: changed ${outcome.changed.join(", ") || "nothing"}; landed on ${outcome.landedOn}${answered}${oneWay}${refused}`;
}

/** Every kind of form on the page that posts to the route, those that end the others' state last. */
function kindsOn(state: PageState, route: RouteEntry, last: RegExp = /$^/): string[] {
  const kinds = [...new Set(state.forms.filter((f) => postsTo(route, f.action)).map((f) => f.kind))];
  return kinds.sort((a, b) => Number(last.test(a)) - Number(last.test(b)));
}

export function roundTripSuite(): void {
  const routes = productionRoutes().filter((r) => r.hasAction);

  // A route's test walks to its pages as a new user, sometimes twice: the steps take their time.
  test.describe.configure({ timeout: 240_000 });

  test("the build's routes with an action are the ones found", () => {
    expect(routes.map((r) => r.template)).toEqual(expect.arrayContaining(["/account/user/edit", "/login", "/account/book/information"]));
  });

  for (const route of routes) {
    test(`${route.template}: every form posting to it round-trips`, async ({ page, axe, baseURL }, testInfo) => {
      const reach = ROUTES[route.template];
      if (!reach) throw new Error(`${route.template} (${route.id}) has an action, but tests/e2e/round-trip/routes.ts has no way to reach a page with its forms`);
      if ("notAForm" in reach) {
        // Not posted to by any page: said why, and checked that it draws no page either.
        expect(route.hasPage, `${route.template}: ${reach.notAForm}`).toBe(false);
        return;
      }
      if (!baseURL) throw new Error("baseURL is not configured");
      const js = testInfo.project.use.javaScriptEnabled !== false;
      if (!reach.cookieNotice) await rejectCookies(page, baseURL);
      const options = { ...(reach.sends ? { sends: true } : {}), ...(reach.once ? { once: reach.once } : {}) };
      for (const setUp of reach.pages) {
        const reached = await setUp({ page, baseURL, js });
        const { url, values } = typeof reached === "string" ? { url: reached, values: undefined } : reached;
        let visited: PageState | undefined = await visit(page, url, js);
        const kinds = kindsOn(visited, route, reach.last);
        expect(kinds, `forms posting to ${route.template} on ${url}`).not.toEqual([]);
        for (const [i, kind] of kinds.entries()) {
          const outcome = await checkForm(page, { url, kind, js, ...options, ...(visited ? { visited } : {}), ...(values ? { values } : {}) });
          visited = undefined;
          testInfo.annotations.push({ type: "round trip", description: report(url, outcome) });
          // axe needs scripts in the page: with JavaScript off the other project checks the same pages.
          if (js && i === 0) await axe();
        }
      }
    });
  }
}
