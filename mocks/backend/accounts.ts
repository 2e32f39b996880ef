import { randomBytes, randomUUID } from "node:crypto";
import { hashPassword } from "./passwords";
import { summariseOrganisation } from "./seed";
import { applyOrganisationChanges, regionOf, validateOrganisation, type OrganisationChanges } from "./organisation-rules";
import { groupTypeValues } from "../../generated/gateway";
import type { Association, AssociationRecord, FieldError, GroupType, Organisation, User, UserRecord } from "./types";
import { isEmail, isUkPhone } from "./validation";
import type { BackendState } from "./index";

// Registration, password reset, organisation updates and associations (docs/requirements.md
// §8.1, §8.11): the gateway's rules, as the contract's descriptions state them.

const GROUP_TYPES: readonly GroupType[] = groupTypeValues;
const RESET_TOKEN_MINUTES = 60;

/** An email the embedded default "sends": kept in the backend and handed to `onMail`. */
export interface Mail {
  to: string;
  subject: string;
  /** The single-use token of a password reset link (the site builds the link). */
  resetToken: string;
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

const rateLimited = (): Failure<"rate_limited"> => ({
  ok: false, code: "rate_limited", detail: "Too many attempts. Wait 15 minutes and try again.",
});

type Failure<Code extends string> = { ok: false; code: Code; detail: string; errors?: FieldError[] };
type Outcome<T, Code extends string> = { ok: true; value: T } | Failure<Code>;

const invalid = (errors: FieldError[]): Failure<"validation_failed"> => ({
  ok: false, code: "validation_failed", detail: "Check the highlighted fields.", errors,
});

// The most used passwords of 12+ characters (the real gateway checks a breached-password list).
const COMMON_PASSWORDS = new Set([
  "123456789012", "1234567890123", "12345678901234", "password1234", "password12345", "passwordpassword",
  "qwertyuiopas", "qwerty123456", "iloveyou1234", "111111111111", "000000000000", "abcdefghijkl",
  "abc123abc123", "letmein12345", "welcome12345", "football1234", "qwertyuiop12", "1q2w3e4r5t6y",
  "administrator", "changeme1234", "museumvisit1", "schooltrip12",
]);

/** The password policy of NewUser.password; null when it passes. */
export function passwordProblem(password: unknown, email: string): string | null {
  if (typeof password !== "string" || password === "") return "Enter a password";
  if (password.length > 1024) return "Enter a password of 1024 characters or fewer";
  if (password.length < 12) return "Enter a password of at least 12 characters";
  const lower = password.toLowerCase();
  const name = email.trim().toLowerCase().split("@")[0] ?? "";
  if (
    COMMON_PASSWORDS.has(lower) || /^(.)\1*$/.test(password) ||
    "01234567890123456789".includes(lower) || "abcdefghijklmnopqrstuvwxyz".includes(lower) ||
    "qwertyuiopasdfghjklzxcvbnm".includes(lower) || (name.length >= 4 && lower.includes(name))
  ) {
    return "Choose a password that is harder to guess, such as three random words";
  }
  return null;
}

function validateNewUser(body: unknown): { ok: true; value: Omit<User, "id" | "groupType" | "currentOrganisationId"> & { password: string } } | { ok: false; errors: FieldError[] } {
  const input = (typeof body === "object" && body !== null && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  const errors: FieldError[] = [];
  const fail = (field: string, message: string) => errors.push({ field: `user.${field}`, message });
  const text = (field: string, max: number, blank: string | null) => {
    const raw = input[field];
    if (raw === undefined && !blank) return undefined;
    if (typeof raw !== "string" || (blank && raw.trim() === "")) return void fail(field, blank ?? `Enter ${field} as text`);
    if (raw.trim().length > max) return void fail(field, `Enter ${max} characters or fewer`);
    return raw.trim();
  };
  const email = typeof input.email === "string" ? input.email.trim() : "";
  if (!isEmail(email)) fail("email", "Enter an email address in the correct format, like name@example.org");
  const password = passwordProblem(input.password, email);
  if (password) fail("password", password);
  const firstName = text("firstName", 100, "Enter your first name");
  const lastName = text("lastName", 100, "Enter your last name");
  const title = text("title", 20, null);
  const jobTitle = text("jobTitle", 100, null);
  const phone = text("phone", 30, null);
  if (phone && !isUkPhone(phone)) fail("phone", "Enter a UK phone number, like 0113 496 0000 or +44 113 496 0000");
  if (typeof input.marketingConsent !== "boolean") fail("marketingConsent", "Say whether you want to hear from us");
  if (errors.length > 0 || firstName === undefined || lastName === undefined) return { ok: false, errors };
  return {
    ok: true,
    value: {
      email: email.toLowerCase(),
      password: input.password as string,
      firstName,
      lastName,
      ...(title ? { title } : {}),
      ...(jobTitle ? { jobTitle } : {}),
      ...(phone ? { phone } : {}),
      marketingConsent: input.marketingConsent as boolean,
    },
  };
}

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

    /**
     * One call for the whole registration: an account and either a pending request to
     * join `organisationId` or a new organisation led by the user (contract createRegistration).
     */
    createRegistration(body: unknown): Outcome<
      { token: string; expiresAt: string; user: User; association: Association },
      "validation_failed" | "email_registered" | "organisation_exists" | "organisation_not_found" | "rate_limited"
    > {
      const input = (typeof body === "object" && body !== null && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
      if (isRateLimited("registration", (input.user as { email?: unknown } | undefined)?.email)) return rateLimited();
      const errors: FieldError[] = [];
      const groupType = input.groupType as GroupType;
      if (!GROUP_TYPES.includes(groupType)) errors.push({ field: "groupType", message: "Choose a group type" });
      const user = validateNewUser(input.user);
      if (!user.ok) errors.push(...user.errors);
      const joining = input.organisationId !== undefined;
      const creating = input.organisation !== undefined;
      if (joining === creating) {
        errors.push({ field: "organisation", message: "Choose an organisation to join, or give a new organisation's details" });
      }
      if (joining && (typeof input.organisationId !== "string" || input.organisationId === "")) {
        errors.push({ field: "organisationId", message: "Choose an organisation to join" });
      }
      let created: OrganisationChanges | undefined;
      if (creating && GROUP_TYPES.includes(groupType)) {
        const details = validateOrganisation(input.organisation, groupType, { partial: false, prefix: "organisation." });
        if (details.ok) created = details.value;
        else errors.push(...details.errors);
      }
      const terms = deps.registrationTermsVersion();
      if (typeof input.acceptedTermsVersion !== "string" || input.acceptedTermsVersion !== terms) {
        errors.push({ field: "acceptedTermsVersion", message: "Accept the current terms to register" });
      }
      if (errors.length > 0 || !user.ok) return invalid(errors);

      if (deps.findUserByEmail(user.value.email)) {
        return {
          ok: false, code: "email_registered",
          detail: "An account with this email address exists. Log in, or reset your password if you have forgotten it.",
        };
      }
      let organisation: Organisation;
      let role: AssociationRecord["role"];
      let status: AssociationRecord["status"];
      if (joining) {
        const found = findOrganisation(input.organisationId as string);
        if (!found) return { ok: false, code: "organisation_not_found", detail: "The organisation to join does not exist." };
        if (found.groupType !== groupType) {
          return invalid([{ field: "organisationId", message: "Choose an organisation of your group type" }]);
        }
        organisation = found;
        role = "member";
        status = "pending";
      } else {
        const value = created!;
        const existing = sameIdentifier(groupType, value);
        if (existing) {
          return {
            ok: false, code: "organisation_exists",
            detail: `${existing.name} is already registered. Search for it and ask to join it instead.`,
          };
        }
        const address = value.address!;
        organisation = {
          id: `org-${randomUUID().slice(0, 8)}`,
          groupType,
          name: value.name!,
          kind: value.kind!,
          town: address.town,
          postcode: address.postcode,
          region: regionOf(address.postcode),
          ...value,
          address,
        };
        if (!organisation.phone) delete organisation.phone;
        s().organisations.set(organisation.id, organisation);
        role = "lead";
        status = "approved";
      }

      const { password, ...fields } = user.value;
      const newUser: User = {
        id: `usr-${randomUUID().slice(0, 8)}`,
        ...fields,
        groupType,
        currentOrganisationId: status === "approved" ? organisation.id : null,
      };
      s().users.set(newUser.id, { user: newUser, passwordHash: hashPassword(password) });
      const record: AssociationRecord = {
        userId: newUser.id, organisationId: organisation.id, status, role, requestedAt: now().toISOString(),
      };
      s().associations.push(record);
      return { ok: true, value: { ...deps.createSession(newUser.id), user: newUser, association: toAssociation(record, organisation) } };
    },

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
        const mail: Mail = { to: record.user.email, subject: "Reset your password", resetToken: token, sentAt: now().toISOString() };
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
