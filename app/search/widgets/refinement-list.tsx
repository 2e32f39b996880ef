import { useId, useState } from "react";
import { useRefinementList } from "react-instantsearch-core";
import { SEARCH_INPUT_MAX_LENGTH } from "../constants";
import { facetSearchLabel, facetSearchNoMatches, formatCount } from "../texts";
import { refinementListParams } from "../widget-params";
import { Facet, ShowMoreButton } from "./facet";
import { Highlighted } from "./highlighted";

interface RefinementListProps {
  attribute: string;
  /** A box to search the facet's values (facet value search, at most 100 values). */
  searchable?: boolean;
}

/**
 * Checkboxes for a facet's values ("or" between them): 10 shown, 20 with "Show more",
 * refined first, then by count, then by name.
 */
export function RefinementList({ attribute, searchable = false }: RefinementListProps) {
  const { items, refine, searchForItems, isFromSearch, canToggleShowMore, isShowingMore, toggleShowMore } =
    useRefinementList(refinementListParams(attribute));
  const [facetQuery, setFacetQuery] = useState("");
  const id = useId();
  const searchId = `${id}-search`;
  const listId = `${id}-values`;

  return (
    <Facet attribute={attribute} className="refinement-list">
      {() => (
        <>
          {searchable ? (
            <div className="facet-search">
              <label htmlFor={searchId}>{facetSearchLabel(attribute)}</label>
              <input
                id={searchId}
                type="search"
                value={facetQuery}
                maxLength={SEARCH_INPUT_MAX_LENGTH}
                autoComplete="off"
                aria-controls={listId}
                onChange={(event) => {
                  const next = event.currentTarget.value;
                  setFacetQuery(next);
                  searchForItems(next);
                }}
              />
            </div>
          ) : null}
          {isFromSearch && items.length === 0 ? <p className="facet-empty">{facetSearchNoMatches(attribute)}</p> : null}
          <ul id={listId} className="facet-values">
            {items.map((item) => (
              <li key={item.value}>
                <label className={item.isRefined ? "facet-value facet-value-refined" : "facet-value"}>
                  <input
                    type="checkbox"
                    value={item.value}
                    checked={item.isRefined}
                    onChange={() => {
                      refine(item.value);
                      if (isFromSearch) {
                        setFacetQuery("");
                        searchForItems("");
                      }
                    }}
                  />
                  <span className="facet-label">
                    {isFromSearch ? <Highlighted value={item.highlighted} fallback={item.label} /> : item.label}
                  </span>
                  {" "}
                  <span className="facet-count">{formatCount(item.count)}</span>
                </label>
              </li>
            ))}
          </ul>
          {canToggleShowMore && !isFromSearch ? (
            <ShowMoreButton listId={listId} expanded={isShowingMore} onToggle={toggleShowMore} />
          ) : null}
        </>
      )}
    </Facet>
  );
}
