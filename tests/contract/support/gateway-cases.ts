import { expect } from "vitest";
import { createGatewayClient } from "../../../app/api/client.server";
import { getCurrentUser, getOrganisation, listMyAssociations, login, loginLockSeconds, logout, subscribeToNewsletter, updateCurrentUser } from "../../../app/api/account.server";
import { getOrder, listOrders } from "../../../app/api/orders.server";
import { fieldErrors } from "../../../app/api/result.server";
import {
  ACCEPTED_BODY, JSON_CONTENT, PACT_TOKENS, PROBLEM_CONTENT, arrayContaining, bearer, boolean, calendarDate, eachLike,
  email, expectOk, expectProblem, fromState, instant, integer, like, money, oneOf, problemBody, regex, reify, timeOfDay,
} from "./matchers";
import { gatewayAccountCases } from "./gateway-account-cases";
import { gatewayRegistrationCases } from "./gateway-registration-cases";
import type { ConsumerCase, State } from "./pact";

// The gateway interactions of the app: one or more per function in app/api/account.server.ts.

const DEMO = { email: "teacher@example.org", password: "museum-visit-2026" };
/** The session token the consumer sends; the provider state makes it a live session of the demo user. */
const TOKEN = PACT_TOKENS.demo;
const AUTHORIZATION = bearer(TOKEN);

const DEMO_USER_EXISTS: State = ["the demo user exists"];
const LOGGED_IN: State = ["the demo user is logged in"];
const RATE_LIMITED: State = ["login attempts for {email} are rate limited", { email: DEMO.email }];

/** A new subscriber, and one already on the list: the gateway must not tell them apart. */
const NEW_SUBSCRIBER = "new.organiser@example.org";
const EXISTING_SUBSCRIBER = "returning.organiser@example.org";

const client = (baseUrl: string, token: string | null = TOKEN) => createGatewayClient({ baseUrl, timeoutMs: 5000, token });

const GROUP_TYPES = ["education", "home-education", "tour-operator", "other-group"];
const ORDER_KINDS = ["visit", "group-visit", "outreach"];
const ORDER_STATUSES = ["confirmed", "held", "requested", "cancellation-requested", "cancelled"];


/** The demo user, with the optional fields the app shows (title, job title). */
const user = (changes: { jobTitle?: string; extendedHolds?: true } = {}) => ({
  id: like("usr-1001"),
  email: email(DEMO.email),
  title: like("Ms"),
  firstName: like("Amara"),
  lastName: like("Okafor"),
  jobTitle: like(changes.jobTitle ?? "Year 4 teacher"),
  marketingConsent: boolean(true),
  // Exactly true when asked for: a matcher on the type alone would let the provider ignore the change.
  ...(changes.extendedHolds ? { extendedHolds: true } : {}),
  groupType: oneOf(GROUP_TYPES, "education"),
  currentOrganisationId: like("org-1001"),
});

/** The demo user after clearing optional fields (an empty string clears one): the gateway omits them. */
const userWithout = (...cleared: ("title" | "phone" | "jobTitle")[]) =>
  Object.fromEntries(Object.entries(user()).filter(([key]) => !(cleared as string[]).includes(key)));

const organisationSummary = {
  id: like("org-1001"),
  name: like("Riverside Primary School"),
  groupType: oneOf(GROUP_TYPES, "education"),
  town: like("Leeds"),
  postcode: like("LS11 5PQ"),
};

const orderSummary = {
  id: like("ord-5001"),
  reference: like("GV-260417"),
  kind: oneOf(ORDER_KINDS, "visit"),
  status: oneOf(ORDER_STATUSES, "confirmed"),
  venue: { id: like("venue-york-roman-quarter"), name: like("York Roman Quarter Museum") },
  visitDate: calendarDate("2026-06-01"),
  participants: integer(34),
  total: money(13500),
};

