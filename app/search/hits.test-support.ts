import type { SearchRequest } from "./search-cache.server";

// A search hit as the organisation index returns it, for the search's component tests:
// every field the hits list shows (widgets/hits.tsx) and the facets filter on.
export const RIVERSIDE_PRIMARY = {
  objectID: "org-1",
  name: "Riverside Primary School",
  groupType: "education",
  kind: "Primary school",
  town: "Leeds",
  postcode: "LS1 4AP",
  region: "Yorkshire and the Humber",
  size: 420,
  identifier: "123456",
  rating: 4,
  outreachRegion: true,
  verified: true,
};

/**
 * A provider answering every query from canned results, recording the multi-queries it is
 * sent: `hit` on each of `nbPages` pages (42 hits in all), none on a page past the last,
 * as the provider answers one.
 */
export function cannedSearchClient({ hit = RIVERSIDE_PRIMARY as Record<string, unknown>, nbPages = 5 } = {}) {
  const calls: SearchRequest[][] = [];
  const client = {
    // What the insights middleware reads to send view events.
    appId: "embedded",
    apiKey: "embedded-search-key",
    search(requests: SearchRequest[]) {
      calls.push(requests);
      return Promise.resolve({
        results: requests.map((request) => {
          const page = Number(request.params?.page ?? 0);
          return {
            index: request.indexName,
            query: String(request.params?.query ?? ""),
            params: "",
            hits: page < nbPages ? [hit] : [],
            nbHits: 42,
            page,
            nbPages,
            hitsPerPage: 10,
            processingTimeMS: 2,
            exhaustiveNbHits: true,
            facets: { kind: { Academy: 7, "Primary school": 35 }, region: { London: 42 }, town: { Leeds: 42 }, rating: { "4": 42 } },
            facets_stats: { size: { min: 12, max: 2400, avg: 400, sum: 1000 }, rating: { min: 1, max: 5, avg: 3, sum: 100 } },
            renderingContent: { facetOrdering: { facets: { order: ["region", "kind", "town", "rating", "outreachRegion"] } } },
          };
        }),
      });
    },
    searchForFacetValues: () => Promise.resolve([]),
  };
  return { calls, client };
}
