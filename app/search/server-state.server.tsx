import { renderToString } from "react-dom/server";
import { getServerState, type InstantSearchServerState } from "react-instantsearch-core";
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
