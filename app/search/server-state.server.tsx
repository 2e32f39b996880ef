import { renderToString } from "react-dom/server";
import { getServerState, type InstantSearchServerState } from "react-instantsearch-core";
import { config } from "../runtime/config.server";
import { createSearchClient } from "./client";
import { OrganisationSearchTree, type OrganisationSearchTreeProps } from "./organisation-search";

/**
 * Server-rendered first results: renders the widget-only tree (the search without the
 * page around it and without hit actions, so no router is needed) with getServerState,
 * which runs the searches the widgets ask for. The route's component passes the state to
 * <OrganisationSearch serverState>, whose first render then needs no request.
 */
export function getSearchServerState(props: Omit<OrganisationSearchTreeProps, "renderHitAction">): Promise<InstantSearchServerState> {
  return getServerState(<OrganisationSearchTree {...props} />, { renderToString });
}

/**
 * What a search page's loader returns for <OrganisationSearch>: the public search
 * configuration and the first results for the URL's search state (?q=…&kind=…&page=…).
 * Should the search fail, the page still renders: the browser searches, and says so if it
 * fails too.
 */
export async function loadOrganisationSearch(url: URL, options: Pick<OrganisationSearchTreeProps, "groupType" | "ruleContexts">) {
  const { appId, apiKey, indexName, hosts } = config.search;
  const search = { appId, apiKey, indexName, hosts };
  const serverState = await getSearchServerState({
    searchClient: createSearchClient({ ...search, serverOrigin: url.origin }),
    config: search,
    serverUrl: url.href,
    ...options,
  }).catch((error: unknown) => {
    console.error("Organisation search: no server-rendered results.", error);
    return null;
  });
  return { search, serverState, serverUrl: url.href };
}
