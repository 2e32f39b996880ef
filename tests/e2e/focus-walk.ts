import type { Page } from "@playwright/test";

// The focus walk (WCAG 2.4.7 Focus visible, 2.4.11 Focus not obscured): Tab from the top of
// the page through every tab stop until focus comes back round, and at each stop check, in
// the page, that the focused element
// - is inside the viewport and inside every box that clips it (a dialog, a scrolling list),
//   as far as it fits there;
// - is under no fixed or sticky element (its box against theirs, then elementFromPoint where
//   they meet, so one painted below it does not count), and is what elementFromPoint finds at
//   the middle of its visible part;
// - looks different from when it is not focused: its outline, shadow, border, background,
//   colour or underline, or those of its label or the two boxes around it, change. The
//   styles are read again after the walk, with nothing focused, so a focus style that another
//   rule overrides (a chosen calendar day's) is caught.
// Stricter than 2.4.11 (no part may be covered, as 2.4.12 asks), because a stop that is
// half covered is where a whole one is covered after the next layout change.

/** What one page state showed, as lines a failing test prints. */
export type Problems = string[];

interface WalkOptions {
  /** Named in every problem, e.g. "320×200 at 400 %". */
  label: string;
  /** Also press ArrowDown through each radio group reached (it checks each radio in turn: only for states that may change). */
  radios?: boolean;
  /** Tab stops at most. */
  limit?: number;
}

/** Tab presses between two looks at the page, when the page's own listener records each stop. */
const BATCH = 8;

/** Tabs through the page (or the open modal dialog) once round and returns what is wrong at its stops. */
export async function focusWalk(page: Page, { label, radios = false, limit = 160 }: WalkOptions): Promise<Problems> {
  await page.evaluate(installFocusProbe);
  const batched = await page.evaluate((batch) => (window as unknown as ProbeWindow).__focusWalk!.start(batch), !radios);
  if (batched) {
    // Each Tab's keyup is recorded by the page itself (after the browser has moved focus and
    // scrolled to it), so the presses need not wait for a look at the page each time.
    for (let i = 0; i < limit; i += BATCH) {
      for (let j = 0; j < BATCH; j++) await page.keyboard.press("Tab");
      if (await page.evaluate(() => (window as unknown as ProbeWindow).__focusWalk!.done())) break;
    }
  } else {
    // A look after each key: without JavaScript the page's listeners do not run, and a radio
    // group reached needs its arrow keys before the next Tab.
    let arrowed = 0;
    for (let i = 0; i < limit; i++) {
      await page.keyboard.press("Tab");
      const at = await page.evaluate(() => (window as unknown as ProbeWindow).__focusWalk!.stop("Tab"));
      if (at.done) break;
      for (let r = 0; radios && r < at.radiosLeft && arrowed < limit; r++, arrowed++) {
        await page.keyboard.press("ArrowDown");
        await page.evaluate(() => (window as unknown as ProbeWindow).__focusWalk!.stop("ArrowDown"));
      }
    }
  }
  const problems = await page.evaluate(() => (window as unknown as ProbeWindow).__focusWalk!.finish());
  return problems.map((p) => `${label}: ${p}`);
}

interface StopAnswer {
  /** Focus came back to the first stop, or left the page. */
  done: boolean;
  /** Radios of the focused radio's group not yet visited by arrow keys. */
  radiosLeft: number;
}

interface ProbeWindow {
  __focusWalk?: {
    /** Starts a walk; true when asked to batch and the page's own key listener can record the stops (JavaScript on). */
    start(batch: boolean): boolean;
    stop(key: string): StopAnswer;
    done(): boolean;
    finish(): string[];
  };
}

