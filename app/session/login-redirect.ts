import { redirect, type RouterContextProvider } from "react-router";
import { loginPath } from "../security/safe-redirect";
import { servicesContext } from "./context";

/**
 * Sends an anonymous request to /login, carrying a same-site path to come back to, and
 * saying so when its session has just timed out: otherwise the user, who was logged in a
 * moment ago as far as they know, would meet the login page without a reason.
 */
export function toLogin(context: Readonly<RouterContextProvider>, url: URL): Response {
  const reason = context.get(servicesContext).sessionTimedOut ? "timeout" : undefined;
  return redirect(loginPath(url.pathname + url.search, reason));
}
