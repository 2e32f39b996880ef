import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/order";
import {
  completePaymentReturn, createOrderAmendment, quoteOrderAmendment, requestOrderCancellation, startOrderPayment
} from "../../api/booking.server";
import { getCurrentTerms } from "../../api/cms.server";
import { getOrder } from "../../api/gateway.server";
import { organisationPlace } from "../../orders/ics";
import { fieldErrors, required } from "../../api/result.server";
import { paymentReturn, returnUrlFor, toHostedPayment } from "../../booking/card-payment.server";
import { IDEMPOTENCY_FIELD, newIdempotencyKey, submittedKey } from "../../booking/idempotency";
import { AGE_BAND_LABELS } from "../../booking/ratios";
import { TICKET_TYPE_LABELS } from "../../booking/group/tickets";
import { PriceTable } from "../../components/booking/price-table";
import {
  amendLines, bookedValues, parseAmendment, placeAmendmentErrors, valuesFromForm, type AmendValues,
} from "../../orders/amendment";
import { AmendmentConfirmForm, AmendmentEditForm } from "../../components/orders/amendment-form";
import { CancellationForm } from "../../components/orders/cancellation-form";
import { servicesContext } from "../../session/context";
import { requireUser } from "../../session/current-user.server";
import { formatDateTime, ORDER_STATUS_LABELS } from "../../orders/format";
import { formatDate, formatMoney } from "../../shell/format";
import { pageTitle } from "../../shell/meta";
import { validParams } from "../../forms/params";
import "../../components/booking/group/group.css";
import type { AmendmentQuote, Order } from "../../../generated/schemas";

