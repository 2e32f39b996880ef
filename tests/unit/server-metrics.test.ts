import { describe, expect, it } from "vitest";
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
