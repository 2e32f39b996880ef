import type { Page } from "@playwright/test";
import type { Problems } from "./focus-walk";

// WCAG 2.5.3 Label in name: a control's accessible name holds the words shown on it, in the
// order shown, so a speech-input user can say what they see ("click Open") and be understood.
// Checked for every control whose name can differ from what is shown: those with text hidden
// from sight (a calendar day's date and status for screen readers), text hidden from
// assistive technology (its status word on screen), or an aria-label(ledby). Names are the
// browser's own (Chromium's accessibility tree, over CDP), as a screen reader or speech
// input gets them.

const MARK = "data-label-in-name";

/** Words: letters and digits, lower case (a name need not match case or punctuation). */
const words = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** Whether every word of `shown` is in `name`, in the same order. */
export function containsInOrder(name: string, shown: string): boolean {
  const have = words(name);
  let at = 0;
  for (const word of words(shown)) {
    at = have.indexOf(word, at);
    if (at < 0) return false;
    at++;
  }
  return true;
}

export async function labelInNameProblems(page: Page, label: string): Promise<Problems> {
  const controls = await page.evaluate(markControls, MARK);
  if (controls.length === 0) return [];
  const cdp = await page.context().newCDPSession(page);
  try {
    // Two calls whatever the number of controls: the marked nodes' ids from the DOM, their names from the accessibility tree.
    const { root } = await cdp.send("DOM.getDocument", { depth: -1 });
    const marked = new Map<number, number>();
    const visit = (node: typeof root) => {
      const attributes = node.attributes ?? [];
      const at = attributes.indexOf(MARK);
      if (at >= 0 && at % 2 === 0) marked.set(node.backendNodeId, Number(attributes[at + 1]));
      for (const child of node.children ?? []) visit(child);
    };
    visit(root);
    const { nodes } = await cdp.send("Accessibility.getFullAXTree");
    const names = new Map<number, string>();
    for (const node of nodes) {
      const index = node.backendDOMNodeId === undefined ? undefined : marked.get(node.backendDOMNodeId);
      if (index !== undefined && !node.ignored) names.set(index, String(node.name?.value ?? ""));
    }
    return controls.flatMap((control, i) => {
      const name = names.get(i) ?? "";
      return containsInOrder(name, control.shown) ? [] : [`${label}: ${control.element} shows "${control.shown}" but is named "${name}"`];
    });
  } finally {
    await cdp.detach();
    await page.evaluate((mark) => document.querySelectorAll(`[${mark}]`).forEach((el) => el.removeAttribute(mark)), MARK);
  }
}

/** Runs in the page: marks the controls to check and returns what each shows. */
function markControls(mark: string): { element: string; shown: string }[] {
  const CONTROLS = "a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=link], [role=checkbox], [role=radio], [role=tab]";
  const hiddenFromSight = (el: Element, stop: Element): boolean => {
    for (let a: Element | null = el; a && a !== stop.parentElement; a = a.parentElement) {
      const s = getComputedStyle(a);
      const r = a.getBoundingClientRect();
      if (s.display === "none" || s.visibility === "hidden") return true;
      if ((s.overflowX === "hidden" || s.overflowX === "clip") && (r.width <= 1 || r.height <= 1)) return true;
      if (s.position === "absolute" && s.clip !== "auto") return true;
    }
    return false;
  };
  /** The text shown in `root` (aria-hidden text too: it is seen), and whether some of its text is not shown or not read. */
  const textOf = (root: Element): { shown: string; differs: boolean } => {
    let shown = "";
    let differs = false;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement!;
      if (parent.closest("select, option, script, style")) continue;
      if (hiddenFromSight(parent, root)) differs = true;
      else shown += ` ${node.textContent}`;
      if (parent.closest("[aria-hidden=true]")) differs = true;
    }
    return { shown: shown.replace(/\s+/g, " ").trim(), differs };
  };
  const out: { element: string; shown: string }[] = [];
  for (const el of Array.from(document.querySelectorAll(CONTROLS))) {
    if (el.getClientRects().length === 0 || hiddenFromSight(el, el)) continue;
    const labelled = el.hasAttribute("aria-label") || el.hasAttribute("aria-labelledby");
    const sources = el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement ? Array.from(el.labels ?? []) : [el];
    const texts = sources.map(textOf);
    const shown = texts.map((t) => t.shown).join(" ").trim();
    if (!shown || !(labelled || texts.some((t) => t.differs))) continue;
    el.setAttribute(mark, String(out.length));
    const name = `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}>`;
    out.push({ element: name, shown });
  }
  return out;
}
