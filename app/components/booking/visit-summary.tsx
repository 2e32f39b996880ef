import { Link } from "react-router";
import { AGE_BAND_LABELS } from "../../booking/ratios";
import { STEP_PATHS } from "../../booking/steps";
import { formatDate } from "../../shell/format";
import type { Basket } from "../../../generated/schemas";

const PAYMENT_TEXT = {
  card: "Card",
  invoice: "Invoice",
  none: "Nothing to pay",
} as const;

/** The review page's summary of the visit as the gateway has saved it, with links back to change each part. */
export function VisitSummary({ basket, paid }: { basket: Basket; paid: boolean }) {
  const info = basket.information;
  const method = basket.payment?.method ?? "none";
  return (
    <section aria-labelledby="visit-heading">
      <h2 id="visit-heading">Your visit</h2>
      <dl>
        <dt>Organisation</dt>
        <dd>{basket.organisation.name}</dd>
        <dt>Museum</dt>
        <dd>{basket.venue?.name}</dd>
        <dt>Date</dt>
        <dd>{basket.visitDate ? formatDate(basket.visitDate) : ""}</dd>
        {info ? (
          <>
            <dt>Arriving</dt>
            <dd>{info.arrivalTime}</dd>
            <dt>Pupils</dt>
            <dd>
              {info.participants.filter((p) => p.count > 0).map((p) => `${p.count} ${AGE_BAND_LABELS[p.ageBand].toLowerCase()}`).join(", ") || "None"}
            </dd>
            <dt>Adults</dt>
            <dd>
              {info.adults} supervising{info.oneToOneCarers > 0 ? `, ${info.oneToOneCarers} one-to-one ${info.oneToOneCarers === 1 ? "carer" : "carers"}` : ""}
            </dd>
            <dt>Access needs</dt>
            <dd>{accessSummary(info.accessNeeds)}</dd>
            <dt>Lunch space</dt>
            <dd>{info.lunchSpace ? "Yes" : "No"}</dd>
            {info.notes ? (
              <>
                <dt>Notes</dt>
                <dd>{info.notes}</dd>
              </>
            ) : null}
          </>
        ) : null}
        <dt>Payment</dt>
        <dd>
          {PAYMENT_TEXT[method]}
          {basket.payment?.payLater ? " (pay later)" : ""}
          {basket.payment?.purchaseOrderNumber ? `, purchase order ${basket.payment.purchaseOrderNumber}` : ""}
        </dd>
      </dl>
      <p>
        <Link to={STEP_PATHS.information}>Change your group details</Link>
        {" · "}
        <Link to={STEP_PATHS.schedule}>Change your day</Link>
        {basket.completedSteps.includes("payment") && paid ? (
          <>
            {" · "}
            <Link to={STEP_PATHS.payment}>Change how you pay</Link>
          </>
        ) : null}
      </p>
    </section>
  );
}

function accessSummary(needs: NonNullable<Basket["information"]>["accessNeeds"]): string {
  const named = [
    needs.mobility ? "mobility" : null,
    needs.sensory ? "sensory" : null,
    needs.communication ? "communication" : null,
    needs.quietSpace ? "a quiet space" : null,
  ].filter(Boolean);
  const text = named.length > 0 ? `Help with ${named.join(", ")}` : "None given";
  return needs.details ? `${text}. ${needs.details}` : text;
}
