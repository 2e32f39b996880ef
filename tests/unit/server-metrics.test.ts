import type { RouteConfigEntry } from "@react-router/dev/routes";
import fc from "fast-check";
import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it, vi } from "vitest";
import appRoutes from "../../app/routes.ts";
import { routeMatcher } from "../../server/routes.ts";

// The route of a request path (server/routes.ts): its id (the metrics' label), its pattern
// (the access log's path) and whether it takes a body, read from the server build's route
// manifest (here one shaped like app/routes.ts).

const routes = {
  root: { id: "root", path: "" },
  "routes/home": { id: "routes/home", parentId: "root", index: true },
  "routes/login": { id: "routes/login", parentId: "root", path: "login", module: { action: () => null } },
  "routes/login-reset": { id: "routes/login-reset", parentId: "root", path: "login/reset/:token", module: { action: () => null } },
  "routes/account/layout": { id: "routes/account/layout", parentId: "root" },
  "routes/account/overview": { id: "routes/account/overview", parentId: "routes/account/layout", path: "account", index: true },
  "routes/account/order": { id: "routes/account/order", parentId: "routes/account/layout", path: "account/orders/:orderId" },
  "routes/account/association": { id: "routes/account/association", parentId: "routes/account/layout", path: "account/organisation/:organisationId?/association" },
  "routes/content-page": { id: "routes/content-page", parentId: "root", path: ":slug" },
  "routes/not-found": { id: "routes/not-found", parentId: "root", path: "*" },
};
const manifest = routes as unknown as Parameters<typeof routeMatcher>[0]["routes"];
const routeIdMatcher = (build: Parameters<typeof routeMatcher>[0]) => {
  const match = routeMatcher(build);
  return (pathname: string) => match(pathname).id;
};

