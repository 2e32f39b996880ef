import { data, Form } from "react-router";
import type { Route } from "./+types/group-details";
import { updateBasketGroupDetails } from "../../api/booking.server";
import { bookingView, requireBasket, requireBooking } from "../../booking/basket.server";
import { continueBooking } from "../../booking/continue.server";
import { BookingStep } from "../../components/booking/booking-step";
import { FormErrors } from "../../components/form-errors";
import { RadioGroup, TextareaField } from "../../components/booking/fields";
import {
  ARRIVE_FROM, ARRIVE_UNTIL, DETAIL_FIELDS, MAX_COACHES, detailField, detailValues, detailsSchema, toGroupDetails,
} from "../../booking/group/details";
import { Field } from "../../components/field";
import { pageTitle } from "../../shell/meta";
import { formValues, toFieldErrors } from "../../forms/validation";
import "../../components/booking/group/group.css";
import { SaveAndContinue } from "../../components/save-and-continue";
import { problemText } from "../../api/result.server";
import { useSubmitting } from "../../shell/pending";
import { RestoredNotice } from "../../components/restored-notice";
import { restoredValues } from "../../session/restore-form.server";

export function loader({ context, url }: Route.LoaderArgs) {
  const { user, scope } = requireBooking(context);
  const basket = requireBasket(scope);
  // A first visit suggests the organiser as the lead contact; what is saved wins.
  const values = detailValues(basket.groupDetails, {
    leadName: `${user.firstName} ${user.lastName}`,
    leadMobile: user.phone && /^(?:\+44|0)7/.test(user.phone.replace(/[\s-]/g, "")) ? user.phone : "",
  });
  const firstStart = [...basket.schedule].map((e) => e.start).sort()[0] ?? null;
  // What was typed here before a time-out comes back after login (ADR 35), over what is saved.
  const restored = restoredValues(context, (form) => formValues(form, DETAIL_FIELDS));
  return { booking: bookingView(scope), values: restored ?? values, restored: restored !== null, firstStart };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const form = await request.formData();
  const values = formValues(form, DETAIL_FIELDS);
  const parsed = detailsSchema().safeParse(values);
  if (!parsed.success) return data({ errors: toFieldErrors(parsed.error), values }, { status: 400 });

  const { gateway, scope } = requireBooking(context);
  const basket = requireBasket(scope);
  const saved = await updateBasketGroupDetails(gateway, basket.id, toGroupDetails(parsed.data));
  if (!saved.ok) {
    const errors: Record<string, string> = {};
    for (const e of saved.problem.errors ?? []) errors[detailField(e.field)] ??= e.message;
    errors.form ??= problemText(saved.problem);
    return data({ errors, values }, { status: saved.status });
  }
  return continueBooking(gateway, saved.data);
}

export default function GroupDetailsStep({ loaderData, actionData }: Route.ComponentProps) {
  const { booking, firstStart } = loaderData;
  const v = actionData?.values ?? loaderData.values;
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const submitting = useSubmitting();
  return (
    <BookingStep booking={booking} step="group-details" title="Group details">
      <FormErrors errors={errors} />
      <RestoredNotice show={!actionData && loaderData.restored} />
      <Form method="post" noValidate className="booking-form group-details-form">
        <Field name="groupName" label="Group name" hint="As your group will give it at the welcome desk." defaultValue={v.groupName} error={errors.groupName} maxLength={200} />

        <fieldset>
          <legend>Lead contact on the day</legend>
          <Field name="leadName" label="Full name" autoComplete="name" defaultValue={v.leadName} error={errors.leadName} maxLength={200} />
          <Field
            name="leadMobile"
            type="tel"
            label="Mobile number"
            hint="We call this number if anything changes on the day."
            autoComplete="tel"
            defaultValue={v.leadMobile}
            error={errors.leadMobile}
            maxLength={30}
          />
        </fieldset>

        <Field
          name="arrivalTime"
          type="time"
          label="Arrival time"
          hint={`Between ${ARRIVE_FROM} and ${ARRIVE_UNTIL}${firstStart ? `, and by ${firstStart}, when your first activity starts` : ""}. The museum is open 10:00 to 17:00.`}
          min={ARRIVE_FROM}
          max={ARRIVE_UNTIL}
          step={900}
          defaultValue={v.arrivalTime}
          error={errors.arrivalTime}
        />

        <RadioGroup
          name="coach"
          legend="Is your group coming by coach?"
          hint="Coaches can drop off and pick up at the museum's coach bay."
          options={[
            { value: "yes", label: "Yes" },
            { value: "no", label: "No" },
          ]}
          defaultValue={v.coach}
          error={errors.coach}
        />

        <div className="coach-details">
          <p className="field-hint">If you are coming by coach:</p>
          <Field
            name="coaches"
            type="number"
            inputMode="numeric"
            label="Number of coaches"
            min={1}
            max={MAX_COACHES}
            defaultValue={v.coaches}
            error={errors.coaches}
          />
          <Field name="coachCompany" label="Coach company (optional)" defaultValue={v.coachCompany} error={errors.coachCompany} maxLength={200} />
          <Field
            name="coachRegistration"
            label="Coach registration numbers (optional)"
            hint="If you know them, for example YX21 ABC."
            defaultValue={v.coachRegistration}
            error={errors.coachRegistration}
            maxLength={100}
          />
        </div>

        <TextareaField
          name="notes"
          label="Notes for the bookings team (optional)"
          hint="For example a late coach, or anything your group needs on the day."
          defaultValue={v.notes}
          error={errors.notes}
          maxLength={2000}
        />

        <div className="actions">
          <SaveAndContinue submitting={submitting} />
        </div>
      </Form>
    </BookingStep>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Group details");
