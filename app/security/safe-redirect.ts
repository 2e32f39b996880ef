const ORIGIN = "http://same-site.invalid";

/** What a same-site path may look like: one leading "/", no backslash, no control character. */
function looksSameSite(candidate: string): boolean {
  if (!candidate.startsWith("/") || candidate.startsWith("//") || candidate.startsWith("/\\")) return false;
  // Browsers drop tabs and newlines inside URLs, which could turn "/\t/evil" into "//evil".
  return !/[\u0000-\u001f\u007f\\]/.test(candidate);
}

/** The text and what it is after up to three rounds of percent-decoding (%2F%2Fevil, %252F…), or null if it does not decode. */
function decodings(text: string): string[] | null {
  const forms = [text];
  try {
    for (let i = 0; i < 3 && forms.at(-1)!.includes("%"); i++) forms.push(decodeURIComponent(forms.at(-1)!));
  } catch {
    return null;
  }
  return forms;
}

/**
 * Returns `to` as a same-site path (path, query and hash) if it is one; otherwise the
 * fallback. Rejects protocol-relative (//evil), backslash (/\evil) and absolute URLs, also
 * when encoded. The check is made on the path as given and again on what URL parsing makes
 * of it: parsing removes dot segments, so "/.//evil" and "/a/../..//evil" become "//evil"
 * (issue 21), and only the normalised result is what a browser would follow.
 */
export function safeRedirectPath(to: unknown, fallback = "/account"): string {
  if (typeof to !== "string" || to.length > 2000) return fallback;
  const given = decodings(to);
  if (!given?.every(looksSameSite)) return fallback;
  const url = new URL(to, ORIGIN);
  if (url.origin !== ORIGIN) return fallback;
  const normalised = url.pathname + url.search + url.hash;
  const result = decodings(normalised);
  if (!result?.every(looksSameSite)) return fallback;
  // A redirect target must mean the same when parsed again (by the browser).
  const again = new URL(normalised, ORIGIN);
  if (again.origin !== ORIGIN || again.pathname + again.search + again.hash !== normalised) return fallback;
  return normalised;
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
