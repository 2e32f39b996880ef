import type { ServerBuild } from "react-router";

// The bench's baseline (ADR 12): a bare React Router page, built from the app's own server
// build so that it shares its entry.server (the same streaming render, CSP and compression),
// React and React Router, with a route table of one root route and nothing of the app's.

/** A route's client manifest entry with nothing on it: no loader, action or client code. */
export function emptyRouteAssets(id: string, path: string | undefined, parentId?: string, index?: boolean): ServerBuild["assets"]["routes"][string] {
  return {
    id,
    ...(parentId ? { parentId } : {}),
    path,
    ...(index ? { index } : {}),
    module: `/assets/${id}.js`,
    imports: [],
    css: [],
    hasAction: false,
    hasLoader: false,
    hasClientAction: false,
    hasClientLoader: false,
    hasClientMiddleware: false,
    hasErrorBoundary: false,
    clientActionModule: undefined,
    clientLoaderModule: undefined,
    clientMiddlewareModule: undefined,
    hydrateFallbackModule: undefined,
  };
}

/** The bare page's content: a heading and a sentence, no hooks, no data. */
export async function bareContent() {
  const { createElement: h } = await import("react");
  return () => h("main", null, h("h1", null, "Bare"), h("p", null, "A React Router page and nothing else."));
}

/**
 * The bare page: the same server build (its entry.server, so the same streaming render,
 * and the same React and React Router) with a route table of one root route that renders a
 * heading and React Router's <Meta>, <Links> and <Scripts>: no middleware, no loader, no
 * backend call. What any React Router page costs, measured beside ours (ADR 12).
 */
export async function bareBuild(build: ServerBuild, table: "one route" | "the app's table" = "one route"): Promise<ServerBuild> {
  const { Links, Meta, Scripts } = await import("react-router");
  const { createElement: h } = await import("react");
  const Layout = ({ children }: { children?: unknown }) =>
    h(
      "html",
      { lang: "en" },
      h("head", null, h("meta", { charSet: "utf-8" }), h("title", null, "Bare"), h(Meta), h(Links)),
      h("body", null, children as never, h(Scripts)),
    );
  const root = { id: "root", path: "", module: { default: await bareContent(), Layout } as never };
  if (table === "one route") {
    return { ...build, routes: { root }, assets: { ...build.assets, routes: { root: emptyRouteAssets("root", "") } } };
  }
  // The same page in the app's route table: every route kept (its path, parent, index) with a
  // module of a component that renders nothing (without one a route is a resource route), so
  // a request matches as the app's does but runs no middleware, loader or component of the
  // app's (the root has no <Outlet>): what React Router's per-request work over the table costs.
  const nothing = () => null;
  const routes: ServerBuild["routes"] = { root };
  const assets: ServerBuild["assets"]["routes"] = { root: emptyRouteAssets("root", "") };
  for (const route of Object.values(build.routes)) {
    if (!route || route.id === "root") continue;
    const { id, parentId, path, index, caseSensitive } = route;
    routes[id] = { id, parentId, path, index, caseSensitive, module: { default: nothing } as never };
    assets[id] = emptyRouteAssets(id, path, parentId, index);
  }
  return { ...build, routes, assets: { ...build.assets, routes: assets } };
}
