import { useInstantSearch, useStats } from "react-instantsearch-core";
import { statsText } from "../texts";

/**
 * "No results", "1 result" or "N results", found in N ms. Announced politely as it changes.
 * Under relevant sort, N counts the relevant results: the ones listed and paged through.
 */
export function Stats() {
  const { nbHits, nbSortedHits, areHitsSorted, processingTimeMS } = useStats();
  const count = areHitsSorted && nbSortedHits !== undefined ? nbSortedHits : nbHits;
  const { results } = useInstantSearch();
  const ready = !(results as { __isArtificial?: boolean }).__isArtificial;
  return (
    <p className="search-stats" role="status">
      {ready ? statsText(count, processingTimeMS) : ""}
    </p>
  );
}
