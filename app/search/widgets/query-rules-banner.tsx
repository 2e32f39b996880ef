import { useQueryRules } from "react-instantsearch-core";
import { SEARCH_TEXTS } from "../texts";
import { QUERY_RULES_TRACKED_FILTERS } from "../widget-params";

interface BannerData {
  banner: string;
}

function isBanner(item: unknown): item is BannerData {
  return typeof item === "object" && item !== null && typeof (item as BannerData).banner === "string";
}

/** The index's query-rule user data for the current rule contexts, shown as a banner. */
export function QueryRulesBanner() {
  const { items } = useQueryRules({ trackedFilters: QUERY_RULES_TRACKED_FILTERS });
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
