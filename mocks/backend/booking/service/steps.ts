import type { FieldError } from "../../types";
import { fail, invalid, isRecord, ok } from "../core";
import { checkRatios } from "../rules";
import type { Basket, Outcome, PaymentChoice } from "../types";
import type { BookingParts } from "./parts";

// Saving the venue visits' steps, one operation a step: each checks the step may be saved
// now (editable), validates it with its rules in baskets/, saves it and lets any hold go.
// The outreach steps are in outreach.ts.

export function createStepOperations({ core, baskets }: BookingParts) {
  const { activity, testControls, visitTotals } = core;
  const {
    groupActivityErrors, saveStep, optionalText, parseGroupDetails, parseInformation, parseSchedule, parseTickets,
    paymentErrors, scheduleErrors, ticketErrors, touch, validateDate,
  } = baskets;

  return {
    updateBasketDate(userId: string, basketId: string, body: unknown): Outcome<Basket> {
      return saveStep(userId, basketId, "date", (b) => {
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
        return ok(null);
      });
    },

    updateBasketInformation(userId: string, basketId: string, body: unknown): Outcome<Basket> {
      return saveStep(userId, basketId, "information", (b) => {
        const parsed = parseInformation(b, body);
        if (!parsed.ok) return parsed;
        const info = parsed.value;
        const shortfalls = checkRatios(info.participants, info.adults).shortfalls;
        // A shortfall is saved as a draft (the basket's messages say what is missing) and refused.
        b.information = info;
        b.informationValid = shortfalls.length === 0;
        // No lunch space: a lunch slot chosen before goes with the answer, so the basket never
        // books what it says the group does not need (contracts/gateway.yaml, updateBasketInformation).
        if (!info.lunchSpace && b.schedule) b.schedule = b.schedule.filter((s) => activity(s.activityId)?.kind !== "lunch-space");
        touch(b);
        if (shortfalls.length > 0) {
          return invalid([{ field: "adults", message: shortfalls.map((s) => s.message).join("; ") }], "There are not enough adults for the supervision ratios.");
        }
        const { total } = visitTotals(info);
        for (const s of b.schedule ?? []) s.participants = Math.min(s.participants, total);
        return ok(null);
      });
    },

    updateBasketSchedule(userId: string, basketId: string, body: unknown): Outcome<Basket> {
      return saveStep(userId, basketId, "schedule", (b) => {
        const parsed = parseSchedule(body);
        if (!parsed.ok) return parsed;
        const errors = scheduleErrors(b, parsed.value, true);
        if (errors.length > 0) return invalid(errors);
        b.schedule = parsed.value;
        touch(b);
        return ok(null);
      });
    },

    updateBasketGroupActivities(userId: string, basketId: string, body: unknown): Outcome<Basket> {
      return saveStep(userId, basketId, "group-activities", (b) => {
        const ids = isRecord(body) ? body.activityIds : undefined;
        const errors = groupActivityErrors(b, ids);
        if (errors.length > 0) return invalid(errors);
        b.groupActivityIds = [...(ids as string[])];
        if (b.tickets) b.tickets = b.tickets.filter((t) => b.groupActivityIds?.includes(t.activityId));
        touch(b);
        return ok(null);
      });
    },

    updateBasketGroupCapacities(userId: string, basketId: string, body: unknown): Outcome<Basket> {
      return saveStep(userId, basketId, "group-capacities", (b) => {
        const parsed = parseTickets(body);
        if (!parsed.ok) return parsed;
        const errors = ticketErrors(b, parsed.value, true);
        if (errors.length > 0) return invalid(errors);
        b.tickets = parsed.value.filter((t) => t.quantity > 0);
        touch(b);
        return ok(null);
      });
    },

    updateBasketGroupDetails(userId: string, basketId: string, body: unknown): Outcome<Basket> {
      return saveStep(userId, basketId, "group-details", (b) => {
        const parsed = parseGroupDetails(b, body);
        if (!parsed.ok) return parsed;
        b.groupDetails = parsed.value;
        touch(b);
        return ok(null);
      });
    },

    updateBasketPayment(userId: string, basketId: string, body: unknown): Outcome<Basket> {
      return saveStep(userId, basketId, "payment", (b) => {
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
        const fault = choice.method === "none" ? testControls.freePaymentFault(userId, b.id) : undefined;
        if (fault) return fault;
        b.payment = choice;
        touch(b);
        return ok(null);
      });
    },
  };
}
