import { useId } from "react";
import { useSortBy } from "react-instantsearch-core";
import { sortByIndices } from "../constants";
import { SEARCH_TEXTS } from "../texts";

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

/** "Sort results by": relevance (the index), name A–Z, largest first and best rated first (replicas). */
export function SortBy({ indexName }: { indexName: string }) {
  const { options, currentRefinement, refine } = useSortBy({ items: sortByItems(indexName) });
  const selectId = `${useId()}-sort`;
  return (
    <div className="sort-by">
      <label htmlFor={selectId}>{SEARCH_TEXTS.sortByLabel}</label>
      <select id={selectId} value={currentRefinement} onChange={(event) => refine(event.currentTarget.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
