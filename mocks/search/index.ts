// The embedded search provider (DESIGN §5): an Algolia-protocol endpoint over 50,000+
// organisations. Imported dynamically by the app, only in the embedded default.
export { handleSearchRequest, getSearchEngine, type SearchHandlerOptions } from "./protocol.ts";
export { findOrganisation, allOrganisations, generatedOrganisation, handWrittenOrganisations, GENERATED_COUNT } from "./generate.ts";
export { recentInsightsEvents, clearInsightsEvents, type InsightsEvent } from "./insights.ts";
export {
  DEFAULT_INDEX_NAME, FACET_ATTRIBUTES, NUMERIC_ATTRIBUTES, REPLICAS, RULES, SEARCHABLE_ATTRIBUTES, SEARCHABLE_FACETS,
} from "./settings.ts";
export type { OrganisationRecord } from "./types.ts";
