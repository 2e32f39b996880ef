// @vitest-environment happy-dom
import { act } from "react";
import { createRoot } from "react-dom/client";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { HoldTimer } from "./hold-timer";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// WCAG 2.2.1 Timing Adjustable: warned before the hold ends, extendable with one action
// while the gateway allows it, and when it has run out, held again with one action.

let container: HTMLElement;
afterEach(() => container?.remove());

async function render(expiresInMs: number, extensionsRemaining: number) {
  container = document.body.appendChild(document.createElement("div"));
  const hold = { expiresAt: new Date(Date.now() + expiresInMs).toISOString(), extensionsRemaining };
  const router = createMemoryRouter([{ path: "/", element: <HoldTimer hold={hold} /> }]);
  await act(async () => createRoot(container).render(<RouterProvider router={router} />));
  return container;
}

const buttons = (root: HTMLElement) => [...root.querySelectorAll("button")].map((b) => b.textContent);

describe("hold timer", () => {
  it("offers to extend the hold, without an alert while there is time", async () => {
    const timer = await render(10 * 60_000, 1);
    expect(buttons(timer)).toEqual(["Extend the hold"]);
    expect(timer.querySelector("[role=alert]")).toBeNull();
    expect(timer.textContent).toMatch(/\(10 minutes left\)/);
  });

  it("warns once, two minutes before the end, saying how often it can still be extended", async () => {
    const timer = await render(90_000, 3);
    expect(timer.querySelector("[role=alert]")?.textContent).toBe("Your hold ends in less than 2 minutes. You can extend it 3 more times.");
    expect(buttons(timer)).toEqual(["Extend the hold"]);
  });

  it("says when it cannot be extended again", async () => {
    const timer = await render(90_000, 0);
    expect(timer.querySelector("[role=alert]")?.textContent).toBe("Your hold ends in less than 2 minutes.");
    expect(buttons(timer)).toEqual([]);
    expect(timer.textContent).toContain("The hold has already been extended once.");
  });

  it("offers to hold the places again, with one button, when the hold has run out", async () => {
    const timer = await render(-1_000, 0);
    expect(buttons(timer)).toEqual(["Hold my places again"]);
    const form = timer.querySelector("form")!;
    // A POST of intent "hold": viewing a page never holds places.
    expect(form.getAttribute("method")).toBe("post");
    expect(form.querySelector<HTMLInputElement>('input[name="intent"]')?.value).toBe("hold");
    expect(timer.textContent).toContain("The hold has ended");
  });
});
