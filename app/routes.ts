import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";

// Every route of docs/requirements.md §2. Guards are attached by name in each route module's middleware
// (see app/guards); the layouts below exist to carry them.

export default [
  index("routes/home.tsx"),
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.tsx"),
  route("newsletter", "routes/newsletter.tsx"),
  route("cookie-consent", "routes/cookie-consent.tsx"),
  // The website's accessibility statement (above the CMS pages' :slug; it shows the CMS's page too).
  route("accessibility", "routes/accessibility.tsx"),

  route("login/forgot", "routes/login-forgot.tsx"),
  route("login/reset/:token", "routes/login-reset.tsx"),
  // The embedded default's search endpoint (Algolia wire protocol); 404 when a real provider is configured.
  route("1/*", "routes/search-protocol.tsx"),
  // The embedded default's stand-in for the card provider's hosted payment page.
  route("hosted-payment/:paymentId", "routes/hosted-payment.tsx"),

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

      route("orders/:orderId/calendar.ics", "routes/account/order-calendar.tsx"),

      layout("routes/book/layout.tsx", [
        ...prefix("book", [
          route("date", "routes/book/date.tsx"),
          route("information", "routes/book/information.tsx"),
          route("schedule", "routes/book/schedule.tsx"),
          route("payment", "routes/book/payment.tsx"),
          route("payment/return", "routes/book/payment-return.tsx"),
          route("review", "routes/book/review.tsx"),
          route("confirmation", "routes/book/confirmation.tsx"),
          route("group/activities", "routes/book/group-activities.tsx"),
          route("group/capacities", "routes/book/group-capacities.tsx"),
          route("group/details", "routes/book/group-details.tsx"),
        ]),
      ]),

      layout("routes/outreach/layout.tsx", [
        ...prefix("book/outreach", [
          index("routes/outreach/index.tsx"),
          route("activities", "routes/outreach/activities.tsx"),
          route("advisories", "routes/outreach/advisories.tsx"),
          route("questions", "routes/outreach/questions.tsx"),
          route("schedule", "routes/outreach/schedule.tsx"),
          route("terms", "routes/outreach/terms.tsx"),
          route("summary", "routes/outreach/summary.tsx"),
          route("payment", "routes/outreach/payment.tsx"),
          route("confirmation", "routes/outreach/confirmation.tsx"),
        ]),
      ]),
    ]),
  ]),

  route(":slug", "routes/content-page.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
