import { useId } from "react";
import { useToggleRefinement } from "react-instantsearch-core";
import { formatCount, SEARCH_TEXTS } from "../texts";
import { toggleRefinementParams } from "../widget-params";
import { Facet } from "./facet";

/** A yes/no filter: only organisations in our outreach region. */
export function ToggleRefinement({ attribute }: { attribute: string }) {
  const { value, refine, canRefine } = useToggleRefinement(toggleRefinementParams(attribute));
  const inputId = `${useId()}-toggle`;
  return (
    <Facet attribute={attribute} className="toggle-refinement">
      {() => (
        <div className="facet-value toggle">
          <input
            id={inputId}
            type="checkbox"
            checked={value.isRefined}
            disabled={!canRefine && !value.isRefined}
            onChange={() => refine({ isRefined: value.isRefined })}
          />
          <label htmlFor={inputId}>
            <span className="facet-label">{SEARCH_TEXTS.outreachToggle}</span>
            {value.onFacetValue.count !== null ? (
              <>
                {" "}
                <span className="facet-count">{formatCount(value.onFacetValue.count)}</span>
              </>
            ) : null}
          </label>
        </div>
      )}
    </Facet>
  );
}
