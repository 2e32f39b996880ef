import type { IndexUiState, UiState } from "instantsearch.js";
import type { RouterProps } from "instantsearch.js/es/middlewares/index.js";
import { history } from "instantsearch.js/es/lib/routers/index.js";
import { ATTRIBUTES, RATING_MAX, SEARCH_INPUT_MAX_LENGTH, sortByIndices, URL_WRITE_DELAY_MS } from "./constants";

/**
 * The search's state in the page's query string, readable and short:
 * ?q=leeds&kind=Academy&kind=Primary%20school&region=London&size=100:500&rating=4&outreach=true&sort=name_asc&page=2
 * Everything read from the URL is checked, since anyone can type one.
 */
export interface RouteState {
  q?: string;
  page?: string;
  groupType?: string[];
  kind?: string[];
  town?: string[];
  region?: string;
  size?: string;
  rating?: string;
  outreach?: string;
  sort?: string;
  strictness?: string;
}

const LIST_ATTRIBUTES = [ATTRIBUTES.groupType, ATTRIBUTES.kind, ATTRIBUTES.town] as const;
const SORT_SUFFIXES = ["name_asc", "size_desc", "relevant"] as const;
// The engine's limit for a refinement's values in one request; more are dropped, not an error.
const MAX_LIST_VALUES = 100;

/** Query-string parsing (docs/requirements.md §6.5: depth 5, parameter limit 1000; the history router's array limit 99). */
export const QS_PARSE_OPTIONS = { arrayLimit: 99, depth: 5, parameterLimit: 1000 } as const;

