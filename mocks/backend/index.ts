import { accountOperations, type Mail } from "./accounts";
import { awaitingCard } from "./booking/orders";
import {
  TEST_CONTROLS_ENV, cancellationPolicy, createBookingService, parseTestControls, type TestControls,
} from "./booking/service";
import { applyTestControls, type GatewayRefusal } from "./booking/test-controls";
import type { Advisory } from "./booking/types";
import { isoDateInLondon } from "./dates";
import { organisationFromIndex } from "./indexed-organisations";
import { applyProviderState, type ProviderStateResult } from "./provider-states";
import { summariseOrganisation } from "./seed";
import type { SeedScale } from "./seed-scale";
import { createSessions } from "./sessions";
import { buildState, type BackendState } from "./state";
import type {
  Association, FieldError, Order, OrderPage, OrderQuery, Organisation, OrderSummary, Page, Site, UpdateUserRequest, User,
} from "./types";
import { applyUserUpdate, validateNewsletterSignup, validateUserUpdate } from "./validation";
import type { GroupTypeContent, Terms } from "../../generated/schemas";

export { DEMO_USER } from "./seed";
export type { Mail } from "./accounts";
export { PROVIDER_STATES, type ProviderStateName } from "./provider-states";

export interface BackendOptions {
  /** Fixes "today" (seed dates and upcoming/past); defaults to the real date, read on each call. */
  today?: Date;
  /** Called with each email the backend "sends" (password reset and registration links, notes to account owners); they are also kept in `state.outbox`. */
  onMail?: (mail: Mail) => void;
  /** The clock of holds and payments (ms); defaults to real time, starting at `today` when that is fixed. */
  now?: () => number;
  /** Simulated processing time of checkout and payments, so tests can overlap requests with it. */
  bookingLatencyMs?: number;
  /**
   * Holds and free payments answered as a gateway sometimes would, for the users named
   * (booking/test-controls.ts). Defaults to those in EMBEDDED_TEST_CONTROLS, which only the
   * end-to-end tests' server sets (docs/decisions/0028-test-controls-of-the-embedded-default.md).
   */
  testControls?: TestControls;
  /** More orders or museums, generated, for measuring cost as the data grows (seed-scale.ts); none by default. */
  seedScale?: SeedScale;
}

export const MAX_PAGE_SIZE = 50;

export type Validated<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

export type Backend = ReturnType<typeof createBackend>;

