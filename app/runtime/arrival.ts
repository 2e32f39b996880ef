import { createContext, RouterContextProvider } from "react-router";

/**
 * Where a request came from, as the HTTP server saw it (server/app-server.ts): handed to
 * React Router through `getLoadContext`, which the server build exports (app/entry.server.tsx)
 * so the server and the app share this very context object.
 */
export interface Arrival {
  /** The socket's remote address: the client, or the nearest proxy (app/security/client-address.server.ts). */
  socketAddress: string;
  /** The request id the server logged the request with and answers with in X-Request-Id. */
  requestId: string;
}

/** Null under a server that passes no load context (the Vite dev server, in-process test handlers). */
export const arrivalContext = createContext<Arrival | null>(null);

/** The request's context, made per request by the HTTP server: nothing in it outlives the request. */
export function getLoadContext(arrival: Arrival): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(arrivalContext, arrival);
  return context;
}