describe("route id of a request path", () => {
  const routeOf = routeIdMatcher({ routes: manifest, routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" } });

  it.each([
    ["/", "routes/home"],
    ["/login", "routes/login"],
    ["/account", "routes/account/overview"],
    ["/account/orders/o-123", "routes/account/order"],
    ["/account/organisation/association", "routes/account/association"],
    ["/account/organisation/org-9/association", "routes/account/association"],
    ["/visiting-with-schools", "routes/content-page"],
    ["/no/such/page", "routes/not-found"],
  ])("a document at %s is %s", (path, id) => {
    expect(routeOf(path)).toBe(id);
  });

  it.each([
    ["/_.data", "routes/home"],
    ["/login.data", "routes/login"],
    ["/account/orders/o-123.data", "routes/account/order"],
    ["/account/_.data", "routes/account/overview"],
  ])("a single-fetch request %s is its page's route, %s", (path, id) => {
    expect(routeOf(path)).toBe(id);
  });

  it("names the lazy route discovery's manifest requests, and a path nothing matches", () => {
    expect(routeOf("/__manifest")).toBe("__manifest");
    const withoutSplat = routeIdMatcher({ routes: { root: routes.root, "routes/login": routes["routes/login"] } as unknown as typeof manifest });
    expect(withoutSplat("/elsewhere")).toBe("unmatched");
    expect(withoutSplat("/login")).toBe("routes/login");
  });

  it("matches under the build's basename", () => {
    const under = routeIdMatcher({ routes: manifest, basename: "/groups/" });
    expect(under("/groups/login")).toBe("routes/login");
    expect(under("/login")).toBe("unmatched");
  });
});

describe("what the access log records of a path, and whether it takes a body", () => {
  const match = routeMatcher({ routes: manifest, routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" } });

  it.each([
    ["/", "/", false],
    ["/login.data", "/login", true],
    ["/login/reset/s3cr3t-t0ken", "/login/reset/:token", true],
    ["/login/reset/s3cr3t-t0ken.data", "/login/reset/:token", true],
    ["/account/orders/o-123", "/account/orders/:orderId", false],
    ["/account/organisation/org-9/association", "/account/organisation/:organisationId?/association", false],
    ["/no/such/page", "/*", false],
  ])("%s: logged as %s, an action: %s", (path, pattern, hasAction) => {
    expect(match(path)).toMatchObject({ pattern, hasAction });
    expect(JSON.stringify(match(path))).not.toContain("s3cr3t");
  });
});

describe("the matcher cut by first segment (server/routes.ts) answers as matchRoutes over the whole table", () => {
  // The app's own table (app/routes.ts), as the build's manifest lists it under the root.
  const manifest: Record<string, { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean }> = { root: { id: "root", path: "" } };
  const add = (entries: RouteConfigEntry[], parentId: string) => {
    for (const entry of entries) {
      const id = entry.id ?? entry.file.replace(/\.tsx?$/, "");
      manifest[id] = { id, parentId, ...(entry.path !== undefined && { path: entry.path }), ...(entry.index && { index: true }), ...(entry.caseSensitive && { caseSensitive: true }) };
      add(entry.children ?? [], id);
    }
  };
  add(appRoutes, "root");
  const tree = (parentId: string | undefined): RouteObject[] =>
    Object.values(manifest)
      .filter((r) => r.parentId === parentId)
      .map((r) => (r.index ? { id: r.id, index: true, path: r.path } : { id: r.id, path: r.path, caseSensitive: r.caseSensitive, children: tree(r.id) }));
  const whole = tree(undefined);
  const match = routeMatcher({ routes: manifest as unknown as Parameters<typeof routeMatcher>[0]["routes"] });
  const expected = (path: string) => {
    // A single-fetch request is its page's (the matcher reads it as React Router does).
    const page = path.endsWith("/_.data") ? path.slice(0, -"_.data".length) : path.replace(/\.data$/, "");
    try {
      return matchRoutes(whole, page)?.at(-1)?.route.id ?? "unmatched";
    } catch {
      return "unmatched";
    }
  };

  // Paths made from the table's own patterns: each parameter filled, each optional segment
  // kept or dropped, any letter's case changed or percent-encoded, a trailing slash, extra segments.
  const templates = Object.keys(manifest).map((id) => {
    const full = (at: string | undefined): string => (at ? [full(manifest[at]!.parentId), manifest[at]!.path ?? ""].filter(Boolean).join("/") : "");
    return full(id);
  });
  const segment = fc.oneof(fc.constantFrom("a", "ORD-1", "%2F", "%zz", "_", ".data", "ünï", "1"), fc.stringMatching(/^[A-Za-z0-9%._~-]{0,8}$/));
  const pathFrom = fc.tuple(fc.constantFrom(...templates), fc.array(segment, { maxLength: 3 }), fc.array(fc.boolean(), { minLength: 10, maxLength: 10 }), fc.array(fc.nat(), { maxLength: 4 }), fc.boolean()).map(
    ([template, extra, keep, changes, slash]) => {
      let path = template
        .split("/")
        .filter((part, i) => !part.endsWith("?") || keep[i % keep.length])
        .map((part, i) => (part.startsWith(":") ? (extra[i % Math.max(1, extra.length)] ?? "x") : part === "*" ? extra.join("/") : part.replace(/\?$/, "")))
        .join("/");
      for (const at of changes) {
        const i = at % Math.max(1, path.length);
        const c = path[i] ?? "";
        if (/[a-z]/i.test(c)) path = path.slice(0, i) + (at % 2 ? c.toUpperCase() : `%${c.charCodeAt(0).toString(16)}`) + path.slice(i + 1);
      }
      return `/${path}${slash ? "/" : ""}`;
    },
  );

  it("for paths made from every route's pattern, and for any path", () => {
    // React Router warns of each malformed percent-encoding it is given.
    vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(templates.length).toBeGreaterThan(30);
    fc.assert(
      fc.property(fc.oneof(pathFrom, fc.webPath()), (path) => {
        expect(match(path).id).toBe(expected(path));
      }),
      { numRuns: 3_000 },
    );
  }, 60_000);
});
