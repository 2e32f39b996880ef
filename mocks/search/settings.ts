// The organisation index's settings, as an Algolia index would hold them. The UI reads
// the same names: attributes, replicas, rule contexts (see mocks/search/README.md).

export const DEFAULT_INDEX_NAME = "dev_organisations";

/** searchableAttributes, most important first. */
export const SEARCHABLE_ATTRIBUTES = ["name", "town", "kind", "postcode", "identifier"] as const;
export type SearchableAttribute = (typeof SEARCHABLE_ATTRIBUTES)[number];

/** attributesForFaceting. Each record has exactly one value per attribute. */
export const FACET_ATTRIBUTES = ["groupType", "kind", "town", "region", "rating", "outreachRegion", "verified", "size"] as const;
export type FacetAttribute = (typeof FACET_ATTRIBUTES)[number];
/** `searchable(...)` facets: facet value search is allowed on these only. */
export const SEARCHABLE_FACETS: readonly FacetAttribute[] = ["groupType", "kind", "town", "region"];
/** Numeric attributes: numericFilters, facets_stats. */
export const NUMERIC_ATTRIBUTES = ["size", "rating"] as const;
export type NumericAttribute = (typeof NUMERIC_ATTRIBUTES)[number];

export type SortKey = "name_asc" | "size_desc" | "rating_desc";

export interface Replica {
  /** Suffix after the primary index name. */
  suffix: string;
  sort: SortKey;
  /** A virtual replica: relevant sort, honouring relevancyStrictness. */
  virtual: boolean;
}

/** Sort-by replicas: `${index}_name_asc`, `${index}_size_desc` (standard) and `${index}_relevant` (virtual, best rated first). */
export const REPLICAS: readonly Replica[] = [
  { suffix: "_name_asc", sort: "name_asc", virtual: false },
  { suffix: "_size_desc", sort: "size_desc", virtual: false },
  { suffix: "_relevant", sort: "rating_desc", virtual: true },
];

/** Default relevancyStrictness of the virtual replica (Algolia's default is 100). */
export const DEFAULT_RELEVANCY_STRICTNESS = 100;

export interface Rule {
  objectID: string;
  /** Applies when one of the request's ruleContexts is this context. */
  context: string;
  userData: Record<string, unknown>;
}

/** Query rules: contexts → user data (shown as a banner by the search UI). */
export const RULES: readonly Rule[] = [
  {
    objectID: "registration-not-listed",
    context: "registration",
    userData: { banner: "Can't find your school? Choose 'My organisation is not listed'." },
  },
  {
    objectID: "association-approval",
    context: "association",
    userData: { banner: "The organisation's lead approves each request to join." },
  },
  {
    objectID: "tour-operator-company-number",
    context: "ais-groupType-tour-operator",
    userData: { banner: "Tour operators: search by company name or Companies House number." },
  },
  {
    objectID: "home-education-create",
    context: "ais-groupType-home-education",
    userData: { banner: "Home educators may create a home-education group if theirs is not listed." },
  },
];

/** renderingContent of every response: the order dynamic widgets show facets in. */
export const RENDERING_CONTENT = {
  facetOrdering: {
    facets: { order: ["groupType", "region", "kind", "town", "rating", "outreachRegion", "verified"] },
    values: Object.fromEntries(
      ["groupType", "region", "kind", "town", "rating", "outreachRegion", "verified"].map((attribute) => [
        attribute,
        { sortRemainingBy: "count" },
      ]),
    ),
  },
};

export const LIMITS = {
  maxHitsPerPage: 1000,
  defaultHitsPerPage: 20,
  paginationLimitedTo: 1000,
  defaultMaxValuesPerFacet: 100,
  maxMaxValuesPerFacet: 1000,
  defaultMaxFacetHits: 10,
  maxFacetHits: 100,
  maxRuleContexts: 10,
  maxQueryLength: 512,
  /** Typo tolerance: Algolia's minWordSizefor1Typo / minWordSizefor2Typos. */
  minWordSizeFor1Typo: 4,
  minWordSizeFor2Typos: 8,
} as const;

/** Algolia's attribute (facet) name rule, as docs/requirements.md §6.4 states it. */
export const FACET_NAME = /^[A-Za-z0-9_-]{1,64}$/;
/** A rule context: letters, digits, _ and - (Algolia's rule), at most 64. */
export const RULE_CONTEXT = /^[A-Za-z0-9_-]{1,64}$/;
