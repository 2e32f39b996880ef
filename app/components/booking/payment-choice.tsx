import type { ReactNode } from "react";
import type { PaymentResult } from "../../booking/payment.server";
import { Field } from "../field";
import type { RadioOption } from "./fields";
import type { BasketMessage, PaymentOption } from "../../../generated/schemas";

// The payment step's page, alike in visit booking and the outreach request.

/** The gateway's offer of one payment method, if it makes one. */
export function paymentOption(options: readonly PaymentOption[], method: PaymentOption["method"]): PaymentOption | undefined {
  return options.find((o) => o.method === method);
}

/** A payment method as a radio option: offered but not available, it is disabled and says why. */
export function methodOption(offer: PaymentOption, value: string, label: string, hint: string): RadioOption {
  return { value, label, hint: offer.available ? hint : offer.reason, disabled: !offer.available };
}

/** The optional purchase order number, for an invoice. */
export function PurchaseOrderField({ value, error }: { value: string; error: string | undefined }) {
  return (
    <Field
      name="purchaseOrderNumber"
      label="Purchase order number (optional, invoice only)"
      hint="If your school uses purchase orders, we print it on the invoice."
      maxLength={50}
      defaultValue={value}
      error={error}
    />
  );
}

interface PaymentProblemProps {
  /** What the payment page said when it sent the user back, if it did. */
  result: PaymentResult | null;
  /** The gateway's messages about the payment; when there are none, the fallback for the result. */
  messages: readonly BasketMessage[];
  fallbacks: Readonly<Record<PaymentResult, string>>;
  children?: ReactNode;
}

/**
 * A card payment that was declined or cancelled: what happened and what to do (an alert
 * when the user has just come back from the payment page). Nothing when all is well.
 */
export function PaymentProblem({ result, messages, fallbacks, children }: PaymentProblemProps) {
  if (!result && messages.length === 0) return null;
  // The gateway knows what happened; the return URL's result (which anyone can edit) only
  // speaks when the gateway says nothing.
  const cancelled = messages.length > 0 ? messages[0]!.code === "payment_cancelled" : result === "cancelled";
  return (
    <div className="warning" role={result ? "alert" : undefined}>
      <p>
        <strong>{cancelled ? "Your card payment was cancelled." : "Your card payment was declined."}</strong>
      </p>
      {/* The gateway says what to do; our own words when it says nothing. */}
      {messages.length > 0 ? messages.map((m) => <p key={m.code}>{m.message}</p>) : <p>{result ? fallbacks[result] : undefined}</p>}
      {children}
    </div>
  );
}
