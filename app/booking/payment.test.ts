import { describe, expect, it } from "vitest";
import type { OperationProblem } from "../api/result.server";
import { paymentChoiceOf, paymentErrors, paymentResultOf, purchaseOrderNumberSchema } from "./payment.server";

const problem = (p: Partial<OperationProblem<"updateBasketPayment">>): OperationProblem<"updateBasketPayment"> => ({ type: "about:blank", title: "Unprocessable", status: 422, ...p });

describe("the payment step's server side", () => {
  it("turns the form's choice into the gateway's", () => {
    expect(paymentChoiceOf("invoice", "PO-1")).toEqual({ method: "invoice", purchaseOrderNumber: "PO-1" });
    expect(paymentChoiceOf("invoice", "")).toEqual({ method: "invoice" });
    expect(paymentChoiceOf("card", "PO-1")).toEqual({ method: "card", payLater: false });
    expect(paymentChoiceOf("card-later", "")).toEqual({ method: "card", payLater: true });
  });

  it("reads only the payment page's two results from the URL", () => {
    expect(paymentResultOf(new URL("https://x.test/pay?payment=failed"))).toBe("failed");
    expect(paymentResultOf(new URL("https://x.test/pay?payment=cancelled"))).toBe("cancelled");
    expect(paymentResultOf(new URL("https://x.test/pay?payment=succeeded"))).toBeNull();
    expect(paymentResultOf(new URL("https://x.test/pay"))).toBeNull();
  });

  it("trims the purchase order number and refuses one over 50 characters", () => {
    expect(purchaseOrderNumberSchema.parse("  PO-7 ")).toBe("PO-7");
    expect(purchaseOrderNumberSchema.parse(undefined)).toBe("");
    expect(purchaseOrderNumberSchema.safeParse("x".repeat(51)).success).toBe(false);
  });

  it("puts a refusal beside the field it is about, else at the top", () => {
    const po = problem({ errors: [{ field: "purchaseOrderNumber", message: "Too long" }] });
    expect(paymentErrors(po, ["method"])).toEqual({ purchaseOrderNumber: "Too long" });
    const later = problem({ detail: "No", errors: [{ field: "payLater", message: "Not for this date" }] });
    expect(paymentErrors(later, ["method", "payLater"])).toEqual({ choice: "Not for this date" });
    // Outreach never pays later: an error on payLater is not about its choice.
    expect(paymentErrors(later, ["method"])).toEqual({ form: "No" });
    const unavailable = problem({ code: "payment_method_unavailable", detail: "Invoices need 28 days" });
    expect(paymentErrors(unavailable, ["method"])).toEqual({ choice: "Invoices need 28 days" });
    expect(paymentErrors(problem({ status: 500, title: "Server error" }), ["method"])).toEqual({ form: "Server error" });
  });
});
