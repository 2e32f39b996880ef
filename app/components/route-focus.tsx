import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * After a client-side navigation to another page, focus moves to the main content (as
 * after a full page load and the skip link), so the next Tab starts at the new page's
 * content rather than wherever the old page's link or button was, and a screen reader
 * starts reading the new page. Only when the path changes: a form answered with errors,
 * a calendar month or a search query (same path, new query) keep their own focus, and a
 * link to a #fragment is left to the browser.
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
  return null;
}
