import { formatMoney } from "../../../shell/format";
import {
  TICKET_TYPES, TICKET_TYPE_LABELS, MAX_ROWS, MAX_TICKETS, fieldId, fieldName, placesText, rowsFieldName, slotLabel,
  type ActivityInfo, type FieldErrors, type RowValues, type TicketTypeName,
} from "../../../booking/group/tickets";
import "./group.css";

export interface TicketActivity extends ActivityInfo {
  price: { amount: number; currency: string };
  ticketPrices?: readonly { ticketType: string; price: { amount: number; currency: string } }[] | undefined;
}

function unitPrice(activity: TicketActivity, type: TicketTypeName): string {
  if (type === "carer") return "free";
  const price = activity.ticketPrices?.find((p) => p.ticketType === type)?.price ?? activity.price;
  return price.amount === 0 ? "free" : `${formatMoney(price)} each`;
}

function ErrorText({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="field-error">
      <span className="visually-hidden">Error: </span>
      {error}
    </p>
  );
}

/**
 * One activity's rows: a time (with the places left in it) and the tickets of each type
 * for that time. "Add another time" posts the form back with one more row, so a group
 * can split across times without JavaScript.
 */
export function TicketRows({
  activity,
  index,
  rows,
  errors,
}: {
  activity: TicketActivity;
  index: number;
  rows: readonly RowValues[];
  errors: FieldErrors;
}) {
  const headingId = `activity-${index}-heading`;
  return (
    <section className="ticket-activity" aria-labelledby={headingId}>
      <h2 id={headingId}>{activity.name}</h2>
      <p className="field-hint">
        Prices: {TICKET_TYPES.map((t) => `${TICKET_TYPE_LABELS[t].toLowerCase()} ${unitPrice(activity, t)}`).join(", ")}.
      </p>
      <input type="hidden" name={rowsFieldName(index)} value={rows.length} />
      {rows.map((row, r) => {
        const slotId = fieldId(index, r, "slot");
        const slotError = errors[slotId];
        const chosen = activity.slots.find((s) => s.id === row.slot);
        return (
          <fieldset key={r} className="ticket-row">
            <legend>
              {activity.name}: {rows.length > 1 ? `time ${r + 1}` : "time and tickets"}
            </legend>
            <div className={slotError ? "field field-invalid" : "field"}>
              <label htmlFor={slotId}>Time</label>
              <ErrorText id={slotId} error={slotError} />
              <select
                id={slotId}
                name={fieldName(index, r, "slot")}
                defaultValue={row.slot}
                aria-invalid={slotError ? true : undefined}
                aria-describedby={slotError ? `${slotId}-error` : undefined}
              >
                <option value="">Choose a time</option>
                {activity.slots.map((slot) => {
                  const full = slot.status === "full" || slot.remainingCapacity <= 0;
                  return (
                    <option key={slot.id} value={slot.id} disabled={full && slot.id !== row.slot}>
                      {slotLabel(slot)} ({placesText(slot)})
                    </option>
                  );
                })}
              </select>
              {chosen ? <p className="field-hint">{chosen.start}: {placesText(chosen)}.</p> : null}
            </div>
            <div className="number-grid">
              {TICKET_TYPES.map((type) => {
                const id = fieldId(index, r, type);
                const error = errors[id];
                return (
                  <div key={type} className={error ? "field field-invalid" : "field"}>
                    <label htmlFor={id}>
                      {TICKET_TYPE_LABELS[type]} tickets
                      <span className="visually-hidden">
                        {" "}
                        for {activity.name}
                        {rows.length > 1 ? `, time ${r + 1}` : ""}
                      </span>
                    </label>
                    <ErrorText id={id} error={error} />
                    <input
                      id={id}
                      name={fieldName(index, r, type)}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={MAX_TICKETS}
                      step={1}
                      defaultValue={row[type]}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${id}-error` : undefined}
                    />
                  </div>
                );
              })}
            </div>
          </fieldset>
        );
      })}
      {rows.length < MAX_ROWS ? (
        <button type="submit" name="intent" value={`add-${index}`} className="secondary" formNoValidate>
          Add another time<span className="visually-hidden"> for {activity.name}</span>
        </button>
      ) : null}
    </section>
  );
}
