import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { getResponse } from "msw";
import { createBackend, type Backend, type BackendOptions } from "./backend";
import { cmsHandlers } from "./handlers/cms";
import { gatewayHandlers } from "./handlers/gateway";
import type { SearchHandlerOptions } from "./search/index.ts";

export interface MockBackendServerOptions extends BackendOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /**
   * Also answer the search provider's protocol (Algolia's /1/* paths) at the root, from the
   * embedded search engine, as a search provider the app reaches over HTTP (its SEARCH_HOSTS set
   * to this server's origin). Off by default: the engine takes a second to build on first use.
   */
  search?: SearchHandlerOptions;
}

export interface MockBackendServer {
  /** Origin, e.g. http://127.0.0.1:53121; the gateway is at `${url}/gateway`, the CMS at `${url}/cms`. */
  url: string;
  backend: Backend;
  close: () => Promise<void>;
}

export const GATEWAY_PREFIX = "/gateway";
export const CMS_PREFIX = "/cms";
export const PROVIDER_STATES_PATH = "/_pact/provider-states";
/** The search provider's protocol (served when the `search` option is given). */
const SEARCH_PATH = /^\/1\//;

/**
 * Serves the mock gateway and CMS over real HTTP through the same msw handlers
 * the embedded default uses, so Pact provider verification checks exactly the
 * code e2e runs against.
 */
export async function serveMockBackendOverHttp(options: MockBackendServerOptions = {}): Promise<MockBackendServer> {
  const { port = 0, host = "127.0.0.1", search, ...backendOptions } = options;
  const backend = createBackend(backendOptions);
  let handlers: ReturnType<typeof gatewayHandlers> = [];
  // Provider states of one interaction arrive one by one; reset only before the
  // first, i.e. when a real request or a teardown has happened since the last setup.
  let freshInteraction = true;

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) {
        sendJson(res, 500, { title: "Mock backend error", status: 500, detail: String(error) });
      } else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const request = toFetchRequest(req, origin());
    const path = new URL(request.url).pathname;
    if (path === PROVIDER_STATES_PATH && request.method === "POST") {
      return providerState(await request.json().catch(() => ({})), res);
    }
    if (search && SEARCH_PATH.test(path)) {
      const { handleSearchRequest } = await import("./search/index.ts");
      return sendResponse(res, await handleSearchRequest(request, search));
    }
    freshInteraction = true;
    const response = await getResponse(handlers, request);
    if (!response) {
      return sendJson(res, 404, {
        type: "about:blank", title: "Not found", status: 404,
        detail: `No mock operation for ${request.method} ${path}`,
      }, "application/problem+json");
    }
    await sendResponse(res, response);
  }

  function providerState(body: unknown, res: ServerResponse): void {
    const { state, params, action = "setup" } = (body ?? {}) as { state?: unknown; params?: unknown; action?: unknown };
    if (action === "teardown") {
      freshInteraction = true;
      return sendJson(res, 200, {});
    }
    if ((state !== undefined && typeof state !== "string") || action !== "setup") {
      return sendJson(res, 400, { error: "Expected { state: string, params?: object, action: 'setup' | 'teardown' }" });
    }
    if (freshInteraction) {
      backend.reset();
      freshInteraction = false;
    }
    // An interaction without provider states still starts from the seed.
    if (!state) return sendJson(res, 200, {});
    try {
      const values = backend.applyProviderState(state, isRecord(params) ? params : {});
      sendJson(res, 200, values);
    } catch (error) {
      sendJson(res, 400, { error: error instanceof Error ? error.message : String(error) });
    }
  }

  const origin = () => {
    const { port: actual } = server.address() as AddressInfo;
    return `http://${host.includes(":") ? `[${host}]` : host}:${actual}`;
  };

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const url = origin();
  handlers = [
    ...gatewayHandlers(`${url}${GATEWAY_PREFIX}`, backend),
    ...cmsHandlers(`${url}${CMS_PREFIX}`, backend),
  ];

  return {
    url,
    backend,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function toFetchRequest(req: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const method = req.method ?? "GET";
  const hasBody = method !== "GET" && method !== "HEAD";
  return new Request(new URL(req.url ?? "/", origin), {
    method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    // Required by undici for a streamed request body.
    ...(hasBody ? { duplex: "half" } : {}),
  } as RequestInit);
}

async function sendResponse(res: ServerResponse, response: Response): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  headers["content-length"] = String(body.length);
  res.writeHead(response.status, headers);
  res.end(body);
}

function sendJson(res: ServerResponse, status: number, body: unknown, contentType = "application/json"): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": contentType, "content-length": Buffer.byteLength(text) });
  res.end(text);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
