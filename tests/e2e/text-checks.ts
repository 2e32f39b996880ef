import type { Page } from "@playwright/test";
import type { Problems } from "./focus-walk";

// Text that the user has made bigger or spaced out must still be read whole (WCAG 1.4.4
// Resize text, 1.4.12 Text spacing): no two pieces of text drawn over each other, none cut
// off by a box that hides its overflow, no word broken across lines where the page had room
// for it (a postcode one character a line in a wide card), and nothing wider than the page.

/** WCAG 1.4.12's spacing, as the bookmarklet the Understanding document cites applies it. */
export const TEXT_SPACING_CSS =
  "* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }\n" +
  "p { margin-bottom: 2em !important; }\n";

const SPACING_PATH = "/__test-only/text-spacing.css";

/**
 * Applies the text-spacing styles. The site's Content-Security-Policy refuses inline styles
 * (so the bookmarklet does not run here): the styles come as a stylesheet of the site's own
 * origin, answered by the test, which the policy allows.
 */
export async function withTextSpacing<T>(page: Page, run: () => Promise<T>): Promise<T> {
  const url = new URL(SPACING_PATH, page.url()).href;
  await page.route(url, (route) => route.fulfill({ status: 200, contentType: "text/css", body: TEXT_SPACING_CSS }));
  const link = await page.addStyleTag({ url });
  try {
    return await run();
  } finally {
    await link.evaluate((el) => (el as Element).remove());
    await page.unroute(url);
  }
}

/**
 * Text-only zoom: the browser's default font size at `percent` of 16 px, as a user who sets a
 * larger text size gets (Chromium's font size setting; px sizes stay, rem and em grow).
 */
export async function withTextZoom<T>(page: Page, percent: number, run: () => Promise<T>): Promise<T> {
  const cdp = await page.context().newCDPSession(page);
  const fontSizes = (scale: number) => ({ fontSizes: { standard: Math.round(16 * scale), fixed: Math.round(13 * scale) } });
  await cdp.send("Page.setFontSizes", fontSizes(percent / 100));
  try {
    return await run();
  } finally {
    await cdp.send("Page.setFontSizes", fontSizes(1));
    await cdp.detach();
  }
}

/** What is wrong with the page's text as it is drawn now. */
export async function textProblems(page: Page, label: string): Promise<Problems> {
  const problems = await page.evaluate(findTextProblems);
  return problems.map((p) => `${label}: ${p}`);
}