const paramsSchema = z.object({ orderId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

const orderPath = (orderId: string) => `/account/orders/${encodeURIComponent(orderId)}`;

type View = "cancel" | "numbers" | null;

/** Messages after a redirect back to the order (a change made, or the payment page's result). */
const NOTICES = {
  "cancellation-requested": { kind: "success", text: "Your request to cancel has been sent. The bookings team will confirm by email." },
  amended: { kind: "success", text: "The numbers have been increased." },
  "payment-succeeded": { kind: "success", text: "Thank you: your card payment has been received." },
  "payment-failed": { kind: "warning", text: "Your card payment did not go through and no money was taken. Nothing has changed: you can try again." },
  "payment-cancelled": { kind: "warning", text: "You cancelled the card payment and no money was taken. Nothing has changed: you can try again." },
  "payment-pending": { kind: "warning", text: "We are still waiting to hear from the payment provider. Check this page again in a few minutes." },
  "payment-unverified": { kind: "warning", text: "We could not confirm your payment with the payment provider. Check this page again before trying again." },
} as const;
type NoticeKey = keyof typeof NOTICES;

/** The query parameters of this page itself: anything else on a payment's return is the provider's. */
const PAGE_PARAMS = ["done", "payment", "change"] as const;

function noticeFrom(search: URLSearchParams): NoticeKey | null {
  const done = search.get("done");
  const payment = search.get("payment");
  const key = done ?? (payment ? `payment-${payment}` : null);
  return key && Object.hasOwn(NOTICES, key) ? (key as NoticeKey) : null;
}

export async function loader({ context, url, params }: Route.LoaderArgs) {
  const { orderId } = validParams(paramsSchema, params);
  const { gateway } = requireUser(context);

  // Back from the hosted payment page: report its answer (verbatim) with the payment the
  // user was sent to pay, then show the order with the outcome. Reporting the same return
  // again is harmless.
  const back = await paymentReturn(context.get(servicesContext).session, url, PAGE_PARAMS);
  if (back) {
    const headers = { "Set-Cookie": back.setCookie };
    const result = await completePaymentReturn(gateway, back.paymentId, { parameters: back.parameters });
    if (!result.ok && result.status === 404) throw data(null, { status: 404, headers });
    throw redirect(`${orderPath(orderId)}?payment=${result.ok ? result.data.status : "unverified"}`, { headers });
  }

  const order = required(await getOrder(gateway, orderId));
  const actions = order.allowedActions ?? [];
  const change = url.searchParams.get("change");
  const lines = amendLines(order);
  const view: View =
    change === "cancel" && actions.includes("request-cancellation")
      ? "cancel"
      : change === "numbers" && actions.includes("amend") && lines
        ? "numbers"
        : null;

  let termsSummary: string | undefined;
  if (view === "cancel" && !order.cancellationPolicy) {
    const terms = await getCurrentTerms(context.get(servicesContext).cms, order.kind === "outreach" ? "outreach" : "booking");
    termsSummary = terms.ok ? terms.data.summary : undefined;
  }
  return {
    order,
    view,
    lines,
    termsSummary,
    notice: noticeFrom(url.searchParams),
    // One key per attempt to pay, kept in the form so a double submit starts one payment.
    payKey: newIdempotencyKey(),
  };
}

type ActionData =
  | { intent: "pay"; errors: Record<string, string> }
  | { intent: "cancel"; errors: Record<string, string>; reason: string }
  | { intent: "numbers"; step: "edit"; values: AmendValues; errors: Record<string, string> }
  | { intent: "numbers"; step: "confirm"; values: AmendValues; quote: AmendmentQuote; idempotencyKey: string; errors: Record<string, string> };

export async function action({ request, context, url, params }: Route.ActionArgs) {
  const { orderId } = validParams(paramsSchema, params);
  const { gateway } = requireUser(context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const here = orderPath(orderId);
  // The hosted payment page sends the user back here (see the loader).
  const returnUrl = returnUrlFor(url, here);
  const { session } = context.get(servicesContext);
  const problemText = (p: { detail?: string; title: string }) => p.detail ?? p.title;

  if (intent === "pay") {
    const { key } = submittedKey(form);
    const result = await startOrderPayment(gateway, orderId, key, { returnUrl });
    if (!result.ok) return data<ActionData>({ intent: "pay", errors: { form: problemText(result.problem) } }, { status: result.status });
    return toHostedPayment(session, result.data, here);
  }

  if (intent === "cancel") {
    const reason = String(form.get("reason") ?? "").trim();
    const invalid = reason === "" ? "Tell us why you want to cancel" : reason.length > 2000 ? "Use 2000 characters or fewer" : null;
    if (invalid) return data<ActionData>({ intent: "cancel", errors: { reason: invalid }, reason }, { status: 400 });
    const result = await requestOrderCancellation(gateway, orderId, { reason });
    if (!result.ok) {
      const errors = { ...fieldErrors(result.problem), form: problemText(result.problem) };
      return data<ActionData>({ intent: "cancel", errors, reason }, { status: result.status });
    }
    return redirect(`${here}?done=cancellation-requested`);
  }

  if (intent === "quote" || intent === "edit" || intent === "amend") {
    const order = required(await getOrder(gateway, orderId));
    const lines = amendLines(order);
    if (!lines) {
      return data<ActionData>(
        { intent: "numbers", step: "edit", values: {}, errors: { form: "This booking's numbers cannot be changed online. Contact the bookings team." } },
        { status: 409 },
      );
    }
    const values = valuesFromForm(form, lines);
    if (intent === "edit") return data<ActionData>({ intent: "numbers", step: "edit", values, errors: {} });
    const parsed = parseAmendment(lines, values);
    if (Object.keys(parsed.errors).length > 0) {
      return data<ActionData>({ intent: "numbers", step: "edit", values, errors: parsed.errors }, { status: 400 });
    }
    const gatewayErrors = (problem: Parameters<typeof problemText>[0] & { errors?: { field: string; message: string }[] }) => ({
      ...placeAmendmentErrors(problem.errors ?? [], parsed.fieldOf),
      form: problemText(problem),
    });
    if (intent === "quote") {
      const quote = await quoteOrderAmendment(gateway, orderId, parsed.body);
      if (!quote.ok) return data<ActionData>({ intent: "numbers", step: "edit", values, errors: gatewayErrors(quote.problem) }, { status: quote.status });
      return data<ActionData>({ intent: "numbers", step: "confirm", values, quote: quote.data, idempotencyKey: newIdempotencyKey(), errors: {} });
    }
    const { key } = submittedKey(form);
    const result = await createOrderAmendment(gateway, orderId, key, { ...parsed.body, returnUrl });
    if (!result.ok) {
      return data<ActionData>({ intent: "numbers", step: "edit", values, errors: gatewayErrors(result.problem) }, { status: result.status });
    }
    if (result.data.payment) return toHostedPayment(session, result.data.payment, here);
    return redirect(`${here}?done=amended`);
  }

  return data<ActionData>({ intent: "pay", errors: { form: "Choose what to do with this booking." } }, { status: 400 });
}

const paymentMethods = { card: "Card", invoice: "Invoice", none: "No payment needed" } as const;
const paymentStatuses = { paid: "paid", unpaid: "not paid yet", "not-required": "nothing to pay" } as const;
const kinds = { visit: "School visit", "group-visit": "Group visit", outreach: "Outreach visit" } as const;

function Booked({ order }: { order: Order }) {
  const booked = order.booked;
  if (!booked) return null;
  if (order.kind === "group-visit" && booked.tickets?.length) {
    return (
      <>
        <dt>Tickets</dt>
        <dd>
          <ul>
            {booked.tickets.map((t) => {
              const entry = order.schedule?.find((s) => s.slotId === t.slotId);
              return (
                <li key={`${t.slotId}-${t.ticketType}`}>
                  {t.quantity} {TICKET_TYPE_LABELS[t.ticketType].toLowerCase()}
                  {entry ? `: ${entry.name}, ${entry.start}` : ""}
                </li>
              );
            })}
          </ul>
        </dd>
      </>
    );
  }
  if (booked.participants?.length || booked.adults !== undefined) {
    return (
      <>
        <dt>Group</dt>
        <dd>
          <ul>
            {(booked.participants ?? []).filter((p) => p.count > 0).map((p) => (
              <li key={p.ageBand}>
                {p.count} {AGE_BAND_LABELS[p.ageBand].toLowerCase()}
              </li>
            ))}
            {booked.adults !== undefined ? <li>{booked.adults} supervising adults</li> : null}
            {booked.oneToOneCarers ? <li>{booked.oneToOneCarers} one-to-one carers</li> : null}
          </ul>
        </dd>
      </>
    );
  }
  return null;
}

export default function OrderDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { order, lines, notice, payKey, termsSummary } = loaderData;
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const here = orderPath(order.id);
  const actions = order.allowedActions ?? [];
  const view: View = actionData?.intent === "numbers" ? "numbers" : actionData?.intent === "cancel" ? "cancel" : loaderData.view;
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const noticeView = notice ? NOTICES[notice] : null;
  const invoiceLocked = order.payment.method === "invoice" && !actions.includes("amend") && order.status !== "cancelled";

  return (
    <div className="page">
      <p>
        <Link to="/account/orders">Back to your orders</Link>
      </p>
      <h1>
        Order <span className="reference">{order.reference}</span>
      </h1>
      {noticeView ? (
        <p role="status" className={noticeView.kind === "success" ? "success" : "order-warning"}>
          {noticeView.text}
        </p>
      ) : null}

      <dl className="card">
        <dt>Reference</dt>
        <dd className="reference">{order.reference}</dd>
        <dt>Status</dt>
        <dd>
          <span className={`status-badge status-${order.status}`}>{ORDER_STATUS_LABELS[order.status]}</span>
          {order.status === "held" && order.heldUntil ? <> until {formatDateTime(order.heldUntil)}. An unpaid hold lapses.</> : null}
        </dd>
        <dt>Visit</dt>
        <dd>
          {order.kind === "outreach" ? (
            // The venue's team travels to the organisation.
            <>
              {kinds.outreach} to {organisationPlace(order.organisation)} by the {order.venue.name} team, {formatDate(order.visitDate)}, the
              team arriving {order.arrivalTime}
            </>
          ) : (
            <>
              {kinds[order.kind]} to {order.venue.name}, {formatDate(order.visitDate)}, arriving {order.arrivalTime}
            </>
          )}
        </dd>
        <dt>Organisation</dt>
        <dd>{order.organisation.name}</dd>
        {order.groupDetails ? (
          <>
            <dt>Group</dt>
            <dd>
              {order.groupDetails.groupName}; lead contact {order.groupDetails.leadName}, {order.groupDetails.leadMobile}
              {order.groupDetails.coaches > 0
                ? `; ${order.groupDetails.coaches} ${order.groupDetails.coaches === 1 ? "coach" : "coaches"}${order.groupDetails.coachCompany ? ` (${order.groupDetails.coachCompany})` : ""}`
                : "; no coach"}
            </dd>
          </>
        ) : null}
        <dt>Participants</dt>
        <dd>{order.participants}</dd>
        <Booked order={order} />
        <dt>Payment</dt>
        <dd>
          {paymentMethods[order.payment.method]}, {paymentStatuses[order.payment.status]}
          {order.payment.purchaseOrderNumber ? ` (purchase order ${order.payment.purchaseOrderNumber})` : ""}
        </dd>
      </dl>

      {view === "numbers" && lines ? (
        <section className="order-action" aria-labelledby="numbers-heading">
          <h2 id="numbers-heading">Increase numbers</h2>
          {actionData?.intent === "numbers" && actionData.step === "confirm" ? (
            <AmendmentConfirmForm
              lines={lines}
              values={actionData.values}
              quote={actionData.quote}
              idempotencyKey={actionData.idempotencyKey}
              submitting={submitting}
            />
          ) : (
            <AmendmentEditForm
              lines={lines}
              values={actionData?.intent === "numbers" ? actionData.values : bookedValues(lines)}
              errors={errors}
              cancelTo={here}
              submitting={submitting}
            />
          )}
        </section>
      ) : view === "cancel" ? (
        <section className="order-action" aria-labelledby="cancel-heading">
          <h2 id="cancel-heading">Ask to cancel this booking</h2>
          <CancellationForm
            policy={order.cancellationPolicy}
            termsSummary={termsSummary}
            reason={actionData?.intent === "cancel" ? actionData.reason : ""}
            errors={errors}
            keepTo={here}
            submitting={submitting}
          />
        </section>
      ) : (
        <section className="order-actions" aria-labelledby="manage-heading">
          <h2 id="manage-heading">Manage this booking</h2>
          {actionData?.intent === "pay" && errors.form ? (
            <p className="error-summary" role="alert">
              {errors.form}
            </p>
          ) : null}
          <ul>
            {order.status !== "cancelled" ? (
              <li>
                <a href={`${here}/calendar.ics`} download>
                  Add to calendar<span className="visually-hidden"> (download an iCalendar file for {order.reference})</span>
                </a>
              </li>
            ) : null}
            {actions.includes("amend") && lines ? (
              <li>
                <Link to={`${here}?change=numbers`}>Increase numbers</Link>
              </li>
            ) : null}
            {actions.includes("request-cancellation") ? (
              <li>
                <Link to={`${here}?change=cancel`}>Ask to cancel this booking</Link>
              </li>
            ) : null}
          </ul>
          {actions.includes("pay") ? (
            <Form method="post">
              <input type="hidden" name={IDEMPOTENCY_FIELD} value={payKey} />
              <p>Pay by card now to confirm your booking.</p>
              <button type="submit" name="intent" value="pay" disabled={submitting}>
                Pay {formatMoney(order.total)} by card
              </button>
            </Form>
          ) : null}
          {invoiceLocked ? (
            <p className="order-notice">
              This visit is paid by invoice, so its numbers cannot be changed online. To change them, contact the bookings team.
            </p>
          ) : actions.includes("amend") && !lines ? (
            <p className="order-notice">To change the numbers of this booking, contact the bookings team.</p>
          ) : null}
        </section>
      )}

      {order.schedule && order.schedule.length > 0 ? (
        <>
          <h2>Your day</h2>
          <ul>
            {order.schedule.map((s) => (
              <li key={`${s.activityId}-${s.slotId}`}>
                {s.start}–{s.end} {s.name} ({s.participants} {s.participants === 1 ? "person" : "people"})
              </li>
            ))}
          </ul>
        </>
      ) : null}

      <PriceTable lines={order.lines} total={order.total} freeForZero={false} />

      <h2>Timeline</h2>
      <ol className="timeline">
        {order.timeline.map((entry, i) => (
          <li key={i}>
            <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>: {entry.description}
          </li>
        ))}
      </ol>
    </div>
  );
}

const VIEW_TITLES = { cancel: "Ask to cancel", numbers: "Increase numbers" } as const;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return pageTitle(matches, "Order");
  const order = `Order ${loaderData.order.reference}`;
  return pageTitle(matches, loaderData.view ? `${VIEW_TITLES[loaderData.view]}: ${order}` : order);
};
