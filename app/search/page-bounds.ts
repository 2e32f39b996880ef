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
 * The same address asking for `page` (0-based): the URL state counts from 1 and leaves the
 * first page out (routing.ts, stateToRoute); every other parameter is kept as it was.
 */
export function addressWithPage(url: URL, page: number): string {
  const params = new URLSearchParams(url.search);
  if (page > 0) params.set("page", String(page + 1));
  else params.delete("page");
  const search = params.toString();
  return `${url.pathname}${search ? `?${search}` : ""}`;
}
