import type { Page } from "@playwright/test";
import { expect } from "../fixtures";
import { fillAndSubmit, readSettled, visit } from "./drive";
import { formId, formsOf, valuesOf, volatileKeys, type FormState, type PageState } from "./page-state";
import { changedKeys, firstPlan, replan } from "./plan";

// The round trip of one form (issue 22), the same with JavaScript on and off:
//   1. its page, read twice: what changes by itself (an idempotency key) is left out of every comparison;
//   2. every editable control given a new valid value (./values.ts), saved; a value the
//      server refuses beside its field is replaced by the next, or put back;
//   3. the page the save lands on shows what a fresh visit to it shows (nothing stale);
//   4. the form's page, visited again, shows exactly what was saved;
//   5. saved again with nothing changed: the same outcome, and its page shows the same.
// A form whose fields are not shown back by design (a login, a newsletter signup) "sends":
// then 4 is left out and 5 compares the two answers.

const path = (url: string) => new URL(url, "http://relative.invalid").pathname;

export interface FormCheck {
  /** The page drawing the form. */
  url: string;
  /** The page as just visited, if it was: one visit fewer. */
  visited?: PageState;
  /** Which of the page's forms: the kind read from the page (./page-state.ts). */
  kind: string;
  js: boolean;
  /** The form's fields are not shown back (a login, a signup, a password reset). */
  sends?: boolean;
  /** Values to type instead of derived ones, by control key (credentials a login needs). */
  values?: Record<string, string>;
  /** Why sending it again is refused by design (a one-time link): then that is what is checked. */
  once?: string;
}

export interface FormOutcome {
  kind: string;
  /** The kind of the question answered before the save, if one was asked. */
  answered?: string;
  /** The changes the server refused on the way (each then replaced or put back). */
  refusals: string[];
  changed: string[];
  landedOn: string;
  /** The form is not drawn again on its page after the save (a login, a registration, a checkout). */
  oneWay: boolean;
}

function findForm(state: PageState, kind: string): FormState | undefined {
  return state.forms.find((f) => f.kind === kind);
}

/** The very form (its kind and hidden values), e.g. "Ask to join" the organisation that was asked. */
function sameForm(state: PageState, id: string, ignore: ReadonlySet<string>): FormState | undefined {
  return state.forms.find((f) => formId(f, ignore) === id);
}

/** Compares a page just landed on with a fresh visit to it; a second fresh visit tells what changes by itself. */
async function expectSameAsFreshVisit(page: Page, landed: PageState, js: boolean, ignore: ReadonlySet<string>, what: string): Promise<void> {
  const fresh = await visit(page, landed.url, js);
  if (landed.text === fresh.text && JSON.stringify(formsOf(landed, ignore)) === JSON.stringify(formsOf(fresh, ignore))) return;
  const again = await visit(page, landed.url, js);
  const skip = new Set([...ignore, ...volatileKeys(fresh, again)]);
  expect(formsOf(landed, skip), `${what}: the forms on ${path(landed.url)} right after the post are as a fresh visit draws them`).toEqual(formsOf(fresh, skip));
  if (fresh.text === again.text) expect(landed.text, `${what}: ${path(landed.url)} right after the post says what a fresh visit says`).toBe(fresh.text);
}

interface Start {
  url: string;
  kind: string;
  js: boolean;
  /** Keys whose values change by themselves between two visits. */
  ignore: ReadonlySet<string>;
  /** The page before anything was saved. */
  settled: PageState;
  form: FormState;
  /** The form's kind and hidden values: finds this very form again. */
  id: string;
  original: Record<string, string>;
  given: Record<string, string>;
}

/** 2. New values saved; a refused one is replaced by its next, or put back. */
async function saveNewValues(page: Page, start: Start) {
  const { url, kind, js, ignore, id, original, given } = start;
  const { plan, tries } = firstPlan(start.form, given);
  const refusals: string[] = [];
  let form = start.form;
  for (let round = 0; ; round++) {
    const submitted = { ...valuesOf(form, ignore), ...Object.fromEntries(plan) };
    const status = await fillAndSubmit(page, form, plan, js);
    const answer = await readSettled(page, js);
    const again = path(answer.url) === path(url) ? sameForm(answer, id, ignore) : undefined;
    if (status < 400 && !again?.controls.some((c) => c.invalid)) return { plan, submitted, landed: answer, refusals, changed: changedKeys(plan, original, given) };
    const tried = changedKeys(plan, original, given).map((k) => `${k}=${plan.get(k)}`).join(", ");
    refusals.push(`${status} for [${tried}]: ${again?.error ?? answer.text.slice(0, 200)}`);
    if (!again || round >= 20 || !replan(again, plan, tries, original, given)) {
      throw new Error(`${kind} on ${url}: refused with nothing left to change:\n${refusals.join("\n")}`);
    }
    form = again;
  }
}

