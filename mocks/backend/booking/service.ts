import type { FieldError, GroupType, User } from "../types";
import { createBaskets } from "./baskets";
import { bookableWindow, dayStatus, daysBetween, unbookableReason } from "./calendar";
import {
  clock, createCore, fail, invalid, isAbsoluteUrl, isRecord, iso, notFound, ok, type BookingContext,
} from "./core";
import { awaitingCard, cancellationPolicy, createOrders, type Replayable } from "./orders";
import { createOutreach } from "./outreach";
import {
  canonicalJson, EXTENDED_HOLD_MINUTES, HOLD_EXTENSIONS, HOLD_EXTENSION_MINUTES, HOLD_MINUTES, PAYMENT_SESSION_MINUTES, checkRatios, gbp,
  sumLines,
} from "./rules";
import type {
  ActivityList, AmendmentQuote, AmendmentResult, AvailabilityDay, Basket, BasketRecord, BasketStep, BookableKind,
  BookingState, CheckoutResult, CmsVenue, Failure, Order, Outcome, OutreachActivityList, OutreachAvailability,
  OutreachEligibility, Payment, PaymentChoice, PaymentResult, PaymentSession, Questionnaire, Quote, VenueAvailability,
} from "./types";

// The stateful booking backend: availability, activities, baskets (drafts saved per
// step), holds, quotes, idempotent checkout, hosted payments and order changes. The rules
// are docs/requirements.md §8; every answer has the shape of the gateway contract. The parts:
// core.ts (catalogue, capacity, ownership), baskets.ts (steps, progress, messages),
// orders.ts (checkout, payments, amendments, cancellation policy), outreach.ts (eligibility,
// the team's calendar, the questionnaire and the outreach steps; rules in outreach-rules.ts).

export type { BookingContext } from "./core";
export { cancellationPolicy } from "./orders";

export function createBookingState(): BookingState {
  return {
    baskets: new Map(),
    payments: new Map(),
    idempotency: new Map(),
    orderDetails: new Map(),
    quietDays: new Set(),
    extraTaken: new Map(),
    extraDayTaken: new Map(),
    counters: { basket: 1000, order: 6000, payment: 3000 },
  };
}

/** The kind of booking each group type makes. */
export function kindFor(groupType: GroupType): BookableKind {
  return groupType === "education" || groupType === "home-education" ? "visit" : "group-visit";
}

export type BookingService = ReturnType<typeof createBookingService>;

