import { summariseOrganisation } from "../seed";
import type { FieldError } from "../types";
import type { Amendments } from "./amendments";
import type { Baskets } from "./baskets";
import { ARRIVE_FROM, daysBetween, formatDate } from "./calendar";
import { clock, fail, invalid, isAbsoluteUrl, isInt, isRecord, iso, ok, type Core } from "./core";
import type { Outreach } from "./outreach";
import { PAYMENT_SESSION_MINUTES, formatMoney, gbp, payLaterUntil, sumLines } from "./rules";
import type {
  BasketRecord, BookableKind, CheckoutResult, Failure, IdempotencyRecord, Order, Outcome, PaymentChoice, PaymentRecord,
  PaymentResult, PaymentSession,
} from "./types";

// Orders from baskets: idempotent checkout, hosted payment results (which apply a paid
// increase in numbers, amendments.ts) and the cancellation policy.

/** An idempotent operation's outcome: a replay of the stored success is marked. */
export type Replayable<T> = (Outcome<T> & { replayed?: false }) | { ok: true; value: T; replayed: true };

/**
 * An order waiting for its card payment: a held visit, or an outreach request chosen to
 * be paid by card (it stays `requested` until paid).
 */
export function awaitingCard(o: Pick<Order, "kind" | "status" | "payment">): boolean {
  return o.payment.method === "card" && o.payment.status === "unpaid"
    && (o.status === "held" || (o.kind === "outreach" && o.status === "requested"));
}

