import { liteClient } from "algoliasearch/lite";

// The algoliasearch v5 lite client InstantSearch uses (search, with facet-value searches
// sent as multi-queries of type "facet"). Where it talks to:
// - a real provider (config hosts set): those hosts;
// - the embedded default, in the browser: this page's own origin, whose /1/* route answers
//   the Algolia protocol (app/routes/search-protocol.tsx);
// - the embedded default, on the server (the loader's first results): no HTTP at all, a requester
//   that hands each request to the embedded engine in this process (the server does not
//   call itself, and MSW treats unknown HTTP as an error).

type ClientOptions = NonNullable<Parameters<typeof liteClient>[2]>;
type Host = NonNullable<ClientOptions["hosts"]>[number];
type Requester = NonNullable<ClientOptions["requester"]>;
export type SearchClient = ReturnType<typeof liteClient>;

export interface SearchClientConfig {
  appId: string;
  /** The search-only key. */
  apiKey: string;
  /** Provider hosts ("https://x.algolia.net", "x.algolia.net", "http://127.0.0.1:8080"); null: the embedded default. */
  hosts: string[] | null;
  /** The primary index; the embedded engine serves it and its replicas. */
  indexName?: string;
  /** This app's origin, as seen by the server (e.g. new URL(request.url).origin); see SearchClientOptions. */
  serverOrigin?: string;
}

export interface SearchClientOptions {
  /** The origin used in URLs on the server in the embedded default (nothing is fetched from it). */
  serverOrigin?: string;
}

/** The origin the in-process requester pretends to call when no server origin is given. */
const EMBEDDED_SEARCH_ORIGIN = "http://search.embedded.invalid";

/** "https://x.algolia.net", "x.algolia.net" (https) or "http://127.0.0.1:8080" as an algoliasearch host. */
export function parseHost(host: string): Host {
  const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(host) ? host : `https://${host}`);
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error(`Search host ${host}: only http and https`);
  if (url.pathname !== "/" || url.search || url.hash) throw new Error(`Search host ${host}: an origin only, no path`);
  return {
    url: url.hostname.includes(":") ? `[${url.hostname.replace(/^\[|\]$/g, "")}]` : url.hostname,
    protocol: url.protocol === "http:" ? "http" : "https",
    accept: "readWrite",
    ...(url.port ? { port: Number(url.port) } : {}),
  };
}

/** Calls the embedded engine in-process (server side of the embedded default only). */
function inProcessRequester(config: SearchClientConfig): Requester {
  return {
    async send(request) {
      const { handleSearchRequest } = await import("../../mocks/search/index.ts");
      const body = request.data === undefined ? undefined : typeof request.data === "string" ? request.data : new TextDecoder().decode(request.data);
      const response = await handleSearchRequest(
        new Request(request.url, { method: request.method, headers: request.headers, body }),
        { appId: config.appId, apiKey: config.apiKey, ...(config.indexName ? { indexName: config.indexName } : {}) },
      );
      return {
        status: response.status,
        content: await response.text(),
        headers: Object.fromEntries(response.headers),
        isTimedOut: false,
      };
    },
  };
}

export function createSearchClient(config: SearchClientConfig, options: SearchClientOptions = {}): SearchClient {
  const { appId, apiKey } = config;
  if (config.hosts !== null) {
    return liteClient(appId, apiKey, { hosts: config.hosts.map(parseHost) });
  }
  if (typeof window !== "undefined") {
    return liteClient(appId, apiKey, { hosts: [parseHost(window.location.origin)] });
  }
  // import.meta.env.SSR is false in the client build, so the bundler drops the in-process
  // requester (and its dynamic import of mocks/search) from the browser bundle.
  if (!import.meta.env.SSR) throw new Error("The embedded search requester runs on the server only");
  const origin = options.serverOrigin ?? config.serverOrigin ?? EMBEDDED_SEARCH_ORIGIN;
  return liteClient(appId, apiKey, {
    hosts: [parseHost(origin)],
    requester: inProcessRequester(config),
    // Requests never leave the process: nothing to time out or retry on another host.
    timeouts: { connect: 60_000, read: 60_000, write: 60_000 },
  });
}
