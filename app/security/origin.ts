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
 * The request's own origin is its URL's, which the production server builds from
 * PUBLIC_ORIGIN (or a checked Host header; server/request-target.ts). X-Forwarded-Proto and
 * X-Forwarded-Host are not read: the documented proxy never sets them, so a client could
 * (issue 21; deploy/haproxy.cfg deletes them).
 */

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Why the request is refused as cross-origin, or null when it may go on. */
export function crossOriginRefusal(request: Request): string | null {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return null;
  const site = request.headers.get("Sec-Fetch-Site");
  if (site !== null) return site === "same-origin" || site === "none" ? null : `Sec-Fetch-Site is ${site}`;
  const origin = request.headers.get("Origin");
  if (origin === null) return null;
  return origin === new URL(request.url).origin ? null : `Origin ${origin} is not this site`;
}
