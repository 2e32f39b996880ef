import { data, type MiddlewareFunction } from "react-router";
import { config } from "../runtime/config.server";
import { NON_DOCUMENT_POLICY, securityHeaders } from "./csp";
import { crossOriginRefusal } from "./origin";

const headers = securityHeaders({ production: config.isProduction });

/**
 * Root's first middleware, so it wraps every document, .data and resource response:
 * refuses cross-origin posts with 403 before anything reads the session or the body, and
 * adds the security headers on the way out. Documents carry their own CSP with a nonce
 * (entry.server.tsx); anything else gets one that allows nothing.
 */
export const securityMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (crossOriginRefusal(request)) throw data("This form was sent from another site, so it has not been accepted.", { status: 403, statusText: "Forbidden" });

  const response = await next();
  for (const [name, value] of headers) {
    // A route's own Referrer-Policy stands: the password-reset page's no-referrer keeps its token out of Referer headers.
    if (name === "Referrer-Policy" && response.headers.has(name)) continue;
    response.headers.set(name, value);
  }
  if (!response.headers.has("Content-Security-Policy")) response.headers.set("Content-Security-Policy", NON_DOCUMENT_POLICY);
  return response;
};
