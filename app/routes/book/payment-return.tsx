import { data, redirect } from "react-router";
import type { Route } from "./+types/payment-return";
import { completePaymentReturn } from "../../api/booking.server";
import { findOpenBasket, requireBooking } from "../../booking/basket.server";
import { confirmationPath, STEP_PATHS } from "../../booking/steps";
import { pageTitle } from "../../meta";

/**
 * The hosted payment page sends the browser here with its query parameters; they go to
 * the gateway verbatim (it verifies them with the provider; reporting twice gives the
 * same result). Success shows the confirmation; a declined or cancelled payment goes
 * back to the payment step, where the kept booking says what to do.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { gateway, scope } = requireBooking(context, url);
  const paymentId = url.searchParams.get("paymentId");
  if (!paymentId || !/^[A-Za-z0-9_-]{1,64}$/.test(paymentId)) throw data(null, { status: 404 });
  const parameters = Object.fromEntries(url.searchParams);
  const result = await completePaymentReturn(gateway, paymentId, { parameters });
  if (!result.ok) {
    if (result.status === 404) throw data(null, { status: 404 });
    throw data(result.problem.detail ?? "We could not check your payment. Please try again.", { status: result.status });
  }
  const { status, order } = result.data;
  if (status === "succeeded") return redirect(confirmationPath(order.id));
  if (status === "pending") return redirect(confirmationPath(order.id));
  // A checkout's payment: the basket has reopened with everything kept, back to its payment step.
  const basket = await findOpenBasket(gateway, scope.kind);
  if (basket?.orderId === order.id) return redirect(`${STEP_PATHS.payment}?${new URLSearchParams({ payment: status })}`);
  // Paying for an existing order (e.g. a held booking): back to that order.
  return redirect(`/account/orders/${encodeURIComponent(order.id)}?${new URLSearchParams({ payment: status })}`);
}

export default function PaymentReturn() {
  return (
    <div className="page narrow">
      <h1>Checking your payment</h1>
      <p>Please wait while we check your payment.</p>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Checking your payment");
