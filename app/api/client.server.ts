import createClient, { type Client } from "openapi-fetch";
import type { paths as CmsPaths } from "../../generated/cms";
import type { paths as GatewayPaths } from "../../generated/gateway";
import { fetchTransport, type Transport } from "./transport.server";

export type GatewayClient = Client<GatewayPaths>;
export type CmsClient = Client<CmsPaths>;

interface ClientOptions {
  baseUrl: string;
  timeoutMs: number;
  /** The gateway session token, forwarded from the httpOnly cookie. */
  token?: string | null;
  /** This request's id (app/runtime/request-id.ts), sent as X-Request-Id so backends log the same id. */
  requestId?: string;
  /** How calls reach the backend (transport.server.ts); by default `fetch` with a `timeoutMs` signal. */
  transport?: Transport;
}

function createApiClient<Paths extends {}>({ baseUrl, timeoutMs, token, requestId, transport }: ClientOptions) {
  return createClient<Paths>({
    baseUrl,
    headers: {
      // JSON or text (docs/architecture.md §6.5), and the problem+json every error response uses.
      Accept: "application/json, application/problem+json, text/plain",
      ...(requestId ? { "X-Request-Id": requestId } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    fetch: transport ?? fetchTransport(timeoutMs),
  });
}

/** Made per request (never module state): each carries that request's session token. */
export function createGatewayClient(options: ClientOptions): GatewayClient {
  return createApiClient<GatewayPaths>(options);
}

export function createCmsClient(options: Omit<ClientOptions, "token">): CmsClient {
  return createApiClient<CmsPaths>(options);
}
