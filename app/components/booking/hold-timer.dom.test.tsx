// @vitest-environment happy-dom
import { act } from "react";
import { createRoot } from "react-dom/client";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { HoldReminder, HoldTimer, minutesLeft } from "./hold-timer";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// WCAG 2.2.1 Timing Adjustable: warned before the hold ends, extendable with one action
// while the gateway allows it, and when it has run out, held again with one action.

let container: HTMLElement;
afterEach(() => container?.remove());

async function render(expiresInMs: number, extensionsRemaining: number, { offerLongerHolds = false, Part = HoldTimer } = {}) {
  container = document.body.appendChild(document.createElement("div"));
  const hold = { expiresAt: new Date(Date.now() + expiresInMs).toISOString(), extensionsRemaining };
  const router = createMemoryRouter([{ path: "/", element: <Part hold={hold} offerLongerHolds={offerLongerHolds} /> }]);
  await act(async () => createRoot(container).render(<RouterProvider router={router} />));
  return container;
}

const buttons = (root: HTMLElement) => [...root.querySelectorAll("button")].map((b) => b.textContent);
const intents = (root: HTMLElement) => [...root.querySelectorAll<HTMLInputElement>('form[method="post"] input[name="intent"]')].map((i) => i.value);
const LONGER = "Keep my places for 2 hours 30 minutes";

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

  it("offers a user who has not asked for them longer holds, with one button, this hold included", async () => {
    const timer = await render(10 * 60_000, 1, { offerLongerHolds: true });
    expect(buttons(timer)).toEqual(["Extend the hold", LONGER]);
    expect(intents(timer)).toEqual(["extend", "longer"]);
    expect(timer.querySelector('a[href="/account/user/edit"]')?.textContent).toBe("your details");
  });
});

describe("hold reminder by the confirm button", () => {
  it("says when the hold ends, quietly, while there is time", async () => {
    const reminder = await render(10 * 60_000, 1, { Part: HoldReminder, offerLongerHolds: true });
    expect(reminder.textContent).toMatch(/^Your places are held until \d\d:\d\d\.$/);
    expect(buttons(reminder)).toEqual([]);
  });

  it("in the last two minutes, shows the warning with the buttons that put it off, announced only by the timer", async () => {
    const reminder = await render(90_000, 1, { Part: HoldReminder, offerLongerHolds: true });
    expect(reminder.textContent).toContain("Your hold ends in less than 2 minutes. You can extend it once more.");
    expect(intents(reminder)).toEqual(["extend", "longer"]);
    expect(reminder.querySelector("[role=alert]")).toBeNull();
    container.remove();
    const noMore = await render(90_000, 0, { Part: HoldReminder });
    expect(buttons(noMore)).toEqual([]);
  });

  it("says when the places are no longer held", async () => {
    const reminder = await render(-1_000, 1, { Part: HoldReminder, offerLongerHolds: true });
    expect(reminder.textContent).toContain("Your places are no longer held.");
    expect(buttons(reminder)).toEqual([]);
  });
});

describe("minutes left on a hold", () => {
  it("counts to an expiry the gateway wrote with a leap second, as the contract allows", () => {
    const now = Date.UTC(2016, 11, 31, 23, 50);
    expect(minutesLeft("2016-12-31T23:59:60Z", now)).toBe(10);
    expect(minutesLeft("2016-12-31T23:59:59Z", now)).toBe(10);
    expect(minutesLeft("2016-12-31T23:40:00Z", now)).toBe(0);
  });
});
