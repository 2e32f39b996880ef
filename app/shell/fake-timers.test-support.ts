import { act } from "react";
import { afterEach, beforeEach, vi } from "vitest";

// For DOM tests (happy-dom) on fake timers: each test has an empty container of its own in
// the page, and time moves on inside act, with the promises each timer settles (an
// action's answer, then its revalidation) run in between, so React renders what they change.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Fake timers for each test of the file, and a container: `container()` is the current one; `renew()` puts an empty one in its place. */
export function onFakeTimers(): { container: () => HTMLElement; renew: () => void } {
  let current: HTMLElement | undefined;
  const renew = () => {
    current?.remove();
    current = document.body.appendChild(document.createElement("div"));
  };
  beforeEach(() => {
    vi.useFakeTimers();
    renew();
  });
  afterEach(() => {
    vi.useRealTimers();
    current?.remove();
  });
  return { container: () => current!, renew };
}

/** Moves fake time on by `ms`. */
export const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
