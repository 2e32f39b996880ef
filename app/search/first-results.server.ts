import algoliasearchHelper, { type SearchParameters } from "algoliasearch-helper";
import requestBuilder from "algoliasearch-helper/src/requestBuilder.js";
import type { IndexUiState } from "instantsearch.js";
import connectConfigure from "instantsearch.js/es/connectors/configure/connectConfigure.js";
import connectDynamicWidgets from "instantsearch.js/es/connectors/dynamic-widgets/connectDynamicWidgets.js";
import connectHits from "instantsearch.js/es/connectors/hits/connectHits.js";
import connectMenu from "instantsearch.js/es/connectors/menu/connectMenu.js";
import connectPagination from "instantsearch.js/es/connectors/pagination/connectPagination.js";
import connectRange from "instantsearch.js/es/connectors/range/connectRange.js";
import connectRatingMenu from "instantsearch.js/es/connectors/rating-menu/connectRatingMenu.js";
import connectRefinementList from "instantsearch.js/es/connectors/refinement-list/connectRefinementList.js";
import connectSearchBox from "instantsearch.js/es/connectors/search-box/connectSearchBox.js";
import connectSortBy from "instantsearch.js/es/connectors/sort-by/connectSortBy.js";
import connectStats from "instantsearch.js/es/connectors/stats/connectStats.js";
import connectToggleRefinement from "instantsearch.js/es/connectors/toggle-refinement/connectToggleRefinement.js";
import connectVoiceSearch from "instantsearch.js/es/connectors/voice-search/connectVoiceSearch.js";
import type { InstantSearchServerState } from "react-instantsearch-core";
import { ATTRIBUTES, DEFAULT_FACET_ORDER, DYNAMIC_WIDGETS_MAX_VALUES_PER_FACET } from "./constants";
import { groupTypeFilter, groupTypeRuleContext, limitRuleContexts, orderFacets } from "./organisation-search";
import { createSearchRouting, createStateMapping } from "./routing";
import type { MultiQueryClient, SearchCache, SearchRequest } from "./search-cache.server";
import {
  configureParams,
  FACET_WIDGETS,
  menuParams,
  PAGINATION_PARAMS,
  QUERY_RULES_TRACKED_FILTERS,
  rangeParams,
  ratingMenuParams,
  refinementListParams,
  sortByItems,
  toggleRefinementParams,
  VOICE_SEARCH_LANGUAGE,
} from "./widget-params";
import { connectRelevantSortKeepingZero } from "./widgets/relevant-sort";
import { createVoiceSearchHelper } from "./widgets/voice-search";

// The search page's first results in one pass (ADR 0024): the search parameters come from
// the URL's search state and the page's known widgets, each asked through its own
// instantsearch.js connector (getWidgetSearchParameters, as InstantSearch asks them), and one
// multi-query answers them. The result has the shape getServerState gives, so
// <InstantSearch> hydrates from it without searching again; first-results.server.test.ts
// compares the two for several URLs.

const { SearchParameters: HelperSearchParameters } = algoliasearchHelper;

export interface FirstResultsOptions {
  /** The server's search client (the embedded engine in-process, or the provider). */
  searchClient: MultiQueryClient;
  /** The answers' cache (search-cache.server.ts). */
  cache: SearchCache;
  indexName: string;
  /** The request's URL: its query string is the search state. */
  serverUrl: string;
  groupType?: string | undefined;
  ruleContexts?: readonly string[] | undefined;
}

interface ServerWidget {
  getWidgetSearchParameters?: (state: SearchParameters, options: { uiState: IndexUiState }) => SearchParameters;
}

const render = () => {};

function facetWidget(attribute: string): ServerWidget {
  const kind = (FACET_WIDGETS as Record<string, string>)[attribute];
  switch (kind) {
    case "refinementList":
      return connectRefinementList(render)(refinementListParams(attribute));
    case "menu":
      return connectMenu(render)(menuParams(attribute));
    case "range":
      return connectRange(render)(rangeParams(attribute));
    case "ratingMenu":
      return connectRatingMenu(render)(ratingMenuParams(attribute));
    case "toggleRefinement":
      return connectToggleRefinement(render)(toggleRefinementParams(attribute));
    default:
      throw new Error(`No widget for the facet ${attribute}`);
  }
}

