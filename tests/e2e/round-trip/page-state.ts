import type { Page } from "@playwright/test";

// What a page shows, read the same way with JavaScript on or off (page.evaluate runs in
// both): every form that posts, with each control's value and constraints, and the page's
// text. Controls are tagged with a data attribute so the engine can fill them by selector.

export interface Option {
  value: string;
  disabled: boolean;
  /** Tag of the element to click or check for this option (radios and choice buttons). */
  tag: string;
}

export interface Control {
  /** The control's key in the form's values: its name, `name=value` for a checkbox, `name#n` for repeats. */
  key: string;
  name: string;
  kind: "text" | "textarea" | "select" | "checkbox" | "radio" | "hidden" | "password" | "choice";
  /** The input's type attribute (text, email, tel, number, date, time…). */
  type: string;
  /** Current value: the text, the selected or checked option's value ("" for none), "checked"/"" for a checkbox. */
  value: string;
  options: Option[];
  min: string;
  max: string;
  step: string;
  maxLength: number;
  pattern: string;
  required: boolean;
  autocomplete: string;
  inputMode: string;
  invalid: boolean;
  /** Drawn for the user to change (not in a closed dialog, not hidden). */
  visible: boolean;
  tag: string;
}

export interface FormState {
  /** Where it posts: the action's path (with `?index` for an index route). */
  action: string;
  /** Forms of one kind share action, visible control names and intent (e.g. every "Ask to join" of a list). */
  kind: string;
  controls: Control[];
  /** The first submit button: the one Enter presses, the form's own way to save. */
  submit: { tag: string; label: string } | null;
  /** A summary of errors drawn in or just above the form (role=alert, error summary). */
  error: string;
}

export interface PageState {
  url: string;
  /** The page's visible text without live regions (a status or an alert is news, not state). */
  text: string;
  forms: FormState[];
}

