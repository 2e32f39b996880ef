import { redirect, type RouterContextProvider } from "react-router";
import { loginPath } from "../security/safe-redirect";
import { servicesContext } from "./context";
import { keepPendingForm, keptEntries } from "./pending-form.server";

/**
 * Sends an anonymous request to /login, carrying a same-site path to come back to, and
 * saying so when its session has just timed out: otherwise the user, who was logged in a
 * moment ago as far as they know, would meet the login page without a reason. A form
 * posted after the time-out is kept, encrypted in the browser, for the same user to find
 * on its page after logging in again (ADR 35), with or without JavaScript.
 */
export async function toLogin({ request, url, context }: { request: Request; url: URL; context: Readonly<RouterContextProvider> }): Promise<Response> {
  const { sessionTimedOut, timedOutUserId } = context.get(servicesContext);
  const response = redirect(loginPath(url.pathname + url.search, sessionTimedOut ? "timeout" : undefined));
  if (timedOutUserId && request.method === "POST") {
    const form = await request.formData().catch(() => null);
    const kept = form ? keepPendingForm({ userId: timedOutUserId, path: url.pathname, entries: keptEntries(form) }) : [];
    for (const setCookie of kept) response.headers.append("Set-Cookie", setCookie);
  }
  return response;
}
