// Return paths an attacker sends to make the site redirect off-site (an open redirect):
// forms a browser resolves to another host, written the ways a check that reads the text
// rather than the URL it becomes can miss. Shared by the safe-redirect unit test and the
// hostile suite, which sends them over sockets to every redirect parameter of the site.

export const EVIL_HOST = "evil.example";
const H = EVIL_HOST;

/** One of each kind; each is also sent in the encodings of `variants` below. */
const BASES: readonly string[] = [
  // Protocol-relative and backslash forms (WHATWG URLs read "\" as "/" in http(s) URLs).
  `//${H}/x`, `///${H}`, `////${H}`, `/\\${H}`, `\\\\${H}`, `\\/${H}`, `/\\/${H}`, `//\\${H}`,
  // Schemes.
  `https://${H}`, `HTTPS://${H}`, `http:${H}`, `https:/${H}`, `https:\\\\${H}`, `ftp://${H}`,
  `javascript:alert(1)`, `JaVaScRiPt:alert(1)`, `java\tscript:alert(1)`, `data:text/html,<script>alert(1)</script>`, `mailto:a@${H}`,
  // Dot segments, removed by URL parsing after a check of the text (issue 21's bypass).
  `/.//${H}/x`, `/..//${H}`, `/account/../..//${H}`, `/x/..//${H}`, `/././/${H}`, `/./\\${H}`, `/../\\${H}`,
  `/%2e//${H}`, `/%2e%2e//${H}`, `/%2E%2E//${H}`, `/.%2e//${H}`, `/%2e./\\${H}`, `/account/%2e%2e/%2e%2e//${H}`,
  // Whitespace and controls: browsers drop tabs and newlines inside URLs; CR/LF would split headers.
  `/\t/${H}`, `/\n/${H}`, `/\r\n/${H}`, ` //${H}`, `\t//${H}`, `/\u0000/${H}`, `/\r\nLocation: https://${H}`,
  `/x\r\nSet-Cookie: planted=1`,
  // Userinfo: the host is what follows "@".
  `/@${H}`, `//@${H}`, `//user:pass@${H}`, `//127.0.0.1@${H}`, `/\\@${H}`,
  // Unicode look-alikes of "/", "\" and ".", and a full-width host (IDNA maps it to ASCII).
  `／／${H}`, `/／${H}`, `⁄⁄${H}`, `∕∕${H}`, `＼＼${H}`, `/＼${H}`, `//ｅｖｉｌ.example`, `/。/${H}`, `//${H}。`,
];

/** A payload as sent, and in the encodings a decoder (or a proxy) may undo before a check or after it. */
function variants(base: string): string[] {
  const once = encodeURIComponent(base);
  return [
    base,
    once,
    encodeURIComponent(once),
    base.replaceAll("/", "%2F"),
    base.replaceAll("/", "%2f").replaceAll("\\", "%5c"),
    base.replaceAll("\\", "%5C"),
    base.replaceAll(".", "%2E"),
    base.replaceAll("/", "%252F"),
  ];
}

/** Every payload, each once. */
export const REDIRECT_PAYLOADS: readonly string[] = [...new Set(BASES.flatMap(variants))];

/** Whether a redirect target, as a browser resolves it against the page's URL, stays on `origin`. */
export function staysOn(origin: string, location: string): boolean {
  try {
    return new URL(location, `${origin}/login`).origin === origin;
  } catch {
    // Not a URL at all: no target of ours either.
    return false;
  }
}
