import { LRUCache } from "lru-cache";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

// Which React Router route answers a request path, read once from the server build's route
// manifest: its id (the metrics' label), its URL pattern (what the access log records, so
// a secret in a path, such as the password-reset token, is never written; docs/security.md)
// and whether it has an action (only those read a request body: server/body.ts).
//
// React Router's matchRoutes flattens and ranks the whole table on every call, which was 6 %
// of the home page's CPU (ADR 37). So the table is cut once per first path segment: a route
// whose full pattern starts with a fixed segment other than the path's can never match it,
// and leaving it out changes neither the ranking of the others nor which matches first.
// matchRoutes then runs on the few routes left (tests/unit/server-metrics.test.ts compares
// the answers with matchRoutes over the whole table). Even so, each call flattened and ranked
// the thirty routes under /account again: 8-9 % of the account and booking pages' CPU. The
// answer depends on the path and the build alone, so the last MEMO_PATHS paths' answers are
// kept: bounded whatever paths arrive, never stale, holding nothing but route names.

export interface RouteMatch {
  /** `routes/home`, `routes/account/order`…; `__manifest` for lazy route discovery; `unmatched`. */
  id: string;
  /**
   * `/`, `/account/orders/:orderId`, `/login/reset/:token`…; the path itself for `__manifest`,
   * and for `unmatched` (only a build without the app's splat route `*` has such paths).
   */
  pattern: string;
  /** The route has an action: a form (or the search protocol's JSON) may be posted to it. */
  hasAction: boolean;
}

type ManifestRoute = NonNullable<ServerBuild["routes"][string]>;
export type RouteManifestBuild = Pick<ServerBuild, "routes" | "basename"> & { routeDiscovery?: ServerBuild["routeDiscovery"] };

/**
 * The route that answers a path, as React Router matches it (the deepest match). A `.data`
 * request is its page's route.
 */
export function routeMatcher(build: RouteManifestBuild): (pathname: string) => RouteMatch {
  const byParent = new Map<string | undefined, ManifestRoute[]>();
  for (const route of Object.values(build.routes ?? {})) {
    if (!route) continue;
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push(route);
    byParent.set(route.parentId, siblings);
  }
  const tree = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((route) =>
      route.index
        ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: tree(route.id) },
    );
  const routes = tree(undefined);
  const byFirstSegment = routesByFirstSegment(routes);
  const basename = build.basename && build.basename !== "/" ? build.basename.replace(/\/$/, "") : "";
  const manifestPath = build.routeDiscovery?.mode === "lazy" ? `${basename}${build.routeDiscovery.manifestPath}` : null;
  const patternOf = (id: string): string => {
    const route = build.routes[id];
    if (!route) return "";
    return [route.parentId ? patternOf(route.parentId) : "", route.path ?? ""].filter(Boolean).join("/");
  };

  const memo = new LRUCache<string, RouteMatch>({
    max: MEMO_PATHS,
    maxSize: MEMO_CHARACTERS,
    // A path can be as long as the request line allows: the bound is on characters too.
    sizeCalculation: (answer, pathname) => pathname.length + answer.pattern.length + answer.id.length,
  });
  const lookUp = (pathname: string): RouteMatch => {
    if (pathname === manifestPath) return { id: "__manifest", pattern: pathname, hasAction: false };
    // As React Router reads a single-fetch URL (its server-runtime getNormalizedPath).
    const page = pathname.endsWith("/_.data") ? pathname.slice(0, -"_.data".length) : pathname.replace(/\.data$/, "");
    let matches: ReturnType<typeof matchRoutes>;
    try {
      matches = matchRoutes(basename ? routes : byFirstSegment(page), page, basename || undefined);
    } catch {
      matches = null; // a malformed percent-encoding
    }
    const id = matches?.at(-1)?.route.id;
    if (!id) return { id: "unmatched", pattern: pathname, hasAction: false };
    const route = build.routes[id] as (ManifestRoute & { module?: { action?: unknown } }) | undefined;
    return { id, pattern: `${basename}/${patternOf(id)}`.replace(/\/+/g, "/"), hasAction: Boolean(route?.module?.action) };
  };
  return (pathname) => {
    let answer = memo.get(pathname);
    if (!answer) memo.set(pathname, (answer = lookUp(pathname)));
    return answer;
  };
}

/** Distinct request paths whose route is remembered, and their characters at most (paths, patterns and ids). */
const MEMO_PATHS = 2_000;
const MEMO_CHARACTERS = 500_000;

/** A segment that matches more than itself: a parameter, a splat, or optional. */
const isFixed = (segment: string) => !segment.startsWith(":") && segment !== "*" && !segment.endsWith("?");

/** Where a path's first segment leads, as React Router reads it: decoded, and (unless a route says otherwise) in any case. */
function firstSegment(pathname: string): string | null {
  const segment = pathname.split("/", 2)[1] ?? "";
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return null;
  }
}

/**
 * The route tree for each fixed first segment of the table (and one for every other first
 * segment): each keeps only the routes that could match a path starting with it. Built once;
 * its size is bounded by the table's, whatever paths arrive.
 */
function routesByFirstSegment(routes: RouteObject[]): (pathname: string) => RouteObject[] {
  const firsts = new Set<string>();
  const collect = (list: RouteObject[], parent: string) => {
    for (const route of list) {
      const full = [parent, route.path ?? ""].filter(Boolean).join("/");
      const first = full.split("/")[0]!;
      if (first && isFixed(first)) firsts.add(route.caseSensitive ? first : first.toLowerCase());
      collect(route.children ?? [], full);
    }
  };
  collect(routes, "");

  /** `key`: a fixed first segment of the table; "" for "/"; null for any segment the table does not name. */
  const prune = (list: RouteObject[], parent: string, key: string | null): RouteObject[] =>
    list.flatMap((route) => {
      const full = [parent, route.path ?? ""].filter(Boolean).join("/");
      const first = full.split("/")[0]!;
      // A fixed segment decided: kept only for its own key (a case-sensitive route for any
      // spelling: rare, and matchRoutes still tells); otherwise the children decide.
      if (first && isFixed(first) && !route.caseSensitive && first.toLowerCase() !== key) return [];
      if (!route.children) return [route];
      return [{ ...route, children: prune(route.children, full, key) }];
    });

  const trees = new Map<string | null, RouteObject[]>([...firsts, "", null].map((key) => [key, prune(routes, "", key)]));
  return (pathname) => {
    const first = firstSegment(pathname);
    return first === null ? routes : (trees.get(firsts.has(first) || first === "" ? first : null) ?? routes);
  };
}
