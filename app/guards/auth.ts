import type { MiddlewareFunction } from "react-router";
import { getCurrentUser } from "../api/gateway.server";
import { servicesContext, userContext } from "../context";
import { destroySession } from "../session.server";

/** Resolves the session token to a user; a token the gateway no longer knows is dropped. */
export const auth: MiddlewareFunction<Response> = async ({ context }, next) => {
  const { session, gateway } = context.get(servicesContext);
  if (!session.get("token")) return next();

  const result = await getCurrentUser(gateway);
  if (result.ok) {
    context.set(userContext, result.data);
    return next();
  }
  const response = await next();
  response.headers.append("Set-Cookie", await destroySession(session));
  return response;
};
