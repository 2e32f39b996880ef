import type { BackendState } from "../state";
import type { FieldError, Organisation } from "../types";
import { createBasketContents } from "./basket-contents";
import {
  DAY_CAPACITY, fromMinutes, seededDayTaken, seededSlotTaken, slotId, slotStarts, slotStatus, toMinutes,
} from "./calendar";
import { NO_TEST_CONTROLS, applyTestControls, type TestControls } from "./test-controls";
import { BASKET_EXPIRY_DAYS, PAYMENT_SESSION_MINUTES, gbp } from "./rules";
import type {
  Activity, BasketRecord, Failure, Order, OrderDetail, Outcome, Payment, PaymentRecord, PaymentSession, TimeSlot,
} from "./types";

// Shared by the booking modules: the catalogue, capacity (seeded demand, orders and other
// baskets' holds), lapses, ownership, and the small helpers every answer uses; what a
// basket holds is counted and priced in basket-contents.ts.

export const fail = (status: number, code: string, detail: string, errors?: FieldError[]): Failure =>
  errors && errors.length > 0 ? { ok: false, status, code, detail, errors } : { ok: false, status, code, detail };
export const invalid = (errors: FieldError[], detail = "Check the highlighted fields."): Failure =>
  fail(422, "validation_failed", detail, errors);
export const notFound = (what: string): Failure => fail(404, "not_found", `There is no ${what} with this id for your account.`);
export const ok = <T>(value: T): Outcome<T> => ({ ok: true, value });

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
export const isInt = (v: unknown, min: number, max: number): v is number =>
  typeof v === "number" && Number.isInteger(v) && v >= min && v <= max;
export const iso = (ms: number) => new Date(ms).toISOString();
const londonTime = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", hour: "2-digit", minute: "2-digit", hour12: false });
export const clock = (ms: number) => londonTime.format(new Date(ms));

export function isAbsoluteUrl(value: unknown): value is string {
  if (typeof value !== "string") return false;
  try {
    const u = new URL(value);
    return u.protocol === "https:" || u.protocol === "http:";
  } catch {
    return false;
  }
}

type CatalogueActivity = BackendState["activities"][number];

export interface BookingContext {
  state: () => BackendState;
  today: () => string;
  /** Milliseconds since the epoch. */
  now: () => number;
  /** Simulated processing time of checkout and payment calls (tests make requests overlap with it). */
  latencyMs: number;
  /** What the user may do with an order today (index.ts, shared with getOrder). */
  allowedActions: (order: Order, today: string) => NonNullable<Order["allowedActions"]>;
  /** The embedded default's test controls (test-controls.ts); none unless its environment variable names users. */
  testControls?: TestControls;
}

