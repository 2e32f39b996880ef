import { errors, Pool } from "undici";

// How the typed clients (client.server.ts) reach a backend: a fetch function, as openapi-fetch
// takes one. Two kinds (docs/decisions/0037-backend-pool-cookie-hmac-and-prefetch.md):
//
// - `poolTransport`: a backend named by URL. Each origin gets one undici Pool of keep-alive
//   connections for the process (connections carry nothing personal: each call brings its
//   own Authorization header), and a call is one `pool.request`: no WHATWG fetch machinery,
//   and the time-out is undici's own headers and body time-outs, not a timer per call.
// - `fetchTransport`: the embedded default and the faults suite, whose MSW backend
//   intercepts `fetch` in this process (docs/architecture.md §3); also what
//   BACKEND_CONNECTIONS=0 chooses (fetch honours NODE_USE_ENV_PROXY, a pool does not).

export type Transport = (request: Request) => Promise<Response>;

/** The time-out as a fetch through MSW (or a proxy) needs it: the whole call aborts after `timeoutMs`. */
export function fetchTransport(timeoutMs: number): Transport {
  // Looked up per call rather than captured, so interception started later still applies.
  return (request) => globalThis.fetch(request, { signal: AbortSignal.timeout(timeoutMs) });
}

/** One pool per backend origin and size, for the process's life. */
const pools = new Map<string, Pool>();

function poolFor(origin: string, connections: number): Pool {
  const key = `${connections} ${origin}`;
  let pool = pools.get(key);
  if (!pool) {
    pool = new Pool(origin, { connections });
    pools.set(key, pool);
  }
  return pool;
}

/** Statuses whose response has no body (the Response constructor refuses one). */
const NO_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * Calls through a keep-alive pool of at most `connections` per origin. `timeoutMs` bounds the
 * wait for the answer's headers and each pause in its body (undici's `headersTimeout` and
 * `bodyTimeout`, kept on its own timer wheel); either, passed, is a `TimeoutError`, as an
 * aborted fetch's is, so result.server.ts reports it the same way (504).
 */
export function poolTransport({ connections, timeoutMs }: { connections: number; timeoutMs: number }): Transport {
  return async (request) => {
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    for (const [name, value] of request.headers) headers[name] = value;
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : null;
    try {
      const answer = await poolFor(url.origin, connections).request({
        method: request.method as "GET",
        path: `${url.pathname}${url.search}`,
        headers,
        body,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      const text = await answer.body.text();
      const responseHeaders = new Headers();
      for (const [name, value] of Object.entries(answer.headers)) {
        if (Array.isArray(value)) for (const v of value) responseHeaders.append(name, v);
        else if (value !== undefined) responseHeaders.set(name, value);
      }
      return new Response(NO_BODY.has(answer.statusCode) ? null : text, { status: answer.statusCode, headers: responseHeaders });
    } catch (error) {
      if (error instanceof errors.HeadersTimeoutError || error instanceof errors.BodyTimeoutError) {
        throw new DOMException(`no answer within ${timeoutMs} ms`, "TimeoutError");
      }
      throw error;
    }
  };
}

/** Closes every pool (tests; a process that exits needs not). */
export async function closePools(): Promise<void> {
  const all = [...pools.values()];
  pools.clear();
  await Promise.all(all.map((pool) => pool.close()));
}
