import { type RouterContextProvider } from "react-router";
import { servicesContext, userContext } from "./context";
import { toLogin } from "./login-redirect";
import type { User } from "../../generated/schemas";

/** For loaders behind loginRequired: the user and this request's gateway client. */
export function requireUser(context: Readonly<RouterContextProvider>, url: URL) {
  const user: User | null = context.get(userContext);
  if (!user) throw toLogin(context, url);
  return { user, gateway: context.get(servicesContext).gateway };
}
