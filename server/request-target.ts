import type { IncomingMessage } from "node:http";

// The request's URL, built once by the server (issue 21, ADR 0029): what is routed (React
// Router's request.url), logged and measured is this one URL's path. Node's parser passes
// on whatever Host header and request target a client sends; here anything that is not a
// plain `host[:port]` and an origin-form (or absolute-form) target is refused with 400
// before React Router runs, and with PUBLIC_ORIGIN set the URL is built from it and a Host
// naming another host is refused too (docs/security.md).

/** A registered name (letters, digits, `-`, `_`, dots), an IPv4 address or a bracketed IPv6 one, and an optional port. */
const HOST = /^(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*\.?|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/i;

export type Target = { ok: true; url: URL } | { ok: false; status: 400; reason: string };

function refuse(reason: string): Target {
  return { ok: false, status: 400, reason };
}

export function validHost(host: string): boolean {
  if (host.length > 260 || !HOST.test(host)) return false;
  const port = /:(\d+)$/.exec(host.replace(/^\[.*\]/, ""))?.[1];
  return port === undefined || Number(port) <= 65_535;
}

/**
 * The request's URL, or why it is refused. `publicOrigin`: the configured origin (its host
 * is the only one answered), or null to build the URL from the Host header.
 */
export function requestTarget(req: Pick<IncomingMessage, "url" | "headers">, publicOrigin: URL | null): Target {
  const raw = req.url ?? "";
  let pathAndQuery: string;
  let authority = req.headers.host;
  if (raw.startsWith("/")) pathAndQuery = raw;
  else if (/^https?:\/\//i.test(raw)) {
    // Absolute-form (RFC 9112 §3.2.2): its authority replaces the Host header.
    const absolute = URL.parse(raw);
    if (!absolute || absolute.username || absolute.password) return refuse("a malformed absolute-form request target");
    authority = raw.slice(raw.indexOf("//") + 2).split(/[/?#]/, 1)[0];
    pathAndQuery = `${absolute.pathname}${absolute.search}`;
  } else return refuse(raw === "*" ? "the asterisk-form request target (OPTIONS *)" : "a request target that is not a path");
  if (authority === undefined || !validHost(authority)) return refuse("a Host header that is not host[:port]");

  const origin = publicOrigin ?? URL.parse(`http://${authority}`);
  if (!origin) return refuse("a Host header that is not host[:port]");
  if (publicOrigin && URL.parse(`${publicOrigin.protocol}//${authority}`)?.host !== publicOrigin.host) return refuse("a Host other than PUBLIC_ORIGIN's");
  // Joined as text, never resolved against a base: "//evil.example/x" stays a path here.
  const url = URL.parse(`${origin.origin}${pathAndQuery}`);
  if (!url || url.origin !== origin.origin) return refuse("a request target that is not a path");
  url.hash = "";
  return { ok: true, url };
}

/**
 * An Origin header a browser could have sent: `null`, or a serialised http(s) origin.
 * React Router's action check throws on any other (a 400 logged as an error with its
 * stack), so the server refuses it first.
 */
export function validOrigin(origin: string | string[] | undefined): boolean {
  if (origin === undefined || origin === "null") return true;
  if (typeof origin !== "string") return false;
  const url = URL.parse(origin);
  return url !== null && /^https?:$/.test(url.protocol) && url.origin === origin.toLowerCase();
}