export function createBackend(options: BackendOptions = {}) {
  const fixedToday = options.today;
  const todayIso = () => isoDateInLondon(fixedToday ?? new Date());
  // Hash each seed user's password once per backend (by user id): reset() reuses them.
  const hashes = new Map<string, string>();
  let state = buildState(todayIso(), hashes, options.seedScale);
  const startedAt = Date.now();
  const now = options.now ?? (() => (fixedToday ? fixedToday.getTime() + (Date.now() - startedAt) : Date.now()));
  const testControls = options.testControls ?? controlsFromEnvironment();
  const booking = createBookingService({
    state: () => state, today: todayIso, now, latencyMs: options.bookingLatencyMs ?? 0, allowedActions, testControls,
  });
  // The API Gateway's refusals of the controlled users' calls: the same controls, and the same
  // record of what was already applied (the booking state's, so a reset forgets it).
  const refusals = applyTestControls(
    testControls, (userId) => state.users.get(userId)?.user.email, () => state.booking.testControlsUsed,
  );
  const { authenticate, createSession, exhaustLoginAttempts, findUserByEmail, login, logout } = createSessions(() => state);

  function approvedOrganisationIds(userId: string): Set<string> {
    return new Set(
      state.associations
        .filter((a) => a.userId === userId && a.status === "approved")
        .map((a) => a.organisationId),
    );
  }

  const backend = {
    /** Raw state, for provider states and tests; handlers use the methods below. */
    get state(): BackendState {
      return state;
    },
    today: todayIso,

    reset(): void {
      state = buildState(todayIso(), hashes, options.seedScale);
    },

    // Logging in, sessions and the lock after failed logins (sessions.ts).
    login,
    exhaustLoginAttempts,
    createSession,
    logout,
    authenticate,

    /** Whether the API Gateway in front refuses any user's calls (a test control says so, booking/test-controls.ts). */
    refusesCalls: refusals.refusesCalls,

    /**
     * The API Gateway's own refusal of this call, when a test control names the user of its
     * session (booking/test-controls.ts, ADR 28): the first call of a named operation in
     * each session. None for a call without a known session.
     */
    apiGatewayRefusal(token: string | undefined, operationId: string): GatewayRefusal | undefined {
      if (!refusals.refusesCalls || token === undefined) return undefined;
      const user = backend.authenticate(token);
      return user ? refusals.gatewayRefusal(user.id, token, operationId) : undefined;
    },

    updateUser(userId: string, body: unknown): Validated<User> {
      const record = state.users.get(userId);
      if (!record) return { ok: false, errors: [{ field: "user", message: "User not found" }] };
      const result = validateUserUpdate(body);
      if (!result.ok) return result;
      const longerHolds = result.changes.extendedHolds === true && record.user.extendedHolds !== true;
      record.user = applyUserUpdate(record.user, result.changes satisfies UpdateUserRequest);
      // Asked for more time mid-booking: the holds already running get it too (contracts/gateway.yaml).
      if (longerHolds) booking.lengthenHolds(userId);
      return { ok: true, value: record.user };
    },

    listAssociations(userId: string): Association[] {
      return state.associations
        .filter((a) => a.userId === userId)
        .flatMap((a) => {
          const organisation = state.organisations.get(a.organisationId);
          if (!organisation) return [];
          return [{
            organisation: summariseOrganisation(organisation),
            status: a.status,
            role: a.role,
            requestedAt: a.requestedAt,
          }];
        });
    },

    getOrganisation(id: string): Organisation | undefined {
      return state.organisations.get(id) ?? organisationFromIndex(id);
    },

    /**
     * Orders of the user's approved organisations: upcoming (the default) soonest
     * first, past latest first.
     */
    listOrders(userId: string, query: OrderQuery = {}): OrderPage {
      booking.sweep();
      const mine = approvedOrganisationIds(userId);
      const today = todayIso();
      const pageSize = clamp(query.pageSize ?? 10, 1, MAX_PAGE_SIZE);
      const past = query.when === "past";
      const matching = [...state.orders.values()]
        .filter((o) => mine.has(o.organisation.id))
        .filter((o) => (past ? o.visitDate < today : o.visitDate >= today))
        .sort((a, b) =>
          past
            ? b.visitDate.localeCompare(a.visitDate) || b.reference.localeCompare(a.reference)
            : a.visitDate.localeCompare(b.visitDate) || a.reference.localeCompare(b.reference));
      const totalItems = matching.length;
      const totalPages = Math.ceil(totalItems / pageSize);
      const page = Math.max(1, Math.floor(query.page ?? 1));
      const items = matching.slice((page - 1) * pageSize, page * pageSize).map(summariseOrder);
      return { items, page, pageSize, totalItems, totalPages };
    },

    /** Undefined both for unknown orders and for other organisations' orders. */
    getOrder(userId: string, orderId: string): Order | undefined {
      booking.sweep();
      const order = state.orders.get(orderId);
      if (!order || !approvedOrganisationIds(userId).has(order.organisation.id)) return undefined;
      const actions = allowedActions(order, todayIso());
      const detail = state.booking.orderDetails.get(order.id);
      // What was booked (the floor of an increase) and what cancelling now means: contract fields of Order.
      const booked = !detail
        ? undefined
        : detail.kind === "group-visit"
          ? { tickets: structuredClone(detail.tickets) }
          : { participants: structuredClone(detail.participants), adults: detail.adults, oneToOneCarers: detail.oneToOneCarers };
      return {
        ...order,
        allowedActions: actions,
        ...(booked ? { booked } : {}),
        ...(actions.includes("request-cancellation") ? { cancellationPolicy: cancellationPolicy(order, todayIso()) } : {}),
      };
    },

    /** Same answer whether or not the address is already subscribed. */
    subscribeToNewsletter(body: unknown): Validated<"accepted"> {
      const result = validateNewsletterSignup(body);
      if (!result.ok) return result;
      state.newsletterSubscribers.add(result.email);
      return { ok: true, value: "accepted" };
    },

    getSite(): Site {
      return state.site;
    },

    getPage(slug: string): Page | undefined {
      return state.pages.get(slug);
    },

    listPages(): Page[] {
      return [...state.pages.values()];
    },

    listGroupTypes(): GroupTypeContent[] {
      return state.groupTypes;
    },

    getCurrentTerms(kind: string): Terms | undefined {
      return state.currentTerms.get(kind);
    },

    /** CMS advisories, optionally for one kind of booking and/or one activity (all-activity ones included). */
    listAdvisories(filter: { appliesTo?: string; activityId?: string } = {}): Advisory[] {
      return state.advisories.filter((a) =>
        (!filter.appliesTo || a.appliesTo.includes(filter.appliesTo as Advisory["appliesTo"][number]))
        && (!filter.activityId || !a.activityIds || a.activityIds.includes(filter.activityId)));
    },

    getAdvisory(id: string): Advisory | undefined {
      return state.advisories.find((a) => a.id === id);
    },

    // Registration, password reset, organisation updates, associations (accounts.ts).
    ...accountOperations({
      state: () => state,
      createSession: (userId) => createSession(userId),
      findUserByEmail,
      getOrganisation: (id): Organisation | undefined => backend.getOrganisation(id),
      registrationTermsVersion: () => state.currentTerms.get("registration")?.version,
      onMail: options.onMail,
      now: () => new Date(now()),
    }),

    /** Availability, baskets, checkout, payments and order changes (booking/service.ts). */
    booking,

    applyProviderState(name: string, params: Record<string, unknown> = {}): ProviderStateResult {
      return applyProviderState(backend, name, params);
    },
  };
  return backend;
}