export function createBookingService(ctx: BookingContext) {
  const core = createCore(ctx);
  const outreach = createOutreach(core);
  const baskets = createBaskets(core, outreach);
  const orders = createOrders(core, baskets, outreach);
  const {
    st, bs, activitiesAt, approvedOrganisationIds, dayRemaining, newPaymentSession, ownBasket, ownOrder, priceLines,
    slotsOf, sweep, toActivity, toPayment, userName, venue, visitTotals, withActions,
  } = core;
  const {
    capacityFailure, editable, groupActivityErrors, incomplete, messagesFor, optionalText, optionsFor,
    parseGroupDetails, parseInformation, parseSchedule, parseTickets, paymentErrors, progress, scheduleErrors,
    ticketErrors, toBasket, touch, validateDate,
  } = baskets;
  const { applyAmendment, checkoutNow, idempotent, planAmendment, settlePayment } = orders;

  /** Saves one outreach step of the user's outreach basket, in order, then answers the basket. */
  function outreachStep(userId: string, basketId: string, step: BasketStep, save: (b: BasketRecord) => Outcome<null>): Outcome<Basket> {
    const found = ownBasket(userId, basketId);
    if (!found.ok) return found;
    const b = found.value;
    const blocked = editable(b, step);
    if (blocked) return blocked;
    const saved = save(b);
    if (!saved.ok) return saved;
    touch(b);
    return ok(toBasket(b));
  }

  // ---- The operations -----------------------------------------------------------------

  return {
    now: ctx.now,
    sweep,
    toBasket,
    progress,
    dayRemaining,
    slotsOf,

    getVenueAvailability(venueId: string, month: string): Outcome<VenueAvailability> {
      sweep();
      if (!venue(venueId)) return fail(404, "not_found", "There is no venue with this id.");
      const today = ctx.today();
      const { from, until } = bookableWindow(today);
      const [y = 0, m = 1] = month.split("-").map(Number);
      const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
      const days: AvailabilityDay[] = [];
      for (let d = 1; d <= daysInMonth; d++) {
        const date = `${month}-${String(d).padStart(2, "0")}`;
        if (unbookableReason(date, today)) days.push({ date, status: "closed" });
        else {
          const remainingCapacity = dayRemaining(venueId, date);
          days.push({ date, status: dayStatus(remainingCapacity), remainingCapacity });
        }
      }
      return ok({ venueId, month, bookableFrom: from, bookableUntil: until, days });
    },

    listActivities(venueId: string, date: string, filter: { kind?: string; groupType: GroupType }): Outcome<ActivityList> {
      sweep();
      if (!venue(venueId)) return fail(404, "not_found", "There is no venue with this id.");
      const items = unbookableReason(date, ctx.today())
        ? []
        : activitiesAt(venueId)
          .filter((a) => a.groupTypes.includes(filter.groupType) && (!filter.kind || a.kind === filter.kind))
          .map((a) => toActivity(a, date));
      return ok({ venueId, date, items });
    },

    listBaskets(userId: string, filter: { status?: string; kind?: string }): Basket[] {
      sweep();
      return [...bs().baskets.values()]
        .filter((b) => b.userId === userId && (!filter.status || b.status === filter.status) && (!filter.kind || b.kind === filter.kind))
        .sort((x, y) => y.createdAt - x.createdAt || y.id.localeCompare(x.id, undefined, { numeric: true }))
        .map(toBasket);
    },

    createBasket(user: User, body: unknown): Outcome<Basket> {
      sweep();
      const src = isRecord(body) ? body : {};
      if (!["visit", "group-visit", "outreach"].includes(src.kind as string)) {
        return invalid([{ field: "kind", message: "Choose a kind of booking: visit, group-visit or outreach" }]);
      }
      if (src.organisationId !== undefined && typeof src.organisationId !== "string") {
        return invalid([{ field: "organisationId", message: "Give an organisation id" }]);
      }
      const organisationId = (src.organisationId as string | undefined) ?? user.currentOrganisationId;
      if (!organisationId || !approvedOrganisationIds(user.id).has(organisationId)) {
        return fail(403, "association_not_approved", "You can book once your organisation has approved your account.");
      }
      const org = st().organisations.get(organisationId);
      if (!org) return fail(403, "association_not_approved", "You can book once your organisation has approved your account.");
      if (src.kind === "outreach") {
        const refused = outreach.notEligible(user.id, organisationId);
        if (refused) return refused;
      } else {
        const kind = kindFor(org.groupType);
        if (src.kind !== kind) return fail(403, "kind_not_allowed", `${org.name} books ${kind === "visit" ? "school visits" : "group visits"}.`);
      }
      const kind = src.kind as BasketRecord["kind"];
      const s = bs();
      const now = ctx.now();
      const b: BasketRecord = { id: `bkt-${++s.counters.basket}`, kind, status: "open", userId: user.id, organisationId, createdAt: now, updatedAt: now };
      s.baskets.set(b.id, b);
      return ok(toBasket(b));
    },

    /**
     * createBasket with an optional Idempotency-Key (contracts/gateway.yaml): with a key,
     * a retry gets the first answer, as checkout does; without one, a new draft each time.
     */
    async createBasketOnce(user: User, key: string | null, body: unknown): Promise<Replayable<Basket>> {
      if (!key) return this.createBasket(user, body);
      return idempotent(user.id, key, `POST /baskets ${canonicalJson(body)}`, () => this.createBasket(user, body));
    },

    getBasket(userId: string, basketId: string): Outcome<Basket> {
      const found = ownBasket(userId, basketId);
      return found.ok ? ok(toBasket(found.value)) : found;
    },

    discardBasket(userId: string, basketId: string): Outcome<null> {
      const found = ownBasket(userId, basketId);
      if (!found.ok) return found;
      const b = found.value;
      if (b.status === "checked-out") return editable(b, "date") as Failure;
      const order = b.orderId ? st().orders.get(b.orderId) : undefined;
      // A card payment for it failed or was cancelled: the order awaiting it is given up too.
      if (order && awaitingCard(order)) {
        order.status = "cancelled";
        delete order.heldUntil;
        order.timeline.push({ at: iso(ctx.now()), event: "cancelled", description: "Not completed: the booking was discarded before it was paid." });
      }
      bs().baskets.delete(b.id);
      return ok(null);
    },

    updateBasketDate(userId: string, basketId: string, body: unknown): Outcome<Basket> {
      const found = ownBasket(userId, basketId);
      if (!found.ok) return found;
      const b = found.value;
      const blocked = editable(b, "date");
      if (blocked) return blocked;
      const parsed = validateDate(b, body);
      if (!parsed.ok) return parsed;
      const { venueId, visitDate } = parsed.value;
      if (venueId !== b.venueId) delete b.groupActivityIds;
      if (venueId !== b.venueId || visitDate !== b.visitDate) {
        delete b.schedule;
        delete b.tickets;
        delete b.payment;
        if (b.groupDetails) delete b.groupDetails;
      }
      b.venueId = venueId;
      b.visitDate = visitDate;
      touch(b);
      return ok(toBasket(b));
    },

    updateBasketInformation(userId: string, basketId: string, body: unknown): Outcome<Basket> {
      const found = ownBasket(userId, basketId);
      if (!found.ok) return found;
      const b = found.value;
      const blocked = editable(b, "information");
      if (blocked) return blocked;
      const parsed = parseInformation(b, body);
      if (!parsed.ok) return parsed;
      const info = parsed.value;
      const shortfalls = checkRatios(info.participants, info.adults).shortfalls;
      // A shortfall is saved as a draft (the basket's messages say what is missing) and refused.
      b.information = info;
      b.informationValid = shortfalls.length === 0;
      touch(b);
      if (shortfalls.length > 0) {
        return invalid([{ field: "adults", message: shortfalls.map((s) => s.message).join("; ") }], "There are not enough adults for the supervision ratios.");
      }
      const { total } = visitTotals(info);
      for (const s of b.schedule ?? []) s.participants = Math.min(s.participants, total);
      return ok(toBasket(b));
    },

    updateBasketSchedule(userId: string, basketId: string, body: unknown): Outcome<Basket> {
      const found = ownBasket(userId, basketId);
      if (!found.ok) return found;
      const b = found.value;
      const blocked = editable(b, "schedule");
      if (blocked) return blocked;
      const parsed = parseSchedule(body);
      if (!parsed.ok) return parsed;
      const errors = scheduleErrors(b, parsed.value, true);
      if (errors.length > 0) return invalid(errors);
      b.schedule = parsed.value;
      touch(b);
      return ok(toBasket(b));
    },

    updateBasketGroupActivities(userId: string, basketId: string, body: unknown): Outcome<Basket> {
      const found = ownBasket(userId, basketId);
      if (!found.ok) return found;
      const b = found.value;
      const blocked = editable(b, "group-activities");
      if (blocked) return blocked;
      const ids = isRecord(body) ? body.activityIds : undefined;
      const errors = groupActivityErrors(b, ids);
      if (errors.length > 0) return invalid(errors);
      b.groupActivityIds = [...(ids as string[])];
      if (b.tickets) b.tickets = b.tickets.filter((t) => b.groupActivityIds?.includes(t.activityId));
      touch(b);
      return ok(toBasket(b));
    },

    updateBasketGroupCapacities(userId: string, basketId: string, body: unknown): Outcome<Basket> {
      const found = ownBasket(userId, basketId);
      if (!found.ok) return found;
      const b = found.value;
      const blocked = editable(b, "group-capacities");
      if (blocked) return blocked;
      const parsed = parseTickets(body);
      if (!parsed.ok) return parsed;
      const errors = ticketErrors(b, parsed.value, true);
      if (errors.length > 0) return invalid(errors);
      b.tickets = parsed.value.filter((t) => t.quantity > 0);
      touch(b);
      return ok(toBasket(b));
    },

    updateBasketGroupDetails(userId: string, basketId: string, body: unknown): Outcome<Basket> {
      const found = ownBasket(userId, basketId);
      if (!found.ok) return found;
      const b = found.value;
      const blocked = editable(b, "group-details");
      if (blocked) return blocked;
      const parsed = parseGroupDetails(b, body);
      if (!parsed.ok) return parsed;
      b.groupDetails = parsed.value;
      touch(b);
      return ok(toBasket(b));
    },

    updateBasketPayment(userId: string, basketId: string, body: unknown): Outcome<Basket> {
      const found = ownBasket(userId, basketId);
      if (!found.ok) return found;
      const b = found.value;
      const blocked = editable(b, "payment");
      if (blocked) return blocked;
      const src = isRecord(body) ? body : {};
      if (!["card", "invoice", "none"].includes(src.method as string)) {
        return invalid([{ field: "method", message: "Choose how to pay" }]);
      }
      if (src.payLater !== undefined && typeof src.payLater !== "boolean") return invalid([{ field: "payLater", message: "Answer yes or no" }]);
      const errors: FieldError[] = [];
      const po = src.method === "invoice" ? optionalText(errors, "purchaseOrderNumber", src.purchaseOrderNumber, 50) : undefined;
      if (errors.length > 0) return invalid(errors);
      const choice: PaymentChoice = {
        method: src.method as PaymentChoice["method"],
        ...(src.method === "card" && src.payLater ? { payLater: true } : {}),
        ...(po ? { purchaseOrderNumber: po } : {}),
      };
      const problems = paymentErrors(b, choice);
      if (problems.length > 0) return fail(422, "payment_method_unavailable", problems[0]?.message ?? "Choose another way to pay.", problems);
      b.payment = choice;
      touch(b);
      return ok(toBasket(b));
    },

    /** `extended`: the user asked for more time to book (User.extendedHolds). */
    placeBasketHold(userId: string, basketId: string, { extended = false }: { extended?: boolean } = {}): Outcome<Basket> {
      const found = ownBasket(userId, basketId);
      if (!found.ok) return found;
      const b = found.value;
      if (b.status === "checked-out") return editable(b, "review") as Failure;
      const missing = incomplete(b, "review");
      if (missing) return missing;
      if (b.hold) return ok(toBasket(b));
      const capacity = capacityFailure(b);
      if (capacity) return capacity;
      const minutes = extended ? EXTENDED_HOLD_MINUTES : HOLD_MINUTES;
      b.hold = { expiresAt: ctx.now() + minutes * 60_000, extensionsRemaining: HOLD_EXTENSIONS };
      b.status = "held";
      delete b.holdLapsedAt;
      return ok(toBasket(b));
    },

    releaseBasketHold(userId: string, basketId: string): Outcome<null> {
      const found = ownBasket(userId, basketId);
      if (!found.ok) return found;
      const b = found.value;
      if (b.status === "checked-out") return editable(b, "review") as Failure;
      delete b.hold;
      b.status = "open";
      return ok(null);
    },

    extendBasketHold(userId: string, basketId: string): Outcome<Basket> {
      const found = ownBasket(userId, basketId);
      if (!found.ok) return found;
      const b = found.value;
      if (!b.hold) {
        return fail(409, "hold_expired", b.holdLapsedAt
          ? `Your places were held until ${clock(b.holdLapsedAt)} and have been released. Review your booking again to hold them, if they are still available.`
          : "Your places are not held: review your booking to hold them.");
      }
      if (b.hold.extensionsRemaining <= 0) return fail(409, "hold_extension_limit", "The hold has already been extended once: submit your booking before it runs out.");
      b.hold.expiresAt += HOLD_EXTENSION_MINUTES * 60_000;
      b.hold.extensionsRemaining -= 1;
      return ok(toBasket(b));
    },

    getBasketQuote(userId: string, basketId: string): Outcome<Quote> {
      const found = ownBasket(userId, basketId);
      if (!found.ok) return found;
      const b = found.value;
      const missing = incomplete(b, "payment");
      if (missing) return missing;
      const lines = priceLines(b);
      return ok({
        basketId: b.id, lines, total: gbp(sumLines(lines)), paymentOptions: optionsFor(b), messages: messagesFor(b),
        validUntil: iso(b.hold?.expiresAt ?? ctx.now() + HOLD_MINUTES * 60_000),
      });
    },

    async checkoutBasket(userId: string, basketId: string, key: string | null, body: unknown): Promise<Replayable<CheckoutResult>> {
      const found = ownBasket(userId, basketId);
      if (!found.ok) return found;
      return idempotent(userId, key, `POST /baskets/${basketId}/checkout ${canonicalJson(body)}`, () => {
        const b = bs().baskets.get(basketId);
        return b ? checkoutNow(userId, b, body) : notFound("basket");
      });
    },

    getPayment(userId: string, paymentId: string): Outcome<Payment> {
      sweep();
      const p = bs().payments.get(paymentId);
      if (!p || !ownOrder(userId, p.orderId).ok) return notFound("payment");
      return ok(toPayment(p));
    },

    async completePaymentReturn(userId: string, paymentId: string, body: unknown): Promise<Outcome<PaymentResult>> {
      sweep();
      const p = bs().payments.get(paymentId);
      const found = p ? ownOrder(userId, p.orderId) : undefined;
      if (!p || !found?.ok) return notFound("payment");
      const params = isRecord(body) && isRecord(body.parameters) ? body.parameters : undefined;
      const result = params?.result;
      // The stand-in provider adds only `result`; the app names the payment in the path.
      if (!params || !["success", "declined", "cancelled"].includes(result as string)) {
        return fail(422, "invalid_payment_return", "The payment provider's answer could not be verified: check the payment's status before trying again.");
      }
      if (p.result) return ok(structuredClone(p.result));
      if (ctx.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, ctx.latencyMs));
      return ok(settlePayment(p, result as "success" | "declined" | "cancelled"));
    },

    settlePayment(paymentId: string, result: "success" | "declined" | "cancelled"): PaymentResult {
      const p = bs().payments.get(paymentId);
      if (!p) throw new Error(`No payment ${paymentId}`);
      return settlePayment(p, result);
    },

    /** Checkout without HTTP (provider states, tests): recorded under the key as if it had been sent. */
    checkoutRecorded(userId: string, basketId: string, key: string, body: unknown): Outcome<CheckoutResult> {
      const b = bs().baskets.get(basketId);
      if (!b || b.userId !== userId) return notFound("basket");
      const outcome = checkoutNow(userId, b, body);
      if (outcome.ok) {
        bs().idempotency.set(`${userId} ${key}`, {
          fingerprint: `POST /baskets/${basketId}/checkout ${canonicalJson(body)}`, inFlight: false,
          response: { status: 201, body: structuredClone(outcome.value) },
        });
      }
      return outcome;
    },

    /** Marks a request under the key as still processing (provider states, tests). */
    markInFlight(userId: string, key: string, request: string): void {
      bs().idempotency.set(`${userId} ${key}`, { fingerprint: request, inFlight: true });
    },

    requestOrderCancellation(userId: string, orderId: string, body: unknown): Outcome<Order> {
      const found = ownOrder(userId, orderId);
      if (!found.ok) return found;
      const o = found.value;
      const reason = isRecord(body) && typeof body.reason === "string" ? body.reason.trim() : "";
      if (reason === "") return invalid([{ field: "reason", message: "Tell us why you want to cancel" }]);
      if (reason.length > 2000) return invalid([{ field: "reason", message: "Use 2000 characters or fewer" }]);
      const today = ctx.today();
      const notAllowed = (detail: string) => fail(409, "cancellation_not_allowed", detail);
      if (o.status === "cancelled") return notAllowed("This booking is already cancelled.");
      if (o.status === "cancellation-requested") return notAllowed("You have already asked to cancel this booking.");
      if (o.visitDate < today) return notAllowed("This visit has already happened.");
      if (o.kind === "outreach" && daysBetween(today, o.visitDate) < 28) {
        return notAllowed("Outreach bookings need 28 days' notice to cancel: contact the outreach team.");
      }
      o.status = "cancellation-requested";
      o.timeline.push({
        at: iso(ctx.now()), event: "cancellation-requested",
        description: `Cancellation requested by ${userName(userId)}: "${reason}". ${cancellationPolicy(o, today)}`,
      });
      return ok(withActions(o));
    },

    quoteOrderAmendment(userId: string, orderId: string, body: unknown): Outcome<AmendmentQuote> {
      const plan = planAmendment(userId, orderId, body);
      return plan.ok ? ok(plan.value.quote) : plan;
    },

    async createOrderAmendment(userId: string, orderId: string, key: string | null, body: unknown): Promise<Replayable<AmendmentResult>> {
      const found = ownOrder(userId, orderId);
      if (!found.ok) return found;
      return idempotent(userId, key, `POST /orders/${orderId}/amendments ${canonicalJson(body)}`, () => {
        const plan = planAmendment(userId, orderId, body);
        if (!plan.ok) return plan;
        const { order, quote, pending } = plan.value;
        if (quote.paymentRequired) {
          const returnUrl = isRecord(body) ? body.returnUrl : undefined;
          if (!isAbsoluteUrl(returnUrl)) return invalid([{ field: "returnUrl", message: "Give an absolute http(s) URL to return to after paying" }]);
          const payment = newPaymentSession(order, quote.additionalTotal.amount, userId, returnUrl, { amendment: pending });
          return ok({ order: withActions(order), payment });
        }
        applyAmendment(order, pending, false);
        return ok({ order: withActions(order) });
      });
    },

    async startOrderPayment(userId: string, orderId: string, key: string | null, body: unknown): Promise<Replayable<PaymentSession>> {
      const found = ownOrder(userId, orderId);
      if (!found.ok) return found;
      return idempotent(userId, key, `POST /orders/${orderId}/payments ${canonicalJson(body)}`, () => {
        const o = st().orders.get(orderId);
        if (!o) return notFound("order");
        if (!awaitingCard(o)) {
          return fail(409, "payment_not_due", "This booking is not waiting for a card payment.");
        }
        const returnUrl = isRecord(body) ? body.returnUrl : undefined;
        if (!isAbsoluteUrl(returnUrl)) return invalid([{ field: "returnUrl", message: "Give an absolute http(s) URL to return to after paying" }]);
        const now = ctx.now();
        const minimum = now + PAYMENT_SESSION_MINUTES * 60_000;
        if (o.heldUntil && Date.parse(o.heldUntil) < minimum) o.heldUntil = iso(minimum);
        for (const p of bs().payments.values()) if (p.orderId === o.id && p.status === "pending") p.status = "cancelled";
        return ok(newPaymentSession(o, o.total.amount, userId, returnUrl));
      });
    },

    // ---- Outreach (outreach.ts)

    getOutreachEligibility(userId: string, organisationId: string): Outcome<OutreachEligibility> {
      return outreach.eligibilityOf(userId, organisationId);
    },

    listOutreachActivities(user: User, organisationId?: string): OutreachActivityList {
      return { items: outreach.listActivities(user, organisationId) };
    },

    getOutreachQuestionnaire(): Questionnaire {
      return outreach.questionnaire();
    },

    getOutreachAvailability(month: string, activityId?: string): Outcome<OutreachAvailability> {
      sweep();
      return outreach.availability(month, activityId);
    },

    updateBasketOutreachActivities(userId: string, basketId: string, body: unknown): Outcome<Basket> {
      return outreachStep(userId, basketId, "outreach-activities", (b) => outreach.saveActivities(b, body));
    },

    updateBasketOutreachAdvisories(userId: string, basketId: string, body: unknown): Outcome<Basket> {
      return outreachStep(userId, basketId, "outreach-advisories", (b) => outreach.saveAdvisories(b, body));
    },

    updateBasketOutreachAnswers(userId: string, basketId: string, body: unknown): Outcome<Basket> {
      return outreachStep(userId, basketId, "outreach-questions", (b) => outreach.saveAnswers(b, body));
    },

    updateBasketOutreachSchedule(userId: string, basketId: string, body: unknown): Outcome<Basket> {
      return outreachStep(userId, basketId, "outreach-schedule", (b) => outreach.saveSchedule(b, body));
    },

    updateBasketOutreachTerms(userId: string, basketId: string, body: unknown): Outcome<Basket> {
      return outreachStep(userId, basketId, "outreach-terms", (b) => outreach.saveTerms(b, body));
    },

    /** Venue pages of the CMS (listVenues), made from the same venues and activities. */
    cmsVenues(groupType?: GroupType): CmsVenue[] {
      return st().venues.map((v): CmsVenue => {
        const here = activitiesAt(v.id);
        const groupTypes = [...new Set(here.flatMap((a) => a.groupTypes))] as GroupType[];
        return {
          id: v.id,
          slug: v.id.replace(/^venue-/, ""),
          name: v.name,
          summary: v.summary,
          body: `<p>${v.summary}</p><p>General admission is free. Workshops, shows and tours are booked in timed slots.</p>`,
          address: { line1: v.address.line1, town: v.address.town, postcode: v.address.postcode },
          openingTimes: "Open daily 10:00–17:00; closed 24–26 December.",
          accessInformation: "<p>Step-free access from the coach drop-off to every gallery. A quiet room is available on request, and sensory maps are at the welcome desk.</p>",
          groupTypes,
          lunchSpace: here.some((a) => a.kind === "lunch-space"),
        };
      }).filter((v) => !groupType || v.groupTypes.includes(groupType));
    },
  };
}
