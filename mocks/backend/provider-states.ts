import { randomUUID } from "node:crypto";
import { createSite } from "./cms-content";
import { BOOKING_PROVIDER_STATES, applyBookingProviderState } from "./booking/provider-states";
import { OUTREACH_PROVIDER_STATES, applyOutreachProviderState, isOutreachProviderState } from "./booking/outreach-provider-states";
import { createGroupTypes, createRegistrationTerms } from "./cms-registration";
import type { Backend } from "./index";
import { hashPassword } from "./passwords";
import { DEMO_USER, createSeed } from "./seed";

/**
 * Provider states the pact files may name; pacts/provider-states.json specifies each for
 * provider teams (what it means in backend terms, its params, the values it returns) and
 * docs/decisions/0016-pacts-as-artefacts.md says why. A `{param}` placeholder is read from
 * the state's params, or from the name itself when a consumer wrote the value in. Ids a
 * real backend generates (organisations, baskets, orders, payments, reset tokens) are not
 * params: each state picks or makes them and returns them, and the pacts inject them into
 * requests with fromProviderState. Some states still accept such an id as an optional
 * param: a convenience for this repository's own tests, never used by the pacts.
 */
export const PROVIDER_STATES = [
  "the demo user exists",
  "the demo user is logged in",
  "the demo user has orders",
  "the demo user has no orders",
  "an organisation exists that the demo user does not belong to",
  "no organisation has id {organisationId}",
  "no order has id {orderId}",
  "no basket has id {basketId}",
  "no payment has id {paymentId}",
  "no venue has id {venueId}",
  "no user has email {email}",
  "login attempts for {email} are rate limited",
  "{email} is not subscribed to the newsletter",
  "{email} is subscribed to the newsletter",
  "the CMS has published site content",
  "the CMS has a home page",
  "no CMS page has slug {slug}",
  "the demo user is a member, not the lead, of another organisation",
  "the demo user has asked to join another organisation",
  "a password reset token exists for the demo user",
  "the CMS has published group types",
  "the CMS has published {termsKind} terms",
  "the registration terms in force are version {version}",
  "password reset requests for {email} are rate limited",
  "setting a new password for the demo user is rate limited",
  "registrations for {email} are rate limited",
  "a tour operator with company number {companyNumber} is registered",
  "{email} has asked to register and join another organisation, and not yet followed the emailed link",
  "no registration request has token {registrationToken}",
  // Booking: availability, baskets, holds, checkout, payments, order changes (booking/provider-states.ts).
  ...BOOKING_PROVIDER_STATES,
  // Outreach: eligibility, the team's calendar, outreach baskets and orders (booking/outreach-provider-states.ts).
  ...OUTREACH_PROVIDER_STATES,
] as const;

export type ProviderStateName = (typeof PROVIDER_STATES)[number];

/** The organisation the mock picks as "another organisation": St Aidan's, a seeded school. */
const OTHER_ORGANISATION_ID = "org-1002";

/** Values handed back to the verifier (Pact provider-state injected values). */
export type ProviderStateResult = Record<string, unknown>;

type Params = Record<string, unknown>;

