/**
 * A browser's prefetch (`<link rel="prefetch">`, as React Router's link prefetch makes it):
 * Sec-Purpose, or the older Purpose header. A prefetch is the browser's guess, not the
 * user's doing: it reads, and it is no sign that anyone is there (ADR 37).
 */
export function isPrefetch(request: Request): boolean {
  return /^prefetch\b/i.test(request.headers.get("Sec-Purpose") ?? request.headers.get("Purpose") ?? "");
}
