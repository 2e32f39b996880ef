import type { FieldError } from "../../types";
import type { Core } from "../core";
import { outreachPaymentOptions } from "../outreach-rules";
import { paymentOptions, sumLines } from "../rules";
import type { BasketRecord, PaymentChoice } from "../types";

// The payment step: which ways to pay a basket's total allows (outreach has its own,
// outreach-rules.ts), and whether a saved choice is still one of them.

export function createPaymentStep({ ctx, organisationOf, priceLines }: Core) {
  function quoteTotal(b: BasketRecord): number {
    return sumLines(priceLines(b));
  }

  function optionsFor(b: BasketRecord) {
    if (b.kind === "outreach") return outreachPaymentOptions(quoteTotal(b));
    return paymentOptions({
      total: quoteTotal(b), groupType: organisationOf(b).groupType, today: ctx.today(), visitDate: b.visitDate ?? ctx.today(),
    });
  }

  function paymentErrors(b: BasketRecord, choice: PaymentChoice): FieldError[] {
    const options = optionsFor(b);
    const option = options.find((o) => o.method === choice.method);
    if (!option?.available) return [{ field: "method", message: option?.reason ?? "Choose a way to pay" }];
    if (choice.payLater && !(choice.method === "card" && option.payLaterAvailable)) {
      return [{ field: "payLater", message: "Paying later is for card bookings 28 or more days ahead" }];
    }
    return [];
  }

  return { optionsFor, paymentErrors, quoteTotal };
}

export type PaymentStep = ReturnType<typeof createPaymentStep>;
