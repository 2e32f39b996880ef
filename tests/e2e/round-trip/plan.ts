import type { Control, FormState } from "./page-state";
import { candidates } from "./values";

// What the round trip types: a new value for each control (./values.ts), and after the
// server refuses some, the next try.

/** A plan: a new value for every control that has one; of a group of boxes, one more ticked (or one fewer). */
export function firstPlan(form: FormState, given: Record<string, string>): { plan: Map<string, string>; tries: Map<string, string[]> } {
  const plan = new Map<string, string>();
  const tries = new Map<string, string[]>();
  const boxes = new Map<string, Control[]>();
  for (const control of form.controls) {
    if (control.key in given) plan.set(control.key, given[control.key]!);
    else if (!control.visible) continue;
    else if (control.kind === "checkbox") boxes.set(control.name, [...(boxes.get(control.name) ?? []), control]);
    else {
      const [first, ...rest] = candidates(control);
      if (first === undefined) continue;
      plan.set(control.key, first);
      tries.set(control.key, rest);
    }
  }
  for (const group of boxes.values()) {
    const box = group.find((c) => !c.value) ?? group[0]!;
    plan.set(box.key, candidates(box)[0]!);
  }
  return { plan, tries };
}

/** The controls the plan changes. */
export const changedKeys = (plan: Map<string, string>, original: Record<string, string>, given: Record<string, string>) =>
  [...plan].filter(([k, v]) => !(k in given) && v !== (original[k] ?? "")).map(([k]) => k);

/**
 * After a refusal: each refused field gets its next value, or its own back. A rule across
 * fields (supervision ratios) may be said beside a field that was not changed, or no longer
 * is: then the changes of that field's type go back one at a time (the first of them), and
 * failing that, half of all the changes.
 */
export function replan(form: FormState, plan: Map<string, string>, tries: Map<string, string[]>, original: Record<string, string>, given: Record<string, string>): boolean {
  const changed = changedKeys(plan, original, given);
  if (changed.length === 0) return false;
  const revert = (key: string) => plan.set(key, original[key] ?? "");
  const blamed = form.controls.filter((c) => c.invalid);
  const refused = blamed.filter((c) => changed.includes(c.key)).map((c) => c.key);
  if (refused.length > 0) {
    for (const key of refused) {
      const next = tries.get(key)?.shift();
      if (next === undefined) revert(key);
      else plan.set(key, next);
    }
    return true;
  }
  const types = new Set(blamed.map((c) => c.type));
  const alike = form.controls.find((c) => changed.includes(c.key) && types.has(c.type));
  if (alike) revert(alike.key);
  else if (changed.length === 1) revert(changed[0]!);
  else for (const key of changed.slice(Math.ceil(changed.length / 2))) revert(key);
  return true;
}
