import type { Page } from "@playwright/test";
import { ROOT as OUTREACH } from "../outreach-support";
import { freeOrder, groupVisitUntil, hostedPayment, MONTH, outreachUntil, visitUntil, walk } from "./flows";
import { logInWithPost, PASSWORD, post, registerFresh, requestRegistration, saveRegistrationSteps, type NewGroup } from "./setup";

// How to reach the forms of each route with an action (issue 22's round trip, ./suite.ts).
// Every route of the build with an action needs an entry: the test of a route without one
// fails, naming it. Each test sets up its own new user, so the tests never share a basket,
// an order or an organisation, and may run in parallel.

export interface ReachContext {
  page: Page;
  baseURL: string;
  js: boolean;
}

/** A page drawing the forms, and values to type in them instead of derived ones (a login needs real credentials). */
export type Reached = string | { url: string; values: Record<string, string> };

export type Reach =
  | {
      /** Each sets up what the forms need and returns a page that draws them; the forms of one are checked before the next is set up. */
      pages: ((ctx: ReachContext) => Promise<Reached>)[];
      /** The fields are not shown back by design (a login, a signup): the round trip compares two answers instead. */
      sends?: true;
      /** Kinds of form checked after the others, because they end what the others need (leaving, discarding, booking). */
      last?: RegExp;
      /** The test leaves the cookie notice unanswered (its own route). */
      cookieNotice?: true;
      /** Why a second send is refused by design (a one-time link); the round trip then checks that it is. */
      once?: string;
    }
  | { notAForm: string };

/** The page, as a new user (and lead of a new organisation), after `steps` in a JavaScript context. */
const asNewUser =
  (group: NewGroup, steps?: (side: Page) => Promise<string | void>, path?: string) =>
  async (ctx: ReachContext): Promise<string> => {
    await registerFresh(ctx.page, ctx.baseURL, group);
    const walked = steps ? await walk(ctx, steps) : undefined;
    const url = path ?? walked;
    if (!url) throw new Error("no page to check");
    return url;
  };

/** The page, as a seeded user (mocks/backend/seed.ts) that no other test uses. */
const asSeeded = (path: string, email: (js: boolean) => string) => async ({ page, baseURL, js }: ReachContext) => {
  await logInWithPost(page, baseURL, email(js));
  return path;
};

/** A page of registration, after the steps before it were saved. */
const registering = (path: string, saved: 1 | 2, group: NewGroup = "other-group") => async ({ page, baseURL }: ReachContext) => {
  await saveRegistrationSteps(page, baseURL, group, saved);
  return `/registration/${group}/${path}`;
};

/** A new user who is not logged in: their email and password. */
async function loggedOutUser({ page, baseURL }: ReachContext): Promise<string> {
  const email = await registerFresh(page, baseURL, "other-group");
  await post(page, new URL("/logout", baseURL).href, {});
  return email;
}

const visitStep = (path: string, until: Parameters<typeof visitUntil>[1]) => asNewUser("home-education", (side) => visitUntil(side, until), path);
const groupStep = (path: string, until: Parameters<typeof groupVisitUntil>[1]) => asNewUser("other-group", (side) => groupVisitUntil(side, until), path);
/** An outreach step's page, with the step saved (walked until the next one) so that its form shows saved answers. */
const outreachStep = (step: string, until: Parameters<typeof outreachUntil>[1]) =>
  asNewUser("home-education", (side) => outreachUntil(side, until), `${OUTREACH}/${step}`);

