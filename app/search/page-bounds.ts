import { createSearchRouting } from "./routing";

// docs/requirements.md §6.4: the page is kept between 0 and the last page. A URL can ask
// for any page (typed, bookmarked, or left over from when the index had more); an answer
// for a page past the last has no hits, so the page shown is the last one, and the URL,
// the links and the stats say so.

/** What the search provider says of the page it answered (0-based; nbPages 0 when nothing matched). */
export interface AnsweredPage {
  page?: number | undefined;
  nbPages?: number | undefined;
  /** React InstantSearch's stand-in before the first answer (no pages yet): not an answer. */
  __isArtificial?: boolean | undefined;
}

/** The last page, if the answer is for a page past it; otherwise undefined (nothing to correct). */
export function lastPageIfPast(answer: AnsweredPage | undefined): number | undefined {
  if (answer?.__isArtificial || typeof answer?.page !== "number" || typeof answer.nbPages !== "number") return undefined;
  const last = Math.max(0, answer.nbPages - 1);
  return answer.page > last ? last : undefined;
}

/**
 * The search page's own address for its URL's search state at `page` (0-based), as its
 * links write it (routing.ts: the same mapping and URL writer), so a redirect there lands on
 * exactly the address the "Page N" link has.
 */
export function addressWithPage(indexName: string, url: URL, page: number): string {
  const { router, stateMapping } = createSearchRouting(indexName, url.href);
  const uiState = stateMapping.routeToState(router.read());
  const { page: _asked, ...rest } = uiState[indexName] ?? {};
  const state = { [indexName]: page > 0 ? { ...rest, page: page + 1 } : rest };
  return router.createURL(stateMapping.stateToRoute(state));
}