/**
 * A question before the change ("Leave X?", "Check the new price"): the answer drew a form of
 * a new kind posting to the same route, which a fresh visit does not draw. Then it is asked
 * again and answered, and the answer is the save. Returns the question and where it landed.
 */
async function answerQuestion(page: Page, start: Start, landed: PageState, plan: Map<string, string>) {
  const { url, kind, js, ignore, id, settled, form } = start;
  const kinds = new Set(settled.forms.map((f) => f.kind));
  const newKind = path(landed.url) === path(url) ? landed.forms.find((f) => f.action === form.action && !kinds.has(f.kind)) : undefined;
  if (!newKind || (await visit(page, landed.url, js)).forms.some((f) => f.kind === newKind.kind)) return null;
  const asked = sameForm(await visit(page, url, js), id, ignore);
  if (!asked) throw new Error(`${kind}: not on ${url} to ask ${newKind.kind} again`);
  expect(await fillAndSubmit(page, asked, plan, js), `${kind}: asked again`).toBeLessThan(400);
  const question = findForm(await readSettled(page, js), newKind.kind);
  if (!question) throw new Error(`${kind}: asked again, ${newKind.kind} was not asked`);
  expect(await fillAndSubmit(page, question, new Map(), js), `${question.kind}: the answer to the question is accepted`).toBeLessThan(400);
  return { question, landed: await readSettled(page, js) };
}

/** The round trip of one form; returns what it changed and where it landed. */
export async function checkForm(page: Page, check: FormCheck): Promise<FormOutcome> {
  const { url, kind, js } = check;
  const given = check.values ?? {};
  const before = check.visited ?? (await visit(page, url, js));
  const settled = await visit(page, url, js);
  const ignore = volatileKeys(before, settled);
  const form = findForm(settled, kind);
  if (!form) throw new Error(`${kind} is not on ${url}`);
  const start: Start = { url, kind, js, ignore, settled, form, id: formId(form, ignore), original: valuesOf(form), given };

  const saved = await saveNewValues(page, start);
  const { plan, submitted, changed, refusals } = saved;
  const asked = await answerQuestion(page, start, saved.landed, plan);
  const landed = asked?.landed ?? saved.landed;

  // 3. The page it landed on shows what a fresh visit shows.
  const shown = path(landed.url) === path(url) ? sameForm(landed, start.id, ignore) : undefined;
  if (!check.sends) {
    if (shown) {
      const expected = Object.fromEntries(changed.map((k) => [k, submitted[k]]));
      const actual = Object.fromEntries(changed.map((k) => [k, valuesOf(shown)[k]]));
      expect(actual, `${kind}: right after saving, the form shows what was saved`).toEqual(expected);
    }
    await expectSameAsFreshVisit(page, landed, js, ignore, kind);
  }

  // 4. Its page again: what was saved.
  const reloaded = await visit(page, url, js);
  const redrawn = sameForm(reloaded, start.id, ignore);
  if (!check.sends && redrawn) {
    const shownAgain = valuesOf(redrawn, ignore);
    expect(Object.fromEntries(Object.keys(shownAgain).map((k) => [k, submitted[k]])), `${kind}: ${url} visited again shows what was saved`).toEqual(shownAgain);
  }
  const outcome = { kind, changed, refusals, landedOn: path(landed.url), ...(asked ? { answered: asked.question.kind } : {}) };
  if (!redrawn) return { ...outcome, oneWay: true };

  // 5. The same again, nothing changed: the same outcome, and nothing changes.
  const repeat = check.sends ? new Map(Object.entries({ ...valuesOf(redrawn, ignore), ...Object.fromEntries(plan) })) : new Map<string, string>(Object.entries(given));
  const choice = redrawn.controls.find((c) => c.kind === "choice");
  if (choice && !check.sends) repeat.set(choice.key, choice.value);
  const status = await fillAndSubmit(page, redrawn, repeat, js);
  const second = await readSettled(page, js);
  if (check.once) {
    expect(status, `${kind}: sent again, refused (${check.once})`).toBeGreaterThanOrEqual(400);
    return { ...outcome, oneWay: false };
  }
  expect(status, `${kind}: saving again with nothing changed is accepted`).toBeLessThan(400);
  expect(path(second.url), `${kind}: saving again lands where the first save did`).toBe(path(landed.url));
  if (check.sends) {
    expect(second.text, `${kind}: sending the same again gets the same answer`).toBe(landed.text);
  } else {
    const after = await visit(page, url, js);
    expect(formsOf(after, ignore), `${kind}: saving again with nothing changed changes nothing on ${url}`).toEqual(formsOf(reloaded, ignore));
    expect(after.text, `${kind}: saving again with nothing changed changes nothing ${url} says`).toBe(reloaded.text);
  }
  return { ...outcome, oneWay: false };
}
