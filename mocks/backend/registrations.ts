import { randomBytes, randomUUID } from "node:crypto";
import { groupTypeValues } from "../../generated/gateway";
import type { AccountDeps, Mail, RateLimitedAction } from "./accounts";
import { regionOf, validateOrganisation, type OrganisationChanges } from "./organisation-rules";
import { invalid, rateLimited, type Failure, type Outcome } from "./outcomes";
import { hashPassword, passwordProblem } from "./passwords";
import type { Association, AssociationRecord, FieldError, GroupType, Organisation, User } from "./types";
import { isEmail, isUkPhone } from "./validation";

// Registration (docs/requirements.md §8.1): the account, and a new organisation led by the
// user or a request to join one. Asked for and confirmed by an emailed link
// (requestRegistration, confirmRegistration), so the answer never says whether the email
// has an account (docs/decisions/0030-embedded-default-kept-private-and-neutral-answers.md);
// or at once, as the deprecated createRegistration still does.

const GROUP_TYPES: readonly GroupType[] = groupTypeValues;
/** How long a registration request's emailed link works. */
export const CONFIRMATION_HOURS = 24;

type NewUserFields = Omit<User, "id" | "groupType" | "currentOrganisationId"> & { password: string };

/** A registration whose fields and terms passed the checks; nothing looked up or made yet. */
export interface CheckedRegistration {
  groupType: GroupType;
  user: NewUserFields;
  /** The organisation to join, or the details of the one to create. */
  organisationId?: string;
  organisation?: OrganisationChanges;
}

/** A requested registration, waiting for its emailed link to be followed. */
export interface PendingRegistration {
  registration: CheckedRegistration;
  expiresAt: Date;
}

export interface RegistrationHelpers {
  findOrganisation(id: string): Organisation | undefined;
  sameIdentifier(groupType: GroupType, candidate: Partial<Organisation>): Organisation | undefined;
  toAssociation(record: AssociationRecord, organisation: Organisation): Association;
  isRateLimited(action: RateLimitedAction, key: unknown): boolean;
}

export type Registered = { token: string; expiresAt: string; user: User; association: Association };