const templates = PROVIDER_STATES.map((template) => {
  const keys: string[] = [];
  const source = template
    .split(/(\{\w+\})/)
    .map((part) => {
      const key = /^\{(\w+)\}$/.exec(part)?.[1];
      if (key) {
        keys.push(key);
        return "(.+)";
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("");
  return { template, keys, pattern: new RegExp(`^${source}$`) };
});

export function matchProviderState(
  name: string,
  params: Params = {},
): { state: ProviderStateName; params: Params } | undefined {
  for (const { template, keys, pattern } of templates) {
    if (name === template) return { state: template, params };
    const match = pattern.exec(name);
    if (match) {
      const fromName = Object.fromEntries(keys.map((k, i) => [k, match[i + 1]]));
      return { state: template, params: { ...fromName, ...params } };
    }
  }
  return undefined;
}

export function applyProviderState(backend: Backend, name: string, rawParams: Params = {}): ProviderStateResult {
  const matched = matchProviderState(name, rawParams);
  if (!matched) throw new Error(`Unknown provider state "${name}". Known: ${PROVIDER_STATES.join("; ")}`);
  const { state, params } = matched;
  const s = backend.state;
  const text = (key: string): string | undefined => {
    const value = params[key];
    return typeof value === "string" && value !== "" ? value : undefined;
  };
  const required = (key: string): string => {
    const value = text(key);
    if (!value) throw new Error(`Provider state "${state}" needs params.${key}`);
    return value;
  };

  switch (state) {
    case "the demo user exists":
      ensureDemoUser(backend);
      return { userId: DEMO_USER.id, email: DEMO_USER.email, organisationId: DEMO_USER.organisationId };

    case "the demo user is logged in": {
      // A session of the provider's own (the pacts inject the token returned); a `token`
      // param is a convenience for this repository's tests, never sent by the pacts.
      ensureDemoUser(backend);
      const { token } = backend.createSession(DEMO_USER.id, text("token") ?? randomUUID());
      return { token, userId: DEMO_USER.id, organisationId: DEMO_USER.organisationId };
    }

    case "the demo user has orders": {
      ensureDemoUser(backend);
      const orderId = text("orderId");
      if (orderId && !s.orders.has(orderId)) {
        // Copy a seeded order of the demo school: past or upcoming as asked.
        const templateId = params.when === "past" ? "ord-5005" : "ord-5001";
        const template = createSeed(backend.today()).orders.find((o) => o.id === templateId);
        if (!template) throw new Error(`Seed order ${templateId} is missing`);
        s.orders.set(orderId, { ...template, id: orderId });
      }
      // The first upcoming order of the demo school (the seed has several).
      const today = backend.today();
      const upcoming = [...s.orders.values()]
        .filter((o) => o.organisation.id === DEMO_USER.organisationId && o.visitDate >= today)
        .map((o) => o.id);
      return { orderId: orderId ?? upcoming[0], organisationId: DEMO_USER.organisationId };
    }

    case "the demo user has no orders":
      ensureDemoUser(backend);
      for (const [id, order] of s.orders) {
        if (order.organisation.id === DEMO_USER.organisationId) s.orders.delete(id);
      }
      return {};

    case "an organisation exists that the demo user does not belong to": {
      const organisationId = ensureOrganisation(backend, text("organisationId") ?? OTHER_ORGANISATION_ID);
      s.associations = s.associations.filter((a) => !(a.userId === DEMO_USER.id && a.organisationId === organisationId));
      return { otherOrganisationId: organisationId };
    }

    case "no organisation has id {organisationId}": {
      const organisationId = required("organisationId");
      s.organisations.delete(organisationId);
      s.associations = s.associations.filter((a) => a.organisationId !== organisationId);
      return { organisationId };
    }

    case "no order has id {orderId}": {
      const orderId = required("orderId");
      s.orders.delete(orderId);
      return { orderId };
    }

    case "no basket has id {basketId}": {
      const basketId = required("basketId");
      s.booking.baskets.delete(basketId);
      return { basketId };
    }

    case "no payment has id {paymentId}": {
      const paymentId = required("paymentId");
      s.booking.payments.delete(paymentId);
      return { paymentId };
    }

    case "no venue has id {venueId}": {
      const venueId = required("venueId");
      s.venues = s.venues.filter((v) => v.id !== venueId);
      return { venueId };
    }

    case "no registration request has token {registrationToken}": {
      const registrationToken = required("registrationToken");
      s.pendingRegistrations.delete(registrationToken);
      return { registrationToken };
    }

    case "no user has email {email}": {
      const email = required("email").toLowerCase();
      for (const [id, record] of s.users) {
        if (record.user.email.toLowerCase() !== email) continue;
        s.users.delete(id);
        s.associations = s.associations.filter((a) => a.userId !== id);
        for (const [token, session] of s.sessions) if (session.userId === id) s.sessions.delete(token);
      }
      return { email };
    }

    case "login attempts for {email} are rate limited": {
      const email = required("email");
      backend.exhaustLoginAttempts(email);
      return { email };
    }

    case "{email} is not subscribed to the newsletter": {
      const email = required("email");
      s.newsletterSubscribers.delete(newsletterKey(email));
      return { email };
    }

    case "{email} is subscribed to the newsletter": {
      const email = required("email");
      s.newsletterSubscribers.add(newsletterKey(email));
      return { email };
    }

    case "the CMS has published site content":
      // The seeded site furniture (title, navigation, cookie notice, newsletter blurb).
      s.site = createSite();
      return { title: s.site.title };

    case "the CMS has a home page":
      if (!s.pages.has("home")) throw new Error("The seeded CMS has no home page");
      return { slug: "home" };

    case "no CMS page has slug {slug}": {
      const slug = required("slug");
      s.pages.delete(slug);
      return { slug };
    }

    case "the demo user is a member, not the lead, of another organisation":
    case "the demo user has asked to join another organisation": {
      ensureDemoUser(backend);
      const organisationId = ensureOrganisation(backend, text("organisationId") ?? OTHER_ORGANISATION_ID);
      s.associations = s.associations.filter((a) => !(a.userId === DEMO_USER.id && a.organisationId === organisationId));
      const pending = state === "the demo user has asked to join another organisation";
      s.associations.push({
        userId: DEMO_USER.id, organisationId, status: pending ? "pending" : "approved", role: "member",
        requestedAt: new Date().toISOString(),
      });
      return { otherOrganisationId: organisationId };
    }

    case "{email} has asked to register and join another organisation, and not yet followed the emailed link": {
      // As requestRegistration leaves it (a school teacher, Sam Okoye, joining another
      // organisation under the registration terms in force); the link's token is returned.
      const email = required("email");
      const organisationId = ensureOrganisation(backend, OTHER_ORGANISATION_ID);
      const registrationToken = backend.pendRegistration({
        groupType: "education",
        user: { email, password: "correct horse battery staple", title: "Mr", firstName: "Sam", lastName: "Okoye", phone: "0113 496 0777", jobTitle: "Year 6 teacher", marketingConsent: false },
        organisationId,
        acceptedTermsVersion: s.currentTerms.get("registration")?.version,
      }, text("registrationToken"));
      return { registrationToken, otherOrganisationId: organisationId };
    }

    case "a password reset token exists for the demo user": {
      ensureDemoUser(backend);
      return { resetToken: backend.issueResetToken(DEMO_USER.id, text("token")) };
    }

    case "the CMS has published group types":
      s.groupTypes = createGroupTypes();
      return { count: s.groupTypes.length };

    case "the registration terms in force are version {version}": {
      // The gateway accepts a registration only under the terms in force (the CMS's current version).
      const version = required("version");
      s.currentTerms.set("registration", { ...createRegistrationTerms(), version });
      return { version };
    }

    case "password reset requests for {email} are rate limited": {
      const email = required("email");
      backend.rateLimit("password-reset", email);
      return { email };
    }

    case "setting a new password for the demo user is rate limited":
      ensureDemoUser(backend);
      backend.rateLimit("password-reset-completion", DEMO_USER.id);
      return { userId: DEMO_USER.id };

    case "registrations for {email} are rate limited": {
      const email = required("email");
      backend.rateLimit("registration", email);
      return { email };
    }

    case "a tour operator with company number {companyNumber} is registered": {
      // A seeded tour operator with the number, else a copy of one (org-3001) under a new id.
      const companyNumber = required("companyNumber");
      const registered = [...s.organisations.values()]
        .find((o) => o.groupType === "tour-operator" && o.companyNumber === companyNumber);
      if (registered) return { companyNumber, organisationId: registered.id };
      const template = s.organisations.get("org-3001");
      if (!template) throw new Error("Seed organisation org-3001 is missing");
      const organisationId = `org-${randomUUID().slice(0, 8)}`;
      s.organisations.set(organisationId, { ...template, id: organisationId, companyNumber });
      return { companyNumber, organisationId };
    }

    case "the CMS has published {termsKind} terms": {
      const kind = required("termsKind");
      if (!s.currentTerms.has(kind)) throw new Error(`The seeded CMS has no ${kind} terms`);
      return { termsKind: kind, version: s.currentTerms.get(kind)!.version };
    }

    default:
      return isOutreachProviderState(state)
        ? applyOutreachProviderState(backend, state, params)
        : applyBookingProviderState(backend, state, params);
  }
}

/** An organisation with this id: the seeded one, or a copy of a seeded school under the id. */
function ensureOrganisation(backend: Backend, organisationId: string): string {
  const s = backend.state;
  if (!s.organisations.has(organisationId)) {
    const template = s.organisations.get("org-1002");
    if (!template) throw new Error("Seed organisation org-1002 is missing");
    s.organisations.set(organisationId, { ...template, id: organisationId });
  }
  return organisationId;
}

/** Subscribers are stored as the signup validation leaves them: trimmed, lower case. */
function newsletterKey(email: string): string {
  return email.trim().toLowerCase();
}

/** Restores the demo user if a previous state in the same interaction removed it. */
function ensureDemoUser(backend: Backend): void {
  const s = backend.state;
  if (s.users.has(DEMO_USER.id)) return;
  const seed = createSeed(backend.today());
  const seeded = seed.users.find((u) => u.user.id === DEMO_USER.id);
  if (!seeded) throw new Error("Seed has no demo user");
  s.users.set(DEMO_USER.id, { user: seeded.user, passwordHash: hashPassword(seeded.password) });
  for (const association of seed.associations.filter((a) => a.userId === DEMO_USER.id)) {
    s.associations.push(association);
  }
}
