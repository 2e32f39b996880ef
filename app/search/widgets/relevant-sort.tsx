import connectRelevantSort, {
  type RelevantSortConnector,
} from "instantsearch.js/es/connectors/relevant-sort/connectRelevantSort.js";
import { useConnector } from "react-instantsearch-core";
import { SEARCH_TEXTS } from "../texts";

/**
 * instantsearch.js's relevant sort connector, except that "See all results" (strictness 0)
 * is kept in the UI state, hence the URL: the original drops 0 as if it were unset.
 */
export const connectRelevantSortKeepingZero: RelevantSortConnector = (render, unmount) => (params) => {
  const widget = connectRelevantSort(render, unmount)(params);
  return {
    ...widget,
    getWidgetUiState(uiState, { searchParameters }) {
      const strictness = searchParameters.relevancyStrictness;
      return strictness === undefined ? uiState : { ...uiState, relevantSort: strictness };
    },
  };
};

/**
 * On a virtual replica (relevant sort), switch between the relevant results only and all
 * results ("See all results" / "See relevant results"). Hidden on other indices.
 */
export function RelevantSort() {
  const { isVirtualReplica, isRelevantSorted, refine } = useConnector(
    connectRelevantSortKeepingZero,
    {},
    { $$widgetType: "ais.relevantSort" },
  );
  if (!isVirtualReplica) return null;
  return (
    <div className="relevant-sort">
      <p>{isRelevantSorted ? SEARCH_TEXTS.relevantSortedText : SEARCH_TEXTS.allResultsText}</p>
      <button type="button" className="secondary-button" onClick={() => refine(isRelevantSorted ? 0 : undefined)}>
        {isRelevantSorted ? SEARCH_TEXTS.seeAllResults : SEARCH_TEXTS.seeRelevantResults}
      </button>
    </div>
  );
}
