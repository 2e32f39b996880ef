import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";
// With their extensions: tests/e2e/axe-coverage.ts loads this file in plain Node.
import { PAYMENT_RETURN_SEGMENT, STEP_SEGMENTS as BOOK } from "./booking/steps.ts";
import { OUTREACH_SEGMENTS as OUTREACH } from "./outreach/steps.ts";
import { SESSION_PATH } from "./session/timeout.ts";

// Every route of docs/requirements.md §2. Guards are attached by name in each route module's middleware
// (see app/guards); the layouts below exist to carry them. The booking and outreach steps' paths
// come from their steps tables, which every link to a step reads too.
//
// The registration and account layouts carry their path segment rather than being pathless
// with prefixed children: React Router matches every request against this table several
// times, trying the routes in rank order, and a pathless layout matches any path, so each of
// its children was tried for "/", "/login" or a CMS page; "account" rejects them at once
// (ADR 26). The pages under them are unchanged, index routes included: a form posting to an
// index route's own path (the outreach start) needs that index route to keep its path, so
// the booking and outreach layouts stay pathless.

export default [
  index("routes/home.tsx"),
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.tsx"),
  // The session time-out warning's requests (how long is left, "Stay signed in", the end): JSON, no page.
  route(SESSION_PATH.slice(1), "routes/session.tsx"),
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

  // The link a registration request emails: outside the registration layout and its guard,
  // since it may be opened on another device, without the draft.
  route("registration/confirm/:registrationToken", "routes/registration/confirm.tsx"),
  route("registration", "routes/registration/layout.tsx", [
    index("routes/registration/group-type.tsx"),
    ...prefix(":group", [
      route("organisation", "routes/registration/organisation.tsx"),
      route("organisation/edit", "routes/registration/organisation-edit.tsx"),
      route("user/edit", "routes/registration/user-edit.tsx"),
      route("review", "routes/registration/review.tsx"),
    ]),
  ]),

  route("account", "routes/account/layout.tsx", [
    index("routes/account/overview.tsx"),
    route("orders", "routes/account/orders.tsx"),
    route("orders/:orderId", "routes/account/order.tsx"),
    route("user/edit", "routes/account/user-edit.tsx"),
    route("organisation/:organisationId?/association", "routes/account/association.tsx"),
    route("organisation/:organisationId?/edit", "routes/account/organisation-edit.tsx"),

    route("orders/:orderId/calendar.ics", "routes/account/order-calendar.tsx"),

    layout("routes/book/layout.tsx", [
      ...prefix("book", [
        route(BOOK.date, "routes/book/date.tsx"),
        route(BOOK.information, "routes/book/information.tsx"),
        route(BOOK.schedule, "routes/book/schedule.tsx"),
        route(BOOK.payment, "routes/book/payment.tsx"),
        route(PAYMENT_RETURN_SEGMENT, "routes/book/payment-return.tsx"),
        route(BOOK.review, "routes/book/review.tsx"),
        route(BOOK.confirmation, "routes/book/confirmation.tsx"),
        route(BOOK["group-activities"], "routes/book/group-activities.tsx"),
        route(BOOK["group-capacities"], "routes/book/group-capacities.tsx"),
        route(BOOK["group-details"], "routes/book/group-details.tsx"),
      ]),
    ]),

    layout("routes/book/outreach/layout.tsx", [
      ...prefix("book/outreach", [
        index("routes/book/outreach/index.tsx"),
        route(OUTREACH.activities, "routes/book/outreach/activities.tsx"),
        route(OUTREACH.advisories, "routes/book/outreach/advisories.tsx"),
        route(OUTREACH.questions, "routes/book/outreach/questions.tsx"),
        route(OUTREACH.schedule, "routes/book/outreach/schedule.tsx"),
        route(OUTREACH.terms, "routes/book/outreach/terms.tsx"),
        route(OUTREACH.summary, "routes/book/outreach/summary.tsx"),
        route(OUTREACH.payment, "routes/book/outreach/payment.tsx"),
        route(OUTREACH.confirmation, "routes/book/outreach/confirmation.tsx"),
      ]),
    ]),
  ]),

  route(":slug", "routes/content-page.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
