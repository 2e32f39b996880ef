import { AsyncLocalStorage } from "node:async_hooks";
import { subscribe } from "node:diagnostics_channel";
import type { Socket } from "node:net";
import { forwardedEntry } from "./forwarded";

/**
 * Who a request comes from, for per-client rate limits (ADR 0008).
 *
 * The fetch Request React Router hands us has no socket, and `react-router-serve` offers
 * no load context to pass one in. Node publishes every HTTP request on the
 * `http.server.request.start` diagnostics channel, with its socket, synchronously just
 * before the server's request handler runs; entering an AsyncLocalStorage there makes the
 * socket's address this request's, through every await of its handling. It works the
 * same under any node:http server (react-router-serve, Vite's dev server, a custom one).
 */
const socketAddress = new AsyncLocalStorage<string>();

subscribe("http.server.request.start", (message) => {
  const { socket } = message as { socket?: Socket };
  socketAddress.enterWith(socket?.remoteAddress ?? "unknown");
});

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
 * TRUST_PROXY_HOPS is set, otherwise the socket's address; "unknown" if neither exists.
 */
export function clientAddress(request: Request, trustProxyHops: number): string {
  const forwarded = forwardedEntry(request.headers.get("X-Forwarded-For"), trustProxyHops);
  return clientKey(forwarded ?? socketAddress.getStore() ?? "unknown");
}
