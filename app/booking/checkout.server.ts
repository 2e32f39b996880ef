import { returnUrlFor } from "./card-payment.server";
import type { CheckoutRequest } from "../../generated/schemas";

/** What the user saw and agreed to on the page they submitted. */
export interface CheckoutInput {
  /** The version of the terms shown and accepted. */
  termsVersion: string;
  /** The total in pence the page showed: the gateway refuses (`price_changed`) rather than charge another. */
  expectedTotal: number;
  /** The page's URL and the path of this site the card provider returns to. */
  url: URL;
  returnPath: string;
}

/**
 * The checkout request every route sends, built in one place so that the Pact
 * interactions (tests/contract) send exactly what the routes send.
 */
export function checkoutRequest({ termsVersion, expectedTotal, url, returnPath }: CheckoutInput): CheckoutRequest {
  return {
    acceptedTermsVersion: termsVersion,
    returnUrl: returnUrlFor(url, returnPath),
    expectedTotal: { amount: expectedTotal, currency: "GBP" },
  };
}
