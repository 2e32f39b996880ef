// @vitest-environment happy-dom
import { act } from "react";
import { createRoot } from "react-dom/client";
import { createMemoryRouter, Link, Outlet, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { StoresProvider } from "../state/stores";
import { LoadingBar } from "./loading-bar";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement;
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  container?.remove();
});

/** A page whose loader takes `delayMs`, behind a link from the home page. */
async function renderWithSlowPage(delayMs: number) {
  container = document.body.appendChild(document.createElement("div"));
  const router = createMemoryRouter([
    {
      path: "/",
      element: (
        <StoresProvider>
          <LoadingBar />
          <Link to="/next">Next</Link>
          <Outlet />
        </StoresProvider>
      ),
      children: [{ path: "next", loader: () => new Promise((r) => setTimeout(() => r(null), delayMs)), element: <p>Next page</p> }],
    },
  ]);
  await act(async () => createRoot(container).render(<RouterProvider router={router} />));
  await act(async () => container.querySelector("a")!.click());
  return container;
}

const bar = () => container.querySelector<HTMLElement>(".loading-bar");

describe("loading bar", () => {
  it("never shows for a navigation quicker than the 200 ms throttle", async () => {
    await renderWithSlowPage(150);
    let seen = false;
    for (let t = 0; t < 300; t += 10) {
      await act(async () => vi.advanceTimersByTime(10));
      seen ||= bar() !== null;
    }
    expect(container.textContent).toContain("Next page");
    expect(seen).toBe(false);
  });

  it("shows after the throttle on a slow navigation, 5 px and blue, then hides 500 ms after", async () => {
    await renderWithSlowPage(1000);
    await act(async () => vi.advanceTimersByTime(199));
    expect(bar()).toBeNull();
    await act(async () => vi.advanceTimersByTime(2));
    expect(bar()?.style.height).toBe("5px");
    expect(bar()?.style.background).toMatch(/#1f5fbf|rgb\(31, 95, 191\)/);
    await act(async () => vi.advanceTimersByTime(800));
    expect(container.textContent).toContain("Next page");
    expect(bar()?.dataset.status).toBe("finished");
    await act(async () => vi.advanceTimersByTime(499));
    expect(bar()).not.toBeNull();
    await act(async () => vi.advanceTimersByTime(2));
    expect(bar()).toBeNull();
  });
});
