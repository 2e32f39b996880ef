import type { MiddlewareFunction } from "react-router";
import { createCmsClient, createGatewayClient } from "./api/client.server";
import { config } from "./config.server";
import { servicesContext } from "./context";
import { getSession } from "./session.server";

/** Builds this request's session and API clients; runs before every guard. */
export const servicesMiddleware: MiddlewareFunction<Response> = async ({ request, context }) => {
  const session = await getSession(request);
  const timeoutMs = config.gatewayTimeoutMs;
  context.set(servicesContext, {
    session,
    gateway: createGatewayClient({ baseUrl: config.gatewayBaseUrl, timeoutMs, token: session.get("token") }),
    cms: createCmsClient({ baseUrl: config.cmsBaseUrl, timeoutMs }),
  });
};
