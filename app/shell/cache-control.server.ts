import { randomBytes } from "node:crypto";
import type { HeadersFunction, MiddlewareFunction } from "react-router";
import { config } from "../runtime/config.server";
import { isPrefetch } from "./prefetch-request";
import { trackingRefused } from "./tracking.server";

// Every response says who may keep it (docs/decisions/0025-public-caches-and-cache-control.md).
// A page the same for every anonymous visitor opts in with `headers = publicPage()`; the
// middleware below then lets a CDN keep it only when nothing about this request or answer
// is personal. Everything else is `private, no-store`.

const PRIVATE = "private, no-store";
/**
 * A link's prefetch of a private page (docs/decisions/0037-backend-pool-cookie-hmac-and-prefetch.md):
 * kept by this browser alone for ten seconds, so the click that follows is answered from it.
 * With no-store (or no-cache: Chromium does not reuse it for the click's fetch) the prefetch
 * could not be used and the click would ask again. Only a GET prefetch answered 200 without
 * setting a cookie; Vary: Cookie so that after a log-out or a log-in the browser asks again.
 * Every other personal answer stays no-store.
 */
const PRIVATE_PREFETCH = "private, max-age=10";

/**
 * A prefetched page is kept ten seconds with `Vary: Cookie`, so it must not outlive a change
 * the user makes: a page prefetched before a save, opened after it (the save's redirect, or a
 * click), would show what was there before (issue 22's class of fault). Every post of a
 * visitor who has cookies (the session's pages are the ones kept) gets this cookie with a new
 * value, so the next request's Cookie header differs and no prefetch made before it matches.
 * It holds nothing: a random revision, for the length of the browser session.
 */
export const REVISION_COOKIE_NAME = config.isProduction ? "__Host-revision" : "revision";
const REVISION_COOKIE_ATTRIBUTES = `Path=/; HttpOnly; SameSite=Lax${config.isProduction ? "; Secure" : ""}`;

function newRevision(): string {
  return `${REVISION_COOKIE_NAME}=${randomBytes(6).toString("base64url")}; ${REVISION_COOKIE_ATTRIBUTES}`;
}

function keptForTheClick(request: Request, response: Response): boolean {
  return isPrefetch(request) && request.method.toUpperCase() === "GET" && response.status === 200 && !response.headers.has("Set-Cookie");
}

function setPrivate(request: Request, response: Response): void {
  if (!keptForTheClick(request, response)) {
    response.headers.set("Cache-Control", PRIVATE);
    return;
  }
  response.headers.set("Cache-Control", PRIVATE_PREFETCH);
  response.headers.append("Vary", "Cookie");
}
const { pageMaxAgeSeconds, pageStaleSeconds } = config.publicCache;
const PUBLIC = `public, max-age=0, s-maxage=${pageMaxAgeSeconds}, stale-while-revalidate=${pageStaleSeconds}`;

/** A route's `headers` for a page a CDN may keep for anonymous visitors; `also` adds the route's own headers. */
export function publicPage(also?: HeadersFunction): HeadersFunction {
  return (args) => {
    const headers = new Headers(also ? (typeof also === "function" ? also(args) : also) : undefined);
    headers.set("Cache-Control", PUBLIC);
    return headers;
  };
}

/**
 * Shareable only for a GET or HEAD with no cookie (no session, no consent choice, no
 * registration draft) and no tracking refusal (the page then loads no tag manager),
 * answered 200 without setting a cookie.
 */
export function shareable(request: Request, response: Response): boolean {
  const method = request.method.toUpperCase();
  return (method === "GET" || method === "HEAD") && response.status === 200 &&
    !request.headers.has("Cookie") && !trackingRefused(request) && !response.headers.has("Set-Cookie");
}

/** Root's outermost middleware: the final word on every document, .data and resource response. */
export const cacheControlMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next();
  const method = request.method.toUpperCase();
  if (method !== "GET" && method !== "HEAD" && request.headers.has("Cookie")) response.headers.append("Set-Cookie", newRevision());
  const asked = response.headers.get("Cache-Control");
  if (asked?.startsWith("public")) {
    if (shareable(request, response)) {
      // For caches that honour Vary: what would make this page personal is in the key.
      response.headers.append("Vary", "Cookie, DNT, Sec-GPC");
      return response;
    }
    setPrivate(request, response);
  } else if (!asked) {
    setPrivate(request, response);
  }
  return response;
};
