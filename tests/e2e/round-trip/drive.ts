import type { Page } from "@playwright/test";
import { expect } from "../fixtures";
import { waitForHydration } from "../registration-support";
import { readPage, type Control, type FormState, type PageState } from "./page-state";

// Driving the page for the round trip, the same with JavaScript on and off: visiting,
// reading once it stands still, filling a form and pressing its button.

/** Waits until React Router has nothing in flight: no navigation, revalidation or fetcher. */
async function routerIdle(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const router = (window as unknown as { __reactRouterDataRouter?: { state: { navigation: { state: string }; revalidation: string; fetchers: Map<string, { state: string }> } } }).__reactRouterDataRouter;
    if (!router) return false;
    const { navigation, revalidation, fetchers } = router.state;
    return navigation.state === "idle" && revalidation === "idle" && [...fetchers.values()].every((f) => f.state === "idle");
  });
}

/**
 * The page once it stands still: React commits a navigation's result after the router is
 * idle, so with JavaScript on the page is read until two reads agree.
 */
export async function readSettled(page: Page, js: boolean): Promise<PageState> {
  let last = await readPage(page);
  if (!js) return last;
  for (let i = 0; i < 40; i++) {
    await page.waitForTimeout(150);
    const now = await readPage(page);
    if (now.url === last.url && now.text === last.text && JSON.stringify(now.forms) === JSON.stringify(last.forms)) return now;
    last = now;
  }
  throw new Error(`${last.url} did not settle`);
}

/** Visits the page as a user would (a full load), ready to use: hydrated when JavaScript is on. */
export async function visit(page: Page, url: string, js: boolean): Promise<PageState> {
  await page.goto(url);
  if (js) {
    await waitForHydration(page);
    await routerIdle(page);
  }
  return readSettled(page, js);
}

/** Clicks a submit button and waits for the answer: a new document without JavaScript, an idle router with it. */
async function submit(page: Page, tag: string, js: boolean): Promise<number> {
  const origin = new URL(page.url()).origin;
  if (!js) await page.evaluate(() => void ((window as unknown as { roundTripMark?: boolean }).roundTripMark = true));
  const posted = page.waitForResponse((r) => r.request().method() === "POST" && r.url().startsWith(origin));
  await page.locator(`[data-rt="${tag}"]`).click();
  const status = (await posted).status();
  if (js) await routerIdle(page);
  else {
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { roundTripMark?: boolean }).roundTripMark).catch(() => true), { message: "a new page after the post" })
      .toBeUndefined();
    await page.waitForLoadState("load");
  }
  return status;
}

async function fill(page: Page, control: Control, value: string): Promise<void> {
  const at = (tag: string) => page.locator(`[data-rt="${tag}"]`);
  switch (control.kind) {
    case "checkbox":
      return at(control.tag).setChecked(value === "checked");
    case "radio": {
      // "" is the group as it was drawn with nothing chosen: nothing to press.
      const option = control.options.find((o) => o.value === value);
      return option ? at(option.tag).check() : undefined;
    }
    case "select":
      return void (await at(control.tag).selectOption(value));
    case "choice":
      return; // chosen by the button pressed
    default:
      return at(control.tag).fill(value);
  }
}

/** Fills the plan into the form as the page now draws it and presses its button (a choice's option, or the default). */
export async function fillAndSubmit(page: Page, form: FormState, plan: Map<string, string>, js: boolean): Promise<number> {
  for (const control of form.controls) {
    const value = plan.get(control.key);
    if (value !== undefined && value !== control.value) await fill(page, control, value);
  }
  const choice = form.controls.find((c) => c.kind === "choice");
  if (choice) {
    const value = plan.get(choice.key) ?? choice.value;
    const option = choice.options.find((o) => o.value === value) ?? choice.options[0];
    if (!option) throw new Error(`${form.kind}: no option to press`);
    return submit(page, option.tag, js);
  }
  if (!form.submit) throw new Error(`${form.kind}: no submit button`);
  return submit(page, form.submit.tag, js);
}
