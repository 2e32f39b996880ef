import { useEffect, useRef, useState } from "react";
import { useNavigation } from "react-router";
import { useSnapshot } from "valtio";
import { createLoadingStore } from "../state/loading";
import { useStore } from "../state/stores";

/** docs/requirements.md §5.1: what a screen reader hears of a slow or failed page change (WCAG 4.1.3). */
export const NAVIGATION_STATUS = {
  /** A page change quicker than this says nothing. */
  slowAfterMs: 1000,
  loading: "Loading, please wait.",
  failed: "The page could not be loaded.",
} as const;

export const NAVIGATION_STATUS_ID = "navigation-status";

/**
 * A polite live region, in the page from the first render (a region added with its text is
 * often not read), so the loading bar, which is only seen, is also heard: empty until a
 * page change takes longer than `slowAfterMs`, then "Loading, please wait."; emptied when
 * the page arrives (focus then moves to it: route-focus.tsx); "The page could not be
 * loaded." when a page change ends on the error page. An error page that is the first
 * page loaded is read as a page, not announced. `aria-live` rather than role="status": the
 * pages' own status messages keep that role to themselves.
 */
export function NavigationStatus() {
  return typeof document === "undefined" ? <Region text="" /> : <LiveNavigationStatus />;
}

function Region({ text }: { text: string }) {
  return (
    <div id={NAVIGATION_STATUS_ID} className="visually-hidden" aria-live="polite" aria-atomic="true">
      {text}
    </div>
  );
}

function LiveNavigationStatus() {
  const busy = useNavigation().state !== "idle";
  // The error page fails the loading bar (error-page.tsx): the same store says so here.
  const failed = useSnapshot(useStore(createLoadingStore)).status === "failed";
  const [text, setText] = useState("");
  const navigated = useRef(false);

  useEffect(() => {
    if (!busy) {
      setText("");
      return;
    }
    navigated.current = true;
    // Emptied first, so the same words said again are heard again.
    setText("");
    const slow = setTimeout(() => setText(NAVIGATION_STATUS.loading), NAVIGATION_STATUS.slowAfterMs);
    return () => clearTimeout(slow);
  }, [busy]);

  useEffect(() => {
    if (failed && navigated.current) setText(NAVIGATION_STATUS.failed);
  }, [failed]);

  return <Region text={text} />;
}
