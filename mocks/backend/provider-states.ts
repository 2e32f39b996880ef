import { randomUUID } from "node:crypto";
import { ACCOUNT_PROVIDER_STATES, applyAccountProviderState, isAccountProviderState } from "./account-provider-states";
import { BOOKING_PROVIDER_STATES, applyBookingProviderState } from "./booking/provider-states";
import { OUTREACH_PROVIDER_STATES, applyOutreachProviderState, isOutreachProviderState } from "./booking/outreach-provider-states";
import { CMS_PROVIDER_STATES, applyCmsProviderState, isCmsProviderState } from "./cms-provider-states";
import type { Backend } from "./index";
import { ensureDemoUser, paramReaders, type Params } from "./provider-state-support";
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
  "no organisation has id {organisationId}",
  "no order has id {orderId}",
  "no basket has id {basketId}",
  "no payment has id {paymentId}",
  "no venue has id {venueId}",
  "no user has email {email}",
  "{email} is not subscribed to the newsletter",
  "{email} is subscribed to the newsletter",
  "no registration request has token {registrationToken}",
  // Accounts: memberships, registrations, password resets, rate limits (account-provider-states.ts).
  ...ACCOUNT_PROVIDER_STATES,
  // The CMS's content: site, pages, group types, terms (cms-provider-states.ts).
  ...CMS_PROVIDER_STATES,
  // Booking: availability, baskets, holds, checkout, payments, order changes (booking/provider-states.ts).
  ...BOOKING_PROVIDER_STATES,
  // Outreach: eligibility, the team's calendar, outreach baskets and orders (booking/outreach-provider-states.ts).
  ...OUTREACH_PROVIDER_STATES,
] as const;

export type ProviderStateName = (typeof PROVIDER_STATES)[number];

/** Values handed back to the verifier (Pact provider-state injected values). */
export type ProviderStateResult = Record<string, unknown>;

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
  const { text, required } = paramReaders(state, params);

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

    default:
      if (isAccountProviderState(state)) return applyAccountProviderState(backend, state, params);
      if (isCmsProviderState(state)) return applyCmsProviderState(backend, state, params);
      return isOutreachProviderState(state)
        ? applyOutreachProviderState(backend, state, params)
        : applyBookingProviderState(backend, state, params);
  }
}

/** Subscribers are stored as the signup validation leaves them: trimmed, lower case. */
function newsletterKey(email: string): string {
  return email.trim().toLowerCase();
}
