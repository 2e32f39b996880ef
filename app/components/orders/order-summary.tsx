import type { BookingView } from "../../booking/booking-view";
import { TICKET_TYPE_LABELS } from "../../booking/group/ticket-types";
import { organisationPlace } from "../../orders/ics";
import { formatDateTime, ORDER_STATUS_LABELS } from "../../orders/format";
import { formatDate } from "../../shell/format";
import type { Order } from "../../../generated/schemas";

const paymentMethods = { card: "Card", invoice: "Invoice", none: "No payment needed" } as const;
const paymentStatuses = { paid: "paid", unpaid: "not paid yet", "not-required": "nothing to pay" } as const;
const kinds = { visit: "School visit", "group-visit": "Group visit", outreach: "Outreach visit" } as const;

/** What was booked: the tickets of a group visit at each time, else the group's people. */
function Booked({ order, view }: { order: Order; view: BookingView }) {
  const tickets = order.kind === "group-visit" ? (order.booked?.tickets ?? []) : [];
  if (tickets.length > 0) {
    return (
      <>
        <dt>Tickets</dt>
        <dd>
          <ul>
            {tickets.map((t) => {
              const entry = view.day.find((s) => s.slotId === t.slotId);
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
  if (!view.pupils && !view.adults) return null;
  return (
    <>
      <dt>Group</dt>
      <dd>
        <ul>
          {view.pupils ? <li>{view.pupils}</li> : null}
          {view.adults ? <li>{view.adults}</li> : null}
        </ul>
      </dd>
    </>
  );
}

/** The order's card: reference, status, visit, organisation, group, what was booked and payment (the visit from its one view). */
export function OrderSummary({ order, view }: { order: Order; view: BookingView }) {
  const date = view.visitDate ? formatDate(view.visitDate) : "";
  return (
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
            {kinds.outreach} to {organisationPlace(order.organisation)} by the {view.venue} team, {date}, the team arriving {view.arrival}
          </>
        ) : (
          <>
            {kinds[order.kind]} to {view.venue}, {date}, arriving {view.arrival}
          </>
        )}
      </dd>
      <dt>Organisation</dt>
      <dd>{view.organisation}</dd>
      {view.group ? (
        <>
          <dt>Group</dt>
          <dd>{view.group.name}</dd>
          <dt>Lead contact on the day</dt>
          <dd>{view.group.lead}</dd>
          <dt>Coach</dt>
          <dd>{view.group.coach}</dd>
        </>
      ) : null}
      <dt>Participants</dt>
      <dd>{view.people}</dd>
      <Booked order={order} view={view} />
      <dt>Payment</dt>
      <dd>
        {paymentMethods[order.payment.method]}, {paymentStatuses[order.payment.status]}
        {order.payment.purchaseOrderNumber ? ` (purchase order ${order.payment.purchaseOrderNumber})` : ""}
      </dd>
    </dl>
  );
}
