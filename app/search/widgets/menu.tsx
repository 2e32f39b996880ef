import { useId } from "react";
import { useMenu } from "react-instantsearch-core";
import { formatCount } from "../texts";
import { menuParams } from "../widget-params";
import { Facet, ShowMoreButton } from "./facet";
import { FacetValueLink } from "./refine-link";

/** One value at a time (choosing it again clears it): 10 shown, 20 with "Show more". */
export function Menu({ attribute }: { attribute: string }) {
  const { items, refine, createURL, canToggleShowMore, isShowingMore, toggleShowMore } = useMenu(menuParams(attribute));
  const listId = `${useId()}-values`;
  return (
    <Facet attribute={attribute} className="menu">
      {() => (
        <>
          <ul id={listId} className="facet-values">
            {items.map((item) => (
              <li key={item.value}>
                <FacetValueLink href={createURL(item.value)} refined={item.isRefined} onRefine={() => refine(item.value)}>
                  <span className="facet-label">{item.label}</span>
                  {" "}
                  <span className="facet-count">{formatCount(item.count)}</span>
                </FacetValueLink>
              </li>
            ))}
          </ul>
          {canToggleShowMore ? (
            <ShowMoreButton listId={listId} expanded={isShowingMore} onToggle={toggleShowMore} />
          ) : null}
        </>
      )}
    </Facet>
  );
}
