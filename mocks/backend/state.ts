import type { GroupTypeContent, Terms } from "../../generated/schemas";
import type { Mail, ResetTokenRecord } from "./accounts";
import { createBookingTerms } from "./booking/content";
import { createAdvisories, createOutreachTerms } from "./booking/outreach-content";
import { createBookingState } from "./booking/service";
import type { Advisory, BookingState } from "./booking/types";
import { createPages, createSite } from "./cms-content";
import { createGroupTypes, createRegistrationTerms } from "./cms-registration";
import { hashPassword } from "./passwords";
import type { PendingRegistration } from "./registrations";
import { createSeed } from "./seed";
import type { SeedScale } from "./seed-scale";
import type {
  AssociationRecord, CatalogueActivity, CatalogueOutreachActivity, Order, Organisation, Page, SessionRecord, Site,
  UserRecord, Venue,
} from "./types";

// Everything the mock backend holds, and a fresh copy of it built from the seed (at start
// and on every reset).

export interface BackendState {
  venues: Venue[];
  activities: CatalogueActivity[];
  outreachActivities: CatalogueOutreachActivity[];
  organisations: Map<string, Organisation>;
  users: Map<string, UserRecord>;
  associations: AssociationRecord[];
  orders: Map<string, Order>;
  sessions: Map<string, SessionRecord>;
  newsletterSubscribers: Set<string>;
  loginFailures: Map<string, number[]>;
  /** Password resets, their completions and registrations refused as rate limited, by action and key (accounts.ts). */
  rateLimited: Set<string>;
  site: Site;
  pages: Map<string, Page>;
  /** Password reset tokens by token. */
  passwordResets: Map<string, ResetTokenRecord>;
  /** Registration requests waiting for their emailed link, by its token (registrations.ts). */
  pendingRegistrations: Map<string, PendingRegistration>;
  /** Emails "sent", oldest first. */
  outbox: Mail[];
  groupTypes: GroupTypeContent[];
  /** Terms in force now, by kind. */
  currentTerms: Map<string, Terms>;
  /** CMS advisories (outreach: hall size, power, parking, access, safety). */
  advisories: Advisory[];
  /** Baskets, payments, idempotency records (booking/). */
  booking: BookingState;
}

/**
 * A fresh state for the day given. Each seed user's password is hashed once per backend
 * (the hashes, by user id, are kept by the caller): a reset reuses them.
 */
export function buildState(today: string, hashes: Map<string, string>, scale?: SeedScale): BackendState {
  const seed = createSeed(today, scale);
  const users = new Map<string, UserRecord>();
  for (const { user, password } of seed.users) {
    let passwordHash = hashes.get(user.id);
    if (!passwordHash) hashes.set(user.id, (passwordHash = hashPassword(password)));
    users.set(user.id, { user, passwordHash });
  }
  return {
    venues: seed.venues,
    activities: seed.activities,
    outreachActivities: seed.outreachActivities,
    organisations: new Map(seed.organisations.map((o) => [o.id, o])),
    users,
    associations: seed.associations,
    orders: new Map(seed.orders.map((o) => [o.id, o])),
    sessions: new Map(),
    newsletterSubscribers: new Set(seed.newsletterSubscribers),
    loginFailures: new Map(),
    rateLimited: new Set(),
    site: createSite(),
    pages: new Map(createPages().map((p) => [p.slug, p])),
    passwordResets: new Map(),
    pendingRegistrations: new Map(),
    outbox: [],
    groupTypes: createGroupTypes(),
    currentTerms: new Map([
      ["registration", createRegistrationTerms()], ["booking", createBookingTerms()], ["outreach", createOutreachTerms()],
    ]),
    advisories: createAdvisories(),
    booking: createBookingState(),
  };
}
