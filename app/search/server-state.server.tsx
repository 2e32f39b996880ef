import type { InstantSearchServerState } from "react-instantsearch-core";
import { redirect } from "react-router";
import { config } from "../runtime/config.server";
import { logError } from "../runtime/log.server";
import { createSearchClient } from "./client";
import { getFirstResults } from "./first-results.server";
import type { OrganisationSearchTreeProps } from "./organisation-search";
import { addressWithPage, lastPageIfPast } from "./page-bounds";
import { processSearchCache } from "./search-cache.server";

/**
 * What a search page's loader returns for <OrganisationSearch>: the public search
 * configuration and the first results for the URL's search state (?q=…&kind=…&page=…),
 * from one multi-query through this process's cache of anonymous answers (ADR 0024), in the
 * shape getServerState gives, so the browser hydrates them without searching again.
 * Should the search fail, the page still renders: the browser searches, and says so if it
 * fails too. A URL asking for a page past the last is redirected to the last page's
 * address (docs/requirements.md §6.4), so the page, its links and its URL agree, with or
 * without JavaScript.
 */
export async function loadOrganisationSearch(url: URL, options: Pick<OrganisationSearchTreeProps, "groupType" | "ruleContexts">) {
  const { appId, apiKey, indexName, hosts } = config.search;
  const search = { appId, apiKey, indexName, hosts };
  const serverState: InstantSearchServerState | null = await getFirstResults({
    searchClient: createSearchClient({ ...search, serverOrigin: url.origin }),
    cache: processSearchCache(config.searchCacheTtlMs),
    indexName,
    serverUrl: url.href,
    ...options,
  }).catch((error: unknown) => {
    logError("Organisation search: no server-rendered results.", error);
    return null;
  });
  const last = lastPageIfPast(serverState?.initialResults[indexName]?.results?.[0]);
  if (last !== undefined) throw redirect(addressWithPage(indexName, url, last));
  return { search, serverState, serverUrl: url.href };
}
