import { redirect, type MiddlewareFunction } from "react-router";
import { userContext } from "../context";
import { loginPath } from "../safe-redirect";

/** Anonymous users go to /login, carrying a same-site path to come back to. */
export const loginRequired: MiddlewareFunction<Response> = ({ url, context }) => {
  if (!context.get(userContext)) throw redirect(loginPath(url.pathname + url.search));
};
