import { randomBytes } from "node:crypto";
import { hashPassword, passwordProblem } from "./passwords";
import { summariseOrganisation } from "./seed";
import { applyOrganisationChanges, validateOrganisation } from "./organisation-rules";
import { invalid, rateLimited, type Outcome } from "./outcomes";
import { registrationOperations } from "./registrations";
import type { Association, AssociationRecord, FieldError, GroupType, Organisation, User, UserRecord } from "./types";
import { isEmail } from "./validation";
import type { BackendState } from "./state";

// Registration, password reset, organisation updates and associations (docs/requirements.md
// §8.1, §8.11): the gateway's rules, as the contract's descriptions state them.

const RESET_TOKEN_MINUTES = 60;

/** An email the embedded default "sends": kept in the backend and handed to `onMail`. */
export interface Mail {
  to: string;
  subject: string;
  /**
   * The site's path the email links to (the gateway builds links from its configuration of
   * the site): a password reset's or a registration confirmation's, with its single-use
   * token, or the log-in page for a note to an account's owner.
   */
  path: string;
  sentAt: string;
}

export interface ResetTokenRecord {
  userId: string;
  expiresAt: Date;
  used: boolean;
}

export interface AccountDeps {
  state: () => BackendState;
  createSession: (userId: string) => { token: string; expiresAt: string };
  findUserByEmail: (email: string) => UserRecord | undefined;
  /** The backend's organisation lookup (seeded, created, or derived by the search seed). */
  getOrganisation: (id: string) => Organisation | undefined;
  /** The current registration terms version (from the CMS content). */
  registrationTermsVersion: () => string | undefined;
  onMail?: ((mail: Mail) => void) | undefined;
  now?: () => Date;
}

/**
 * What the gateway rate-limits besides logins (contract: 429, code `rate_limited`): asking
 * for a password reset and registering, per email address; setting a new password, per
 * account. The gateway's limits and windows are its own; the mock refuses only what a
 * provider state has limited (rateLimit below), so no test trips over a limit by accident.
 */
export type RateLimitedAction = "password-reset" | "password-reset-completion" | "registration";

const rateLimitKey = (action: RateLimitedAction, key: string) => `${action} ${key.trim().toLowerCase()}`;


