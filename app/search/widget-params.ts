import {
  ATTRIBUTES,
  HITS_PER_PAGE,
  MENU_LIMIT,
  MENU_SHOW_MORE_LIMIT,
  PAGINATION_PADDING,
  RATING_MAX,
  REFINEMENT_LIST_LIMIT,
  REFINEMENT_LIST_OPERATOR,
  REFINEMENT_LIST_SHOW_MORE_LIMIT,
  REFINEMENT_LIST_SORT_BY,
  sortByIndices,
} from "./constants";
import { SEARCH_TEXTS } from "./texts";

// What each widget asks its instantsearch.js connector for. The widgets (widgets/*.tsx) and
// the server's first search (first-results.server.ts), which builds the same search without
// rendering them, both read it here, so the two cannot ask for different searches.

/**
 * The hit fields the hits list shows (widgets/hits.tsx) and the registration page's
 * action reads (objectID, which the provider always sends): the provider sends no others.
 */
export const RETRIEVED_ATTRIBUTES = ["name", "kind", "town", "postcode", "identifier", "groupType"];
/** The hit fields the hits list shows highlighted (widgets/hits.tsx); the rest are plain text. */
export const HIGHLIGHTED_ATTRIBUTES = ["name", "town"];

/**
 * Configure: 10 hits a page, the rule contexts, and the page's fixed group type if any; and
 * only the fields the page shows. Every highlighted field of every hit is escaped by
 * instantsearch.js on each server render and carried in the page's data, so highlights of
 * fields shown as plain text were most of the search page's hits work (ADR 26).
 * Click analytics (a query id for the hits' click and view events) here rather than only
 * from the insights middleware, which the server render goes without (insights.ts,
 * pageInsights): the server's first results have their query id too.
 */
export function configureParams(ruleContexts: string[], filters: string | undefined) {
  return {
    hitsPerPage: HITS_PER_PAGE,
    clickAnalytics: true,
    ruleContexts,
    attributesToRetrieve: RETRIEVED_ATTRIBUTES,
    attributesToHighlight: HIGHLIGHTED_ATTRIBUTES,
    ...(filters ? { filters } : {}),
  };
}

export function refinementListParams(attribute: string) {
  return {
    attribute,
    operator: REFINEMENT_LIST_OPERATOR,
    limit: REFINEMENT_LIST_LIMIT,
    showMore: true,
    showMoreLimit: REFINEMENT_LIST_SHOW_MORE_LIMIT,
    sortBy: REFINEMENT_LIST_SORT_BY,
  };
}

export function menuParams(attribute: string) {
  return { attribute, limit: MENU_LIMIT, showMore: true, showMoreLimit: MENU_SHOW_MORE_LIMIT };
}

export function rangeParams(attribute: string) {
  return { attribute };
}

export function ratingMenuParams(attribute: string) {
  return { attribute, max: RATING_MAX };
}

export function toggleRefinementParams(attribute: string) {
  return { attribute, on: true };
}

export const PAGINATION_PARAMS = { padding: PAGINATION_PADDING };

/** The voice search's language (its speech recognition helper is the widget's own). */
export const VOICE_SEARCH_LANGUAGE = "en-GB";

/** The relevance order (the index itself) and the replicas. */
export function sortByItems(indexName: string) {
  const indices = sortByIndices(indexName);
  return [
    { value: indices.relevance, label: SEARCH_TEXTS.sortRelevance },
    { value: indices.nameAsc, label: SEARCH_TEXTS.sortNameAsc },
    { value: indices.sizeDesc, label: SEARCH_TEXTS.sortSizeDesc },
    // A virtual replica (relevant sort): the relevant-sort buttons apply to it.
    { value: indices.relevant, label: SEARCH_TEXTS.sortRelevant },
  ];
}

/** The query rules' tracked filters: a refined group type adds its rule context ("ais-groupType-<value>"), as a fixed one does. */
export const QUERY_RULES_TRACKED_FILTERS = {
  [ATTRIBUTES.groupType]: (values: Array<string | number | boolean>) => values,
};

/** Which widget shows each facet (inside DynamicWidgets, in the order the facets are shown). */
export const FACET_WIDGETS = {
  [ATTRIBUTES.groupType]: "refinementList",
  [ATTRIBUTES.kind]: "refinementList",
  [ATTRIBUTES.town]: "refinementList",
  [ATTRIBUTES.region]: "menu",
  [ATTRIBUTES.size]: "range",
  [ATTRIBUTES.rating]: "ratingMenu",
  [ATTRIBUTES.outreachRegion]: "toggleRefinement",
} as const satisfies Record<string, "refinementList" | "menu" | "range" | "ratingMenu" | "toggleRefinement">;