export function createOrders(core: Core, baskets: Baskets, outreach: Outreach, amendments: Amendments) {
  const {
    ctx, st, bs, basketEntries, basketParticipants, newPaymentSession, organisationOf, priceLines, sweep, userName, venue,
    withActions,
  } = core;
  const { capacityFailure, editable, incomplete } = baskets;
  const { applyAmendment } = amendments;

  // ---- Idempotency --------------------------------------------------------------------


  /**
   * Runs an operation once per (user, Idempotency-Key): a retry with the same request gets
   * the stored success (replayed); with another request 422 idempotency_key_reused; while
   * the first is still processing 409 idempotency_key_in_flight. Failures are not stored,
   * so the same key may be retried after the user fixes what failed.
   */
  async function idempotent<T>(userId: string, key: string | null, request: string, run: () => Outcome<T>): Promise<Replayable<T>> {
    if (!key || key.length > 255 || key.trim() === "") {
      return fail(400, "idempotency_key_required", "Send an Idempotency-Key header (a new UUID for each attempt, reused for its retries).");
    }
    const s = bs();
    const id = `${userId} ${key}`;
    const existing = s.idempotency.get(id);
    if (existing) {
      if (existing.fingerprint !== request) {
        return fail(422, "idempotency_key_reused", "This Idempotency-Key was already used for a different request: use a new key for a new attempt.");
      }
      if (existing.inFlight || !existing.response) {
        return fail(409, "idempotency_key_in_flight", "This request is still being processed: wait a moment and try again with the same key.");
      }
      return { ok: true, value: structuredClone(existing.response.body) as T, replayed: true };
    }
    const record: IdempotencyRecord = { fingerprint: request, inFlight: true };
    s.idempotency.set(id, record);
    try {
      if (ctx.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, ctx.latencyMs));
      const outcome = run();
      if (outcome.ok) {
        record.response = { status: 201, body: structuredClone(outcome.value) };
        record.inFlight = false;
      } else if (bs().idempotency.get(id) === record) bs().idempotency.delete(id);
      return outcome;
    } catch (error) {
      if (bs().idempotency.get(id) === record) bs().idempotency.delete(id);
      throw error;
    }
  }

  // ---- Checkout -----------------------------------------------------------------------

  function checkoutNow(userId: string, b: BasketRecord, body: unknown): Outcome<CheckoutResult> {
    sweep();
    const src = isRecord(body) ? body : {};
    const errors: FieldError[] = [];
    const termsKind = b.kind === "outreach" ? "outreach" : "booking";
    if (typeof src.acceptedTermsVersion !== "string" || src.acceptedTermsVersion.trim() === "") {
      errors.push({ field: "acceptedTermsVersion", message: `Accept the ${termsKind} terms to book` });
    } else {
      const current = st().currentTerms.get(termsKind)?.version;
      if (current && src.acceptedTermsVersion !== current) {
        return fail(422, "terms_outdated", `The ${termsKind} terms have changed since you accepted them: read and accept the current terms.`);
      }
    }
    if (!isAbsoluteUrl(src.returnUrl)) errors.push({ field: "returnUrl", message: "Give an absolute http(s) URL to return to" });
    if (src.expectedTotal !== undefined && !(isRecord(src.expectedTotal) && isInt(src.expectedTotal.amount, 0, Number.MAX_SAFE_INTEGER))) {
      errors.push({ field: "expectedTotal", message: "Give the total shown to the user, in pence" });
    }
    if (errors.length > 0) return invalid(errors);
    if (b.status === "checked-out") return editable(b, "review") as Failure;
    const missing = incomplete(b, "review");
    if (missing) return missing;
    if (!b.hold && b.holdLapsedAt) {
      return fail(409, "hold_expired", `Your places were held until ${clock(b.holdLapsedAt)} and have been released. Check your booking and submit it again to hold them, if they are still available.`);
    }
    const capacity = capacityFailure(b);
    if (capacity) return capacity;
    const lines = priceLines(b);
    const total = sumLines(lines);
    if (isRecord(src.expectedTotal) && src.expectedTotal.amount !== total) {
      return fail(409, "price_changed", `The price has changed to ${formatMoney(total)} since you reviewed it: check the new price and submit again.`);
    }

    const s = bs();
    const now = ctx.now();
    const today = ctx.today();
    const org = organisationOf(b);
    const v = venue(b.venueId as string);
    const choice: PaymentChoice = total === 0 ? { method: "none" } : (b.payment as PaymentChoice);
    const returnUrl = src.returnUrl as string;
    const name = userName(userId);
    const entries = basketEntries(b);
    const previous = b.orderId ? st().orders.get(b.orderId) : undefined;
    const reuse = previous && awaitingCard(previous) ? previous : undefined;
    const counter = reuse ? 0 : ++s.counters.order;
    const at = iso(now);
    const isOutreach = b.kind === "outreach";
    const timeline: Order["timeline"] = reuse
      ? [...reuse.timeline]
      : [isOutreach
        ? { at, event: "requested", description: `Outreach request sent by ${name}.` }
        : { at, event: "booked", description: `Booking made by ${name}.` }];
    if (reuse) timeline.push({ at, event: "resubmitted", description: `Booking submitted again by ${name}.` });

    const order: Order = {
      id: reuse?.id ?? `ord-${counter}`,
      reference: reuse?.reference ?? `${({ visit: "GV", "group-visit": "GG", outreach: "OR" } as const)[b.kind]}-${270000 + counter}`,
      kind: b.kind,
      status: "confirmed",
      venue: { id: v?.id ?? "", name: v?.name ?? "" },
      visitDate: b.visitDate as string,
      participants: basketParticipants(b),
      total: gbp(total),
      organisation: summariseOrganisation(org),
      arrivalTime: (b.kind === "visit" ? b.information?.arrivalTime : b.groupDetails?.arrivalTime) ?? ARRIVE_FROM,
      lines,
      payment: { method: choice.method, status: "not-required" },
      timeline,
      createdAt: reuse?.createdAt ?? at,
      schedule: entries,
      // A group visit's details go with it: the order says what the review said (contracts/gateway.yaml Order).
      ...(b.groupDetails ? { groupDetails: structuredClone(b.groupDetails) } : {}),
    };
    if (isOutreach) {
      // A request, confirmed once paid: by the pro-forma invoice, or by card now.
      Object.assign(order, outreach.orderFields(b), { status: "requested" });
    }
    let payment: PaymentSession | undefined;
    if (isOutreach && choice.method === "invoice") {
      order.payment = { method: "invoice", status: "unpaid", ...(choice.purchaseOrderNumber ? { purchaseOrderNumber: choice.purchaseOrderNumber } : {}) };
      timeline.push({
        at, event: "invoice-sent",
        description: `Pro-forma invoice for ${formatMoney(total)} sent to ${org.name}${choice.purchaseOrderNumber ? ` (purchase order ${choice.purchaseOrderNumber})` : ""}; the booking is confirmed when it is paid.`,
      });
    } else if (isOutreach) {
      order.payment = { method: "card", status: "unpaid" };
      timeline.push({ at, event: "awaiting-payment", description: "Awaiting card payment; the booking is confirmed when it is paid." });
    } else if (choice.method === "none") {
      timeline.push({ at, event: "confirmed", description: "Visit confirmed. It is free: there is nothing to pay." });
    } else if (choice.method === "invoice") {
      order.payment = { method: "invoice", status: "unpaid", ...(choice.purchaseOrderNumber ? { purchaseOrderNumber: choice.purchaseOrderNumber } : {}) };
      timeline.push({ at, event: "invoice-sent", description: `Invoice for ${formatMoney(total)} sent to ${org.name}${choice.purchaseOrderNumber ? ` (purchase order ${choice.purchaseOrderNumber})` : ""}.` });
      timeline.push({ at, event: "confirmed", description: "Visit confirmed." });
    } else {
      order.status = "held";
      order.payment = { method: "card", status: "unpaid" };
      const until = choice.payLater ? payLaterUntil(today, order.visitDate) : undefined;
      if (until) {
        order.heldUntil = new Date(`${until}T23:00:00Z`).toISOString();
        timeline.push({ at, event: "held", description: `Held awaiting card payment until ${formatDate(until)}; an unpaid hold lapses.` });
      } else {
        order.heldUntil = iso(now + PAYMENT_SESSION_MINUTES * 60_000);
        timeline.push({ at, event: "held", description: "Held while you pay by card." });
      }
    }
    // Earlier unfinished payment sessions of a reused order are superseded.
    for (const p of s.payments.values()) if (p.orderId === order.id && p.status === "pending") p.status = "cancelled";
    if (order.payment.method === "card" && !choice.payLater) {
      payment = newPaymentSession(order, total, userId, returnUrl, { basketId: b.id });
    }
    st().orders.set(order.id, order);
    if (b.kind !== "outreach") s.orderDetails.set(order.id, {
      kind: b.kind as BookableKind, groupType: org.groupType,
      participants: structuredClone(b.information?.participants ?? []), adults: b.information?.adults ?? 0,
      oneToOneCarers: b.information?.oneToOneCarers ?? 0, schedule: structuredClone(b.schedule ?? []),
      tickets: structuredClone(b.tickets ?? []),
    });
    b.status = "checked-out";
    b.orderId = order.id;
    b.updatedAt = now;
    delete b.hold;
    delete b.holdLapsedAt;
    delete b.paymentProblem;
    return ok(payment ? { order: withActions(order), payment } : { order: withActions(order) });
  }

  // ---- Payment results ----------------------------------------------------------------

  /** Applies the hosted payment page's result once; a repeated report gets the stored result. */
  function settlePayment(p: PaymentRecord, result: "success" | "declined" | "cancelled"): PaymentResult {
    if (p.result) return structuredClone(p.result);
    const order = st().orders.get(p.orderId);
    if (!order) throw new Error(`Payment ${p.id} refers to unknown order ${p.orderId}`);
    const at = iso(ctx.now());
    const waiting = awaitingCard(order);
    let message: string | undefined;
    if (result === "success") {
      p.status = "succeeded";
      if (p.amendment) {
        applyAmendment(order, p.amendment, true);
        order.timeline.push({ at, event: "paid", description: `Paid ${formatMoney(p.amount.amount)} by card for the extra places.` });
      } else {
        order.payment = { method: "card", status: "paid" };
        order.timeline.push({ at, event: "paid", description: `Paid ${formatMoney(p.amount.amount)} by card.` });
        if (waiting) {
          order.status = "confirmed";
          delete order.heldUntil;
          order.timeline.push({ at, event: "confirmed", description: order.kind === "outreach" ? "Outreach visit confirmed." : "Visit confirmed." });
        }
      }
    } else {
      p.status = result === "declined" ? "failed" : "cancelled";
      message = result === "declined"
        ? "Your card was declined and no money was taken. Try again with another card, or choose another way to pay."
        : "You cancelled the card payment and no money was taken. Your booking is not complete: pay by card or choose another way to pay.";
      order.timeline.push({
        at, event: result === "declined" ? "payment-failed" : "payment-cancelled",
        description: result === "declined" ? "Card payment declined; no money was taken." : "Card payment cancelled; no money was taken.",
      });
      // The basket reopens, with everything entered kept, so the user can try again.
      const b = p.basketId ? bs().baskets.get(p.basketId) : undefined;
      if (b && b.orderId === order.id && b.status === "checked-out" && waiting) {
        b.status = "open";
        b.updatedAt = ctx.now();
        b.paymentProblem = { status: p.status === "failed" ? "failed" : "cancelled", message };
      }
    }
    const outcome: PaymentResult = { paymentId: p.id, status: p.status, order: withActions(order) };
    if (message) {
      outcome.message = message;
      if (waiting || p.amendment) {
        outcome.retry = newPaymentSession(order, p.amount.amount, p.userId, p.returnUrl, {
          ...(p.basketId ? { basketId: p.basketId } : {}), ...(p.amendment ? { amendment: p.amendment } : {}),
        });
      }
    }
    p.result = structuredClone(outcome);
    return outcome;
  }

  return { checkoutNow, idempotent, settlePayment };
}

/** What cancelling costs, said when a cancellation is requested (docs/requirements.md §8.10). */
export function cancellationPolicy(o: Pick<Order, "kind" | "payment" | "visitDate">, today: string): string {
  const confirm = "The bookings team will confirm within 2 working days.";
  if (o.kind === "outreach") return `Outreach bookings need 28 days' notice; the pro-forma invoice is cancelled. ${confirm}`;
  if (o.payment.method === "none") return `The visit is free, so there is nothing to pay. ${confirm}`;
  if (o.payment.status === "unpaid" && o.payment.method === "card") return `Nothing has been paid, so nothing is charged. ${confirm}`;
  const late = daysBetween(today, o.visitDate) < 14;
  if (o.payment.method === "invoice") {
    return late
      ? `Cancelling within 14 days of the visit: activity charges on the invoice are still due. ${confirm}`
      : `Cancelling 14 or more days before the visit: the invoice is cancelled in full. ${confirm}`;
  }
  return late
    ? `Cancelling within 14 days of the visit: activity charges are not refunded. ${confirm}`
    : `Cancelling 14 or more days before the visit: you get a full refund to your card. ${confirm}`;
}
