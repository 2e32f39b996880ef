import { forwardedEntry } from "./forwarded";

/**
 * Cross-origin request refusal for state-changing requests (ADR 0008), as Go's
 * net/http CrossOriginProtection does it:
 *
 * 1. GET, HEAD and OPTIONS are let through (they change nothing).
 * 2. Sec-Fetch-Site, sent by every current browser, decides when present: only
 *    "same-origin" (our own pages) and "none" (typed URL, bookmark) pass.
 * 3. Without it, Origin must be this request's own origin. A request with neither header
 *    is not from a browser that could be tricked into sending it, and passes.
 *
 * The request's own origin is its URL's, or behind `trustProxyHops` proxies the
 * X-Forwarded-Proto and X-Forwarded-Host their outermost set.
 */

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The origin this request was made to, as the browser saw it. */
export function requestOrigin(request: Request, trustProxyHops: number): string {
  const url = new URL(request.url);
  const proto = forwardedEntry(request.headers.get("X-Forwarded-Proto"), trustProxyHops);
  const host = forwardedEntry(request.headers.get("X-Forwarded-Host"), trustProxyHops);
  if (!proto && !host) return url.origin;
  try {
    return new URL(`${proto ?? url.protocol.replace(/:$/, "")}://${host ?? url.host}`).origin;
  } catch {
    return url.origin;
  }
}

/** Why the request is refused as cross-origin, or null when it may go on. */
export function crossOriginRefusal(request: Request, trustProxyHops = 0): string | null {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return null;
  const site = request.headers.get("Sec-Fetch-Site");
  if (site !== null) return site === "same-origin" || site === "none" ? null : `Sec-Fetch-Site is ${site}`;
  const origin = request.headers.get("Origin");
  if (origin === null) return null;
  return origin === requestOrigin(request, trustProxyHops) ? null : `Origin ${origin} is not this site`;
}
