import { type RouterContextProvider } from "react-router";
import { servicesContext, userContext } from "./context";
import type { User } from "../../generated/schemas";

/**
 * For loaders and actions behind the loginRequired guard: the user it let through and this
 * request's gateway client, read without checking again (the guard sent anyone else to log
 * in). A route without the guard is a programming error (500), not a redirect.
 */
export function requireUser(context: Readonly<RouterContextProvider>) {
  const user: User | null = context.get(userContext);
  if (!user) throw new Error("The route reads the logged-in user, but the loginRequired guard is not on it");
  return { user, gateway: context.get(servicesContext).gateway };
}
