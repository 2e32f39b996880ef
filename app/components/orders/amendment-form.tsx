import { Form } from "react-router";
import { Link } from "../link";
import { IDEMPOTENCY_FIELD } from "../../booking/idempotency";
import { formatMoney } from "../../shell/format";
import { FormErrors } from "../form-errors";
import { PriceTable } from "../booking/price-table";
import { Field } from "../field";
import type { AmendLine, AmendValues } from "../../orders/amendment";
import "../booking/group/group.css";
import type { Money, PriceLine } from "../../../generated/schemas";

export interface AmendmentQuoteView {
  lines: readonly PriceLine[];
  additionalTotal: Money;
  paymentRequired: boolean;
  messages: readonly { code: string; severity: string; message: string }[];
}

/** Lines grouped under their activity and time (group visits), or one group (visits). */
function grouped(lines: readonly AmendLine[]): { title: string | undefined; lines: AmendLine[] }[] {
  const groups: { title: string | undefined; lines: AmendLine[] }[] = [];
  for (const line of lines) {
    const last = groups.at(-1);
    if (last && last.title === line.group) last.lines.push(line);
    else groups.push({ title: line.group, lines: [line] });
  }
  return groups;
}

/** Step 1: the new totals, each starting at what is booked. */
export function AmendmentEditForm({
  lines,
  values,
  errors,
  cancelTo,
  submitting,
}: {
  lines: readonly AmendLine[];
  values: AmendValues;
  errors: Record<string, string | undefined>;
  cancelTo: string;
  submitting: boolean;
}) {
  return (
    <>
      <FormErrors errors={errors} />
      <p>Enter the new total for each. Numbers can only go up. You see the price before anything changes.</p>
      <Form method="post" noValidate className="booking-form">
        {grouped(lines).map((group, g) => (
          <fieldset key={group.title ?? g}>
            <legend>{group.title ?? "People"}</legend>
            <div className="number-grid">
              {group.lines.map((line) => (
                <Field
                  key={line.name}
                  name={line.name}
                  type="number"
                  inputMode="numeric"
                  min={line.booked}
                  max={200}
                  label={
                    <>
                      {line.label}
                      {group.title ? <span className="visually-hidden">, {group.title}</span> : null}
                    </>
                  }
                  hint={`${line.booked} booked`}
                  id={`amend-${line.name}`}
                  defaultValue={values[line.name] ?? String(line.booked)}
                  error={errors[line.name]}
                />
              ))}
            </div>
          </fieldset>
        ))}
        <div className="actions">
          <button type="submit" name="intent" value="quote" disabled={submitting}>
            {submitting ? "Checking…" : "Check the price"}
          </button>
          <Link to={cancelTo}>Keep the numbers as they are</Link>
        </div>
      </Form>
    </>
  );
}

/** Step 2: the gateway's quote for the increase, then confirm (and pay, when it costs money). */
export function AmendmentConfirmForm({
  lines,
  values,
  quote,
  idempotencyKey,
  submitting,
}: {
  lines: readonly AmendLine[];
  values: AmendValues;
  quote: AmendmentQuoteView;
  idempotencyKey: string;
  submitting: boolean;
}) {
  const changed = lines.filter((l) => values[l.name] !== undefined && values[l.name] !== String(l.booked));
  return (
    <>
      <h3>The new numbers</h3>
      <ul>
        {changed.map((l) => (
          <li key={l.name}>
            {l.group ? `${l.group}: ` : ""}
            {l.label.toLowerCase()} from {l.booked} to {values[l.name]}
          </li>
        ))}
      </ul>
      {quote.messages.map((m) => (
        <p key={m.code + m.message} className={m.severity === "info" ? "order-notice" : "order-warning"}>
          {m.message}
        </p>
      ))}
      {quote.lines.length > 0 ? (
        <PriceTable
          lines={quote.lines}
          total={quote.additionalTotal}
          caption="Price of the extra places"
          totalLabel="To pay now"
          freeForZero={false}
        />
      ) : null}
      <p>
        {quote.paymentRequired
          ? `The extra places cost ${formatMoney(quote.additionalTotal)}. You pay by card on our payment provider's page, then come back here.`
          : "The extra places are free: there is nothing to pay."}
      </p>
      <Form method="post" className="actions">
        {lines.map((l) => (
          <input key={l.name} type="hidden" name={l.name} value={values[l.name] ?? String(l.booked)} />
        ))}
        <input type="hidden" name={IDEMPOTENCY_FIELD} value={idempotencyKey} />
        <button type="submit" name="intent" value="amend" disabled={submitting}>
          {submitting ? "Saving…" : quote.paymentRequired ? `Confirm and pay ${formatMoney(quote.additionalTotal)}` : "Confirm the new numbers"}
        </button>
        <button type="submit" name="intent" value="edit" className="secondary" disabled={submitting}>
          Change the numbers
        </button>
      </Form>
    </>
  );
}
