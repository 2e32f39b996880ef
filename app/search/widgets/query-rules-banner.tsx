import { useQueryRules } from "react-instantsearch-core";
import { ATTRIBUTES } from "../constants";
import { SEARCH_TEXTS } from "../texts";

interface BannerData {
  banner: string;
}

function isBanner(item: unknown): item is BannerData {
  return typeof item === "object" && item !== null && typeof (item as BannerData).banner === "string";
}

// A refined group type adds its rule context ("ais-groupType-<value>"), as a fixed one does.
const trackedFilters = { [ATTRIBUTES.groupType]: (values: Array<string | number | boolean>) => values };

/** The index's query-rule user data for the current rule contexts, shown as a banner. */
export function QueryRulesBanner() {
  const { items } = useQueryRules({ trackedFilters });
  const banners = items.filter(isBanner);
  if (banners.length === 0) return null;
  return (
    <div className="search-banner" role="note" aria-label={SEARCH_TEXTS.bannerLabel}>
      {banners.map((item, i) => (
        <p key={i}>{item.banner}</p>
      ))}
    </div>
  );
}
