// @vitest-environment happy-dom
import { act, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { StoresProvider } from "../state/stores";
import { MonthCalendar } from "./booking/month-calendar";
import { LoadingBar } from "./loading-bar";
import { NAVIGATION_STATUS_ID, NavigationStatus } from "./navigation-status";

// The loading bar, the navigation status and the month calendar make no store while the server renders (ADR 26):
// what they render there must be what the browser's first render hydrates, store and all.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement | undefined;
afterEach(() => {
  vi.unstubAllGlobals();
  container?.remove();
});

/** A data router of its own for each render, as the server and the browser each have. */
const tree = (children: ReactNode) => (
  <StoresProvider>
    <RouterProvider router={createMemoryRouter([{ path: "/account/book/date", element: children }], { initialEntries: ["/account/book/date"] })} />
  </StoresProvider>
);

/** The server's markup (no `document`, as under Node), then hydrated in the browser; React's complaints, if any. */
async function serverThenHydrate(children: ReactNode): Promise<{ html: string; problems: unknown[] }> {
  vi.stubGlobal("document", undefined);
  const html = renderToString(tree(children));
  vi.unstubAllGlobals();
  container = document.body.appendChild(document.createElement("div"));
  container.innerHTML = html;
  const problems: unknown[] = [];
  const logged = vi.spyOn(console, "error").mockImplementation((...args) => problems.push(args));
  await act(async () => {
    hydrateRoot(container!, tree(children), { onRecoverableError: (error) => problems.push(error) });
  });
  logged.mockRestore();
  return { html, problems };
}

const november = Array.from({ length: 30 }, (_, i) => ({
  date: `2026-11-${String(i + 1).padStart(2, "0")}`,
  status: i % 3 === 0 ? ("full" as const) : ("available" as const),
}));

describe("rendered on the server without their stores", () => {
  it("the month calendar hydrates without a mismatch, the roving day where the browser puts it", async () => {
    const calendar = (
      <MonthCalendar availability={{ month: "2026-11", days: november, bookableFrom: "2026-11-01", bookableUntil: "2027-10-31" }} selectedDate="2026-11-14" monthHref={(m) => `?month=${m}`} />
    );
    const { html, problems } = await serverThenHydrate(calendar);
    expect(problems).toEqual([]);
    expect(html).toContain('data-date="2026-11-14" tabindex="0"');
    expect(container!.querySelectorAll('[tabindex="0"]')).toHaveLength(1);
    expect(container!.querySelector('[tabindex="0"]')?.getAttribute("data-date")).toBe("2026-11-14");
  });

  it("the loading bar renders nothing there, as the browser's first render does", async () => {
    const { html, problems } = await serverThenHydrate(<LoadingBar />);
    expect(problems).toEqual([]);
    expect(html).toBe("");
  });

  it("the navigation status is there, polite and empty, and hydrates as it is (a live region present from the first render)", async () => {
    const { html, problems } = await serverThenHydrate(<NavigationStatus />);
    expect(problems).toEqual([]);
    expect(html).toBe(`<div id="${NAVIGATION_STATUS_ID}" class="visually-hidden" aria-live="polite" aria-atomic="true"></div>`);
  });
});
