import type { MiddlewareFunction } from "react-router";
import { userContext } from "../session/context";
import { toLogin } from "../session/login-redirect";

export const loginRequired: MiddlewareFunction<Response> = ({ url, context }) => {
  if (!context.get(userContext)) throw toLogin(context, url);
};