function text(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

function list(value: unknown): string[] | undefined {
  const values = (Array.isArray(value) ? value : [value]).filter(
    (v): v is string => typeof v === "string" && v !== "",
  );
  return values.length > 0 ? [...new Set(values)].slice(0, MAX_LIST_VALUES) : undefined;
}

function wholeNumber(value: unknown, min: number, max: number): number | undefined {
  const s = text(value);
  if (!s || !/^\d{1,9}$/.test(s)) return undefined;
  const n = Number(s);
  return n >= min && n <= max ? n : undefined;
}

function rangeValue(value: unknown): string | undefined {
  const s = text(value);
  // "min:max" with either side optional; "max not below min" is checked here too.
  const match = s?.match(/^(\d{0,9}):(\d{0,9})$/);
  if (!match || (match[1] === "" && match[2] === "")) return undefined;
  if (match[1] && match[2] && Number(match[2]) < Number(match[1])) return undefined;
  return s;
}

export function createStateMapping(indexName: string) {
  const replicas = sortByIndices(indexName);
  return {
    stateToRoute(uiState: UiState): RouteState {
      const s: IndexUiState = uiState[indexName] ?? {};
      const route: RouteState = {};
      if (s.query) route.q = s.query;
      if (s.page && s.page > 1) route.page = String(s.page);
      for (const attribute of LIST_ATTRIBUTES) {
        const values = s.refinementList?.[attribute];
        if (values?.length) route[attribute] = values;
      }
      const region = s.menu?.[ATTRIBUTES.region];
      if (region) route.region = region;
      const size = s.range?.[ATTRIBUTES.size];
      if (size) route.size = size;
      const rating = s.ratingMenu?.[ATTRIBUTES.rating];
      if (rating) route.rating = String(rating);
      if (s.toggle?.[ATTRIBUTES.outreachRegion]) route.outreach = "true";
      if (s.sortBy && s.sortBy !== replicas.relevance && s.sortBy.startsWith(`${indexName}_`)) {
        route.sort = s.sortBy.slice(indexName.length + 1);
      }
      if (typeof s.relevantSort === "number") route.strictness = String(s.relevantSort);
      return route;
    },

    routeToState(routeState: RouteState): UiState {
      // Typed as RouteState, but it is whatever the URL said: check every field.
      const route = routeState as Record<string, unknown>;
      const s: IndexUiState = {};
      const query = text(route.q);
      if (query) s.query = query.slice(0, SEARCH_INPUT_MAX_LENGTH);
      const page = wholeNumber(route.page, 1, 1_000_000);
      if (page && page > 1) s.page = page;
      for (const attribute of LIST_ATTRIBUTES) {
        const values = list(route[attribute]);
        if (values) s.refinementList = { ...s.refinementList, [attribute]: values };
      }
      const region = text(route.region);
      if (region) s.menu = { [ATTRIBUTES.region]: region };
      const size = rangeValue(route.size);
      if (size) s.range = { [ATTRIBUTES.size]: size };
      const rating = wholeNumber(route.rating, 1, RATING_MAX - 1);
      if (rating) s.ratingMenu = { [ATTRIBUTES.rating]: rating };
      if (route.outreach === "true") s.toggle = { [ATTRIBUTES.outreachRegion]: true };
      const sort = text(route.sort);
      if (sort && (SORT_SUFFIXES as readonly string[]).includes(sort)) s.sortBy = `${indexName}_${sort}`;
      const strictness = wholeNumber(route.strictness, 0, 100);
      if (strictness !== undefined) s.relevantSort = strictness;
      return { [indexName]: s };
    },
  };
}

/**
 * Writes a history entry as React Router would (its `key` and `idx`), so back and forward
 * between search states and other pages keep working for both routers. Nothing is written
 * when the URL would not change, nor once the page has moved on to another path: a write
 * made for the search page must never take the user back there (after "Choose", say).
 * `replace` corrects the current entry instead (its key and index kept).
 */
function writeKeepingRouterState(url: string, how: "push" | "replace") {
  const next = new URL(url, window.location.href);
  if (next.href === window.location.href || next.pathname !== window.location.pathname) return;
  const state: unknown = window.history.state;
  const previous = typeof state === "object" && state !== null ? (state as { idx?: unknown; key?: unknown }) : {};
  const idx = typeof previous.idx === "number" ? previous.idx : -1;
  const entry =
    how === "replace" && typeof previous.key === "string"
      ? { usr: null, key: previous.key, idx: Math.max(idx, 0) }
      : { usr: null, key: Math.random().toString(36).slice(2, 10), idx: idx + 1 };
  window.history[how === "replace" ? "replaceState" : "pushState"](entry, "", next.pathname + next.search + next.hash);
}

export interface SearchRouting extends RouterProps<UiState, RouteState> {
  router: NonNullable<RouterProps<UiState, RouteState>["router"]>;
  stateMapping: NonNullable<RouterProps<UiState, RouteState>["stateMapping"]>;
  /**
   * Writes the URL the history router is waiting to write (its 400 ms delay), now. Call it
   * before leaving the page (choosing a hit): the search state the user saw is then in the
   * history, so Back returns to it, and no write is left to land after the page has gone.
   */
  flush(): void;
  /**
   * The next URL write replaces the current history entry rather than adding one: for a
   * correction of the URL's own state (a page past the last, page-bounds.ts), which Back
   * must not return to (it would be corrected again, and Back would never get past it).
   */
  replaceNextWrite(): void;
}

/**
 * URL state for the search: the history router (writes 400 ms after the last change) with
 * the mapping above. On the server there is no window: the request's URL stands in for
 * `window.location`, so the first render already has the URL's state.
 */
export function createSearchRouting(indexName: string, serverUrl: string): SearchRouting {
  const router = history<RouteState>({
    writeDelay: URL_WRITE_DELAY_MS,
    // Leaving the page must not rewrite the next page's URL.
    cleanUrlOnDispose: false,
    getLocation: () =>
      typeof window === "undefined" ? (new URL(serverUrl) as unknown as Location) : window.location,
    // Relative URLs: the same on the server (behind any proxy) and in the browser, so the
    // links widgets render hydrate without a mismatch. No hash: it is not search state.
    createURL: ({ qsModule, routeState, location }) =>
      `${location.pathname}${qsModule.stringify(routeState, { addQueryPrefix: true, arrayFormat: "repeat" })}`,
    push: (url) => {
      pending = undefined;
      writeKeepingRouterState(url, takeWriteKind());
    },
    parseURL: ({ qsModule, location }) =>
      qsModule.parse(location.search.slice(1), QS_PARSE_OPTIONS) as RouteState,
  });
  // The URL of the route state waiting for the write delay, made when it was asked for
  // (so on the search page's path).
  let pending: string | undefined;
  let replaceNext = false;
  const takeWriteKind = () => {
    const how = replaceNext ? "replace" : "push";
    replaceNext = false;
    return how;
  };
  const write = router.write.bind(router);
  router.write = (routeState) => {
    if (typeof window !== "undefined") pending = router.createURL(routeState);
    write(routeState);
  };
  return {
    router,
    stateMapping: createStateMapping(indexName),
    flush() {
      if (pending === undefined) return;
      const url = pending;
      pending = undefined;
      // The history router's own timer still runs out later: it finds the URL already
      // written (or the page gone) and writes nothing.
      writeKeepingRouterState(url, takeWriteKind());
    },
    replaceNextWrite() {
      replaceNext = true;
    },
  };
}
