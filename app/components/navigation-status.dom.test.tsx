// @vitest-environment happy-dom
import { act, type ReactNode } from "react";
import { createRoot } from "react-dom/client";
import { createMemoryRouter, Link, Outlet, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { advance, onFakeTimers } from "../shell/fake-timers.test-support";
import { StoresProvider } from "../state/stores";
import { ErrorPage } from "./error-page";
import { NAVIGATION_STATUS, NAVIGATION_STATUS_ID, NavigationStatus } from "./navigation-status";

// Its server render and hydration: server-render.dom.test.tsx.

const { container: dom, renew } = onFakeTimers();
const wait = advance;
const region = () => dom().querySelector(`#${NAVIGATION_STATUS_ID}`)!;

/**
 * A shell with the region, linking to a page whose loader answers (or fails) after `ms`.
 * `rootBoundary`: the failure is caught by the shell's own boundary, which draws the whole
 * shell anew (as the app's root error page does), rather than by the page's.
 */
async function renderShell({ ms, fails = false, start = "/", rootBoundary = false }: { ms: number; fails?: boolean; start?: string; rootBoundary?: boolean }) {
  const after = () =>
    new Promise((resolve, reject) => setTimeout(() => (fails ? reject(new Error("unreachable")) : resolve(null)), ms));
  const shell = (content: ReactNode) => (
    <StoresProvider>
      <NavigationStatus />
      <Link to="/next">Next</Link>
      {content}
    </StoresProvider>
  );
  const errorPage = <ErrorPage error={new Error("unreachable")} />;
  const router = createMemoryRouter(
    [
      {
        path: "/",
        element: shell(<Outlet />),
        ...(rootBoundary ? { errorElement: shell(errorPage) } : {}),
        children: [
          { index: true, element: <p>Home</p> },
          { path: "next", loader: after, element: <p>Next page</p>, ...(rootBoundary ? {} : { errorElement: errorPage }) },
        ],
      },
    ],
    { initialEntries: [start] },
  );
  await act(async () => createRoot(dom()).render(<RouterProvider router={router} />));
  await wait(10);
}
const follow = () => act(async () => dom().querySelector("a")!.click());

describe("the navigation status region (WCAG 4.1.3)", () => {
  it(`says nothing of a page change quicker than ${NAVIGATION_STATUS.slowAfterMs} ms`, async () => {
    await renderShell({ ms: NAVIGATION_STATUS.slowAfterMs - 100 });
    await follow();
    const heard = new Set<string>();
    for (let t = 0; t < NAVIGATION_STATUS.slowAfterMs * 2; t += 50) {
      await wait(50);
      heard.add(region().textContent ?? "");
    }
    expect(dom().textContent).toContain("Next page");
    expect([...heard]).toEqual([""]);
  });

  it("says a slow page change is loading, then empties when the page arrives", async () => {
    await renderShell({ ms: 3000 });
    await follow();
    await wait(NAVIGATION_STATUS.slowAfterMs - 1);
    expect(region().textContent).toBe("");
    await wait(2);
    expect(region().textContent).toBe(NAVIGATION_STATUS.loading);
    await wait(2100);
    expect(dom().textContent).toContain("Next page");
    expect(region().textContent).toBe("");
  });

  it("says a page change failed, fast or slow, caught by the page's boundary or the shell's", async () => {
    for (const [ms, rootBoundary] of [[50, false], [1500, false], [50, true], [1500, true]] as const) {
      await renderShell({ ms, fails: true, rootBoundary });
      await follow();
      await wait(ms + 20);
      expect(dom().textContent).toContain("Error 500");
      expect(region().textContent, "not yet: the region may just have been drawn").toBe("");
      await wait(NAVIGATION_STATUS.failedAfterMs);
      expect(region().textContent, `failing after ${ms} ms${rootBoundary ? ", the shell drawn anew" : ""}`).toBe(NAVIGATION_STATUS.failed);
      renew();
    }
  });

  it("an error page that is the first page loaded is read as a page, not announced", async () => {
    await renderShell({ ms: 20, fails: true, start: "/next" });
    await wait(1000);
    expect(dom().textContent).toContain("Error 500");
    expect(region().textContent).toBe("");
  });
});
