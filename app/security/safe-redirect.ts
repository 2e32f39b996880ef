const ORIGIN = "http://same-site.invalid";

/**
 * Returns `to` only if it is a same-site relative path; otherwise the fallback. Rejects
 * protocol-relative (//evil), backslash (/\evil) and absolute URLs, also when encoded.
 */
export function safeRedirectPath(to: unknown, fallback = "/account"): string {
  if (typeof to !== "string" || to.length > 2000) return fallback;
  let decoded = to;
  try {
    // Decode repeatedly so %2F%2Fevil and double-encoded forms are judged as browsers may see them.
    for (let i = 0; i < 3 && decoded.includes("%"); i++) decoded = decodeURIComponent(decoded);
  } catch {
    return fallback;
  }
  for (const candidate of [to, decoded]) {
    if (!candidate.startsWith("/") || candidate.startsWith("//") || candidate.startsWith("/\\")) return fallback;
    // Browsers drop tabs and newlines inside URLs, which could turn "/\t/evil" into "//evil".
    if (/[\u0000-\u001f\u007f\\]/.test(candidate)) return fallback;
  }
  const url = new URL(to, ORIGIN);
  if (url.origin !== ORIGIN) return fallback;
  return url.pathname + url.search + url.hash;
}

/** Why the login page is shown, when it is not the user's own choice. */
export type LoginReason = "timeout";

export function loginPath(returnTo: string, reason?: LoginReason): string {
  const safe = safeRedirectPath(returnTo, "");
  const query = new URLSearchParams();
  if (safe && safe !== "/") query.set("redirectTo", safe);
  if (reason) query.set("reason", reason);
  return query.size ? `/login?${query}` : "/login";
}
