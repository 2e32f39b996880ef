import { useEffect } from "react";
import { useFetcher, useLocation } from "react-router";
import { RichText } from "./rich-text";
import type { SafeHtml } from "../shell/safe-html";
import { consentGranted } from "./tag-manager";
import type { Site } from "../../generated/schemas";

declare global {
  interface Window {
    gtag?: (...args: unknown[]) => void;
  }
}

/** Accept or reject; remembered in a cookie. Accepting grants storage in consent mode. */
export function CookieNotice({ notice }: { notice: Omit<Site["cookieNotice"], "body"> & { body: SafeHtml } }) {
  const fetcher = useFetcher<{ consent: string }>();
  const location = useLocation();
  const decided = fetcher.data?.consent ?? fetcher.formData?.get("consent");

  useEffect(() => {
    if (decided === "accepted") window.gtag?.("consent", "update", consentGranted);
    // The answered notice goes, and the button that had focus with it: rather than leave
    // focus nowhere (the next Tab would start from the top of the page), it moves to the
    // main content, as the skip link would.
    if (decided && (document.activeElement === null || document.activeElement === document.body)) {
      document.getElementById("main")?.focus();
    }
  }, [decided]);

  if (decided) return null;
  return (
    <section className="cookie-notice" aria-labelledby="cookie-notice-heading">
      <h2 id="cookie-notice-heading">{notice.heading}</h2>
      <RichText html={notice.body} />
      <fetcher.Form method="post" action="/cookie-consent">
        <input type="hidden" name="returnTo" value={location.pathname + location.search} />
        <button type="submit" name="consent" value="accepted">
          {notice.acceptLabel}
        </button>
        <button type="submit" name="consent" value="rejected">
          {notice.rejectLabel}
        </button>
      </fetcher.Form>
    </section>
  );
}
