import { data, redirect } from "react-router";
import { completePaymentReturn } from "../api/booking.server";
import type { GatewayClient } from "../api/client.server";
import { gatewayFailure } from "../api/result.server";
import { findOpenBasket } from "./basket.server";
import { saveSession, type AppSession } from "../session/session.server";
import type { Basket, PaymentSession } from "../../generated/schemas";

// Card payments go through the provider's hosted page, which sends the browser back to
// the return URL the app gave with query parameters of its own (contracts/gateway.yaml,
// completePaymentReturn). Providers differ in what they add, and need not echo the
// payment id, so the app remembers which payment it sent the user to pay, in the signed
// httpOnly session cookie, keyed by the path the provider returns to (ADR 0019).

/** At most this many payments are remembered; the oldest goes first (a user with many tabs). */
const REMEMBERED = 5;

/** The return URL for a path of this site: what the app gives the gateway at checkout. */
export const returnUrlFor = (url: URL, path: string) => new URL(path, url.origin).href;

/** Sends the browser to the hosted payment page, remembering the payment for the return to `returnPath`. */
export async function toHostedPayment(session: AppSession, payment: PaymentSession, returnPath: string): Promise<Response> {
  const payments = Object.entries(session.get("payments") ?? {}).filter(([path]) => path !== returnPath);
  session.set("payments", Object.fromEntries([...payments.slice(-(REMEMBERED - 1)), [returnPath, payment.id]]));
  return redirect(payment.redirectUrl, { headers: { "Set-Cookie": await saveSession(session) } });
}

export interface PaymentReturn {
  paymentId: string;
  /** The provider's query parameters, verbatim, for the gateway to verify. */
  parameters: Record<string, string>;
  /** The session without the payment, as a Set-Cookie value for the response. */
  setCookie: string;
}

/**
 * The provider's return to this page, if it is one: a payment was started for this path
 * and the URL carries parameters other than the page's own. A visit without them (the
 * user came back another way) leaves the payment remembered.
 */
export async function paymentReturn(session: AppSession, url: URL, ownParams: readonly string[] = []): Promise<PaymentReturn | null> {
  const payments = session.get("payments") ?? {};
  const paymentId = payments[url.pathname];
  const parameters = Object.fromEntries([...url.searchParams].filter(([name]) => !ownParams.includes(name)));
  if (!paymentId || Object.keys(parameters).length === 0) return null;
  const { [url.pathname]: _returned, ...rest } = payments;
  session.set("payments", rest);
  return { paymentId, parameters, setCookie: await saveSession(session) };
}

/** Where a checkout's card payment sends the browser back to, by outcome. */
export interface CheckoutReturnPaths {
  /** The kind of basket the checkout was made from. */
  kind: Basket["kind"];
  /** The page after a paid (or still pending) checkout. */
  confirmation: (orderId: string) => string;
  /** The flow's payment step, where a reopened basket is paid again. */
  paymentStep: string;
}

/**
 * Reports a checkout's payment return to the gateway and answers where its outcome
 * belongs: the confirmation when paid or pending; the payment step when the basket has
 * reopened with everything kept; otherwise (paying for an existing order) that order. A
 * payment the gateway does not know is a 404; any refusal the error page with its message.
 * When no usable answer came, the payment stays remembered (no Set-Cookie): reporting a
 * return again gives the same result, so reloading the page settles it.
 */
export async function settleCheckoutReturn(gateway: GatewayClient, back: PaymentReturn, paths: CheckoutReturnPaths): Promise<Response> {
  const headers = { "Set-Cookie": back.setCookie };
  const result = await completePaymentReturn(gateway, back.paymentId, { parameters: back.parameters });
  if (!result.ok) {
    if (result.upstream) throw gatewayFailure(result);
    if (result.status === 404) throw data(null, { status: 404, headers });
    throw data(result.problem.detail ?? "We could not check your payment. Please try again.", { status: result.status, headers });
  }
  const { status, order } = result.data;
  if (status === "succeeded" || status === "pending") return redirect(paths.confirmation(order.id), { headers });
  const outcome = new URLSearchParams({ payment: status });
  const basket = await findOpenBasket(gateway, paths.kind);
  if (basket?.orderId === order.id) return redirect(`${paths.paymentStep}?${outcome}`, { headers });
  return redirect(`/account/orders/${encodeURIComponent(order.id)}?${outcome}`, { headers });
}
