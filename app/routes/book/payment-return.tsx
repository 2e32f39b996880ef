import { data } from "react-router";
import type { Route } from "./+types/payment-return";
import { requireBooking } from "../../booking/basket.server";
import { paymentReturn, settleCheckoutReturn } from "../../booking/card-payment.server";
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
  return settleCheckoutReturn(gateway, back, { kind: scope.kind, confirmation: confirmationPath, paymentStep: STEP_PATHS.payment });
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
