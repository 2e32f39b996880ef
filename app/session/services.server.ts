import type { MiddlewareFunction } from "react-router";
import { createCmsClient, createGatewayClient } from "../api/client.server";
import { logout } from "../api/account.server";
import { fetchTransport, poolTransport } from "../api/transport.server";
import { config } from "../runtime/config.server";
import { servicesContext } from "./context";
import { arrivalContext } from "../runtime/arrival";
import { REQUEST_ID_HEADER, requestIdFrom } from "../runtime/request-id";
import { destroySession, emptySession, getSession, saveSession, sessionState, setsSessionCookie } from "./session.server";
import { SESSION_PATH } from "./timeout";
import { isPrefetch } from "../shell/prefetch-request";

// One transport for the process: the backends' keep-alive pools, or fetch on the embedded
// default (MSW answers it in-process) and with BACKEND_CONNECTIONS=0 (docs/decisions/0037-backend-pool-cookie-hmac-and-prefetch.md).
const transport =
  config.backendConnections > 0
    ? poolTransport({ connections: config.backendConnections, timeoutMs: config.gatewayTimeoutMs })
    : fetchTransport(config.gatewayTimeoutMs);

/**
 * Builds this request's session and API clients; runs before every guard. A session past
 * its idle or absolute time-out is ended here, at the gateway too, and the request goes on
 * as anonymous; an active one has its last-seen time moved on (ADR 0008), before the
 * loaders run so that they see when it now ends. Not by the time-out warning's own
 * requests (/session, ADR 35): asking how long is left, or saying the time ran out, must
 * not extend it; "Stay signed in" extends it itself.
 */
export const servicesMiddleware: MiddlewareFunction<Response> = async ({ request, url, context }, next) => {
  let session = await getSession(request);
  const now = Date.now();
  const state = sessionState(session, now, config.session);
  const timedOutUserId = state === "expired" ? (session.get("userId") ?? null) : null;
  // Neither the time-out warning's own requests nor a link's prefetch are the user at work:
  // neither keeps the session going. And a prefetch answered with a Set-Cookie is not kept
  // for the click (app/shell/cache-control.server.ts), which would then wait for the network.
  const prefetch = isPrefetch(request);
  const touched = state === "refresh" && url.pathname !== SESSION_PATH && !prefetch;
  if (touched) session.set("seenAt", now);
  const { gatewayBaseUrl: baseUrl, gatewayTimeoutMs: timeoutMs } = config;
  // server.ts always sets a valid id; other servers (react-router dev) may not.
  // The id the HTTP server logged the request with; parsed from the header under a server
  // that passes no load context (the dev server, in-process tests).
  const requestId = context.get(arrivalContext)?.requestId ?? requestIdFrom(request.headers.get(REQUEST_ID_HEADER));

  if (state === "expired") {
    // Best effort: the cookie is cleared whatever the gateway answers.
    await logout(createGatewayClient({ baseUrl, timeoutMs, token: session.get("token"), requestId, transport })).catch(() => undefined);
    session = await emptySession();
  }

  context.set(servicesContext, {
    session,
    sessionTimedOut: state === "expired",
    timedOutUserId,
    requestId,
    prefetch,
    gateway: createGatewayClient({ baseUrl, timeoutMs, token: session.get("token"), requestId, transport }),
    cms: createCmsClient({ baseUrl: config.cmsBaseUrl, timeoutMs, requestId, transport }),
  });
  // A notice left by a save (app/session/notice.server.ts) is spent when the page reads it.
  const noticed = session.has("notice");
  const response = await next();

  // A response that logged in, out, or dropped an unknown token has set the cookie itself.
  if (setsSessionCookie(response.headers)) return response;
  if (state === "expired") response.headers.append("Set-Cookie", await destroySession(session));
  else if (touched || (noticed && !session.has("notice"))) response.headers.append("Set-Cookie", await saveSession(session));
  return response;
};
