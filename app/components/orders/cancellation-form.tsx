import { Form } from "react-router";
import { Link } from "../link";
import { FormErrors } from "../form-errors";
import { TextareaField } from "../booking/fields";
import "../booking/group/group.css";

/**
 * The confirm step of a cancellation request: the policy for this order (from the
 * gateway), a reason, and a clear way to keep the booking.
 */
export function CancellationForm({
  policy,
  termsSummary,
  reason,
  errors,
  keepTo,
  submitting,
}: {
  /** The gateway's policy for this order now. */
  policy: string | undefined;
  /** The booking terms' key points (CMS), shown when the gateway gives no policy. */
  termsSummary: string | undefined;
  reason: string;
  errors: Record<string, string | undefined>;
  keepTo: string;
  submitting: boolean;
}) {
  return (
    <>
      <FormErrors errors={errors} fieldIds={{ reason: "reason" }} />
      <div className="order-policy">
        <h3>Cancellation policy</h3>
        <p>{policy ?? termsSummary ?? "The bookings team will tell you what cancelling costs before they cancel your booking."}</p>
        <p>
          <a href="/terms">Read the terms of booking</a>
        </p>
      </div>
      <p>The museum&rsquo;s bookings team processes your request. Until they do, your booking stays as it is.</p>
      <Form method="post" noValidate className="booking-form">
        <TextareaField
          name="reason"
          label="Why do you want to cancel?"
          hint="For example: the coach company withdrew, or the date no longer suits your group."
          defaultValue={reason}
          error={errors.reason}
          maxLength={2000}
        />
        <div className="actions">
          <button type="submit" name="intent" value="cancel" disabled={submitting}>
            {submitting ? "Sending…" : "Ask to cancel this booking"}
          </button>
          <Link to={keepTo}>Keep this booking</Link>
        </div>
      </Form>
    </>
  );
}
