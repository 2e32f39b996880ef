import connectRatingMenu from "instantsearch.js/es/connectors/rating-menu/connectRatingMenu.js";
import { useConnector } from "react-instantsearch-core";
import { formatCount, ratingLabel } from "../texts";
import { ratingMenuParams } from "../widget-params";
import { Facet } from "./facet";
import { Star } from "./icons";
import { FacetValueLink } from "./refine-link";

/**
 * Ratings 1–5: "4 stars & up" down to "1 star & up" (levels 1 to 4). Choosing a level again
 * clears it. Built on instantsearch.js's rating menu connector.
 */
export function RatingMenu({ attribute }: { attribute: string }) {
  const { items, refine, createURL } = useConnector(
    connectRatingMenu,
    ratingMenuParams(attribute),
    { $$widgetType: "ais.ratingMenu" },
  );
  return (
    <Facet attribute={attribute} className="rating-menu">
      {() => (
        <ul className="facet-values">
          {items.map((item) => (
            <li key={item.value}>
              <FacetValueLink href={createURL(item.value)} refined={item.isRefined} onRefine={() => refine(item.value)}>
                <span className="stars">
                  {item.stars.map((filled, i) => (
                    <Star key={i} filled={filled} />
                  ))}
                </span>
                <span className="facet-label">{ratingLabel(Number(item.value))}</span>
                {" "}
                <span className="facet-count">{formatCount(item.count)}</span>
              </FacetValueLink>
            </li>
          ))}
        </ul>
      )}
    </Facet>
  );
}
