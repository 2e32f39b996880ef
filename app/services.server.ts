import type { MiddlewareFunction } from "react-router";
import { createCmsClient, createGatewayClient } from "./api/client.server";
import { config } from "./config.server";
import { servicesContext } from "./context";
import { REQUEST_ID_HEADER, requestIdFrom } from "./request-id";
import { getSession } from "./session.server";

/** Builds this request's session and API clients; runs before every guard. */
export const servicesMiddleware: MiddlewareFunction<Response> = async ({ request, context }) => {
  const session = await getSession(request);
  const timeoutMs = config.gatewayTimeoutMs;
  // server.ts always sets a valid id; other servers (react-router dev) may not.
  const requestId = requestIdFrom(request.headers.get(REQUEST_ID_HEADER));
  context.set(servicesContext, {
    session,
    requestId,
    gateway: createGatewayClient({ baseUrl: config.gatewayBaseUrl, timeoutMs, token: session.get("token"), requestId }),
    cms: createCmsClient({ baseUrl: config.cmsBaseUrl, timeoutMs, requestId }),
  });
};
