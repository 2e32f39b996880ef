import type { SearchClient } from "instantsearch.js";
import { useCallback, useId, useRef, useState } from "react";
import {
  Configure,
  DynamicWidgets,
  InstantSearch,
  InstantSearchSSRProvider,
  useInstantSearch,
  type InstantSearchServerState,
} from "react-instantsearch-core";
import {
  ATTRIBUTES,
  DEFAULT_FACET_ORDER,
  DYNAMIC_WIDGETS_MAX_VALUES_PER_FACET,
  MAX_RULE_CONTEXTS,
  STALLED_SEARCH_DELAY_MS,
} from "./constants";
import { pageInsights } from "./insights";
import { createSearchRouting } from "./routing";
import { SEARCH_TEXTS } from "./texts";
import type { PublicSearchConfig } from "./types";
import { configureParams } from "./widget-params";
import { Hits, type RenderHitAction } from "./widgets/hits";
import { Menu } from "./widgets/menu";
import { Pagination } from "./widgets/pagination";
import { QueryRulesBanner } from "./widgets/query-rules-banner";
import { RangeInput } from "./widgets/range-input";
import { RatingMenu } from "./widgets/rating-menu";
import { RefinementList } from "./widgets/refinement-list";
import { RelevantSort } from "./widgets/relevant-sort";
import { SearchBox } from "./widgets/search-box";
import { SortBy } from "./widgets/sort-by";
import { Stats } from "./widgets/stats";
import { ToggleRefinement } from "./widgets/toggle-refinement";
import { VoiceSearch } from "./widgets/voice-search";
import "./search.css";

const RULE_CONTEXT = /^[A-Za-z0-9_-]{1,64}$/;

/** Rule contexts as the engine takes them: valid names, no repeats, at most 10. */
export function limitRuleContexts(contexts: readonly string[]): string[] {
  return [...new Set(contexts.filter((c) => RULE_CONTEXT.test(c)))].slice(0, MAX_RULE_CONTEXTS);
}

/**
 * The rule context of a group type: the name instantsearch.js's query rules give a refined
 * groupType value (`trackedFilters`), so the same rule applies whether the group type is
 * refined in the list or fixed by the page.
 */
export function groupTypeRuleContext(groupType: string): string {
  return `ais-${ATTRIBUTES.groupType}-${groupType}`.replace(/[^a-z0-9-_]+/gi, "_");
}

/** An Algolia `filters` expression fixing the group type. */
export function groupTypeFilter(groupType: string): string {
  return `${ATTRIBUTES.groupType}:"${groupType.replace(/["\\]/g, "")}"`;
}

/**
 * The facets to show: the index's order (renderingContent.facetOrdering) first, then any
 * facet of ours it does not mention, in our order; never one that is hidden (fixed by the page)
 * or one we have no widget for.
 */
export function orderFacets(fromIndex: readonly string[], hidden: readonly string[] = []): string[] {
  const ours = new Set(DEFAULT_FACET_ORDER);
  const ordered = [...fromIndex.filter((a) => ours.has(a)), ...DEFAULT_FACET_ORDER];
  return [...new Set(ordered)].filter((a) => !hidden.includes(a));
}

export interface OrganisationSearchTreeProps {
  searchClient: SearchClient;
  config: Pick<PublicSearchConfig, "indexName" | "hosts">;
  /** The request's URL: on the server it stands in for window.location (URL state). */
  serverUrl: string;
  /** Fixes the search to one group type (registration): the filter is not the user's to remove. */
  groupType?: string | undefined;
  /** Query-rule contexts (e.g. "registration"); at most 10 are sent. */
  ruleContexts?: readonly string[] | undefined;
  /** What each hit offers (e.g. "Choose <name>"). */
  renderHitAction?: RenderHitAction | undefined;
}

function SearchError() {
  const { status } = useInstantSearch({ catchError: true });
  if (status !== "error") return null;
  return (
    <p role="alert" className="error-summary">
      {SEARCH_TEXTS.searchError}
    </p>
  );
}

interface SearchLayoutProps {
  indexName: string;
  hidden: string[];
  renderHitAction?: RenderHitAction | undefined;
  flushUrl: () => void;
  replaceNextUrl: () => void;
}

