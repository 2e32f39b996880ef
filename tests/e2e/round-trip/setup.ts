import type { APIResponse, Page } from "@playwright/test";
import { DEMO, expect } from "../fixtures";
import { uniqueEmail } from "../registration-support";

// Preconditions of the round trips, set up with plain form posts through the page's own
// cookie jar (page.request): quick, and the same with JavaScript on or off. What is
// checked afterwards runs in the page.

export const PASSWORD = "lantern meadow quiet river";

export type NewGroup = "home-education" | "other-group" | "tour-operator";

const ORGANISATIONS: Record<NewGroup, Record<string, string>> = {
  // In the outreach region (Leeds), so it may also book outreach (docs/requirements.md §8.7).
  "home-education": { name: "Chapel Allerton Home Learners", numberOfFamilies: "9" },
  "other-group": { name: "Kirkstall Ramblers", description: "A walking club that visits museums on rainy days." },
  "tour-operator": { name: "Aire Heritage Tours Ltd", companyNumber: "87654321", countryOfOperation: "GB" },
};

/** A form post as the browser would send it (same origin), through the page's cookies. */
export async function post(page: Page, url: string, form: Record<string, string>): Promise<APIResponse> {
  const origin = new URL(page.url() === "about:blank" ? url : page.url(), url).origin;
  return page.request.post(url, { form, headers: { Origin: origin }, maxRedirects: 0 });
}

function expectRedirect(response: APIResponse, to: RegExp, what: string) {
  expect(response.status(), `${what}: ${response.status()}`).toBe(302);
  expect(response.headers().location, what).toMatch(to);
}

/** The first `steps` steps of a registration saved (1: the organisation, 2: and the user); returns the user's email. */
export async function saveRegistrationSteps(page: Page, baseURL: string, group: NewGroup, steps: 1 | 2): Promise<string> {
  // Registering is for visitors who are not logged in: a user of an earlier page of the test logs out.
  await post(page, new URL("/logout", baseURL).href, {});
  const email = uniqueEmail(`round.trip.${group}`);
  const at = (p: string) => new URL(`/registration/${group}/${p}`, baseURL).href;
  expectRedirect(
    await post(page, at("organisation/edit"), { ...ORGANISATIONS[group], line1: "2 Harrogate Road", town: "Leeds", postcode: "LS7 3PD", phone: "0113 496 0555" }),
    /user\/edit$/,
    "the organisation saved",
  );
  if (steps === 1) return email;
  expectRedirect(
    await post(page, at("user/edit"), { title: "", firstName: "Robin", lastName: "Tripp", email, password: PASSWORD, phone: "", jobTitle: "" }),
    /review$/,
    "the user saved",
  );
  return email;
}

/**
 * A registration asked for, its steps saved: the emailed link's path. Registering sends an
 * email (the same answer for any address, ADR 30); the embedded default shows its link on the page.
 */
export async function requestRegistration(page: Page, baseURL: string, group: NewGroup): Promise<{ email: string; link: string }> {
  const email = await saveRegistrationSteps(page, baseURL, group, 2);
  const review = new URL(`/registration/${group}/review`, baseURL).href;
  const termsVersion = /name="termsVersion" value="([^"]+)"/.exec(await (await page.request.get(review)).text())?.[1];
  if (!termsVersion) throw new Error("no terms version on the review page");
  const sent = await post(page, review, { termsVersion, acceptTerms: "on" });
  expect(sent.status(), "the registration asked for").toBe(200);
  const link = /\/registration\/confirm\/[\w-]+/.exec(await sent.text())?.[0];
  if (!link) throw new Error("the registration's page shows no emailed link");
  return { email, link };
}

/** A new user, lead of a new organisation (approved at once), logged in through the emailed link; returns the email. */
export async function registerFresh(page: Page, baseURL: string, group: NewGroup): Promise<string> {
  const { email, link } = await requestRegistration(page, baseURL, group);
  expectRedirect(await post(page, new URL(link, baseURL).href, {}), /\/account$/, "registered");
  return email;
}

/** Logs in as a seeded user (they share the demo password). */
export async function logInWithPost(page: Page, baseURL: string, email: string): Promise<void> {
  expectRedirect(await post(page, new URL("/login", baseURL).href, { email, password: DEMO.password, redirectTo: "/account" }), /\/account$/, `logged in as ${email}`);
}
