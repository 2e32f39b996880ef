import type { MiddlewareFunction } from "react-router";
import { getCurrentUser } from "../api/account.server";
import { gatewayFailure } from "../api/result.server";
import { servicesContext, userContext } from "../session/context";
import { destroySession } from "../session/session.server";

/**
 * Resolves the session token to a user. Only a 401 (a token the gateway no longer knows)
 * ends the session; any other refusal is the error page with the session kept, so a
 * passing fault in front of the gateway never logs anyone out.
 */
export const auth: MiddlewareFunction<Response> = async ({ context }, next) => {
  const { session, gateway } = context.get(servicesContext);
  if (!session.get("token")) return next();

  const result = await getCurrentUser(gateway);
  if (result.ok) {
    context.set(userContext, result.data);
    return next();
  }
  if (result.status !== 401) throw gatewayFailure(result);
  const response = await next();
  response.headers.append("Set-Cookie", await destroySession(session));
  return response;
};
