import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";

// Every route of SPEC §2. Guards are attached by name in each route module's middleware
// (see app/guards); the layouts below exist to carry them.
const comingSoon = "routes/coming-soon.tsx";

export default [
  index("routes/home.tsx"),
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.tsx"),
  route("newsletter", "routes/newsletter.tsx"),
  route("cookie-consent", "routes/cookie-consent.tsx"),

  route("login/forgot", "routes/login-forgot.tsx"),
  route("login/reset/:token", "routes/login-reset.tsx"),
  // The embedded default's search endpoint (Algolia wire protocol); 404 when a real provider is configured.
  route("1/*", "routes/search-protocol.tsx"),

  layout("routes/registration/layout.tsx", [
    route("registration", "routes/registration/group-type.tsx"),
    ...prefix("registration/:group", [
      route("organisation", "routes/registration/organisation.tsx"),
      route("organisation/edit", "routes/registration/organisation-edit.tsx"),
      route("user/edit", "routes/registration/user-edit.tsx"),
      route("review", "routes/registration/review.tsx"),
    ]),
  ]),

  layout("routes/account/layout.tsx", [
    ...prefix("account", [
      index("routes/account/overview.tsx"),
      route("orders", "routes/account/orders.tsx"),
      route("orders/:orderId", "routes/account/order.tsx"),
      route("user/edit", "routes/account/user-edit.tsx"),
      route("organisation/:organisationId?/association", "routes/account/association.tsx"),
      route("organisation/:organisationId?/edit", "routes/account/organisation-edit.tsx"),

      layout("routes/book/layout.tsx", [
        ...prefix("book", [
          ...["date", "information", "schedule", "payment", "review", "confirmation"].map((step) =>
            route(step, comingSoon, { id: `book/${step}` }),
          ),
          ...["activities", "capacities", "details"].map((step) =>
            route(`group/${step}`, comingSoon, { id: `book/group/${step}` }),
          ),
        ]),
      ]),

      layout("routes/outreach/layout.tsx", [
        ...prefix("book/outreach", [
          index(comingSoon, { id: "outreach" }),
          ...["activities", "advisories", "questions", "schedule", "terms", "summary", "payment", "confirmation"].map(
            (step) => route(step, comingSoon, { id: `outreach/${step}` }),
          ),
        ]),
      ]),
    ]),
  ]),

  route(":slug", "routes/content-page.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