function SearchLayout({ indexName, hidden, renderHitAction, flushUrl, replaceNextUrl }: SearchLayoutProps) {
  const id = useId();
  const filtersId = `${id}-filters`;
  const resultsId = `${id}-results`;
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  // Stable while the hidden facets are the same: a new function would make a new widget.
  const hiddenKey = hidden.join(",");
  const transformFacets = useCallback((items: string[]) => orderFacets(items, hiddenKey.split(",")), [hiddenKey]);
  return (
    <div className="org-search">
      <SearchBox>
        <VoiceSearch />
      </SearchBox>
      <SearchError />
      <QueryRulesBanner />
      <div className="org-search-body">
        <section className="org-search-filters" aria-labelledby={filtersId}>
          <h2 id={filtersId}>{SEARCH_TEXTS.filtersHeading}</h2>
          {/* On narrow screens the filters come first: a way past them. */}
          <a
            href={`#${resultsId}`}
            className="skip-to-results"
            onClick={(event) => {
              event.preventDefault();
              resultsHeading.current?.focus();
              resultsHeading.current?.scrollIntoView?.({ block: "start" });
            }}
          >
            {SEARCH_TEXTS.skipToResults}
          </a>
          {/* The server's first search (first-results.server.ts) mounts these widgets in the
              same order, with the same parameters (widget-params.ts): keep the two alike. */}
          <DynamicWidgets
            maxValuesPerFacet={DYNAMIC_WIDGETS_MAX_VALUES_PER_FACET}
            transformItems={transformFacets}
          >
            <RefinementList attribute={ATTRIBUTES.groupType} />
            <RefinementList attribute={ATTRIBUTES.kind} searchable />
            <RefinementList attribute={ATTRIBUTES.town} searchable />
            <Menu attribute={ATTRIBUTES.region} />
            <RangeInput attribute={ATTRIBUTES.size} />
            <RatingMenu attribute={ATTRIBUTES.rating} />
            <ToggleRefinement attribute={ATTRIBUTES.outreachRegion} />
          </DynamicWidgets>
        </section>
        <section className="org-search-results" aria-labelledby={resultsId}>
          <h2 id={resultsId} ref={resultsHeading} tabIndex={-1}>
            {SEARCH_TEXTS.resultsHeading}
          </h2>
          <div className="org-search-results-bar">
            <Stats />
            <SortBy indexName={indexName} />
          </div>
          <RelevantSort />
          <Hits renderAction={renderHitAction} flushUrl={flushUrl} />
          <Pagination
            onPageChange={() => {
              // A new page: take keyboard and screen reader users to the top of the results.
              resultsHeading.current?.focus();
              resultsHeading.current?.scrollIntoView?.({ block: "start" });
            }}
            onPageCorrected={replaceNextUrl}
          />
        </section>
      </div>
    </div>
  );
}


/**
 * The organisation search: <InstantSearch> and every widget, router-agnostic. A route's
 * loader gives it its first results (loadOrganisationSearch, one search without a render);
 * the tests also render it with getServerState, which the loader's results must equal.
 */
export function OrganisationSearchTree({ searchClient, config, serverUrl, groupType, ruleContexts = [], renderHitAction }: OrganisationSearchTreeProps) {
  const { indexName } = config;
  // Made once: InstantSearch reads these options when it is created.
  const [routing] = useState(() => createSearchRouting(indexName, serverUrl));
  const [insights] = useState(() => pageInsights(config));
  const contexts = limitRuleContexts([...ruleContexts, ...(groupType ? [groupTypeRuleContext(groupType)] : [])]);
  return (
    <InstantSearch
      searchClient={searchClient}
      indexName={indexName}
      routing={routing}
      insights={insights}
      stalledSearchDelay={STALLED_SEARCH_DELAY_MS}
      future={{ preserveSharedStateOnUnmount: true }}
    >
      <Configure {...configureParams(contexts, groupType ? groupTypeFilter(groupType) : undefined)} />
      <SearchLayout
        indexName={indexName}
        hidden={groupType ? [ATTRIBUTES.groupType] : []}
        renderHitAction={renderHitAction}
        flushUrl={routing.flush}
        replaceNextUrl={routing.replaceNextWrite}
      />
    </InstantSearch>
  );
}

export interface OrganisationSearchProps extends OrganisationSearchTreeProps {
  /** From the route's loader (loadOrganisationSearch): the first results, rendered on the server. */
  serverState?: InstantSearchServerState | null | undefined;
}

export function OrganisationSearch({ serverState, ...props }: OrganisationSearchProps) {
  return (
    <InstantSearchSSRProvider {...(serverState ?? {})}>
      <OrganisationSearchTree {...props} />
    </InstantSearchSSRProvider>
  );
}