interface PageSearch {
  indexName: string;
  /** Rule contexts Configure sends (the page's, and its fixed group type's). */
  contexts: string[];
  filters: string | undefined;
  /** Facets the page fixes, so shows no widget for. */
  hidden: string[];
}

/**
 * The widgets <OrganisationSearchTree> mounts, in the order it mounts them (the order their
 * parameters are applied in): Configure, the search box and voice search, the query rules,
 * DynamicWidgets and the facets it shows (in `facetOrder`), stats, sort-by, relevant sort,
 * hits and pagination.
 */
function pageWidgets(page: PageSearch, facetOrder: readonly string[]): ServerWidget[] {
  return [
    connectConfigure(render)({ searchParameters: configureParams(page.contexts, page.filters) }),
    connectSearchBox(render)({}),
    connectVoiceSearch(render)({ createVoiceSearchHelper, language: VOICE_SEARCH_LANGUAGE }),
    connectDynamicWidgets(render)({ maxValuesPerFacet: DYNAMIC_WIDGETS_MAX_VALUES_PER_FACET, widgets: [] }),
    ...facetOrder.map(facetWidget),
    connectStats(render)({}),
    connectSortBy(render)({ items: sortByItems(page.indexName) }),
    connectRelevantSortKeepingZero(render)({}),
    connectHits(render)({}),
    connectPagination(render)(PAGINATION_PARAMS),
  ];
}

function escapeRuleContext(name: string): string {
  return name.replace(/[^a-z0-9-_]+/gi, "_");
}

/**
 * The query rules widget's tracked filters: connectQueryRules adds a rule context for each
 * refined value of a tracked facet ("ais-groupType-school"), after the contexts the state
 * had when it was mounted (Configure's), at most 10. It does so on the helper's changes, not
 * through getWidgetSearchParameters, hence here.
 */
function withTrackedRuleContexts(state: SearchParameters, initial: readonly string[]): SearchParameters {
  const tracked = Object.entries(QUERY_RULES_TRACKED_FILTERS).flatMap(([attribute, pick]) => {
    const refined = [
      ...(state.disjunctiveFacetsRefinements[attribute] ?? []),
      ...(state.facetsRefinements[attribute] ?? []),
    ].map(String);
    const kept = pick(refined);
    return refined.filter((value) => kept.includes(value)).map((value) => escapeRuleContext(`ais-${attribute}-${value}`));
  });
  if (tracked.length === 0) return state;
  return state.setQueryParameter("ruleContexts", [...initial, ...tracked].slice(0, 10));
}

/** The index's state for the URL's search state, with the widgets in this facet order. */
function indexState(page: PageSearch, uiState: IndexUiState, facetOrder: readonly string[]): SearchParameters {
  const state = pageWidgets(page, facetOrder).reduce(
    (current, widget) => widget.getWidgetSearchParameters?.(current, { uiState }) ?? current,
    new HelperSearchParameters({ index: page.indexName }),
  );
  return withTrackedRuleContexts(state, page.contexts);
}

/**
 * The queries the helper sends for a state, without repeats (as its search does: a repeated
 * query is sent once and its answer given to each), and where each query's answer goes.
 */
function plannedQueries(state: SearchParameters) {
  const queries = requestBuilder._getQueries(state.index, state);
  const unique: SearchRequest[] = [];
  const seen = new Map<string, number>();
  const answerOf = queries.map((query) => {
    const key = JSON.stringify({ indexName: query.indexName, params: query.params });
    let at = seen.get(key);
    if (at === undefined) {
      at = unique.push(query) - 1;
      seen.set(key, at);
    }
    return at;
  });
  return { unique, answerOf };
}

