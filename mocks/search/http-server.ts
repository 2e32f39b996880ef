import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { handleSearchRequest, type SearchHandlerOptions } from "./protocol.ts";

// The embedded search endpoint over real HTTP, for Pact provider verification (and for
// pointing any Algolia client at it by hand): the same handler the app's /1/* route calls.

export interface SearchHttpServer {
  /** Origin, e.g. http://127.0.0.1:53121. */
  url: string;
  close: () => Promise<void>;
}

async function toRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const method = req.method ?? "GET";
  const chunks: Buffer[] = [];
  if (method !== "GET" && method !== "HEAD") for await (const chunk of req) chunks.push(chunk as Buffer);
  return new Request(new URL(req.url ?? "/", origin), {
    method,
    headers,
    ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
  });
}

export async function serveSearchOverHttp(
  options: SearchHandlerOptions & { port?: number; host?: string } = {},
): Promise<SearchHttpServer> {
  const { port = 0, host = "127.0.0.1", ...handlerOptions } = options;
  let origin = "";
  const server = createServer((req, res) => {
    toRequest(req, origin)
      .then((request) => handleSearchRequest(request, handlerOptions))
      .then(async (response) => {
        const body = Buffer.from(await response.arrayBuffer());
        res.writeHead(response.status, { ...Object.fromEntries(response.headers), "content-length": String(body.length) });
        res.end(body);
      })
      .catch((error: unknown) => {
        if (res.headersSent) return void res.destroy();
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ message: String(error), status: 500 }));
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const { port: actual } = server.address() as AddressInfo;
  origin = `http://${host.includes(":") ? `[${host}]` : host}:${actual}`;
  return {
    url: origin,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
