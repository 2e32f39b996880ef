import { useId } from "react";
import { useSortBy } from "react-instantsearch-core";
import { SEARCH_TEXTS } from "../texts";
import { sortByItems } from "../widget-params";

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
