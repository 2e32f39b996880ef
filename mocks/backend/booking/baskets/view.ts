import { summariseOrganisation } from "../../seed";
import { iso, type Core } from "../core";
import type { Outreach } from "../outreach";
import { BASKET_EXPIRY_DAYS } from "../rules";
import type { Basket, BasketRecord } from "../types";
import type { Messages } from "./messages";
import type { PaymentStep } from "./payment-step";
import type { Progress } from "./progress";

// The wire basket (contracts/gateway.yaml Basket) made from the stored record: copies,
// never the record's own objects, so a caller cannot change the state through an answer.

type ViewParts = Pick<Progress, "progress"> & Pick<PaymentStep, "quoteTotal"> & Messages;

export function createView(core: Core, outreach: Outreach, { messagesFor, progress, quoteTotal }: ViewParts) {
  const { basketEntries, basketParticipants, organisationOf, venue } = core;

  function toBasket(b: BasketRecord): Basket {
    const { completedSteps, nextStep } = progress(b);
    const v = b.venueId ? venue(b.venueId) : undefined;
    const free = b.status !== "checked-out" && completedSteps.includes("payment") && quoteTotal(b) === 0;
    const basket: Basket = {
      id: b.id,
      kind: b.kind,
      status: b.status,
      organisation: summariseOrganisation(organisationOf(b)),
      completedSteps,
      nextStep,
      participants: basketParticipants(b),
      schedule: basketEntries(b),
      tickets: structuredClone(b.tickets ?? []),
      messages: messagesFor(b),
      expiresAt: iso(b.updatedAt + BASKET_EXPIRY_DAYS * 86_400_000),
      createdAt: iso(b.createdAt),
      updatedAt: iso(b.updatedAt),
    };
    if (v) basket.venue = { id: v.id, name: v.name };
    if (b.visitDate) basket.visitDate = b.visitDate;
    if (b.information) basket.information = structuredClone(b.information);
    if (b.groupActivityIds) basket.groupActivityIds = [...b.groupActivityIds];
    if (b.groupDetails) basket.groupDetails = structuredClone(b.groupDetails);
    if (b.kind === "outreach") {
      basket.outreach = outreach.selectionOf(b);
      if (b.outreach?.schedule) basket.visitDate = b.outreach.schedule.date;
    }
    if (free) basket.payment = { method: "none" };
    else if (b.payment) basket.payment = structuredClone(b.payment);
    if (b.hold) basket.hold = { expiresAt: iso(b.hold.expiresAt), extensionsRemaining: b.hold.extensionsRemaining };
    if (b.orderId) basket.orderId = b.orderId;
    return basket;
  }

  return { toBasket };
}
