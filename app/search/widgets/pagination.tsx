import { useEffect, useRef } from "react";
import { useInstantSearch, usePagination } from "react-instantsearch-core";
import { lastPageIfPast } from "../page-bounds";
import { pageLabel, SEARCH_TEXTS } from "../texts";
import { PAGINATION_PARAMS } from "../widget-params";
import { RefineLink } from "./refine-link";

interface PageLinkProps {
  page: number;
  label: string;
  text: string;
  disabled?: boolean;
  current?: boolean;
  className: string;
  createURL: (page: number) => string;
  onGo: (page: number) => void;
}

function PageLink({ page, label, text, disabled, current, className, createURL, onGo }: PageLinkProps) {
  if (disabled) {
    return (
      <a role="link" aria-disabled="true" aria-label={label} className={`${className} pagination-disabled`}>
        {text}
      </a>
    );
  }
  return (
    <RefineLink href={createURL(page)} aria-label={label} aria-current={current ? "page" : undefined} className={className} onRefine={() => onGo(page)}>
      {text}
    </RefineLink>
  );
}

/**
 * First, previous, pages (3 either side of the current one), next, last. Links, so each
 * page has a URL. An answer for a page past the last (a URL asking for it, the index
 * shrunk since) is followed by the last page (page-bounds.ts); `onPageCorrected` is told
 * first, so the URL's correction can replace the address that asked rather than add to it.
 * (The server's first results are corrected by a redirect: server-state.server.tsx.)
 */
export function Pagination({ onPageChange, onPageCorrected }: { onPageChange?: () => void; onPageCorrected?: () => void }) {
  const { pages, currentRefinement, nbPages, isFirstPage, isLastPage, refine, createURL, canRefine } = usePagination(PAGINATION_PARAMS);
  const { results } = useInstantSearch();
  const past = lastPageIfPast(results);
  // Each answer is corrected once: it stays the latest until the corrected page's arrives.
  const corrected = useRef<unknown>(null);
  useEffect(() => {
    if (past === undefined || corrected.current === results) return;
    corrected.current = results;
    onPageCorrected?.();
    refine(past);
  }, [past, results, refine, onPageCorrected]);
  if (!canRefine || nbPages <= 1) return null;

  const go = (page: number) => {
    refine(page);
    onPageChange?.();
  };
  const common = { createURL, onGo: go };
  return (
    <nav className="pagination" aria-label={SEARCH_TEXTS.paginationLabel}>
      <ul>
        <li>
          <PageLink {...common} page={0} label={SEARCH_TEXTS.firstPage} text={SEARCH_TEXTS.first} disabled={isFirstPage} className="pagination-first" />
        </li>
        <li>
          <PageLink
            {...common}
            page={currentRefinement - 1}
            label={SEARCH_TEXTS.previousPage}
            text={SEARCH_TEXTS.previous}
            disabled={isFirstPage}
            className="pagination-previous"
          />
        </li>
        {pages.map((page) => (
          <li key={page}>
            <PageLink
              {...common}
              page={page}
              label={pageLabel(page + 1)}
              text={String(page + 1)}
              current={page === currentRefinement}
              className="pagination-page"
            />
          </li>
        ))}
        <li>
          <PageLink
            {...common}
            page={currentRefinement + 1}
            label={SEARCH_TEXTS.nextPage}
            text={SEARCH_TEXTS.next}
            disabled={isLastPage}
            className="pagination-next"
          />
        </li>
        <li>
          <PageLink {...common} page={nbPages - 1} label={SEARCH_TEXTS.lastPage} text={SEARCH_TEXTS.last} disabled={isLastPage} className="pagination-last" />
        </li>
      </ul>
    </nav>
  );
}
