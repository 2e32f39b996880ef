import { useEffect, useState } from "react";
import { NavigationType, useNavigation, useNavigationType } from "react-router";
import { useSnapshot } from "valtio";
import { createLoadingStore } from "../state/loading";
import { useStore } from "../state/stores";

/** docs/requirements.md §5.1: what a screen reader hears of a slow or failed page change (WCAG 4.1.3). */
export const NAVIGATION_STATUS = {
  /** A page change quicker than this says nothing. */
  slowAfterMs: 1000,
  loading: "Loading, please wait.",
  /**
   * The failure is said this long after the error page is drawn: the root's error page
   * draws the whole page anew, this region with it, and a live region changed as soon as it
   * is made may go unheard (docs/decisions/0033-pending-states-status-messages-help-and-state-areas.md).
   */
  failedAfterMs: 100,
  failed: "The page could not be loaded.",
} as const;

export const NAVIGATION_STATUS_ID = "navigation-status";

/**
 * A polite live region, in the page from the first render (a region added with its text is
 * often not read), so the loading bar, which is only seen, is also heard: empty until a
 * page change takes longer than `slowAfterMs`, then "Loading, please wait."; emptied when
 * the page arrives (focus then moves to it: route-focus.tsx); "The page could not be
 * loaded." when a page change ends on the error page. An error page that is the first
 * page loaded (or one come back to with Back) is read as a page, not announced.
 * `aria-live` rather than role="status": the pages' own status messages keep that role.
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
  // Reached by a page change (a link, a form), not a document load: the root's error page
  // remounts this component, so it cannot remember the page change itself.
  const byPageChange = useNavigationType() !== NavigationType.Pop;
  const failedNow = failed && byPageChange && !busy;
  // Held until the next page change (the bar's failed state ends when the bar hides).
  const [failure, setFailure] = useState(failedNow);
  if (failedNow && !failure) setFailure(true);
  if (busy && failure) setFailure(false);
  const [text, setText] = useState("");

  useEffect(() => {
    // Emptied first, so the same words said again are heard again.
    setText("");
    if (!busy) return;
    const slow = setTimeout(() => setText(NAVIGATION_STATUS.loading), NAVIGATION_STATUS.slowAfterMs);
    return () => clearTimeout(slow);
  }, [busy]);

  useEffect(() => {
    if (!failure) return;
    const say = setTimeout(() => setText(NAVIGATION_STATUS.failed), NAVIGATION_STATUS.failedAfterMs);
    return () => clearTimeout(say);
  }, [failure]);

  return <Region text={text} />;
}
