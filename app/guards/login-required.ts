import type { MiddlewareFunction } from "react-router";
import { userContext } from "../session/context";
import { toLogin } from "../session/login-redirect";

export const loginRequired: MiddlewareFunction<Response> = async ({ request, url, context }) => {
  if (!context.get(userContext)) throw await toLogin({ request, url, context });
};
