import type { ComponentProps, MouseEvent } from "react";

function isPlainLeftClick(event: MouseEvent) {
  return event.button === 0 && !event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey;
}

/**
 * A link to a search state: without JavaScript, or opened in a new tab, it is a plain link
 * (the URL carries the state); a plain left click refines in place instead.
 */
export function RefineLink({ onRefine, ...props }: ComponentProps<"a"> & { href: string; onRefine: () => void }) {
  return (
    <a
      {...props}
      onClick={(event) => {
        if (!isPlainLeftClick(event)) return;
        event.preventDefault();
        onRefine();
      }}
    />
  );
}

/** One value of a facet, marked when it is refined. */
export function FacetValueLink({ refined, ...props }: ComponentProps<typeof RefineLink> & { refined: boolean }) {
  return (
    <RefineLink
      {...props}
      className={refined ? "facet-link facet-value-refined" : "facet-link"}
      aria-current={refined ? "true" : undefined}
    />
  );
}
