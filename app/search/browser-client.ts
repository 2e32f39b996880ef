import type { SearchClient } from "instantsearch.js";
import { useState } from "react";
import { createSearchClient } from "./client";
import type { PublicSearchConfig } from "./types";

/**
 * The page's search client, made once per mount from the public config (root or route
 * loader). In the browser it talks to the configured hosts, or this app's own origin in the
 * embedded default. During the server render it is never asked (the first results come
 * from the loader's server state), but it is made with the request's origin all the same.
 */
export function useBrowserSearchClient(config: PublicSearchConfig, serverUrl: string): SearchClient {
  const [client] = useState(() =>
    createSearchClient({
      ...config,
      serverOrigin: typeof window === "undefined" ? new URL(serverUrl).origin : window.location.origin,
    }),
  );
  return client;
}
