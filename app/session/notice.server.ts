import { redirect, type RouterContextProvider } from "react-router";
import { servicesContext } from "./context";
import { saveSession } from "./session.server";

// A save that stays on its page answers with a redirect back to the page
// (docs/architecture.md §4.6): the page is then drawn by a request of its own, whose guards
// and loaders read what was saved. Without the redirect, a form post without JavaScript
// gets the action and the loaders in one request, and the loaders see the user, basket or
// draft the guards read before the action saved (issue 22: "Your details have been saved"
// above the old details). What the page says about the save goes with the redirect in the
// session, shown once.

const NOTICE = "notice";

/** The redirect back to `to` (a same-site path), with `notice`, if any, for the page to show once. */
export async function redirectWithNotice(context: Readonly<RouterContextProvider>, to: string, notice: string | null): Promise<Response> {
  if (notice === null) return redirect(to);
  const { session } = context.get(servicesContext);
  session.flash(NOTICE, notice);
  return redirect(to, { headers: { "Set-Cookie": await saveSession(session) } });
}

/**
 * The notice a save left for this page, or null; reading it spends it (the services middleware
 * saves the session). A link's prefetch neither sees nor spends it: one sent while a save's
 * redirect was on its way took the notice meant for the page the user was sent back to.
 */
export function takeNotice(context: Readonly<RouterContextProvider>): string | null {
  const { session, prefetch } = context.get(servicesContext);
  return prefetch ? null : (session.get(NOTICE) ?? null);
}

/** The path of the page an action was posted from, as the redirect back to it (React Router's `?index` left out). */
export function samePage(url: URL): string {
  const search = new URLSearchParams(url.search);
  search.delete("index");
  const query = search.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}
