import { useId, type ReactNode } from "react";
import { facetHeading, SEARCH_TEXTS } from "../texts";

/** A facet widget's frame: a region named by its heading (h3, under the filters' h2). */
export function Facet({ attribute, className, children }: { attribute: string; className: string; children: (headingId: string) => ReactNode }) {
  const headingId = `${useId()}-heading`;
  return (
    <section className={`facet ${className}`} aria-labelledby={headingId} data-attribute={attribute}>
      <h3 id={headingId} className="facet-heading">
        {facetHeading(attribute)}
      </h3>
      {children(headingId)}
    </section>
  );
}

/** "Show more" / "Show less" under a facet's list of values (listId), which it controls. */
export function ShowMoreButton({ listId, expanded, onToggle }: { listId: string; expanded: boolean; onToggle: () => void }) {
  return (
    <button type="button" className="link-button show-more" aria-expanded={expanded} aria-controls={listId} onClick={onToggle}>
      {expanded ? SEARCH_TEXTS.showLess : SEARCH_TEXTS.showMore}
    </button>
  );
}
