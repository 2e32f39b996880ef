// A page whose URL holds a secret (a password-reset link's token) says so in its route's
// `handle`; then the page sends its URL nowhere: no tag manager (which reports the page's
// location) and no data-layer page view (whose path is the URL's), and the document's CSP
// does not allow the tag manager's origin (docs/security.md; ASVS 5.0 14.2.3). The route's
// own `Referrer-Policy: no-referrer` keeps it out of Referer headers.

export interface PrivateUrlHandle {
  privateUrl: true;
}

/** The `handle` export of a route whose URL holds a secret. */
export const PRIVATE_URL: PrivateUrlHandle = { privateUrl: true };

/** Whether any matched route's handle says its URL holds a secret. */
export function isPrivateUrl(handles: readonly unknown[]): boolean {
  return handles.some((h) => typeof h === "object" && h !== null && (h as Partial<PrivateUrlHandle>).privateUrl === true);
}
