import { z } from "zod";
import { fieldErrors, problemText, type OperationProblem } from "../api/result.server";
import type { PaymentChoice } from "../../generated/schemas";

// The payment step's server side, alike in visit booking (routes/book/payment.tsx) and
// the outreach request (routes/book/outreach/payment.tsx).

/** The optional purchase order number printed on an invoice. */
export const purchaseOrderNumberSchema = z
  .string()
  .trim()
  .max(50, "Enter a purchase order number of 50 characters or fewer")
  .default("");

/** What the hosted payment page said, when it sent the user back here to choose again. */
export type PaymentResult = "failed" | "cancelled";

export function paymentResultOf(url: URL): PaymentResult | null {
  const result = url.searchParams.get("payment");
  return result === "failed" || result === "cancelled" ? result : null;
}

/** The gateway's payment choice for the form's: an invoice (with its purchase order number), a card, or nothing to pay. */
export function paymentChoiceOf(choice: "invoice" | "card" | "card-later" | "none", purchaseOrderNumber: string): PaymentChoice {
  if (choice === "none") return { method: "none" };
  return choice === "invoice"
    ? { method: "invoice", ...(purchaseOrderNumber ? { purchaseOrderNumber } : {}) }
    : { method: "card", payLater: choice === "card-later" };
}

/**
 * A refused payment choice as form errors: beside the purchase order number, beside the
 * choice (an error on one of `choiceFields`, or a method not available), else at the top.
 */
export function paymentErrors(problem: OperationProblem<"updateBasketPayment">, choiceFields: readonly string[]): Record<string, string> {
  const fields = fieldErrors(problem);
  const errors: Record<string, string> = {};
  if (fields.purchaseOrderNumber) errors.purchaseOrderNumber = fields.purchaseOrderNumber;
  const choiceError = choiceFields.map((f) => fields[f]).find((message) => message !== undefined);
  if (choiceError || problem.code === "payment_method_unavailable") errors.choice = choiceError ?? problemText(problem);
  if (Object.keys(errors).length === 0) errors.form = problemText(problem);
  return errors;
}
