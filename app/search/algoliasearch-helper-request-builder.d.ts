// algoliasearch-helper's request builder: the queries its helper sends for a state (the hits
// query, then one per refined disjunctive facet and hierarchical parent level). Not in the
// package's typings; first-results.server.ts uses it to send the very queries InstantSearch
// would (ADR 0024), and its tests compare the outcome with InstantSearch's own.
declare module "algoliasearch-helper/src/requestBuilder.js" {
  import type { SearchParameters } from "algoliasearch-helper";
  const requestBuilder: {
    _getQueries(index: string, state: SearchParameters): Array<{ indexName: string; params: Record<string, unknown> }>;
  };
  export default requestBuilder;
}
