// @vitest-environment happy-dom
import { act, useState } from "react";
import { createRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { Modal, type CloseReason } from "./modal";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement;
afterEach(() => container?.remove());

function Harness({ closes }: { closes: CloseReason[] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" id="opener" onClick={() => setOpen(true)}>
        Choose a time
      </button>
      <Modal
        open={open}
        title="Choose a time for session 1"
        onClose={(reason) => {
          closes.push(reason);
          setOpen(false);
        }}
      >
        <fieldset>
          <legend>Times</legend>
          <input type="radio" name="t" id="t1" value="09:00" aria-label="09:00" />
          <input type="radio" name="t" id="t2" value="09:30" aria-label="09:30" />
        </fieldset>
        <button type="button" id="use" onClick={() => setOpen(false)}>
          Use this time
        </button>
      </Modal>
    </>
  );
}

async function mount(closes: CloseReason[]) {
  container = document.body.appendChild(document.createElement("div"));
  await act(async () => createRoot(container).render(<Harness closes={closes} />));
  const dialog = container.querySelector("dialog")!;
  const opener = container.querySelector<HTMLButtonElement>("#opener")!;
  return { dialog, opener };
}

const key = (target: Element, k: string, shiftKey = false) =>
  act(async () => {
    target.dispatchEvent(new KeyboardEvent("keydown", { key: k, shiftKey, bubbles: true, cancelable: true }));
  });

describe("Modal", () => {
  it("without JavaScript (the server render) is an inline section named by its heading", () => {
    const html = renderToString(<Harness closes={[]} />);
    expect(html).not.toContain("<dialog");
    expect(html).toMatch(/<section class="modal-inline" aria-labelledby="([^"]+)"><h2 id="\1">Choose a time for session 1<\/h2>/);
    expect(html).toContain('name="t"');
  });

  it("opens as a modal dialog named by its heading, with focus inside", async () => {
    const closes: CloseReason[] = [];
    const { dialog, opener } = await mount(closes);
    expect(dialog.open).toBe(false);
    opener.focus();
    await act(async () => opener.click());
    expect(dialog.open).toBe(true);
    const heading = document.getElementById(dialog.getAttribute("aria-labelledby")!);
    expect(heading?.textContent).toBe("Choose a time for session 1");
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it("keeps Tab and Shift+Tab inside, closes on Escape and gives focus back to the opener", async () => {
    const closes: CloseReason[] = [];
    const { dialog, opener } = await mount(closes);
    opener.focus();
    await act(async () => opener.click());
    const close = dialog.querySelector<HTMLButtonElement>(".modal-close")!;
    const use = dialog.querySelector<HTMLButtonElement>("#use")!;
    use.focus();
    await key(use, "Tab");
    expect(document.activeElement).toBe(close);
    await key(close, "Tab", true);
    expect(document.activeElement).toBe(use);
    await key(use, "Escape");
    expect(dialog.open).toBe(false);
    expect(document.activeElement).toBe(opener);
    expect(closes).toEqual(["cancel"]);
  });

  it("closes when the parent closes it (a choice made), focus back on the opener", async () => {
    const closes: CloseReason[] = [];
    const { dialog, opener } = await mount(closes);
    opener.focus();
    await act(async () => opener.click());
    await act(async () => dialog.querySelector<HTMLButtonElement>("#use")!.click());
    expect(dialog.open).toBe(false);
    expect(document.activeElement).toBe(opener);
    expect(closes).toEqual(["done"]);
  });
});