export function createCore(ctx: BookingContext) {
  const st = () => ctx.state();
  const bs = () => ctx.state().booking;
  const testControls = applyTestControls(
    ctx.testControls ?? NO_TEST_CONTROLS, (userId) => st().users.get(userId)?.user.email, () => bs().testControlsUsed,
  );

  // ---- Catalogue and capacity ---------------------------------------------------------

  const venue = (id: string) => st().venues.find((v) => v.id === id);
  const activity = (id: string) => st().activities.find((a) => a.id === id);
  const activitiesAt = (venueId: string) => st().activities.filter((a) => a.venueId === venueId);
  const outreachActivity = (id: string) => st().outreachActivities.find((a) => a.id === id);
  const quiet = (venueId: string, date: string) => bs().quietDays.has(`${venueId} ${date}`);
  const contents = createBasketContents({ activity, outreachActivity });
  const { basketEntries, basketParticipants } = contents;

  interface Excluding { basketId?: string; orderId?: string }

  /** Places taken on a venue day and in its slots, by orders and by other baskets' holds. */
  function usage(venueId: string, date: string, exclude: Excluding = {}) {
    const slots = new Map<string, number>();
    const add = (id: string, n: number) => slots.set(id, (slots.get(id) ?? 0) + n);
    let day = bs().extraDayTaken.get(`${venueId} ${date}`) ?? 0;
    for (const o of st().orders.values()) {
      // Outreach happens at the school: it takes none of the venue's places.
      if (o.kind === "outreach" || o.venue.id !== venueId || o.visitDate !== date || o.status === "cancelled" || o.id === exclude.orderId) continue;
      day += o.participants;
      for (const e of o.schedule ?? []) add(e.slotId, e.participants);
    }
    for (const b of bs().baskets.values()) {
      if (b.id === exclude.basketId || b.status !== "held" || !b.hold || b.venueId !== venueId || b.visitDate !== date) continue;
      day += basketParticipants(b);
      for (const e of basketEntries(b)) add(e.slotId, e.participants);
    }
    const prefix = `${venueId} ${date} `;
    for (const [key, n] of bs().extraTaken) if (key.startsWith(prefix)) add(key.slice(prefix.length), n);
    return { day, slots };
  }

  function dayRemaining(venueId: string, date: string, exclude: Excluding = {}): number {
    return Math.max(0, DAY_CAPACITY - seededDayTaken(venueId, date, quiet(venueId, date)) - usage(venueId, date, exclude).day);
  }

  function slotsOf(a: CatalogueActivity, date: string, exclude: Excluding = {}): TimeSlot[] {
    const used = usage(a.venueId, date, exclude).slots;
    return slotStarts(a).map((start) => {
      const id = slotId(a.id, start);
      const taken = seededSlotTaken(a.venueId, date, a.id, start, a.capacityPerSlot, quiet(a.venueId, date), a.kind) + (used.get(id) ?? 0);
      const remainingCapacity = Math.max(0, a.capacityPerSlot - taken);
      return {
        id, start, end: fromMinutes(toMinutes(start) + a.durationMinutes), capacity: a.capacityPerSlot,
        remainingCapacity, status: slotStatus(remainingCapacity, a.capacityPerSlot),
      };
    });
  }

  function findSlot(a: CatalogueActivity, date: string, id: string, exclude: Excluding = {}) {
    return slotsOf(a, date, exclude).find((s) => s.id === id);
  }

  function toActivity(a: CatalogueActivity, date: string): Activity {
    const { capacityPerSlot: _capacity, ...rest } = a;
    return { ...structuredClone(rest), slots: slotsOf(a, date) };
  }

  // ---- Lapses --------------------------------------------------------------------------

  /** Lapses basket holds and unpaid order holds whose time is up; expires old drafts. */
  function sweep(): void {
    const now = ctx.now();
    for (const b of bs().baskets.values()) {
      if (b.status === "held" && b.hold && b.hold.expiresAt <= now) {
        b.holdLapsedAt = b.hold.expiresAt;
        delete b.hold;
        b.status = "open";
      }
    }
    for (const [id, b] of bs().baskets) {
      if (b.status === "open" && b.updatedAt + BASKET_EXPIRY_DAYS * 86_400_000 <= now) bs().baskets.delete(id);
    }
    for (const o of st().orders.values()) {
      if (o.status !== "held" || !o.heldUntil || Date.parse(o.heldUntil) > now) continue;
      o.status = "cancelled";
      delete o.heldUntil;
      o.timeline.push({ at: iso(now), event: "lapsed", description: "The booking was not paid in time, so the hold lapsed and the places were released." });
    }
  }

  // ---- Users and organisations --------------------------------------------------------

  const approvedOrganisationIds = (userId: string) =>
    new Set(st().associations.filter((a) => a.userId === userId && a.status === "approved").map((a) => a.organisationId));

  function organisationOf(b: BasketRecord): Organisation {
    const o = st().organisations.get(b.organisationId);
    if (!o) throw new Error(`Basket ${b.id} refers to unknown organisation ${b.organisationId}`);
    return o;
  }

  function userName(userId: string): string {
    const u = st().users.get(userId)?.user;
    return u ? `${u.firstName} ${u.lastName}` : "a user";
  }

  function ownBasket(userId: string, basketId: string): Outcome<BasketRecord> {
    sweep();
    const b = bs().baskets.get(basketId);
    return b && b.userId === userId ? ok(b) : notFound("basket");
  }

  function ownOrder(userId: string, orderId: string): Outcome<Order> {
    sweep();
    const o = st().orders.get(orderId);
    return o && approvedOrganisationIds(userId).has(o.organisation.id) ? ok(o) : notFound("order");
  }


  // ---- Orders -------------------------------------------------------------------------

  function withActions(o: Order): Order {
    return { ...structuredClone(o), allowedActions: ctx.allowedActions(o, ctx.today()) };
  }

  function newPaymentSession(order: Order, amount: number, userId: string, returnUrl: string, extra: Partial<PaymentRecord> = {}): PaymentSession {
    const s = bs();
    const now = ctx.now();
    const id = `pay-${++s.counters.payment}`;
    const record: PaymentRecord = {
      id, orderId: order.id, status: "pending", amount: gbp(amount), createdAt: now,
      expiresAt: now + PAYMENT_SESSION_MINUTES * 60_000, returnUrl, userId, ...extra,
    };
    s.payments.set(id, record);
    return sessionOf(record);
  }

  /**
   * The stand-in hosted payment page is the app's /hosted-payment/<id>, on the origin of the
   * return URL; like a real provider it sends the browser back to that return URL.
   */
  function sessionOf(p: PaymentRecord): PaymentSession {
    const back = new URL(p.returnUrl);
    const page = new URL(`/hosted-payment/${p.id}`, back.origin);
    page.searchParams.set("return", back.pathname + back.search);
    return { id: p.id, redirectUrl: page.href, expiresAt: iso(p.expiresAt) };
  }

  function toPayment(p: PaymentRecord): Payment {
    return { id: p.id, orderId: p.orderId, status: p.status, amount: p.amount, createdAt: iso(p.createdAt) };
  }

  /** For orders made before this backend kept details (the seed): read back from the price lines. */
  function deriveDetail(o: Order): OrderDetail | undefined {
    if (o.kind !== "visit") return undefined;
    const qty = (re: RegExp) => o.lines.filter((l) => re.test(l.description)).reduce((s, l) => s + l.quantity, 0);
    const children = qty(/^General admission/);
    const adults = qty(/adult/i);
    if (children === 0) return undefined;
    const groupType = st().organisations.get(o.organisation.id)?.groupType ?? "education";
    return {
      kind: "visit", groupType, participants: [{ ageBand: "5-11", count: children }], adults,
      oneToOneCarers: Math.max(0, o.participants - children - adults),
      schedule: (o.schedule ?? []).map((e) => ({ activityId: e.activityId, slotId: e.slotId, participants: e.participants })), tickets: [],
    };
  }

  return {
    ctx, st, bs, ...contents,
    activitiesAt, activity, approvedOrganisationIds, dayRemaining, deriveDetail, findSlot, newPaymentSession,
    organisationOf, outreachActivity, ownBasket, ownOrder, quiet, sessionOf, slotsOf, sweep, testControls, toActivity,
    toPayment, usage, userName, venue, withActions,
  };
}

export type Core = ReturnType<typeof createCore>;
