import type { GroupType, User } from "../../types";
import { fail, invalid, isRecord, iso, ok } from "../core";
import { awaitingCard, type Replayable } from "../orders";
import { canonicalJson } from "../rules";
import type { Basket, BasketRecord, BookableKind, Failure, Outcome } from "../types";
import type { BookingParts } from "./parts";

// Drafts: a user's baskets found, started, read and discarded. A basket is started only
// for an organisation that approved the user, and of the kind its group type books.

/** The kind of booking each group type makes. */
export function kindFor(groupType: GroupType): BookableKind {
  return groupType === "education" || groupType === "home-education" ? "visit" : "group-visit";
}

export function createDraftOperations({ ctx, core, baskets, orders, outreach }: BookingParts) {
  const { st, bs, approvedOrganisationIds, ownBasket, sweep } = core;
  const { editable, toBasket } = baskets;
  const { idempotent } = orders;

  function createBasket(user: User, body: unknown): Outcome<Basket> {
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
  }

  return {
    listBaskets(userId: string, filter: { status?: string; kind?: string }): Basket[] {
      sweep();
      return [...bs().baskets.values()]
        .filter((b) => b.userId === userId && (!filter.status || b.status === filter.status) && (!filter.kind || b.kind === filter.kind))
        .sort((x, y) => y.createdAt - x.createdAt || y.id.localeCompare(x.id, undefined, { numeric: true }))
        .map(toBasket);
    },

    createBasket,

    /**
     * createBasket with an optional Idempotency-Key (contracts/gateway.yaml): with a key,
     * a retry gets the first answer, as checkout does; without one, a new draft each time.
     */
    async createBasketOnce(user: User, key: string | null, body: unknown): Promise<Replayable<Basket>> {
      if (!key) return createBasket(user, body);
      return idempotent(user.id, key, `POST /baskets ${canonicalJson(body)}`, () => createBasket(user, body));
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
  };
}
