// @vitest-environment happy-dom
import { act } from "react";
import { createRoot } from "react-dom/client";
import { createMemoryRouter, Link, Outlet, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { StoresProvider } from "../state/stores";
import { ErrorPage } from "./error-page";
import { NAVIGATION_STATUS, NAVIGATION_STATUS_ID, NavigationStatus } from "./navigation-status";

// Its server render and hydration: server-render.dom.test.tsx.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement;
beforeEach(() => {
  vi.useFakeTimers();
  container = document.body.appendChild(document.createElement("div"));
});
afterEach(() => {
  vi.useRealTimers();
  container.remove();
});

const wait = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
const region = () => container.querySelector(`#${NAVIGATION_STATUS_ID}`)!;

/** A shell with the region, linking to a page whose loader answers (or fails) after `ms`. */
async function renderShell({ ms, fails = false, start = "/" }: { ms: number; fails?: boolean; start?: string }) {
  const after = () =>
    new Promise((resolve, reject) => setTimeout(() => (fails ? reject(new Error("unreachable")) : resolve(null)), ms));
  const router = createMemoryRouter(
    [
      {
        path: "/",
        element: (
          <StoresProvider>
            <NavigationStatus />
            <Link to="/next">Next</Link>
            <Outlet />
          </StoresProvider>
        ),
        children: [
          { index: true, element: <p>Home</p> },
          { path: "next", loader: after, element: <p>Next page</p>, errorElement: <ErrorPage error={new Error("unreachable")} /> },
        ],
      },
    ],
    { initialEntries: [start] },
  );
  await act(async () => createRoot(container).render(<RouterProvider router={router} />));
  await wait(10);
}
const follow = () => act(async () => container.querySelector("a")!.click());

describe("the navigation status region (WCAG 4.1.3)", () => {
  it(`says nothing of a page change quicker than ${NAVIGATION_STATUS.slowAfterMs} ms`, async () => {
    await renderShell({ ms: NAVIGATION_STATUS.slowAfterMs - 100 });
    await follow();
    const heard = new Set<string>();
    for (let t = 0; t < NAVIGATION_STATUS.slowAfterMs * 2; t += 50) {
      await wait(50);
      heard.add(region().textContent ?? "");
    }
    expect(container.textContent).toContain("Next page");
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
    expect(container.textContent).toContain("Next page");
    expect(region().textContent).toBe("");
  });

  it("says a page change failed, fast or slow", async () => {
    for (const ms of [50, 1500]) {
      await renderShell({ ms, fails: true });
      await follow();
      await wait(ms + 20);
      expect(container.textContent).toContain("Error 500");
      expect(region().textContent, `failing after ${ms} ms`).toBe(NAVIGATION_STATUS.failed);
      container.remove();
      container = document.body.appendChild(document.createElement("div"));
    }
  });

  it("an error page that is the first page loaded is read as a page, not announced", async () => {
    await renderShell({ ms: 20, fails: true, start: "/next" });
    await wait(100);
    expect(container.textContent).toContain("Error 500");
    expect(region().textContent).toBe("");
  });
});