/** Runs in the page (serialised: nothing from outside this function). */
function findTextProblems(): string[] {
  type Box = { left: number; top: number; right: number; bottom: number };
  const problems: string[] = [];
  const say = (el: Element) => {
    const cls = typeof el.className === "string" && el.className ? `.${el.className.trim().split(/\s+/).join(".")}` : "";
    return `<${el.tagName.toLowerCase()}${cls}>`;
  };
  const meet = (a: Box, b: Box): Box => ({
    left: Math.max(a.left, b.left),
    top: Math.max(a.top, b.top),
    right: Math.min(a.right, b.right),
    bottom: Math.min(a.bottom, b.bottom),
  });
  const EVERYWHERE: Box = { left: -1e9, top: -1e9, right: 1e9, bottom: 1e9 };

  // Seen, not only read out: not in a hidden box, nor in the visually hidden pattern (a box of
  // a pixel or none that hides its overflow, or an absolutely placed one clipped away).
  const seen = new Map<Element, boolean>();
  const shown = (el: Element): boolean => {
    const known = seen.get(el);
    if (known !== undefined) return known;
    const s = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    const hides = s.overflowX === "hidden" || s.overflowX === "clip";
    const gone =
      // checkVisibility: also what a closed <details> or content-visibility keeps from being drawn.
      !el.checkVisibility() ||
      s.visibility === "hidden" || s.display === "none" || s.opacity === "0" ||
      (hides && (r.width <= 1 || r.height <= 1)) ||
      (s.position === "absolute" && s.clip !== "auto");
    const answer = !gone && (el.parentElement ? shown(el.parentElement) : true);
    seen.set(el, answer);
    return answer;
  };

  // Where an element's content can be seen: inside each ancestor that does not let it
  // overflow. Those that scroll show the rest by scrolling; those that hide it cut it off.
  interface Clip {
    /** Drawn inside this box. */
    drawn: Box;
    /** Cut off for good outside this box, by `by`. */
    kept: Box;
    by: Element | null;
  }
  const clips = new Map<Element, Clip>();
  const clipOf = (el: Element): Clip => {
    const known = clips.get(el);
    if (known) return known;
    const parent = el.parentElement;
    let clip: Clip = parent && el !== document.body ? clipOf(parent) : { drawn: EVERYWHERE, kept: EVERYWHERE, by: null };
    const s = getComputedStyle(el);
    if (el !== document.body && el !== document.documentElement && (s.overflowX !== "visible" || s.overflowY !== "visible")) {
      const r = el.getBoundingClientRect();
      const inner = { left: r.left + el.clientLeft, top: r.top + el.clientTop, right: r.left + el.clientLeft + el.clientWidth, bottom: r.top + el.clientTop + el.clientHeight };
      const hides = ["hidden", "clip"].includes(s.overflowX) || ["hidden", "clip"].includes(s.overflowY);
      clip = { drawn: meet(clip.drawn, inner), kept: hides ? meet(clip.kept, inner) : clip.kept, by: hides ? el : clip.by };
    }
    clips.set(el, clip);
    return clip;
  };

  // With a modal dialog open, the page behind it is inert and covered: only the dialog's text counts.
  const scope = document.querySelector("dialog:modal") ?? document.body;

  // The width a word could have: that of the first box around it that is laid out in the
  // page's own flow, not squeezed by a flex or grid row or a table (a word wider than that
  // cannot be kept whole, and breaking it is right).
  const SQUEEZED = /^(inline|contents|table)/;
  const roomOf = (el: Element): { block: Element; width: number } => {
    let block = el;
    while (block.parentElement && block !== scope) {
      const own = getComputedStyle(block).display;
      const around = getComputedStyle(block.parentElement).display;
      if (!SQUEEZED.test(own) && !/flex|grid|table/.test(around)) break;
      block = block.parentElement;
    }
    const s = getComputedStyle(block);
    return { block, width: block.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight) };
  };

  const lines: { box: Box; node: Text; owner: Element }[] = [];
  const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    const owner = node.parentElement;
    if (!owner || !node.data.trim() || owner.closest("script, style, noscript, template, option")) continue;
    if (!shown(owner)) continue;
    const clip = clipOf(owner);
    range.selectNodeContents(node);
    let cut = false;
    for (const r of Array.from(range.getClientRects())) {
      if (r.width < 1 || r.height < 1) continue;
      const { kept, drawn } = clip;
      if (r.left < kept.left - 1 || r.right > kept.right + 1 || r.top < kept.top - 1 || r.bottom > kept.bottom + 1) cut = true;
      const box = meet(r, drawn);
      if (box.right - box.left >= 1 && box.bottom - box.top >= 1) lines.push({ box, node, owner });
    }
    // Cut off by a box that hides its overflow.
    if (cut && clip.by) problems.push(`"${node.data.trim().slice(0, 40)}" in ${say(owner)} is cut off by ${say(clip.by)}, which hides its overflow`);

    // A word drawn on more than one line although a line of the page there could hold it
    // (e-mail addresses and links may wrap anywhere).
    for (const match of node.data.matchAll(/[^\s\-‐–—/·|]+/g)) {
      const word = match[0];
      if (word.length < 2 || /@|:\/\/|^www\./.test(word)) continue;
      range.setStart(node, match.index);
      range.setEnd(node, match.index + word.length);
      const rects = Array.from(range.getClientRects()).filter((r) => r.width >= 1);
      const middles = rects.map((r) => (r.top + r.bottom) / 2);
      const tall = Math.max(...rects.map((r) => r.height));
      if (!middles.some((m) => Math.abs(m - middles[0]!) > tall / 2)) continue;
      const wide = rects.reduce((sum, r) => sum + r.width, 0);
      const room = roomOf(owner);
      if (wide <= room.width + 1) {
        problems.push(`"${word}" in ${say(owner)} is broken over ${new Set(middles.map(Math.round)).size} lines, though ${say(room.block)} has room for it`);
      }
    }
  }

  // Two pieces of text drawn over each other (more than a pixel each way).
  lines.sort((a, b) => a.box.top - b.box.top);
  const reported = new Set<string>();
  for (let i = 0; i < lines.length; i++) {
    const a = lines[i]!;
    for (let j = i + 1; j < lines.length && lines[j]!.box.top < a.box.bottom - 1; j++) {
      const b = lines[j]!;
      if (a.node === b.node) continue;
      const w = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
      const h = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
      if (w <= 1 || h <= 1) continue;
      const key = `${a.node.data}|${b.node.data}`;
      if (reported.has(key)) continue;
      reported.add(key);
      problems.push(
        `"${a.node.data.trim().slice(0, 30)}" in ${say(a.owner)} and "${b.node.data.trim().slice(0, 30)}" in ${say(b.owner)} overlap by ${Math.round(w)} × ${Math.round(h)} px`,
      );
    }
  }

  const { scrollWidth, clientWidth } = document.documentElement;
  if (scrollWidth > clientWidth + 1) problems.push(`the page is ${scrollWidth} px wide in a ${clientWidth} px window`);
  return problems;
}
