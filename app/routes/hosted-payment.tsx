import { data, Form, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/hosted-payment";
import { getPayment } from "../api/booking.server";
import { required } from "../api/result.server";
import { PAYMENT_RETURN_PATH } from "../booking/steps";
import { config } from "../runtime/config.server";
import { guards } from "../guards";
import { requireUser } from "../session/current-user.server";
import { safeRedirectPath } from "../security/safe-redirect";
import { formatMoney } from "../shell/format";
import { pageTitle } from "../shell/meta";
import { validParams } from "../forms/params";

// The embedded default's stand-in for the card provider's hosted payment page. With a
// real gateway configured the provider hosts its own page, so this one is a 404. It sends
// the browser back to the app with the one parameter a provider of its kind adds (`result`;
// it does not echo the payment id: the app remembers that itself): to the booking's payment return, or to the same-site path in `return` when the
// session names one (e.g. an order page paying for a held booking or extra places).

const DEFAULT_RETURN = PAYMENT_RETURN_PATH;

/** Where to send the browser back to: a same-site path only (never an open redirect). */
function returnPath(url: URL): string {
  return safeRedirectPath(url.searchParams.get("return"), DEFAULT_RETURN);
}

const paramsSchema = z.object({ paymentId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });
const RESULTS = { pay: "success", decline: "declined", cancel: "cancelled" } as const;

function standInOnly() {
  if (!config.embedded) throw data(null, { status: 404 });
}

export const middleware: Route.MiddlewareFunction[] = guards("loginRequired");

export async function loader({ context, url, params }: Route.LoaderArgs) {
  standInOnly();
  const { paymentId } = validParams(paramsSchema, params);
  const { gateway } = requireUser(context);
  const payment = required(await getPayment(gateway, paymentId));
  return { payment };
}

export async function action({ request, context, url, params }: Route.ActionArgs) {
  standInOnly();
  validParams(paramsSchema, params);
  requireUser(context);
  const intent = String((await request.formData()).get("intent") ?? "");
  if (!(intent in RESULTS)) throw data("Choose Pay, Decline or Cancel.", { status: 400 });
  const result = RESULTS[intent as keyof typeof RESULTS];
  const back = new URL(returnPath(url), url.origin);
  back.searchParams.set("result", result);
  return redirect(back.pathname + back.search);
}

export default function HostedPayment({ loaderData: { payment } }: Route.ComponentProps) {
  const open = payment.status === "pending";
  return (
    <div className="page narrow">
      <div className="hosted-payment">
        <p className="notice">
          This is a stand-in for the card provider&apos;s payment page, for demonstrations and tests. No card is charged.
        </p>
        <h1>Pay by card</h1>
        <dl>
          <dt>Amount</dt>
          <dd>{formatMoney(payment.amount)}</dd>
          <dt>Payment reference</dt>
          <dd>{payment.id}</dd>
        </dl>
        {open ? (
          <Form method="post" className="actions">
            <button type="submit" name="intent" value="pay">
              Pay {formatMoney(payment.amount)}
            </button>
            <button type="submit" name="intent" value="decline" className="secondary">
              Decline (simulate a declined card)
            </button>
            <button type="submit" name="intent" value="cancel" className="secondary">
              Cancel and return to the booking
            </button>
          </Form>
        ) : (
          <p>
            This payment is {payment.status === "succeeded" ? "already paid" : "no longer open"}.{" "}
            <a href={`/account/orders/${encodeURIComponent(payment.orderId)}`}>Go to your order</a>.
          </p>
        )}
      </div>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Pay by card");
