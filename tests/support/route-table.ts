import type { ServerBuild } from "react-router";

// The production build's route table, read by suites that derive their cases from it
// (every form action fuzzed, every action posted to cross-site…), so a new route is
// covered without anyone remembering to add it.

export interface RouteEntry {
  id: string;
  /** Full path template, e.g. /account/orders/:orderId */
  template: string;
  hasAction: boolean;
  /** Draws a page (a default export), as opposed to a resource route. */
  hasPage: boolean;
}

/** Every route of the build with its full path, sorted by path. */
export function routeTable(build: Pick<ServerBuild, "routes">): RouteEntry[] {
  const routes = build.routes;
  const fullPath = (id: string): string => {
    const route = routes[id];
    if (!route) return "";
    const parent = route.parentId ? fullPath(route.parentId) : "";
    return [parent, route.path ?? ""].filter(Boolean).join("/").replace(/\/+/g, "/");
  };
  return Object.values(routes)
    .filter((r): r is NonNullable<typeof r> => Boolean(r))
    .map((r) => ({
      id: r.id,
      template: `/${fullPath(r.id)}`.replace(/\/+/g, "/"),
      hasAction: Boolean(r.module.action),
      hasPage: Boolean(r.module.default),
    }))
    .sort((a, b) => a.template.localeCompare(b.template) || a.id.localeCompare(b.id));
}

/** Every route with an action. */
export function actionRoutes(build: Pick<ServerBuild, "routes">): RouteEntry[] {
  return routeTable(build).filter((r) => r.hasAction);
}
