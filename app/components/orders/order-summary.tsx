import { AGE_BAND_LABELS } from "../../booking/ratios";
import { TICKET_TYPE_LABELS } from "../../booking/group/tickets";
import { organisationPlace } from "../../orders/ics";
import { formatDateTime, ORDER_STATUS_LABELS } from "../../orders/format";
import { formatDate } from "../../shell/format";
import type { Order } from "../../../generated/schemas";

const paymentMethods = { card: "Card", invoice: "Invoice", none: "No payment needed" } as const;
const paymentStatuses = { paid: "paid", unpaid: "not paid yet", "not-required": "nothing to pay" } as const;
const kinds = { visit: "School visit", "group-visit": "Group visit", outreach: "Outreach visit" } as const;

/** What was booked: the tickets of a group visit, else the group's people. */
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

/** The order's card: reference, status, visit, organisation, group, what was booked and payment. */
export function OrderSummary({ order }: { order: Order }) {
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
  );
}
