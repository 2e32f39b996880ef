import type { Page } from "@playwright/test";
import { MIN_PENDING_MS } from "../../app/shell/pending";
import { expect, logIn, test } from "./fixtures";
import { waitForHydration } from "./registration-support";

// docs/requirements.md §5.3: once a pending state shows (a form's "Saving…", the newsletter's
// "Signing up…"), it stays at least 200 ms, however quickly the answer comes (the search's
// loading indicator, whose answer's timing a browser test cannot pin down, is shown in
// app/search/widgets/search-box.dom.test.tsx). Each time the state shows and goes is recorded in the page itself (a
// MutationObserver, on the page's own clock), with when the answer arrived, so the test
// shows the hold outlasting a quicker answer.

interface Shown {
  /** How long the pending state showed, ms. */
  lasted: number;
  /**
   * When the answer to the request named arrived, ms after the pending state showed (null: none
   * before it went). An answer quicker than React's render of the state comes just before it.
   */
  answeredAfter: number | null;
}

/** Starts recording each time an element matching `selector` (with exactly `text`, if given) shows and goes. */
async function recordShown(page: Page, selector: string, text?: string): Promise<(answered: RegExp) => Promise<Shown[]>> {
  await page.evaluate(
    ({ selector, text }) => {
      const spans: Array<[number, number | null]> = [];
      const answers: Array<[string, number]> = [];
      Object.assign(window, { pendingSpans: spans, pendingAnswers: answers });
      // Every request's end, on the same clock (an observer: the timeline's buffer can fill).
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as PerformanceResourceTiming[]) answers.push([e.name, e.responseEnd]);
      }).observe({ type: "resource", buffered: true });
      const isShown = () => [...document.querySelectorAll(selector)].some((el) => text === undefined || el.textContent?.trim() === text);
      let shown = isShown();
      new MutationObserver(() => {
        if (isShown() === shown) return;
        shown = !shown;
        if (shown) spans.push([performance.now(), null]);
        else spans[spans.length - 1]![1] = performance.now();
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    },
    { selector, text },
  );
  return (answered) =>
    page.evaluate((source) => {
      const pattern = new RegExp(source);
      const { pendingSpans, pendingAnswers } = window as unknown as { pendingSpans: Array<[number, number | null]>; pendingAnswers: Array<[string, number]> };
      const ends = pendingAnswers.filter(([name]) => pattern.test(name)).map(([, end]) => end);
      return pendingSpans
        .filter((span): span is [number, number] => span[1] !== null)
        .map(([from, to]) => {
          // The last answer before the state went: what the state was held past.
          const end = ends.filter((e) => e <= to).pop();
          return { lasted: to - from, answeredAfter: end === undefined ? null : end - from };
        });
    }, answered.source);
}

/** The one time the pending state showed; it lasted the minimum, and past the answer. */
async function expectHeldOnce(spans: () => Promise<Shown[]>) {
  await expect.poll(async () => (await spans()).length, { timeout: 10_000 }).toBe(1);
  const [shown] = await spans();
  test.info().annotations.push({ type: "pending", description: `shown ${shown!.lasted.toFixed(0)} ms; answered after ${shown!.answeredAfter?.toFixed(0)} ms` });
  expect(shown!.lasted, "the pending state lasted the minimum").toBeGreaterThanOrEqual(MIN_PENDING_MS);
  expect(shown!.answeredAfter, "the answer came before the pending state went").not.toBeNull();
  expect(shown!.lasted).toBeGreaterThanOrEqual(shown!.answeredAfter!);
}

test("the newsletter's 'Signing up…' stays 200 ms when the answer is quicker", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const footer = page.getByRole("contentinfo");
  const spans = await recordShown(page, "footer button[type=submit]", "Signing up…");
  await footer.getByLabel("Email address").fill("not-an-email");
  await footer.getByRole("button", { name: "Sign up" }).click();
  await expect(footer.locator(".field-error", { hasText: "Enter an email address like name@example.org" })).toBeVisible();
  await expectHeldOnce(() => spans(/\/newsletter\.data/));
  await expect(footer.getByRole("button", { name: "Sign up" })).toBeEnabled();
});

test("a form's 'Saving…' stays 200 ms when the answer is quicker", async ({ page }) => {
  await page.goto("/login?redirectTo=/account/user/edit");
  await logIn(page);
  await expect(page.getByRole("heading", { level: 1, name: "Your details" })).toBeVisible();
  await waitForHydration(page);
  const spans = await recordShown(page, "main button[type=submit]", "Saving…");
  // Refused beside the field (nothing saved), so the form stays, and its button comes back.
  await page.getByLabel("Phone (optional)").fill("12345");
  await page.getByRole("button", { name: "Save your details" }).click();
  await expect(page.locator("#phone-error")).toContainText("Enter a UK phone number");
  await expectHeldOnce(() => spans(/\/account\/user\/edit\.data/));
  await expect(page.getByRole("button", { name: "Save your details" })).toBeEnabled();
});