const orderPage = (items: unknown, example: { page: number; pageSize: number; totalItems: number; totalPages: number }) => ({
  items,
  page: example.page,
  pageSize: integer(example.pageSize),
  totalItems: integer(example.totalItems),
  totalPages: integer(example.totalPages),
});

const upcomingFirstPage = orderPage(eachLike(orderSummary), { page: 1, pageSize: 10, totalItems: 3, totalPages: 1 });
const pastFirstPage = orderPage(eachLike({ ...orderSummary, visitDate: calendarDate("2025-11-20") }), {
  page: 1, pageSize: 10, totalItems: 3, totalPages: 1,
});
const emptyPage = orderPage([], { page: 1, pageSize: 10, totalItems: 0, totalPages: 0 });

const order = {
  ...orderSummary,
  organisation: organisationSummary,
  arrivalTime: timeOfDay("10:15"),
  lines: eachLike({
    description: like("Life in Roman Eboracum workshop"),
    quantity: integer(30),
    unitPrice: money(450),
    total: money(13500),
  }),
  payment: {
    method: oneOf(["card", "invoice", "none"], "invoice"),
    status: oneOf(["paid", "unpaid", "not-required"], "paid"),
  },
  timeline: eachLike({
    at: instant("2026-04-22T14:32:00.000Z"),
    event: like("booked"),
    description: like("Booking made by Amara Okafor."),
  }),
  createdAt: instant("2026-04-22T14:32:00.000Z"),
};

const organisation = {
  ...organisationSummary,
  kind: like("Primary school"),
  address: { line1: like("14 Canal Wharf Road"), town: like("Leeds"), postcode: like("LS11 5PQ") },
  region: like("Yorkshire and the Humber"),
};

const loginSession = {
  token: like("3f1c2a9e-5b7d-4e8f-9a6b-0c1d2e3f4a5b"),
  expiresAt: instant("2026-05-01T17:00:00.000Z"),
  user: user(),
};

/** The current user turns on longer holds (User.extendedHolds), as the user details and review pages do. */
function askForMoreTime(description: string, states: State[]): ConsumerCase {
  return {
    description,
    states,
    define: (i) =>
      i
        .withRequest("PATCH", "/users/me", (b) => b.headers({ ...AUTHORIZATION, ...JSON_CONTENT }).jsonBody({ extendedHolds: true }))
        .willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody(user({ extendedHolds: true }))),
    async exercise(url) {
      const updated = expectOk(await updateCurrentUser(client(url), { extendedHolds: true }));
      expect(updated.extendedHolds).toBe(true);
    },
  };
}