function sameQueries(a: readonly SearchRequest[], b: readonly SearchRequest[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The index's facet order (renderingContent), last seen per index: DynamicWidgets shows the
 * facets in that order, and the widgets' order shapes the search, but it comes with the
 * answer. With the right guess, one search; otherwise the state is made again in the
 * answer's order, and searched again only if its queries differ. Keys are index names (the
 * configured index and its replicas), values our facet names: a few short entries.
 */
const facetOrderSeen = new Map<string, readonly string[]>();

function indexFacetOrder(answer: unknown): string[] {
  const order = (answer as { renderingContent?: { facetOrdering?: { facets?: { order?: unknown } } } } | undefined)
    ?.renderingContent?.facetOrdering?.facets?.order;
  return Array.isArray(order) ? order.filter((a): a is string => typeof a === "string" && DEFAULT_FACET_ORDER.includes(a)) : [];
}

/** The URL's search state, read as the page's router reads it. */
function urlUiState(indexName: string, serverUrl: string): IndexUiState {
  const { router } = createSearchRouting(indexName, serverUrl);
  return createStateMapping(indexName).routeToState(router?.read() ?? {})[indexName] ?? {};
}

/**
 * The first results for the URL's search state, as <OrganisationSearch serverState> takes
 * them: one multi-query (through the cache), no render.
 */
export async function getFirstResults(options: FirstResultsOptions): Promise<InstantSearchServerState> {
  const { indexName, groupType } = options;
  const page: PageSearch = {
    indexName,
    contexts: limitRuleContexts([...(options.ruleContexts ?? []), ...(groupType ? [groupTypeRuleContext(groupType)] : [])]),
    filters: groupType ? groupTypeFilter(groupType) : undefined,
    hidden: groupType ? [ATTRIBUTES.groupType] : [],
  };
  const uiState = urlUiState(indexName, options.serverUrl);
  // No user token and no insights middleware: the page is the same for every visitor (a
  // CDN may keep it, ADR 0025); the browser's insights middleware makes the page's token
  // (insights.ts, pageInsights). Click analytics come with Configure's parameters.
  const stateFor = (facetOrder: readonly string[]) => indexState(page, uiState, facetOrder);

  const search = (state: SearchParameters) => {
    const planned = plannedQueries(state);
    return options.cache.search(options.searchClient, planned.unique).then((answer) => ({ planned, answer }));
  };

  // The facet order last seen for the index searched (the URL's sort, a replica that
  // routing.ts checked, or the index itself), or ours; the answer says which it is.
  const order = orderFacets(facetOrderSeen.get(uiState.sortBy ?? indexName) ?? [], page.hidden);
  let state = stateFor(order);
  let { planned, answer } = await search(state);
  const fromIndex = indexFacetOrder(answer.results[0]);
  facetOrderSeen.set(state.index, fromIndex);
  const shown = orderFacets(fromIndex, page.hidden);
  if (shown.join() !== order.join()) {
    const reordered = stateFor(shown);
    const replanned = plannedQueries(reordered);
    // The same queries (the helper sorts facets and filters): the answer stands.
    if (!sameQueries(planned.unique, replanned.unique)) ({ planned, answer } = await search(reordered));
    else planned = replanned;
    state = reordered;
  }

  const results = planned.answerOf.map((at) => answer.results[at]);
  const requestParams = planned.unique.map((query) => query.params ?? {}).slice(0, results.length);
  return {
    initialResults: {
      [indexName]: {
        // What getServerState gives (instantsearch.js's getInitialResults): the searched
        // state with the first request's click analytics (and its user token, which is
        // never there: not even the key goes into the page).
        state: {
          ...state,
          clickAnalytics: requestParams[0]?.clickAnalytics,
        } as unknown as InstantSearchServerState["initialResults"][string]["state"],
        results: results as InstantSearchServerState["initialResults"][string]["results"],
        requestParams: requestParams as InstantSearchServerState["initialResults"][string]["requestParams"],
      },
    },
  };
}
