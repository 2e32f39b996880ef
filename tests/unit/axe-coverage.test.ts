import { describe, expect, it } from "vitest";
import routes from "../../app/routes";
import { bestMatch, pageRoutes } from "../e2e/axe-coverage";

// The e2e accessibility coverage check (tests/e2e/axe-coverage.ts) counts a page route as
// checked when axe ran on an address it draws: the matching must pick the route React Router would.
describe("axe coverage: which page route an address is", () => {
  const pages = pageRoutes(routes);
  const routeOf = (pathname: string) => bestMatch(pages, pathname)?.file;

  it("lists the routes that draw a page, not the resource routes", () => {
    const files = pages.map((page) => page.file);
    expect(files).toContain("routes/home.tsx");
    expect(files).toContain("routes/account/association.tsx");
    for (const resource of ["routes/cookie-consent.tsx", "routes/search-protocol.tsx", "routes/account/order-calendar.tsx"]) {
      expect(files).not.toContain(resource);
    }
    // Layouts are drawn with their children, not on their own.
    expect(files).not.toContain("routes/account/layout.tsx");
  });

  it.each([
    ["/", "routes/home.tsx"],
    ["/account", "routes/account/overview.tsx"],
    ["/account/orders/ord-1", "routes/account/order.tsx"],
    ["/account/organisation/association", "routes/account/association.tsx"],
    ["/account/organisation/org-3004/association", "routes/account/association.tsx"],
    ["/account/book/outreach", "routes/book/outreach/index.tsx"],
    ["/account/book/payment/return", "routes/book/payment-return.tsx"],
    ["/registration/education/organisation/edit", "routes/registration/organisation-edit.tsx"],
    ["/accessibility", "routes/accessibility.tsx"],
    ["/privacy", "routes/content-page.tsx"],
    ["/no/such/page", "routes/not-found.tsx"],
  ])("%s is %s", (pathname, file) => {
    expect(routeOf(pathname)).toBe(file);
  });
});
