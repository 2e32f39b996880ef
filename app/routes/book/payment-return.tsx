import { data, redirect } from "react-router";
import type { Route } from "./+types/payment-return";
import { completePaymentReturn } from "../../api/booking.server";
import { findOpenBasket, requireBooking } from "../../booking/basket.server";
import { paymentReturn } from "../../booking/card-payment.server";
import { confirmationPath, STEP_PATHS } from "../../booking/steps";
import { servicesContext } from "../../session/context";
import { pageTitle } from "../../shell/meta";

/**
 * The hosted payment page sends the browser here with its query parameters; they go to
 * the gateway verbatim with the payment the app sent the user to pay (remembered in the
 * session: the provider need not echo it). The gateway verifies them with the provider;
 * reporting twice gives the same result. Success shows the confirmation; a declined or
 * cancelled payment goes back to the payment step, where the kept booking says what to do.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { gateway, scope } = requireBooking(context);
  const back = await paymentReturn(context.get(servicesContext).session, url);
  if (!back) throw data(null, { status: 404 });
  const headers = { "Set-Cookie": back.setCookie };
  const result = await completePaymentReturn(gateway, back.paymentId, { parameters: back.parameters });
  if (!result.ok) {
    if (result.status === 404) throw data(null, { status: 404, headers });
    throw data(result.problem.detail ?? "We could not check your payment. Please try again.", { status: result.status, headers });
  }
  const { status, order } = result.data;
  if (status === "succeeded" || status === "pending") return redirect(confirmationPath(order.id), { headers });
  // A checkout's payment: the basket has reopened with everything kept, back to its payment step.
  const basket = await findOpenBasket(gateway, scope.kind);
  if (basket?.orderId === order.id) return redirect(`${STEP_PATHS.payment}?${new URLSearchParams({ payment: status })}`, { headers });
  // Paying for an existing order (e.g. a held booking): back to that order.
  return redirect(`/account/orders/${encodeURIComponent(order.id)}?${new URLSearchParams({ payment: status })}`, { headers });
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
