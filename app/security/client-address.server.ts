import { forwardedEntry } from "./forwarded";

// Who a request comes from, for per-client rate limits (ADR 0008). The HTTP server hands the
// socket's address in through getLoadContext (app/runtime/arrival.ts).

/** One key per client: IPv4 as is (mapped IPv6 unwrapped), IPv6 by its /64 (what one subscriber gets). */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(":")) return address;
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "").toLowerCase();
  const [head = "", tail] = bare.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, "")).join(":")}::/64`;
}

/**
 * This request's client: X-Forwarded-For's entry from the outermost trusted proxy when
 * TRUST_PROXY_HOPS is set, otherwise the socket's address; "unknown" if neither is known
 * (a server that passes no load context).
 */
export function clientAddress(request: Request, socketAddress: string | undefined, trustProxyHops: number): string {
  const forwarded = forwardedEntry(request.headers.get("X-Forwarded-For"), trustProxyHops);
  return clientKey(forwarded ?? socketAddress ?? "unknown");
}
