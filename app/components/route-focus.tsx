import { useEffect, useRef } from "react";
import { useLocation, useNavigation } from "react-router";

/**
 * After a client-side navigation to another page, focus moves to the main content (as
 * after a full page load and the skip link), so the next Tab starts at the new page's
 * content rather than wherever the old page's link or button was, and a screen reader
 * starts reading the new page. Only when the path changes: a form answered with errors,
 * a calendar month or a search query (same path, new query) keep their own focus, and a
 * link to a #fragment is left to the browser.
 *
 * A navigation that stays on the page (a form answered with errors or a message, a link to
 * another view of the page) can take away the element that had focus: the submit button
 * is disabled while it sends, a link or button is replaced. Focus then falls to the body.
 * Once the page has settled, focus lost that way goes to the page's error summary if there
 * is one, otherwise to the main content; focus anywhere else is left where it is.
 */
export function RouteFocus() {
  const { pathname, hash } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    if (hash) return;
    document.getElementById("main")?.focus({ preventScroll: true });
  }, [pathname, hash]);

  const navigating = useNavigation().state !== "idle";
  const wasNavigating = useRef(false);
  useEffect(() => {
    if (navigating) {
      wasNavigating.current = true;
      return;
    }
    if (!wasNavigating.current) return;
    wasNavigating.current = false;
    // After the page's own effects (a calendar or a dialog may place focus itself).
    const timer = window.setTimeout(() => {
      if (document.activeElement && document.activeElement !== document.body) return;
      const main = document.getElementById("main");
      const summary = main?.querySelector<HTMLElement>('[role="alert"]');
      if (summary) {
        if (!summary.hasAttribute("tabindex")) summary.tabIndex = -1;
        summary.focus();
      } else {
        main?.focus({ preventScroll: true });
      }
    }, 0);
    return () => window.clearTimeout(timer);
  }, [navigating]);
  return null;
}
