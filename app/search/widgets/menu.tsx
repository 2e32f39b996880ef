import type { MouseEvent } from "react";
import { useId } from "react";
import { useMenu } from "react-instantsearch-core";
import { MENU_LIMIT, MENU_SHOW_MORE_LIMIT } from "../constants";
import { formatCount, SEARCH_TEXTS } from "../texts";
import { Facet } from "./facet";

export function isPlainLeftClick(event: MouseEvent) {
  return event.button === 0 && !event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey;
}

/** One value at a time (choosing it again clears it): 10 shown, 20 with "Show more". */
export function Menu({ attribute }: { attribute: string }) {
  const { items, refine, createURL, canToggleShowMore, isShowingMore, toggleShowMore } = useMenu({
    attribute,
    limit: MENU_LIMIT,
    showMore: true,
    showMoreLimit: MENU_SHOW_MORE_LIMIT,
  });
  const listId = `${useId()}-values`;
  return (
    <Facet attribute={attribute} className="menu">
      {() => (
        <>
          <ul id={listId} className="facet-values">
            {items.map((item) => (
              <li key={item.value}>
                <a
                  href={createURL(item.value)}
                  className={item.isRefined ? "facet-link facet-value-refined" : "facet-link"}
                  aria-current={item.isRefined ? "true" : undefined}
                  onClick={(event) => {
                    if (!isPlainLeftClick(event)) return;
                    event.preventDefault();
                    refine(item.value);
                  }}
                >
                  <span className="facet-label">{item.label}</span>
                  {" "}
                  <span className="facet-count">{formatCount(item.count)}</span>
                </a>
              </li>
            ))}
          </ul>
          {canToggleShowMore ? (
            <button type="button" className="link-button show-more" aria-expanded={isShowingMore} aria-controls={listId} onClick={toggleShowMore}>
              {isShowingMore ? SEARCH_TEXTS.showLess : SEARCH_TEXTS.showMore}
            </button>
          ) : null}
        </>
      )}
    </Facet>
  );
}
