import { expect, type Locator, type Page } from "@playwright/test";

// A focus ring seen by its pixels (WCAG 2.4.7): the element and the 8 px around it are
// screenshot with focus and without, and the pixels that changed by a contrast of at least
// 3:1 (the measure WCAG 2.4.13 uses) are counted. A ring one pixel wide all round the element
// is its perimeter; 2.4.7 asks for a visible indicator, so at least that many must change.
// Styles cannot hide from this: a rule that overrides the focus style leaves no change.

const MARGIN = 8;

/** Asserts the focused `target` shows a focus indicator of at least its perimeter in changed pixels. */
export async function expectFocusRingSeen(page: Page, target: Locator): Promise<void> {
  await expect(target).toBeFocused();
  const box = await target.boundingBox();
  if (!box) throw new Error(`${target} has no box`);
  const clip = { x: Math.max(0, box.x - MARGIN), y: Math.max(0, box.y - MARGIN), width: box.width + 2 * MARGIN, height: box.height + 2 * MARGIN };
  const shot = () => page.screenshot({ clip, scale: "css", animations: "disabled", caret: "hide" });
  const focused = await shot();
  await target.evaluate((el) => (el as HTMLElement).blur());
  const plain = await shot();
  await target.evaluate((el) => (el as HTMLElement).focus({ preventScroll: true }));
  const changed = await page.evaluate(countContrastingChanges, [focused.toString("base64"), plain.toString("base64")] as const);
  const perimeter = Math.round(2 * (box.width + box.height));
  expect(changed, `pixels changed by ≥ 3:1 when ${target} has focus (its perimeter: ${perimeter})`).toBeGreaterThanOrEqual(perimeter);
}

/** Runs in the page: decodes two PNGs of the same size and counts the pixels that differ by a contrast of 3:1 or more. */
async function countContrastingChanges([a, b]: readonly [string, string]): Promise<number> {
  const pixels = async (base64: string) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext("2d")!;
    context.drawImage(bitmap, 0, 0);
    return context.getImageData(0, 0, bitmap.width, bitmap.height).data;
  };
  const [x, y] = await Promise.all([pixels(a), pixels(b)]);
  // WCAG's relative luminance of an sRGB colour.
  const channel = (v: number) => (v / 255 <= 0.04045 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
  const luminance = (d: Uint8ClampedArray, i: number) => 0.2126 * channel(d[i]!) + 0.7152 * channel(d[i + 1]!) + 0.0722 * channel(d[i + 2]!);
  let changed = 0;
  for (let i = 0; i < Math.min(x.length, y.length); i += 4) {
    const [l1, l2] = [luminance(x, i), luminance(y, i)];
    if ((Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05) >= 3) changed++;
  }
  return changed;
}
