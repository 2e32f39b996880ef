import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

// Which React Router route answers a request path, read once from the server build's route
// manifest: its id (the metrics' label), its URL pattern (what the access log records, so
// a secret in a path, such as the password-reset token, is never written; docs/security.md)
// and whether it has an action (only those read a request body: server/body.ts).

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
  const basename = build.basename && build.basename !== "/" ? build.basename.replace(/\/$/, "") : "";
  const manifestPath = build.routeDiscovery?.mode === "lazy" ? `${basename}${build.routeDiscovery.manifestPath}` : null;
  const patternOf = (id: string): string => {
    const route = build.routes[id];
    if (!route) return "";
    return [route.parentId ? patternOf(route.parentId) : "", route.path ?? ""].filter(Boolean).join("/");
  };

  return (pathname) => {
    if (pathname === manifestPath) return { id: "__manifest", pattern: pathname, hasAction: false };
    // As React Router reads a single-fetch URL (its server-runtime getNormalizedPath).
    const page = pathname.endsWith("/_.data") ? pathname.slice(0, -"_.data".length) : pathname.replace(/\.data$/, "");
    let matches: ReturnType<typeof matchRoutes>;
    try {
      matches = matchRoutes(routes, page, basename || undefined);
    } catch {
      matches = null; // a malformed percent-encoding
    }
    const id = matches?.at(-1)?.route.id;
    if (!id) return { id: "unmatched", pattern: pathname, hasAction: false };
    const route = build.routes[id] as (ManifestRoute & { module?: { action?: unknown } }) | undefined;
    return { id, pattern: `${basename}/${patternOf(id)}`.replace(/\/+/g, "/"), hasAction: Boolean(route?.module?.action) };
  };
}