function validateNewUser(body: unknown): { ok: true; value: NewUserFields } | { ok: false; errors: FieldError[] } {
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


export function registrationOperations(deps: AccountDeps, helpers: RegistrationHelpers) {
  const now = () => deps.now?.() ?? new Date();
  const s = () => deps.state();

  function send(mail: Omit<Mail, "sentAt">): void {
    const sent: Mail = { ...mail, sentAt: now().toISOString() };
    s().outbox.push(sent);
    deps.onMail?.(sent);
  }

  const emailRegistered = (): Failure<"email_registered"> => ({
    ok: false, code: "email_registered",
    detail: "An account with this email address exists. Log in, or reset your password if you have forgotten it.",
  });

  /** The body's fields and the terms in force: what every registration operation checks first. */
  function check(body: unknown): Outcome<CheckedRegistration, "validation_failed" | "rate_limited"> {
    const input = (typeof body === "object" && body !== null && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
    if (helpers.isRateLimited("registration", (input.user as { email?: unknown } | undefined)?.email)) return rateLimited();
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
    return { ok: true, value: { groupType, user: user.value, ...(joining ? { organisationId: input.organisationId as string } : { organisation: created! }) } };
  }

  /**
   * The organisation's side: one to join must exist and be of the user's group type; one to
   * create must not be registered yet. With `make`, the account, the organisation (or the
   * request to join it) and a session are then made.
   */
  function settle(r: CheckedRegistration, make: boolean): Outcome<Registered | null, "validation_failed" | "organisation_exists" | "organisation_not_found"> {
    let organisation: Organisation;
    if (r.organisationId !== undefined) {
      const found = helpers.findOrganisation(r.organisationId);
      if (!found) return { ok: false, code: "organisation_not_found", detail: "The organisation to join does not exist." };
      if (found.groupType !== r.groupType) return invalid([{ field: "organisationId", message: "Choose an organisation of your group type" }]);
      organisation = found;
    } else {
      const value = r.organisation!;
      const existing = helpers.sameIdentifier(r.groupType, value);
      if (existing) {
        return { ok: false, code: "organisation_exists", detail: `${existing.name} is already registered. Search for it and ask to join it instead.` };
      }
      const address = value.address!;
      organisation = {
        id: `org-${randomUUID().slice(0, 8)}`, groupType: r.groupType, name: value.name!, kind: value.kind!,
        town: address.town, postcode: address.postcode, region: regionOf(address.postcode), ...value, address,
      };
      if (!organisation.phone) delete organisation.phone;
    }
    if (!make) return { ok: true, value: null };
    const joining = r.organisationId !== undefined;
    if (!joining) s().organisations.set(organisation.id, organisation);
    const { password, ...fields } = r.user;
    const user: User = {
      id: `usr-${randomUUID().slice(0, 8)}`, ...fields, groupType: r.groupType, currentOrganisationId: joining ? null : organisation.id,
    };
    s().users.set(user.id, { user, passwordHash: hashPassword(password) });
    const record: AssociationRecord = {
      userId: user.id, organisationId: organisation.id, status: joining ? "pending" : "approved",
      role: joining ? "member" : "lead", requestedAt: now().toISOString(),
    };
    s().associations.push(record);
    return { ok: true, value: { ...deps.createSession(user.id), user, association: helpers.toAssociation(record, organisation) } };
  }

  /** Keeps a checked registration until its link is followed; returns the link's token. */
  function keepPending(registration: CheckedRegistration, token = randomBytes(24).toString("base64url")): string {
    s().pendingRegistrations.set(token, { registration, expiresAt: new Date(now().getTime() + CONFIRMATION_HOURS * 3_600_000) });
    return token;
  }

  return {
    /** Deprecated (contract createRegistration): at once, answering 409 for an email that has an account. */
    createRegistration(body: unknown): Outcome<Registered, "validation_failed" | "email_registered" | "organisation_exists" | "organisation_not_found" | "rate_limited"> {
      const checked = check(body);
      if (!checked.ok) return checked;
      if (deps.findUserByEmail(checked.value.user.email)) return emailRegistered();
      return settle(checked.value, true) as Outcome<Registered, "validation_failed" | "organisation_exists" | "organisation_not_found">;
    },

    /**
     * Always "accepted" once the registration passes the checks: a new email is sent a link to
     * confirm it; an email with an account is sent a note saying how to log in instead.
     */
    requestRegistration(body: unknown): Outcome<"accepted", "validation_failed" | "organisation_exists" | "organisation_not_found" | "rate_limited"> {
      const checked = check(body);
      if (!checked.ok) return checked;
      const settled = settle(checked.value, false);
      if (!settled.ok) return settled;
      const { email, password } = checked.value.user;
      // Hashed either way, so that both answers take as long (the contract says so).
      hashPassword(password);
      const owner = deps.findUserByEmail(email);
      if (owner) {
        send({ to: owner.user.email, subject: "Someone tried to register with your email address", path: "/login" });
      } else {
        send({ to: email, subject: "Confirm your registration", path: `/registration/confirm/${keepPending(checked.value)}` });
      }
      return { ok: true, value: "accepted" };
    },

    /** The emailed link's token: makes the registration, once. */
    confirmRegistration(token: string): Outcome<Registered, "invalid_registration_token" | "email_registered" | "organisation_exists" | "organisation_not_found"> {
      const pending = s().pendingRegistrations.get(token);
      if (!pending || pending.expiresAt.getTime() <= now().getTime()) {
        return { ok: false, code: "invalid_registration_token", detail: "This link has expired or has been used. Register again to get a new one." };
      }
      s().pendingRegistrations.delete(token);
      if (deps.findUserByEmail(pending.registration.user.email)) return emailRegistered();
      const made = settle(pending.registration, true);
      // The group type was checked with the request and an organisation's does not change: a
      // mismatch now can only be an organisation that has gone and come back as another.
      if (!made.ok && made.code === "validation_failed") return { ok: false, code: "organisation_not_found", detail: "The organisation to join does not exist." };
      return made as Outcome<Registered, "organisation_exists" | "organisation_not_found">;
    },

    /** A pending registration made directly (provider states and tests): returns its token. */
    pendRegistration(body: unknown, token?: string): string {
      const checked = check(body);
      if (!checked.ok) throw new Error(`not a registration: ${checked.detail}`);
      return keepPending(checked.value, token);
    },
  };
}