export const ROUTES: Record<string, Reach> = {
  "/1/*": { notAForm: "the embedded default's search endpoint (Algolia protocol): the search client posts JSON to it, no form does" },

  "/login": {
    pages: [async (ctx) => ({ url: "/login", values: { email: await loggedOutUser(ctx), password: PASSWORD } })],
    sends: true,
  },
  "/logout": { pages: [asNewUser("other-group", undefined, "/logout")] },
  "/login/forgot": { pages: [async () => "/login/forgot"], sends: true },
  "/login/reset/:token": {
    pages: [
      async (ctx) => {
        const email = await loggedOutUser(ctx);
        const sent = await (await post(ctx.page, new URL("/login/forgot", ctx.baseURL).href, { email })).text();
        const link = /href="([^"]*\/login\/reset\/[^"]+)"/.exec(sent)?.[1];
        if (!link) throw new Error("no reset link on the embedded default's answer");
        const password = "harbour willow amber kite";
        return { url: new URL(link).pathname, values: { password, passwordConfirmation: password } };
      },
    ],
    sends: true,
    once: "a reset link works once: sent again, the page says it has expired",
  },
  "/newsletter": { pages: [async () => "/newsletter"], sends: true },
  "/cookie-consent": { pages: [async () => "/"], cookieNotice: true },

  "/registration/:group/organisation": { pages: [async () => "/registration/education/organisation?q=Primary"] },
  "/registration/:group/organisation/edit": {
    pages: [
      registering("organisation/edit", 1),
      // Picked from the search: the way back to entering the details instead.
      async ({ page, baseURL }) => {
        const search = await (await page.request.get(new URL("/registration/education/organisation?q=Primary", baseURL).href)).text();
        const organisationId = /name="organisationId" value="([^"]+)"/.exec(search)?.[1];
        if (!organisationId) throw new Error("no organisation to pick in the search");
        await post(page, new URL("/registration/education/organisation", baseURL).href, { organisationId });
        return "/registration/education/organisation/edit";
      },
    ],
  },
  "/registration/:group/user/edit": { pages: [registering("user/edit", 2)] },
  // Asking to register says an email was sent, whoever the address is (ADR 30): nothing is shown back.
  "/registration/:group/review": { pages: [registering("review", 2)], sends: true },
  "/registration/confirm/:registrationToken": {
    pages: [async ({ page, baseURL }) => new URL((await requestRegistration(page, baseURL, "other-group")).link, baseURL).pathname],
    sends: true,
    once: "a registration link works once: sent again, the page says it has expired",
  },
  "/session": {
    notAForm: "the session time-out warning's own requests (app/components/session-timeout.tsx): its script posts them and reads JSON; tests/e2e/session-timeout.spec.ts shows them",
  },

  "/account/user/edit": { pages: [asNewUser("other-group", undefined, "/account/user/edit")] },
  "/account/organisation/:organisationId?/edit": { pages: [asNewUser("other-group", undefined, "/account/organisation/edit")] },
  "/account/organisation/:organisationId?/association": {
    pages: [
      // Ask to join another organisation, and leave your own.
      asNewUser("other-group", undefined, "/account/organisation/association"),
      // Act for one organisation or another: a member of two.
      asSeeded("/account/organisation/association", (js) => `round.trip.switch.${js ? "js" : "nojs"}@example.org`),
    ],
    last: /intent=leave/,
  },
  "/account/orders/:orderId": {
    pages: [
      asNewUser("home-education", async (side) => `/account/orders/${await freeOrder(side)}?change=numbers`),
      asNewUser("home-education", async (side) => `/account/orders/${await freeOrder(side)}?change=cancel`),
    ],
    once: "numbers only go up: asked again with no more people, the order says to enter a higher number",
  },
  "/hosted-payment/:paymentId": { pages: [asNewUser("home-education", hostedPayment)] },

  "/account/book/date": {
    pages: [
      asNewUser("home-education", undefined, `/account/book/date?venue=venue-aire-valley-mills&month=${MONTH}`),
      visitStep("/account/book/date", "information"),
    ],
    last: /intent=discard/,
  },
  "/account/book/information": { pages: [visitStep("/account/book/information", "schedule")] },
  "/account/book/schedule": { pages: [visitStep("/account/book/schedule", "payment")] },
  "/account/book/payment": { pages: [visitStep("/account/book/payment", "review")] },
  "/account/book/review": { pages: [visitStep("/account/book/review", "review")], last: /intent=checkout|acceptTerms/ },
  "/account/book/group/activities": { pages: [groupStep("/account/book/group/activities", "capacities")] },
  "/account/book/group/capacities": { pages: [groupStep("/account/book/group/capacities", "details")] },
  "/account/book/group/details": { pages: [groupStep("/account/book/group/details", "payment")] },

  "/account/book/outreach": {
    pages: [
      asNewUser("home-education", undefined, OUTREACH),
      // A request in progress: the way to start a new one instead.
      asNewUser("home-education", (side) => outreachUntil(side, "activities"), OUTREACH),
    ],
  },
  "/account/book/outreach/activities": { pages: [outreachStep("activities", "advisories")] },
  "/account/book/outreach/advisories": { pages: [outreachStep("advisories", "questions")] },
  "/account/book/outreach/questions": { pages: [outreachStep("questions", "schedule")] },
  "/account/book/outreach/schedule": { pages: [outreachStep("schedule", "terms")] },
  "/account/book/outreach/terms": { pages: [outreachStep("terms", "payment")] },
  "/account/book/outreach/payment": { pages: [outreachStep("payment", "payment")] },
};
