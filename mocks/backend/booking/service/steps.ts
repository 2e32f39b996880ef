import type { FieldError } from "../../types";
import { fail, invalid, isRecord, ok } from "../core";
import { checkRatios } from "../rules";
import type { Basket, Outcome, PaymentChoice } from "../types";
import type { BookingParts } from "./parts";

// Saving the venue visits' steps, one operation a step: each checks the step may be saved
// now (editable), validates it with its rules in baskets/, saves it and lets any hold go.
// The outreach steps are in outreach.ts.

export function createStepOperations({ core, baskets }: BookingParts) {
  const { ownBasket, visitTotals } = core;
  const {
    editable, groupActivityErrors, optionalText, parseGroupDetails, parseInformation, parseSchedule, parseTickets,
    paymentErrors, scheduleErrors, ticketErrors, toBasket, touch, validateDate,
  } = baskets;

  return {
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
  };
}
