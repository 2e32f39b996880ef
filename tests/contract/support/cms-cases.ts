import { expect } from "vitest";
import { createCmsClient } from "../../../app/api/client.server";
import { getCurrentTerms, getPage, getSite, listGroupTypes } from "../../../app/api/cms.server";
import { JSON_CONTENT, PROBLEM_CONTENT, calendarDate, eachLike, expectOk, expectProblem, like, oneOf, problemBody, reify } from "./matchers";
import type { ConsumerCase } from "./pact";

// The CMS interactions of the app: one or more per function in app/api/cms.server.ts.

const client = (baseUrl: string) => createCmsClient({ baseUrl, timeoutMs: 5000 });

const link = (label: string, href: string) => ({ label: like(label), href: like(href) });

const site = {
  title: like("Group visits"),
  tagline: like("School and group visits to West Riding Museums"),
  header: { navigation: eachLike(link("Home", "/")) },
  footer: { navigation: eachLike(link("Accessibility", "/accessibility")), legal: like("© West Riding Museums Trust.") },
  cookieNotice: {
    heading: like("Cookies on Group visits"),
    body: like("<p>We use essential cookies to keep you signed in.</p>"),
    acceptLabel: like("Accept cookies"),
    rejectLabel: like("Reject cookies"),
  },
  newsletter: { heading: like("News for group organisers"), body: like("New workshops, once a month.") },
};

const homePage = {
  slug: like("home"),
  title: like("School and group visits"),
  description: like("Book school trips and group visits."),
  body: like("<h2>Visits for every kind of group</h2><p>General admission is free.</p>"),
  callsToAction: eachLike(link("Book a visit", "/account/book/date")),
};

const groupType = {
  groupType: oneOf(["education", "home-education", "tour-operator", "other-group"], "education"),
  name: like("Schools and colleges"),
  summary: like("Nurseries, primary and secondary schools, academies and colleges."),
  description: like("<p>Curriculum-linked workshops and shows.</p>"),
  registrationIntro: like("<p>Find your school and ask to join it.</p>"),
  bookingIntro: like("<p>Book workshops for your class.</p>"),
  organisationKinds: eachLike("Primary school"),
};

const registrationTerms = {
  kind: like("registration"),
  version: like("registration-2026-01"),
  title: like("Account terms and privacy notice"),
  summary: like("You register on behalf of your organisation."),
  body: like("<h2>Your account</h2><p>Keep your password to yourself.</p>"),
  effectiveFrom: calendarDate("2026-01-01"),
};

export const cmsCases: readonly ConsumerCase[] = [
  {
    description: "list the group types for registration",
    states: [["the CMS has published group types"]],
    define: (i) =>
      i.withRequest("GET", "/group-types").willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody({ items: eachLike(groupType) })),
    async exercise(url) {
      const { items } = expectOk(await listGroupTypes(client(url)));
      expect(items).toEqual([reify(groupType)]);
      expect(items[0]?.groupType).toBe("education");
    },
  },
  {
    description: "get the registration terms in force",
    states: [["the CMS has published {termsKind} terms", { termsKind: "registration" }]],
    define: (i) =>
      i.withRequest("GET", "/terms/registration").willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody(registrationTerms)),
    async exercise(url) {
      const terms = expectOk(await getCurrentTerms(client(url), "registration"));
      expect(terms).toEqual(reify(registrationTerms));
    },
  },
  {
    description: "get the site content",
    states: [["the CMS has published site content"]],
    define: (i) =>
      i.withRequest("GET", "/site").willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody(site)),
    async exercise(url) {
      const content = expectOk(await getSite(client(url)));
      expect(content).toEqual(reify(site));
      expect(content.header.navigation[0]?.href).toBe("/");
    },
  },
  {
    description: "get the home page",
    states: [["the CMS has a home page"]],
    define: (i) =>
      i.withRequest("GET", "/pages/home").willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody(homePage)),
    async exercise(url) {
      const page = expectOk(await getPage(client(url), "home"));
      expect(page).toEqual(reify(homePage));
      expect(page.slug).toBe("home");
    },
  },
  {
    description: "get a page that does not exist",
    states: [["no CMS page has slug {slug}", { slug: "no-such-page" }]],
    define: (i) =>
      i
        .withRequest("GET", "/pages/no-such-page")
        .willRespondWith(404, (b) => b.headers(PROBLEM_CONTENT).jsonBody(problemBody(404, like("not_found")))),
    async exercise(url) {
      expect(expectProblem(await getPage(client(url), "no-such-page"), 404).code).toBe("not_found");
    },
  },
];
