import { useCallback, useEffect, useId, useRef, useSyncExternalStore, type KeyboardEvent, type ReactNode } from "react";
import "./modal.css";

// The shared modal: a native <dialog> opened with showModal(), so the rest of the page is
// inert while it is open. On top of what the browser does, it keeps Tab and Shift+Tab
// inside the dialog (a browser lets Tab leave for its own toolbar), closes on Escape,
// gives focus back to the control that opened it, and is named by its heading.
//
// Without JavaScript (and in the server render, before hydration) there is no dialog: the
// content is an inline section with the same heading, so a form inside it still works.

const noop = () => () => {};

/** False in the server render and while hydrating, true once the page runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}

const FOCUSABLE = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type=hidden])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "[tabindex]:not([tabindex='-1'])",
].join(",");

/** The dialog's controls that Tab can reach, in order (radio groups count once: their checked or first radio). */
export function tabbable(root: HTMLElement): HTMLElement[] {
  const all = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest("[inert]") && el.getClientRects().length > 0);
  const seenGroups = new Set<string>();
  return all.filter((el) => {
    if (!(el instanceof HTMLInputElement) || el.type !== "radio" || !el.name) return true;
    const group = all.filter((o): o is HTMLInputElement => o instanceof HTMLInputElement && o.type === "radio" && o.name === el.name);
    const stop = group.find((o) => o.checked) ?? group[0];
    if (seenGroups.has(el.name) || stop !== el) return false;
    seenGroups.add(el.name);
    return true;
  });
}

export type CloseReason = "cancel" | "done";

export interface ModalProps {
  /** Shown with showModal() while true (with JavaScript). */
  open: boolean;
  /** Escape, the close button, or the parent closing it: set `open` to false here. */
  onClose: (reason: CloseReason) => void;
  /** The heading that names the dialog (and the inline section without JavaScript). */
  title: ReactNode;
  headingLevel?: 2 | 3;
  /** Optional text under the heading, read out as the dialog's description. */
  description?: ReactNode;
  /** Where focus goes when the dialog closes; by default the element focused when it opened. */
  returnFocus?: () => HTMLElement | null | undefined;
  className?: string;
  children: ReactNode;
}

export function Modal({
  open,
  onClose,
  title,
  headingLevel = 2,
  description,
  returnFocus,
  className,
  children,
}: ModalProps) {
  const hydrated = useHydrated();
  const id = useId();
  const headingId = `${id}-heading`;
  const descriptionId = description ? `${id}-description` : undefined;
  const Heading = headingLevel === 2 ? "h2" : "h3";

  if (!hydrated) {
    return (
      <section className={["modal-inline", className].filter(Boolean).join(" ")} aria-labelledby={headingId}>
        <Heading id={headingId}>{title}</Heading>
        {description ? <div id={descriptionId}>{description}</div> : null}
        {children}
      </section>
    );
  }
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      headingId={headingId}
      descriptionId={descriptionId}
      returnFocus={returnFocus}
      className={className}
      heading={<Heading id={headingId}>{title}</Heading>}
      description={description ? <div id={descriptionId}>{description}</div> : null}
    >
      {children}
    </ModalDialog>
  );
}

function ModalDialog({
  open,
  onClose,
  headingId,
  descriptionId,
  returnFocus,
  className,
  heading,
  description,
  children,
}: {
  open: boolean;
  onClose: (reason: CloseReason) => void;
  headingId: string;
  descriptionId: string | undefined;
  returnFocus: (() => HTMLElement | null | undefined) | undefined;
  className: string | undefined;
  heading: ReactNode;
  description: ReactNode;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const closing = useRef<CloseReason>("cancel");
  const onCloseRef = useRef(onClose);
  const returnFocusRef = useRef(returnFocus);
  useEffect(() => {
    onCloseRef.current = onClose;
    returnFocusRef.current = returnFocus;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      closing.current = "cancel";
      dialog.showModal();
      const first = dialog.querySelector<HTMLElement>("[data-autofocus]") ?? tabbable(dialog)[0];
      (first ?? dialog).focus();
    } else if (!open && dialog.open) {
      closing.current = "done";
      dialog.close();
    }
  }, [open]);

  // Closed by the browser (Escape) or by us: focus goes back, and the parent hears of it.
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onDialogClose = () => {
      const target = returnFocusRef.current?.() ?? opener.current;
      if (target?.isConnected) target.focus();
      opener.current = null;
      onCloseRef.current(closing.current);
      closing.current = "cancel";
    };
    dialog.addEventListener("close", onDialogClose);
    return () => dialog.removeEventListener("close", onDialogClose);
  }, []);

  // A dialog still open when it leaves the page (e.g. a navigation) closes first.
  useEffect(() => {
    const dialog = ref.current;
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, []);

  const onKeyDown = useCallback((event: KeyboardEvent<HTMLDialogElement>) => {
    const dialog = ref.current;
    if (!dialog) return;
    if (event.key === "Escape") {
      // The browser's own Escape handling can be skipped (e.g. twice without a click in between).
      event.preventDefault();
      closing.current = "cancel";
      dialog.close();
      return;
    }
    if (event.key !== "Tab") return;
    const stops = tabbable(dialog);
    if (stops.length === 0) {
      event.preventDefault();
      dialog.focus();
      return;
    }
    const first = stops[0]!;
    const last = stops.at(-1)!;
    const active = document.activeElement;
    const inside = active instanceof Node && dialog.contains(active);
    const groupOf = (el: Element | null) => (el instanceof HTMLInputElement && el.type === "radio" ? el.name : null);
    const atFirst = active === first || (groupOf(active) !== null && groupOf(active) === groupOf(first));
    const atLast = active === last || (groupOf(active) !== null && groupOf(active) === groupOf(last));
    if (event.shiftKey && (atFirst || !inside || active === dialog)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (atLast || !inside)) {
      event.preventDefault();
      first.focus();
    }
  }, []);

  return (
    <dialog
      ref={ref}
      className={["modal", className].filter(Boolean).join(" ")}
      aria-labelledby={headingId}
      aria-describedby={descriptionId}
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      <div className="modal-header">
        {heading}
        <button
          type="button"
          className="modal-close link-button"
          onClick={() => {
            closing.current = "cancel";
            ref.current?.close();
          }}
        >
          Close<span className="visually-hidden"> without saving</span>
        </button>
      </div>
      {description}
      {children}
    </dialog>
  );
}

/**
 * A draft dialog's buttons: use the draft, or drop it. Rendered only with JavaScript:
 * without it the dialog's fields are part of the page's form, which has its own button.
 */
export function DraftActions({ applyLabel, canApply, onApply, onCancel }: { applyLabel: string; canApply: boolean; onApply: () => void; onCancel: () => void }) {
  if (!useHydrated()) return null;
  return (
    <div className="actions">
      <button type="button" onClick={onApply} disabled={!canApply}>
        {applyLabel}
      </button>
      <button type="button" className="secondary" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
