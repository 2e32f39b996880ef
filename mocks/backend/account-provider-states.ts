import { randomUUID } from "node:crypto";
import type { Backend } from "./index";
import {
  OTHER_ORGANISATION_ID, ensureDemoUser, ensureOrganisation, paramReaders, type Params,
} from "./provider-state-support";
import { DEMO_USER } from "./seed";

// Provider states of the account interactions (specified for provider teams in
// pacts/provider-states.json): memberships of other organisations, registrations waiting
// for their link, password reset tokens, and the rate limits of login, password reset and
// registration. provider-states.ts lists them with the others and hands them here.

export const ACCOUNT_PROVIDER_STATES = [
  "an organisation exists that the demo user does not belong to",
  "the demo user is a member, not the lead, of another organisation",
  "the demo user has asked to join another organisation",
  "a password reset token exists for the demo user",
  "login attempts for {email} are rate limited",
  "password reset requests for {email} are rate limited",
  "setting a new password for the demo user is rate limited",
  "registrations for {email} are rate limited",
  "a tour operator with company number {companyNumber} is registered",
  "{email} has asked to register and join another organisation, and not yet followed the emailed link",
] as const;

export type AccountProviderStateName = (typeof ACCOUNT_PROVIDER_STATES)[number];

export function isAccountProviderState(name: string): name is AccountProviderStateName {
  return (ACCOUNT_PROVIDER_STATES as readonly string[]).includes(name);
}

export function applyAccountProviderState(
  backend: Backend, state: AccountProviderStateName, params: Params,
): Record<string, unknown> {
  const s = backend.state;
  const { text, required } = paramReaders(state, params);

  switch (state) {
    case "an organisation exists that the demo user does not belong to": {
      const organisationId = ensureOrganisation(backend, text("organisationId") ?? OTHER_ORGANISATION_ID);
      s.associations = s.associations.filter((a) => !(a.userId === DEMO_USER.id && a.organisationId === organisationId));
      return { otherOrganisationId: organisationId };
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

    case "login attempts for {email} are rate limited": {
      const email = required("email");
      backend.exhaustLoginAttempts(email);
      return { email };
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
  }
}
