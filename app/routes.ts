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

  layout("routes/registration/layout.tsx", [
    route("registration", comingSoon, { id: "registration" }),
    ...prefix("registration/:group", [
      route("organisation", comingSoon, { id: "registration/organisation" }),
      route("organisation/edit", comingSoon, { id: "registration/organisation/edit" }),
      route("user/edit", comingSoon, { id: "registration/user/edit" }),
      route("review", comingSoon, { id: "registration/review" }),
    ]),
  ]),

  layout("routes/account/layout.tsx", [
    ...prefix("account", [
      index("routes/account/overview.tsx"),
      route("orders", "routes/account/orders.tsx"),
      route("orders/:orderId", "routes/account/order.tsx"),
      route("user/edit", "routes/account/user-edit.tsx"),
      route("organisation/:organisationId?/association", comingSoon, { id: "account/association" }),
      route("organisation/:organisationId?/edit", comingSoon, { id: "account/organisation/edit" }),

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
