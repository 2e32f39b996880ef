import { afterAll, describe, expect, it } from "vitest";
import { summaryChangeLinks, OUTREACH_PATHS } from "../../app/outreach/steps";
import { GROUP_TYPES } from "../../app/organisations/group-types";
import { saveDraft } from "../../app/registration/draft.server";
import { registrationChangeLinks, registrationPath } from "../../app/registration/steps";
import { EMBEDDED_CMS_URL, EMBEDDED_GATEWAY_URL } from "../../app/runtime/config.server";
import { DEMO_USER } from "../../mocks/backend";
import { startEmbeddedBackend } from "../../mocks/server";
import { text } from "../support/booking-pages";
import { createHarness, type Harness, type Page } from "../support/route-harness";

// The summary and review pages other than the booking review (which the model run checks
// for every group type: tests/flows/one-view-of-a-booking.test.tsx) show the change links
// their flow's steps table gives, and each opens its step rather than sending the user on.

const embedded = startEmbeddedBackend({ gatewayBaseUrl: EMBEDDED_GATEWAY_URL, cmsBaseUrl: EMBEDDED_CMS_URL, onUnhandledRequest: "error" });
afterAll(() => embedded.close());

/** Each link opens its own page: 200, no redirect. */
async function expectEachOpens(h: Harness, hrefs: readonly string[]) {
  for (const href of hrefs) {
    const page = await h.get(href);
    expect({ href, status: page.status, redirectedTo: page.location }).toEqual({ href, status: 200, redirectedTo: null });
  }
}

const linksIn = (page: Page, selector: string) => [...page.document!.querySelectorAll(selector)].map((a) => ({ label: text(a), href: a.getAttribute("href") }));

describe("the outreach summary", () => {
  it("shows a change link for each step its table lists, each opening that step", async () => {
    embedded.backend.applyProviderState("the demo user's organisation is eligible for outreach");
    embedded.backend.applyProviderState("the demo user has an open outreach basket at step {step}", { step: "payment" });
    const h = await createHarness();
    const login = await h.post("/login", { email: DEMO_USER.email, password: DEMO_USER.password, redirectTo: "/account" });
    expect(login.location).toBe("/account");
    const summary = await h.get(OUTREACH_PATHS.summary);
    expect(summary.status).toBe(200);
    const expected = summaryChangeLinks().map(({ label, href }) => ({ label, href }));
    expect(linksIn(summary, ".change-link a")).toEqual(expected);
    await expectEachOpens(h, expected.map((l) => l.href));
    h.close();
  }, 60_000);
});

/** An organisation of each group type in the seed, to join. */
const SEEDED: Record<(typeof GROUP_TYPES)[number], string> = {
  education: "org-1001",
  "home-education": "org-2001",
  "tour-operator": "org-3001",
  "other-group": "org-4001",
};

describe.each(GROUP_TYPES)("a %s registration's review", (group) => {
  it("shows a change link for each part, from the registration steps, each opening its step", async () => {
    const h = await createHarness();
    const user = {
      title: "", firstName: "Ada", lastName: "Lovelace", email: `ada.${group}@example.org`, phone: "", jobTitle: "",
      password: "lantern meadow quiet river", marketingConsent: false,
    };
    h.setCookie(await saveDraft({ group, organisationId: SEEDED[group], user }));
    const review = await h.get(registrationPath(group, "review"));
    expect(review.status).toBe(200);
    const links = registrationChangeLinks(group, "join");
    const shown = linksIn(review, ".registration-detail a").map((l) => l.href);
    expect(shown).toEqual([links.groupType, links.organisation, links.user]);
    await expectEachOpens(h, shown.map(String));
    h.close();
  }, 60_000);
});
