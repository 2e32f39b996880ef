import { useId, type ReactNode } from "react";
import { useHits, useInstantSearch } from "react-instantsearch-core";
import { HITS_PER_PAGE } from "../constants";
import { identifierLabel, SEARCH_TEXTS } from "../texts";
import type { OrganisationHit, OrganisationRecord } from "../types";
import { Highlighted } from "./highlighted";

export interface HitActionEvents {
  /** Sends the insights click event for the hit. */
  sendClick: () => void;
  /** Writes the search's URL now instead of after its write delay: call it before leaving the page. */
  flushUrl: () => void;
}

/** What a page puts on each hit (registration: a "Choose <name>" form). */
export type RenderHitAction = (hit: OrganisationHit, events: HitActionEvents) => ReactNode;

const noop = () => {};

function highlightValue(hit: OrganisationHit, attribute: keyof OrganisationRecord): string | undefined {
  const result = (hit._highlightResult as Record<string, { value?: unknown } | undefined> | undefined)?.[attribute];
  return typeof result?.value === "string" ? result.value : undefined;
}

export function Hits({ renderAction, flushUrl = noop }: { renderAction?: RenderHitAction | undefined; flushUrl?: (() => void) | undefined }) {
  const { items, sendEvent, results } = useHits<OrganisationRecord>();
  const { status } = useInstantSearch();
  const id = useId();
  const ready = results && !(results as { __isArtificial?: boolean }).__isArtificial;

  if (ready && results.nbHits === 0) {
    return <p className="search-no-results">{SEARCH_TEXTS.noResults}</p>;
  }
  if (status === "error") return null;

  const page = results?.page ?? 0;
  return (
    <ol className="hits" start={page * (results?.hitsPerPage ?? HITS_PER_PAGE) + 1}>
      {items.map((hit, i) => {
        const nameId = `${id}-hit-${i}`;
        return (
          <li key={hit.objectID} className="hit">
            <article aria-labelledby={nameId}>
              <h3 id={nameId} className="hit-name">
                <Highlighted value={highlightValue(hit, "name")} fallback={hit.name} />
              </h3>
              <dl className="hit-details">
                <div>
                  <dt>Kind</dt>
                  <dd>{hit.kind}</dd>
                </div>
                <div>
                  <dt>Town</dt>
                  <dd>
                    <Highlighted value={highlightValue(hit, "town")} fallback={hit.town} />
                  </dd>
                </div>
                <div>
                  <dt>Postcode</dt>
                  <dd>{hit.postcode}</dd>
                </div>
                {hit.identifier ? (
                  <div>
                    <dt>{identifierLabel(hit.groupType)}</dt>
                    <dd>{hit.identifier}</dd>
                  </div>
                ) : null}
              </dl>
              {renderAction ? (
                <div className="hit-action">
                  {renderAction(hit, { sendClick: () => sendEvent("click", hit, "Organisation chosen"), flushUrl })}
                </div>
              ) : null}
            </article>
          </li>
        );
      })}
    </ol>
  );
}