export const gatewayCases: readonly ConsumerCase[] = [
  {
    description: "login with the demo user's email and password",
    states: [DEMO_USER_EXISTS],
    define: (i) =>
      i
        .withRequest("POST", "/auth/login", (b) => b.headers(JSON_CONTENT).jsonBody(DEMO))
        .willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody(loginSession)),
    async exercise(url) {
      const session = expectOk(await login(client(url, null), DEMO));
      expect(session).toEqual(reify(loginSession));
      expect(session.user.email).toBe(DEMO.email);
    },
  },
  {
    description: "login with a wrong password",
    states: [DEMO_USER_EXISTS],
    define: (i) =>
      i
        .withRequest("POST", "/auth/login", (b) =>
          b.headers(JSON_CONTENT).jsonBody({ email: DEMO.email, password: "not-the-password" }))
        .willRespondWith(401, (b) => b.headers(PROBLEM_CONTENT).jsonBody(problemBody(401, like("invalid_credentials")))),
    async exercise(url) {
      const problem = expectProblem(await login(client(url, null), { email: DEMO.email, password: "not-the-password" }), 401);
      expect(problem.code).toBe("invalid_credentials");
    },
  },
  {
    description: "login while login attempts for the email are rate limited",
    // The right password, refused: the email is locked after too many failures, and the
    // login page says how long is left (retryAfterSeconds, also Retry-After).
    states: [DEMO_USER_EXISTS, RATE_LIMITED],
    define: (i) =>
      i
        .withRequest("POST", "/auth/login", (b) => b.headers(JSON_CONTENT).jsonBody(DEMO))
        .willRespondWith(429, (b) =>
          b
            .headers({ ...PROBLEM_CONTENT, "Retry-After": regex("^[1-9][0-9]*$", "900") })
            .jsonBody(problemBody(429, like("rate_limited"), { retryAfterSeconds: integer(900) }))),
    async exercise(url) {
      const result = await login(client(url, null), DEMO);
      expect(expectProblem(result, 429).code).toBe("rate_limited");
      expect(loginLockSeconds(result)).toBe(900);
    },
  },
  {
    description: "logout of the current session",
    states: [LOGGED_IN],
    define: (i) =>
      i.withRequest("POST", "/auth/logout", (b) => b.headers(AUTHORIZATION)).willRespondWith(204),
    async exercise(url) {
      expect(await logout(client(url))).toEqual({ ok: true, data: undefined });
    },
  },
  {
    description: "get the current user",
    states: [LOGGED_IN],
    define: (i) =>
      i
        .withRequest("GET", "/users/me", (b) => b.headers(AUTHORIZATION))
        .willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody(user())),
    async exercise(url) {
      const me = expectOk(await getCurrentUser(client(url)));
      expect(me).toEqual(reify(user()));
      expect(me.currentOrganisationId).toBe("org-1001");
    },
  },
  {
    description: "get the current user with an unknown session token",
    states: [DEMO_USER_EXISTS],
    define: (i) =>
      i
        .withRequest("GET", "/users/me", (b) => b.headers({ Authorization: "Bearer no-such-session" }))
        .willRespondWith(401, (b) => b.headers(PROBLEM_CONTENT).jsonBody(problemBody(401, like("unauthenticated")))),
    async exercise(url) {
      const problem = expectProblem(await getCurrentUser(client(url, "no-such-session")), 401);
      expect(problem.code).toBe("unauthenticated");
    },
  },
  {
    description: "update the current user's job title and phone",
    states: [LOGGED_IN],
    define: (i) =>
      i
        .withRequest("PATCH", "/users/me", (b) =>
          b.headers({ ...AUTHORIZATION, ...JSON_CONTENT }).jsonBody({ jobTitle: "Year 5 teacher", phone: "0113 496 0999" }))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody({ ...user({ jobTitle: "Year 5 teacher" }), phone: like("0113 496 0999") })),
    async exercise(url) {
      const updated = expectOk(await updateCurrentUser(client(url), { jobTitle: "Year 5 teacher", phone: "0113 496 0999" }));
      expect(updated.jobTitle).toBe("Year 5 teacher");
      expect(updated.phone).toBe("0113 496 0999");
    },
  },
  askForMoreTime("the current user asks for more time to book (longer holds)", [LOGGED_IN]),
  // Mid-booking (WCAG 2.2.1): the gateway lengthens the hold already running too. A pact
  // cannot see another resource change; the review page's own hold timer shows it, and the
  // mock's rule is tested in mocks/backend/booking/service.test.ts.
  askForMoreTime("the current user asks for more time while places are held for them (the running hold gets longer too)", [
    LOGGED_IN,
    ["the demo user has an open visit basket at step {step}", { step: "review", payment: "invoice" }],
    ["the demo user's visit basket is held"],
  ]),
  {
    description: "clear the current user's phone and job title",
    states: [LOGGED_IN],
    // An empty string clears title, phone or jobTitle (UserUpdate); the user comes back
    // without them. Pact ignores extra properties in a response, so that the provider
    // omits a cleared field (rather than sending "") is checked by mocks/http-provider.test.ts.
    define: (i) =>
      i
        .withRequest("PATCH", "/users/me", (b) =>
          b.headers({ ...AUTHORIZATION, ...JSON_CONTENT }).jsonBody({ phone: "", jobTitle: "" }))
        .willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody(userWithout("phone", "jobTitle"))),
    async exercise(url) {
      const updated = expectOk(await updateCurrentUser(client(url), { phone: "", jobTitle: "" }));
      expect(updated).toEqual(reify(userWithout("phone", "jobTitle")));
      expect(updated).not.toHaveProperty("phone");
      expect(updated).not.toHaveProperty("jobTitle");
    },
  },
  {
    description: "update the current user with a blank first name and an invalid phone",
    states: [LOGGED_IN],
    // Valid against UserUpdate (minLength 1, maxLength 30) but refused by the gateway's rules.
    define: (i) =>
      i
        .withRequest("PATCH", "/users/me", (b) =>
          b.headers({ ...AUTHORIZATION, ...JSON_CONTENT }).jsonBody({ firstName: "   ", phone: "12345" }))
        .willRespondWith(422, (b) =>
          b.headers(PROBLEM_CONTENT).jsonBody(
            problemBody(422, like("validation_failed"), {
              errors: arrayContaining(
                { field: "firstName", message: like("Enter your first name") },
                { field: "phone", message: like("Enter a UK phone number") },
              ),
            }),
          )),
    async exercise(url) {
      const problem = expectProblem(await updateCurrentUser(client(url), { firstName: "   ", phone: "12345" }), 422);
      expect(fieldErrors(problem)).toEqual({ firstName: "Enter your first name", phone: "Enter a UK phone number" });
    },
  },
  {
    description: "list the current user's associations",
    states: [LOGGED_IN],
    define: (i) =>
      i
        .withRequest("GET", "/users/me/associations", (b) => b.headers(AUTHORIZATION))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            items: eachLike({
              organisation: organisationSummary,
              status: oneOf(["pending", "approved"], "approved"),
              role: oneOf(["lead", "member"], "lead"),
              requestedAt: instant("2025-03-28T10:00:00.000Z"),
            }),
          })),
    async exercise(url) {
      const { items } = expectOk(await listMyAssociations(client(url)));
      expect(items).toHaveLength(1);
      expect(items[0]?.organisation.name).toBe("Riverside Primary School");
      expect(items[0]?.status).toBe("approved");
    },
  },
  {
    description: "get the current user's organisation",
    // The demo user's organisation: its id is the provider's, returned by the login state.
    states: [LOGGED_IN],
    define: (i) =>
      i
        .withRequest("GET", fromState("/organisations/${organisationId}", { organisationId: "org-1001" }), (b) => b.headers(AUTHORIZATION))
        .willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody(organisation)),
    async exercise(url) {
      const found = expectOk(await getOrganisation(client(url), "org-1001"));
      expect(found).toEqual(reify(organisation));
      expect(found.address.postcode).toBe("LS11 5PQ");
    },
  },
  {
    description: "get an organisation that does not exist",
    states: [LOGGED_IN, ["no organisation has id {organisationId}", { organisationId: "org-0000" }]],
    define: (i) =>
      i
        .withRequest("GET", "/organisations/org-0000", (b) => b.headers(AUTHORIZATION))
        .willRespondWith(404, (b) => b.headers(PROBLEM_CONTENT).jsonBody(problemBody(404, like("not_found")))),
    async exercise(url) {
      expect(expectProblem(await getOrganisation(client(url), "org-0000"), 404).code).toBe("not_found");
    },
  },
  {
    description: "list the first page of upcoming orders",
    states: [LOGGED_IN, ["the demo user has orders"]],
    define: (i) =>
      i
        .withRequest("GET", "/orders", (b) =>
          b.headers(AUTHORIZATION).query({ when: "upcoming", page: "1", pageSize: "10" }))
        .willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody(upcomingFirstPage)),
    async exercise(url) {
      const page = expectOk(await listOrders(client(url), { when: "upcoming", page: 1, pageSize: 10 }));
      expect(page).toEqual(reify(upcomingFirstPage));
      expect(page.items[0]?.total.currency).toBe("GBP");
    },
  },
  {
    description: "list the first page of past orders",
    states: [LOGGED_IN, ["the demo user has orders"]],
    define: (i) =>
      i
        .withRequest("GET", "/orders", (b) => b.headers(AUTHORIZATION).query({ when: "past", page: "1", pageSize: "10" }))
        .willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody(pastFirstPage)),
    async exercise(url) {
      const page = expectOk(await listOrders(client(url), { when: "past", page: 1, pageSize: 10 }));
      expect(page.items).toHaveLength(1);
      expect(page.items[0]?.visitDate).toBe("2025-11-20");
    },
  },
  {
    description: "list upcoming orders when there are none",
    states: [LOGGED_IN, ["the demo user has no orders"]],
    define: (i) =>
      i
        .withRequest("GET", "/orders", (b) =>
          b.headers(AUTHORIZATION).query({ when: "upcoming", page: "1", pageSize: "10" }))
        .willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody(emptyPage)),
    async exercise(url) {
      const page = expectOk(await listOrders(client(url), { when: "upcoming", page: 1, pageSize: 10 }));
      expect(page).toEqual({ items: [], page: 1, pageSize: 10, totalItems: 0, totalPages: 0 });
    },
  },
  {
    description: "get one of the current user's orders",
    // An upcoming order of the demo user's organisation, whose id the state returns.
    states: [LOGGED_IN, ["the demo user has orders"]],
    define: (i) =>
      i
        .withRequest("GET", fromState("/orders/${orderId}", { orderId: "ord-5001" }), (b) => b.headers(AUTHORIZATION))
        .willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody(order)),
    async exercise(url) {
      const found = expectOk(await getOrder(client(url), "ord-5001"));
      expect(found).toEqual(reify(order));
      expect(found.lines[0]?.total.amount).toBe(13500);
    },
  },
  {
    description: "get an order that does not exist",
    states: [LOGGED_IN, ["no order has id {orderId}", { orderId: "ord-0000" }]],
    define: (i) =>
      i
        .withRequest("GET", "/orders/ord-0000", (b) => b.headers(AUTHORIZATION))
        .willRespondWith(404, (b) => b.headers(PROBLEM_CONTENT).jsonBody(problemBody(404, like("not_found")))),
    async exercise(url) {
      expect(expectProblem(await getOrder(client(url), "ord-0000"), 404).code).toBe("not_found");
    },
  },
  {
    description: "subscribe an email address to the newsletter",
    // Needs no session.
    states: [["{email} is not subscribed to the newsletter", { email: NEW_SUBSCRIBER }]],
    define: (i) =>
      i
        .withRequest("POST", "/newsletter/subscriptions", (b) =>
          b.headers(JSON_CONTENT).jsonBody({ email: NEW_SUBSCRIBER, consent: true }))
        .willRespondWith(202, (b) => b.headers(JSON_CONTENT).jsonBody(ACCEPTED_BODY)),
    async exercise(url) {
      const result = await subscribeToNewsletter(client(url, null), { email: NEW_SUBSCRIBER, consent: true });
      expect(expectOk(result)).toEqual(reify(ACCEPTED_BODY));
    },
  },
  {
    description: "subscribe an email address that is already subscribed to the newsletter",
    // The same answer as for a new address, so a signup never reveals who is on the list.
    states: [["{email} is subscribed to the newsletter", { email: EXISTING_SUBSCRIBER }]],
    define: (i) =>
      i
        .withRequest("POST", "/newsletter/subscriptions", (b) =>
          b.headers(JSON_CONTENT).jsonBody({ email: EXISTING_SUBSCRIBER, consent: true }))
        .willRespondWith(202, (b) => b.headers(JSON_CONTENT).jsonBody(ACCEPTED_BODY)),
    async exercise(url) {
      const result = await subscribeToNewsletter(client(url, null), { email: EXISTING_SUBSCRIBER, consent: true });
      expect(expectOk(result)).toEqual(reify(ACCEPTED_BODY));
    },
  },
  // Registration, password reset, organisation updates and associations.
  ...gatewayAccountCases,
  ...gatewayRegistrationCases,
];
