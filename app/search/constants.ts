// The organisation search's constants (docs/requirements.md §6.4 and §6.5). Every widget reads its limits from
// here; constants.test.ts pins them to the spec's values.

/** InstantSearch `stalledSearchDelay`: after this long a search counts as stalled (spinner in the box). */
export const STALLED_SEARCH_DELAY_MS = 200;
/** The history router's `writeDelay`: the URL is written this long after the last change. */
export const URL_WRITE_DELAY_MS = 400;
/** The search box accepts at most this many characters. */
export const SEARCH_INPUT_MAX_LENGTH = 512;
/** Facet value search ("Search kinds…") never asks for more than this many values. */
export const FACET_SEARCH_MAX_VALUES = 100;
/** Query rules: at most this many rule contexts are sent. */
export const MAX_RULE_CONTEXTS = 10;
/** Dynamic widgets: values per facet when the facets come from the index's rendering content. */
export const DYNAMIC_WIDGETS_MAX_VALUES_PER_FACET = 20;
/** Insights events carry at most this many objects (instantsearch.js chunks view and click events). */
export const INSIGHTS_BATCH_SIZE = 20;

export const REFINEMENT_LIST_LIMIT = 10;
export const REFINEMENT_LIST_SHOW_MORE_LIMIT = 20;
/** Refined values first, then by count (descending), then by name (ascending). */
export const REFINEMENT_LIST_SORT_BY: Array<"isRefined" | "count:desc" | "name:asc"> = ["isRefined", "count:desc", "name:asc"];
/** "and" or "or": the only operators the spec allows. */
export const REFINEMENT_LIST_OPERATOR = "or" as const satisfies "and" | "or";

export const MENU_LIMIT = 10;
export const MENU_SHOW_MORE_LIMIT = 20;

export const PAGINATION_PADDING = 3;
export const HITS_PER_PAGE = 10;

/** The rating menu: ratings go up to 5 stars; levels 1 to 4 are listed ("4 stars & up"…). */
export const RATING_MAX = 5;

/** The index's attributes the widgets refine. */
export const ATTRIBUTES = {
  groupType: "groupType",
  kind: "kind",
  town: "town",
  region: "region",
  size: "size",
  rating: "rating",
  outreachRegion: "outreachRegion",
} as const;

/**
 * The facet widgets, in the order used when the index's rendering content gives none
 * (dynamic widgets otherwise follow `renderingContent.facetOrdering`).
 */
export const DEFAULT_FACET_ORDER: readonly string[] = [
  ATTRIBUTES.groupType,
  ATTRIBUTES.kind,
  ATTRIBUTES.town,
  ATTRIBUTES.region,
  ATTRIBUTES.size,
  ATTRIBUTES.rating,
  ATTRIBUTES.outreachRegion,
];

/** Sort-by replicas of an index: relevance is the index itself. */
export function sortByIndices(indexName: string) {
  return {
    relevance: indexName,
    nameAsc: `${indexName}_name_asc`,
    sizeDesc: `${indexName}_size_desc`,
    /** Virtual replica honouring `relevancyStrictness`: the relevant-sort buttons act on it. */
    relevant: `${indexName}_relevant`,
  } as const;
}