/** The test controls the environment names; said once when there are any, so a server running with them shows it. */
function controlsFromEnvironment(): TestControls {
  const controls = parseTestControls(process.env[TEST_CONTROLS_ENV]);
  if (controls.size > 0) console.log(`Embedded default: test controls (${TEST_CONTROLS_ENV}) for ${[...controls.keys()].join(", ")}`);
  return controls;
}

export function summariseOrder(o: Order): OrderSummary {
  return {
    id: o.id, reference: o.reference, kind: o.kind, status: o.status, venue: o.venue,
    visitDate: o.visitDate, participants: o.participants, total: o.total,
  };
}

const OUTREACH_NOTICE_DAYS = 28;

/** What the user may do with an order today (docs/requirements.md §8.10, §8.7). */
export function allowedActions(order: Order, today: string): NonNullable<Order["allowedActions"]> {
  if (order.visitDate < today) return [];
  switch (order.status) {
    case "held":
      return ["pay", "request-cancellation"];
    case "requested":
    case "confirmed": {
      if (order.kind === "outreach") {
        // A request paid by card that is still unpaid (the payment failed) can be paid now.
        const pay: NonNullable<Order["allowedActions"]> = awaitingCard(order) ? ["pay"] : [];
        return daysBetween(today, order.visitDate) >= OUTREACH_NOTICE_DAYS ? [...pay, "request-cancellation"] : pay;
      }
      // An invoice-paid visit cannot be changed; free and card-paid ones can grow.
      return order.payment.method === "invoice" ? ["request-cancellation"] : ["request-cancellation", "amend"];
    }
    default:
      return [];
  }
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
}

function clamp(n: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.floor(n)));
}
