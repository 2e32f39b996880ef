// Wire shapes from the gateway contract, and the records the booking backend keeps.
import type { components } from "../../../generated/gateway";
import type { FieldError } from "../types";

type S = components["schemas"];

export type AgeBand = S["AgeBand"];
export type TicketType = S["TicketType"];
export type ActivityKind = S["ActivityKind"];
export type Activity = S["Activity"];
export type ActivityList = S["ActivityList"];
export type TimeSlot = S["TimeSlot"];
export type VenueAvailability = S["VenueAvailability"];
export type AvailabilityDay = S["AvailabilityDay"];
export type OrderKind = S["OrderKind"];
export type Basket = S["Basket"];
export type BasketStatus = S["BasketStatus"];
export type BasketStep = S["BasketStep"];
export type BasketMessage = S["BasketMessage"];
export type BasketCreate = S["BasketCreate"];
export type BasketDateStep = S["BasketDateStep"];
export type VisitInformation = S["VisitInformation"];
export type ParticipantCount = S["ParticipantCount"];
export type ScheduleSelection = S["ScheduleSelection"];
export type ScheduleEntry = S["ScheduleEntry"];
export type TicketSelection = S["TicketSelection"];
export type GroupDetails = S["GroupDetails"];
export type PaymentChoice = S["PaymentChoice"];
export type PaymentOption = S["PaymentOption"];
export type Quote = S["Quote"];
export type PriceLine = S["PriceLine"];
export type Money = S["Money"];
export type CheckoutRequest = S["CheckoutRequest"];
export type CheckoutResult = S["CheckoutResult"];
export type PaymentSession = S["PaymentSession"];
export type Payment = S["Payment"];
export type PaymentResult = S["PaymentResult"];
export type AmendmentRequest = S["AmendmentRequest"];
export type AmendmentQuote = S["AmendmentQuote"];
export type AmendmentResult = S["AmendmentResult"];
export type Order = S["Order"];
export type CmsVenue = import("../../../generated/cms").components["schemas"]["Venue"];
export type Advisory = import("../../../generated/cms").components["schemas"]["Advisory"];
export type OutreachEligibility = S["OutreachEligibility"];
export type OutreachActivity = S["OutreachActivity"];
export type OutreachActivityList = S["OutreachActivityList"];
export type OutreachAvailability = S["OutreachAvailability"];
export type OutreachAvailabilityDay = S["OutreachAvailabilityDay"];
export type OutreachSchedule = S["OutreachSchedule"];
export type OutreachSelection = S["OutreachSelection"];
export type Questionnaire = S["Questionnaire"];

/** Visit and group-visit baskets: the kinds with venue days, slots and amendments. */
export type BookableKind = Exclude<OrderKind, "outreach">;

/** The outreach sections of a basket, as saved step by step (answers by question id). */
export interface OutreachRecord {
  activityIds?: string[];
  acknowledgedAdvisoryIds?: string[];
  questionnaireVersion?: string;
  answers?: Record<string, string>;
  schedule?: OutreachSchedule;
  acceptedTermsVersion?: string;
}

export interface BasketRecord {
  id: string;
  kind: OrderKind;
  status: "open" | "held" | "checked-out";
  userId: string;
  organisationId: string;
  createdAt: number;
  updatedAt: number;
  venueId?: string;
  visitDate?: string;
  /** Saved information; `informationValid` is false for a draft kept with a ratio shortfall. */
  information?: VisitInformation;
  informationValid?: boolean;
  /** Undefined until the schedule step is saved (an empty day is a valid schedule). */
  schedule?: ScheduleSelection[];
  groupActivityIds?: string[];
  /** Undefined until the capacities step is saved. */
  tickets?: TicketSelection[];
  groupDetails?: GroupDetails;
  /** Outreach baskets: what each outreach step saved. */
  outreach?: OutreachRecord;
  payment?: PaymentChoice;
  /** `placedAt`: when it was placed, so that turning on longer holds can lengthen it (User.extendedHolds). */
  hold?: { placedAt: number; expiresAt: number; extensionsRemaining: number };
  /** When the last hold lapsed without checkout (cleared by a new hold). */
  holdLapsedAt?: number;
  /** The order made from this basket: kept when a card payment fails and the basket reopens. */
  orderId?: string;
  /** The last card payment of the order failed or was cancelled. */
  paymentProblem?: { status: "failed" | "cancelled"; message: string };
}

/** What the booking was made of, for amendments (the wire Order only has price lines). */
export interface OrderDetail {
  kind: BookableKind;
  groupType: S["GroupType"];
  participants: ParticipantCount[];
  adults: number;
  oneToOneCarers: number;
  schedule: ScheduleSelection[];
  tickets: TicketSelection[];
}

export interface PaymentRecord {
  id: string;
  orderId: string;
  status: Payment["status"];
  amount: Money;
  createdAt: number;
  expiresAt: number;
  returnUrl: string;
  userId: string;
  /** The basket checked out, when this payment is for a checkout. */
  basketId?: string;
  /** An increase in numbers to apply when this payment succeeds. */
  amendment?: PendingAmendment;
  /** The result once the return was reported (a repeated report gets the same). */
  result?: PaymentResult;
}

export interface PendingAmendment {
  detail: OrderDetail;
  lines: PriceLine[];
  participants: number;
  description: string;
}

export interface StoredResponse {
  status: number;
  body: unknown;
}

export interface IdempotencyRecord {
  fingerprint: string;
  inFlight: boolean;
  response?: StoredResponse;
}

export interface BookingState {
  baskets: Map<string, BasketRecord>;
  payments: Map<string, PaymentRecord>;
  /** By `${userId} ${key}`. */
  idempotency: Map<string, IdempotencyRecord>;
  orderDetails: Map<string, OrderDetail>;
  /** `${venueId} ${date}` days with little seeded demand (provider states use them). */
  quietDays: Set<string>;
  /** Extra places taken in a slot (`${venueId} ${date} ${slotId}`), e.g. by a provider state. */
  extraTaken: Map<string, number>;
  /** Extra places taken on a day at a venue (`${venueId} ${date}`), in no slot of the basket's, e.g. by a provider state. */
  extraDayTaken: Map<string, number>;
  counters: { basket: number; order: number; payment: number };
  /** `${basketId} ${control}`: the test controls already applied to a basket (test-controls.ts). */
  testControlsUsed: Set<string>;
}

export type Failure = { ok: false; status: number; code: string; detail: string; errors?: FieldError[]; title?: string };
export type Outcome<T> = { ok: true; value: T } | Failure;