/** Reads the page (runs in the page). */
function readInPage(): PageState {
  let next = 0;
  const tag = (el: Element) => {
    const t = `rt${next++}`;
    el.setAttribute("data-rt", t);
    return t;
  };
  for (const el of document.querySelectorAll("[data-rt]")) el.removeAttribute("data-rt");

  const LIVE = "[role=status],[role=alert],[aria-live],script,style,template,noscript";
  const parts: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  // The words of a choice (a button, an option's label) are compared as the form's values:
  // their text says places left and days' availability, which the other tests move.
  const choice = (el: Element) => el.closest("button, select") !== null || ["radio", "checkbox"].includes((el.closest("label") as HTMLLabelElement | null)?.control?.getAttribute("type") ?? "");
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest(LIVE) || !parent.checkVisibility() || choice(parent)) continue;
    const text = node.textContent?.replace(/\s+/g, " ").trim();
    if (text) parts.push(text);
  }
  // The hold timer's countdown moves on by itself (app/components/booking/hold-timer.tsx), and
  // a one-time token (a password reset link) is new in every answer.
  const text = parts
    .join(" ")
    .replace(/\(\d+ minutes? left\)/g, "(minutes left)")
    .replace(/\b(?=[\w-]*\d)[\w-]{24,}\b/g, "<token>");

  const forms: FormState[] = [];
  for (const form of Array.from(document.forms)) {
    if (form.method !== "post") continue;
    const action = new URL(form.action, location.href);
    const path = action.pathname + (action.searchParams.has("index") ? "?index" : "");
    const controls: Control[] = [];
    const seen = new Map<string, number>();
    const radios = new Map<string, Control>();
    const choices = new Map<string, Control>();
    const buttons: { el: Element; name: string; value: string; label: string; shown: boolean }[] = [];
    let intent = "";
    for (const el of Array.from(form.elements)) {
      const input = el as HTMLInputElement;
      const isButton = el instanceof HTMLButtonElement || (el instanceof HTMLInputElement && ["submit", "image", "button", "reset"].includes(input.type));
      if (isButton) {
        if (input.type !== "submit" && input.type !== "image") continue;
        if (input.disabled) continue;
        const label = (el.getAttribute("aria-label") ?? el.textContent ?? input.value).replace(/\s+/g, " ").trim();
        // Submit buttons sharing a name other than "intent" are a choice (a calendar's days, accept or reject).
        if (input.name && input.name !== "intent") {
          let choice = choices.get(input.name);
          if (!choice) {
            choice = {
              key: input.name, name: input.name, kind: "choice", type: "submit", value: "", options: [], min: "", max: "", step: "",
              maxLength: -1, pattern: "", required: false, autocomplete: "", inputMode: "", invalid: false, visible: true, tag: "",
            };
            choices.set(input.name, choice);
            controls.push(choice);
          }
          const selected = el.getAttribute("aria-pressed") === "true" || el.closest("[aria-selected=true]") !== null || el.hasAttribute("aria-current");
          if (selected) choice.value = input.value;
          choice.options.push({ value: input.value, disabled: false, tag: tag(el) });
          continue;
        }
        if (input.name === "intent") intent ||= input.value;
        buttons.push({ el, name: input.name, value: input.value, label, shown: el.checkVisibility() && !el.closest("[aria-hidden=true]") });
        continue;
      }
      if (!("name" in input) || !input.name || input.disabled) continue;
      if (el instanceof HTMLFieldSetElement || el instanceof HTMLObjectElement || el instanceof HTMLOutputElement) continue;
      const base = {
        name: input.name,
        type: el instanceof HTMLSelectElement ? "select" : el instanceof HTMLTextAreaElement ? "textarea" : input.type,
        min: input.min ?? "", max: input.max ?? "", step: input.step ?? "",
        maxLength: typeof input.maxLength === "number" ? input.maxLength : -1,
        pattern: input.pattern ?? "", required: input.required,
        autocomplete: el.getAttribute("autocomplete") ?? "", inputMode: el.getAttribute("inputmode") ?? "",
        invalid: el.getAttribute("aria-invalid") === "true",
        // A radio or box drawn by its label (the input itself visually hidden) is still there to change.
        visible: el.checkVisibility() || Boolean((el as HTMLInputElement).labels?.[0]?.checkVisibility()),
        options: [] as Option[],
      };
      if (input.type === "radio") {
        let group = radios.get(input.name);
        if (!group) {
          group = { ...base, key: input.name, kind: "radio", value: "", tag: "" };
          radios.set(input.name, group);
          controls.push(group);
        }
        group.invalid ||= base.invalid;
        if (input.checked) group.value = input.value;
        group.options.push({ value: input.value, disabled: input.disabled, tag: tag(el) });
        continue;
      }
      if (input.type === "hidden" && input.name === "intent") intent ||= input.value;
      const kind: Control["kind"] =
        input.type === "checkbox" ? "checkbox" : input.type === "hidden" ? "hidden" : input.type === "password" ? "password"
          : el instanceof HTMLSelectElement ? "select" : el instanceof HTMLTextAreaElement ? "textarea" : "text";
      let key = kind === "checkbox" ? `${input.name}=${input.value}` : input.name;
      const n = seen.get(key) ?? 0;
      seen.set(key, n + 1);
      if (n > 0) key = `${key}#${n}`;
      const value = kind === "checkbox" ? (input.checked ? "checked" : "")
        : el instanceof HTMLSelectElement ? Array.from(el.selectedOptions).map((o) => o.value).join(",") : input.value;
      const options = el instanceof HTMLSelectElement ? Array.from(el.options).map((o) => ({ value: o.value, disabled: o.disabled, tag: "" })) : [];
      controls.push({ ...base, key, kind, value, options, tag: tag(el) });
    }
    // The default button is the first (what Enter presses); if it is hidden for the keyboard's
    // sake, a visible one that sends the same is pressed instead.
    const first = buttons[0];
    const press = first && (first.shown ? first : buttons.find((b) => b.shown && b.name === first.name && b.value === first.value));
    const submit = press ? { tag: tag(press.el), label: press.label } : null;
    const visible = controls.filter((c) => c.kind !== "hidden").map((c) => c.name);
    const kind = `${path} [${[...new Set(visible)].sort().join(" ")}]${intent ? ` intent=${intent}` : ""}`;
    const container = form.closest("section, main, [role=dialog]") ?? form;
    const error = Array.from(container.querySelectorAll("[role=alert], .error-summary, .field-error"))
      .map((e) => e.textContent?.replace(/\s+/g, " ").trim() ?? "")
      .filter(Boolean)
      .join(" | ");
    forms.push({ action: path, kind, controls, submit, error });
  }
  return { url: location.href, text, forms };
}

export function readPage(page: Page): Promise<PageState> {
  return page.evaluate(readInPage);
}

/** The values a form shows, by control key (passwords are never shown back, by design). */
export function valuesOf(form: FormState, ignore: ReadonlySet<string> = new Set()): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of form.controls) if (c.kind !== "password" && !ignore.has(c.key)) out[c.key] = c.value;
  return out;
}

/** One form of its kind: the kind and its hidden values (e.g. "Ask to join" this organisation), volatile ones left out. */
export function formId(form: FormState, ignore: ReadonlySet<string> = new Set()): string {
  const hidden = form.controls.filter((c) => c.kind === "hidden" && c.name !== "intent" && !ignore.has(c.key));
  return `${form.kind} ${hidden.map((c) => `${c.key}=${c.value}`).sort().join("&")}`;
}

/** Every posting form of the page by id, with its values: what a comparison of two visits looks at. */
export function formsOf(state: PageState, ignore: ReadonlySet<string> = new Set()): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const form of state.forms) out[formId(form, ignore)] = valuesOf(form, ignore);
  return out;
}

/** Keys whose value differs between two reads of the same page with nothing done (an idempotency key). */
export function volatileKeys(a: PageState, b: PageState): Set<string> {
  const out = new Set<string>();
  a.forms.forEach((form, i) => {
    const other = b.forms[i];
    for (const c of form.controls) {
      const d = other?.controls.find((x) => x.key === c.key);
      if (!d || d.value !== c.value) out.add(c.key);
    }
  });
  return out;
}