export function accountOperations(deps: AccountDeps) {
  const now = () => deps.now?.() ?? new Date();
  const s = () => deps.state();

  /** A known organisation; one derived from elsewhere (the search seed) is kept once someone joins it. */
  function findOrganisation(id: string): Organisation | undefined {
    const stored = s().organisations.get(id);
    if (stored) return stored;
    const derived = deps.getOrganisation(id);
    if (derived) s().organisations.set(id, derived);
    return derived;
  }

  function toAssociation(record: AssociationRecord, organisation: Organisation): Association {
    return {
      organisation: summariseOrganisation(organisation),
      status: record.status,
      role: record.role,
      requestedAt: record.requestedAt,
    };
  }

  const associationOf = (userId: string, organisationId: string) =>
    s().associations.find((a) => a.userId === userId && a.organisationId === organisationId);

  function sameIdentifier(groupType: GroupType, candidate: Partial<Organisation>): Organisation | undefined {
    for (const o of s().organisations.values()) {
      if (o.groupType !== groupType) continue;
      if (candidate.urn && o.urn === candidate.urn) return o;
      if (candidate.companyNumber && o.companyNumber === candidate.companyNumber) return o;
    }
    return undefined;
  }

  const isRateLimited = (action: RateLimitedAction, key: unknown) =>
    typeof key === "string" && s().rateLimited.has(rateLimitKey(action, key));

  return {
    /** Refuses the action for the key (an email, or a user id) as rate limited, until the state is reset. */
    rateLimit(action: RateLimitedAction, key: string): void {
      s().rateLimited.add(rateLimitKey(action, key));
    },

    // Registration: at once (deprecated), or on request and confirmation by email (registrations.ts).
    ...registrationOperations(deps, { findOrganisation, sameIdentifier, toAssociation, isRateLimited }),

    /** Always "accepted"; an account's owner gets a single-use link valid for an hour. */
    requestPasswordReset(body: unknown): Outcome<"accepted", "validation_failed" | "rate_limited"> {
      const email = typeof (body as { email?: unknown } | null)?.email === "string" ? (body as { email: string }).email.trim() : "";
      if (isRateLimited("password-reset", email)) return rateLimited();
      if (!isEmail(email)) {
        return invalid([{ field: "email", message: "Enter an email address in the correct format, like name@example.org" }]);
      }
      const record = deps.findUserByEmail(email);
      if (record) {
        const token = randomBytes(24).toString("base64url");
        s().passwordResets.set(token, {
          userId: record.user.id, expiresAt: new Date(now().getTime() + RESET_TOKEN_MINUTES * 60_000), used: false,
        });
        const mail: Mail = { to: record.user.email, subject: "Reset your password", path: `/login/reset/${token}`, sentAt: now().toISOString() };
        s().outbox.push(mail);
        deps.onMail?.(mail);
      }
      return { ok: true, value: "accepted" };
    },

    /** Issues a reset token for a user directly (provider states and tests). */
    issueResetToken(userId: string, token: string = randomBytes(24).toString("base64url")): string {
      s().passwordResets.set(token, { userId, expiresAt: new Date(now().getTime() + RESET_TOKEN_MINUTES * 60_000), used: false });
      return token;
    },

    completePasswordReset(body: unknown): Outcome<null, "validation_failed" | "invalid_reset_token" | "rate_limited"> {
      const input = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
      const token = typeof input.token === "string" ? input.token : "";
      const reset = s().passwordResets.get(token);
      // Limited per account: even a valid token is refused while the account's attempts are.
      if (reset && isRateLimited("password-reset-completion", reset.userId)) return rateLimited();
      const record = reset ? s().users.get(reset.userId) : undefined;
      if (!reset || !record || reset.used || reset.expiresAt.getTime() <= now().getTime()) {
        return {
          ok: false, code: "invalid_reset_token",
          detail: "This password reset link has expired or has been used. Ask for a new one.",
        };
      }
      const problem = passwordProblem(input.password, record.user.email);
      if (problem) return invalid([{ field: "password", message: problem }]);
      record.passwordHash = hashPassword(input.password as string);
      reset.used = true;
      for (const [key, session] of s().sessions) if (session.userId === record.user.id) s().sessions.delete(key);
      s().loginFailures.delete(record.user.email.toLowerCase());
      return { ok: true, value: null };
    },

    /** Lead only (contract updateOrganisation). */
    updateOrganisation(userId: string, organisationId: string, body: unknown): Outcome<Organisation, "not_found" | "not_lead" | "validation_failed"> {
      const organisation = findOrganisation(organisationId);
      if (!organisation) return { ok: false, code: "not_found", detail: "There is no organisation with this id." };
      const association = associationOf(userId, organisationId);
      if (association?.status !== "approved" || association.role !== "lead") {
        return { ok: false, code: "not_lead", detail: "Only the organisation's lead contact can change its details." };
      }
      const changes = validateOrganisation(body, organisation.groupType, { partial: true });
      if (!changes.ok) return invalid(changes.errors);
      const updated = applyOrganisationChanges(organisation, changes.value);
      s().organisations.set(organisationId, updated);
      return { ok: true, value: updated };
    },

    requestAssociation(userId: string, body: unknown): Outcome<Association, "validation_failed" | "not_found" | "already_associated"> {
      const input = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
      const errors: FieldError[] = [];
      if (typeof input.organisationId !== "string" || input.organisationId === "") {
        errors.push({ field: "organisationId", message: "Choose an organisation to join" });
      }
      if (input.message !== undefined && (typeof input.message !== "string" || input.message.length > 1000)) {
        errors.push({ field: "message", message: "Enter a message of 1000 characters or fewer" });
      }
      if (errors.length > 0) return invalid(errors);
      const organisationId = input.organisationId as string;
      const organisation = findOrganisation(organisationId);
      if (!organisation) return { ok: false, code: "not_found", detail: "There is no organisation with this id." };
      if (associationOf(userId, organisationId)) {
        return { ok: false, code: "already_associated", detail: `You have already asked to join ${organisation.name}, or belong to it.` };
      }
      const record: AssociationRecord = {
        userId, organisationId, status: "pending", role: "member", requestedAt: now().toISOString(),
      };
      s().associations.push(record);
      return { ok: true, value: toAssociation(record, organisation) };
    },

    leaveAssociation(userId: string, organisationId: string): Outcome<null, "not_found" | "last_lead"> {
      const association = associationOf(userId, organisationId);
      if (!association) return { ok: false, code: "not_found", detail: "You do not belong to this organisation." };
      const others = s().associations.filter((a) => a.organisationId === organisationId && a.userId !== userId);
      const otherLeads = others.filter((a) => a.role === "lead" && a.status === "approved");
      if (association.role === "lead" && association.status === "approved" && otherLeads.length === 0 && others.length > 0) {
        return {
          ok: false, code: "last_lead",
          detail: "You are the organisation's only lead contact. Ask the bookings team to make another member the lead before you leave.",
        };
      }
      s().associations = s().associations.filter((a) => a !== association);
      const record = s().users.get(userId);
      if (record && record.user.currentOrganisationId === organisationId) {
        const next = s()
          .associations.filter((a) => a.userId === userId && a.status === "approved")
          .sort((a, b) => a.requestedAt.localeCompare(b.requestedAt))[0];
        record.user = { ...record.user, currentOrganisationId: next?.organisationId ?? null };
      }
      return { ok: true, value: null };
    },

    setCurrentOrganisation(userId: string, body: unknown): Outcome<User, "validation_failed" | "not_associated" | "association_not_approved"> {
      const organisationId = (body as { organisationId?: unknown } | null)?.organisationId;
      if (typeof organisationId !== "string" || organisationId === "") {
        return invalid([{ field: "organisationId", message: "Choose an organisation" }]);
      }
      const association = associationOf(userId, organisationId);
      if (!association) return { ok: false, code: "not_associated", detail: "You do not belong to this organisation." };
      if (association.status !== "approved") {
        return { ok: false, code: "association_not_approved", detail: "Your request to join this organisation is waiting for approval." };
      }
      const record = s().users.get(userId)!;
      record.user = { ...record.user, currentOrganisationId: organisationId };
      return { ok: true, value: record.user };
    },
  };
}