/** Runs in the page (serialised by Playwright: nothing from outside this function). */
function installFocusProbe() {
  const win = window as unknown as ProbeWindow;
  if (win.__focusWalk) return;
  type Box = { left: number; top: number; right: number; bottom: number };
  const box = (r: DOMRect | Box): Box => ({ left: r.left, top: r.top, right: r.right, bottom: r.bottom });
  const meet = (a: Box, b: Box): Box => ({
    left: Math.max(a.left, b.left),
    top: Math.max(a.top, b.top),
    right: Math.min(a.right, b.right),
    bottom: Math.min(a.bottom, b.bottom),
  });
  const width = (b: Box) => Math.max(0, b.right - b.left);
  const height = (b: Box) => Math.max(0, b.bottom - b.top);
  const px = (n: number) => `${Math.round(n)} px`;
  const describe = (el: Element): string => {
    const name = (el.getAttribute("aria-label") ?? el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 50);
    const id = el.id ? `#${el.id}` : "";
    const cls = typeof el.className === "string" && el.className ? `.${el.className.trim().split(/\s+/).join(".")}` : "";
    const value = el instanceof HTMLInputElement && (el.type === "radio" || el.type === "checkbox") ? `[value=${el.value}]` : "";
    return `<${el.tagName.toLowerCase()}${id}${cls}${value}>${name ? ` "${name}"` : ""}`;
  };

  /** The box the element can be seen in: the viewport, cut by each ancestor that clips or scrolls. */
  const clipOf = (el: Element): Box => {
    const root = document.documentElement;
    let clip: Box = { left: 0, top: 0, right: root.clientWidth, bottom: root.clientHeight };
    for (let a = el.parentElement; a && a !== document.body && a !== root; a = a.parentElement) {
      const style = getComputedStyle(a);
      if (style.overflowX !== "visible" || style.overflowY !== "visible") {
        const r = a.getBoundingClientRect();
        const inner = { left: r.left + a.clientLeft, top: r.top + a.clientTop, right: 0, bottom: 0 };
        inner.right = inner.left + a.clientWidth;
        inner.bottom = inner.top + a.clientHeight;
        clip = meet(clip, inner);
      }
      // A fixed or top-layer box is not clipped by its ancestors' boxes.
      if (style.position === "fixed" || (a instanceof HTMLDialogElement && a.matches(":modal"))) break;
    }
    return clip;
  };

  /** Fixed and sticky boxes that are drawn, recomputed after the DOM changes. */
  let overlays: Element[] | null = null;
  new MutationObserver(() => (overlays = null)).observe(document, { subtree: true, childList: true, attributes: true });
  const fixedAndSticky = (): Element[] =>
    (overlays ??= Array.from(document.body.querySelectorAll("*")).filter((el) => {
      const s = getComputedStyle(el);
      return (s.position === "fixed" || s.position === "sticky") && s.visibility !== "hidden" && s.display !== "none";
    }));

  /** The element's own box, or its label's (or parent's) when it is too small to be seen itself. */
  const visual = (el: HTMLElement): Element => {
    const r = el.getBoundingClientRect();
    if (r.width > 2 && r.height > 2) return el;
    return (el as HTMLInputElement).labels?.[0] ?? el.parentElement ?? el;
  };

  /** Largest visible line box of the element (a link over two lines has two). */
  const largestPart = (el: Element, clip: Box): Box | null => {
    let best: Box | null = null;
    for (const r of Array.from(el.getClientRects())) {
      const seen = meet(box(r), clip);
      if (!best || width(seen) * height(seen) > width(best) * height(best)) best = seen;
    }
    return best;
  };

  const SIGNATURE = [
    "outline-style", "outline-width", "outline-color", "outline-offset", "box-shadow", "border-top-color", "border-bottom-color",
    "border-left-color", "border-top-width", "border-bottom-width", "background-color", "color", "text-decoration-line",
  ];
  const signature = (el: HTMLElement): string => {
    const parts: Element[] = [el, ...Array.from((el as HTMLInputElement).labels ?? [])];
    if (el.parentElement) parts.push(el.parentElement);
    if (el.parentElement?.parentElement) parts.push(el.parentElement.parentElement);
    return parts
      .map((p) => {
        const s = getComputedStyle(p);
        return SIGNATURE.map((name) => s.getPropertyValue(name)).join("|");
      })
      .join("‖");
  };

  interface Seen {
    el: HTMLElement;
    key: string;
    focused: string;
    problems: string[];
  }
  let seen: Seen[] = [];
  let first: HTMLElement | null = null;
  let dialog: HTMLDialogElement | null = null;
  let done = false;
  const arrowedGroups = new Set<string>();

  const check = (el: HTMLElement): string[] => {
    const problems: string[] = [];
    if (dialog && !dialog.contains(el)) problems.push(`focus left the open dialog for ${describe(el)}`);
    const target = visual(el);
    const rects = target.getClientRects();
    if (rects.length === 0) return [...problems, `${describe(el)} has focus but is not drawn`];
    const r = box(target.getBoundingClientRect());
    const clip = clipOf(target);
    const shown = meet(r, clip);
    const short = (need: number, got: number) => got < need - 1;
    if (width(shown) <= 0 || height(shown) <= 0) {
      problems.push(`${describe(el)} is focused but entirely out of view (box ${px(r.left)},${px(r.top)} – ${px(r.right)},${px(r.bottom)})`);
      return problems;
    }
    // A text area is scrolled to show its caret, not its whole box: a line of it is enough.
    const tallest = el instanceof HTMLTextAreaElement ? Math.min(height(r), parseFloat(getComputedStyle(el).lineHeight) || 24) : height(r);
    if (short(Math.min(width(r), width(clip)), width(shown)) || short(Math.min(tallest, height(clip)), height(shown))) {
      problems.push(`${describe(el)} is focused but partly out of view: ${px(width(shown))} × ${px(height(shown))} of ${px(width(r))} × ${px(height(r))} shown`);
    }
    const modal = el.closest("dialog");
    for (const over of fixedAndSticky()) {
      if (over.contains(el) || el.contains(over)) continue;
      // A modal dialog is in the top layer, above everything outside it.
      if (modal?.matches(":modal") && !modal.contains(over)) continue;
      const overlap = meet(shown, meet(box(over.getBoundingClientRect()), clipOf(over)));
      if (width(overlap) < 1 || height(overlap) < 1) continue;
      const hit = document.elementFromPoint((overlap.left + overlap.right) / 2, (overlap.top + overlap.bottom) / 2);
      if (hit && over.contains(hit)) {
        problems.push(`${describe(el)} is under ${getComputedStyle(over).position} ${describe(over)}: ${px(width(overlap))} × ${px(height(overlap))} of it covered`);
      }
    }
    const part = largestPart(target, clip);
    if (part && width(part) > 0 && height(part) > 0) {
      const hit = document.elementFromPoint((part.left + part.right) / 2, (part.top + part.bottom) / 2);
      const mine = hit !== null && (el.contains(hit) || target.contains(hit));
      if (!mine) problems.push(`${describe(el)} is focused but ${hit ? describe(hit) : "nothing"} is drawn at its middle`);
    }
    return problems;
  };

  // Records a stop at each Tab's keyup, when the page runs listeners (not with JavaScript off);
  // only while a batched walk is on.
  let recording = false;
  let listens = false;
  window.addEventListener("a11y-probe", () => (listens = true));
  window.dispatchEvent(new Event("a11y-probe"));
  window.addEventListener("keyup", (event) => {
    if (recording && event.key === "Tab") win.__focusWalk!.stop("Tab");
  }, true);

  win.__focusWalk = {
    done: () => done,
    start(batch) {
      (document.activeElement as HTMLElement | null)?.blur?.();
      dialog = document.querySelector<HTMLDialogElement>("dialog:modal");
      if (dialog) {
        // Focus starts on the dialog itself (as after showModal), so the first Tab goes to its first control.
        dialog.focus({ preventScroll: true });
        dialog.scrollTop = 0;
      } else {
        // Tab goes on from the last element focused, even after blur(): start from the top of the body.
        const body = document.body;
        body.tabIndex = -1;
        body.focus({ preventScroll: true });
        body.removeAttribute("tabindex");
        window.scrollTo(0, 0);
      }
      seen = [];
      first = null;
      done = false;
      arrowedGroups.clear();
      recording = batch && listens;
      return recording;
    },
    stop(key) {
      const el = document.activeElement as HTMLElement | null;
      if (done) return { done, radiosLeft: 0 };
      if (!el || el === document.body || el === document.documentElement || (key === "Tab" && el === first)) {
        done = true;
        return { done, radiosLeft: 0 };
      }
      first ??= el;
      seen.push({ el, key, focused: signature(el), problems: check(el) });
      let radiosLeft = 0;
      if (key === "Tab" && el instanceof HTMLInputElement && el.type === "radio" && el.name && !arrowedGroups.has(el.name)) {
        arrowedGroups.add(el.name);
        const group = Array.from(document.querySelectorAll<HTMLInputElement>(`input[type=radio][name="${CSS.escape(el.name)}"]`));
        radiosLeft = group.filter((r) => !r.disabled).length - 1;
      }
      return { done, radiosLeft };
    },
    finish() {
      recording = false;
      (document.activeElement as HTMLElement | null)?.blur?.();
      const problems: string[] = [];
      if (seen.length === 0) problems.push("Tab reached nothing");
      for (const stop of seen) {
        problems.push(...stop.problems);
        if (!stop.el.isConnected) continue;
        if (signature(stop.el) === stop.focused) problems.push(`${describe(stop.el)} looks the same focused as not (reached by ${stop.key})`);
      }
      return problems;
    },
  };
}
