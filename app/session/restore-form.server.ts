import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { userContext } from "./context";
import { dropPendingForm, hasPendingForm, readPendingForm } from "./pending-form.server";

// Gives back, after logging in again, what the user had typed on a page when their
// session timed out (ADR 35; kept by app/session/pending-form.server.ts).

const restoredFormContext = createContext<FormData | null>(null);

/**
 * On the account layout, after loginRequired: a kept form is given to the page it was
 * typed on, viewed by the user who typed it, once. One that is unreadable, too old or
 * another user's is dropped unread; one for another page waits (the user may be on their
 * way to it), until it expires.
 */
export const restorePendingForm: MiddlewareFunction<Response> = async ({ request, url, context }, next) => {
  if (!hasPendingForm(request)) return next();
  const pending = readPendingForm(request);
  const mine = pending !== null && pending.userId === context.get(userContext)?.id;
  const here = mine && request.method === "GET" && pending.path === url.pathname;
  if (here) {
    const form = new FormData();
    for (const [name, value] of pending.entries) form.append(name, value);
    context.set(restoredFormContext, form);
  }
  const response = await next();
  if (!mine || here) for (const setCookie of dropPendingForm()) response.headers.append("Set-Cookie", setCookie);
  return response;
};

/**
 * For a page's loader: what its user had typed on it before their session timed out, as
 * the page's own form values (`toValues` is the function its action reads a post with),
 * or null when there is nothing to give back.
 */
export function restoredValues<T>(context: Readonly<RouterContextProvider>, toValues: (form: FormData) => T): T | null {
  const form = context.get(restoredFormContext);
  return form ? toValues(form) : null;
}
