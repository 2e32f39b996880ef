import { useEffect, type FormEvent } from "react";
import { data, Form } from "react-router";
import { useSnapshot } from "valtio";
import type { Route } from "./+types/information";
import { updateBasketInformation } from "../../api/booking.server";
import { fieldErrors, problemText } from "../../api/result.server";
import { bookingView, requireBasket, requireBooking } from "../../booking/basket.server";
import { continueBooking } from "../../booking/continue.server";
import {
  ACCESS_NEEDS, accessField, bandField, countsFromValues, gatewayFieldToForm, informationSchema, informationValues,
  INFORMATION_FIELDS, toVisitInformation, type AccessNeed,
} from "../../booking/information";
import { AGE_BAND_LABELS, AGE_BANDS, checkRatios, MAX_PARTICIPANTS, pupilsPhrase, RATIOS } from "../../booking/ratios";
import { BookingStep } from "../../components/booking/booking-step";
import { FormErrors } from "../../components/form-errors";
import { RadioGroup, TextareaField } from "../../components/booking/fields";
import { Field } from "../../components/field";
import { pageTitle } from "../../shell/meta";
import { bookingState, createBookingStore } from "../../state/booking";
import { useStore } from "../../state/stores";
import { formValues, toFieldErrors } from "../../forms/validation";
import { SaveAndContinue } from "../../components/save-and-continue";
import { useSubmitting } from "../../shell/pending";
import { RestoredNotice } from "../../components/restored-notice";
import { restoredValues } from "../../session/restore-form.server";

export function loader({ context, url }: Route.LoaderArgs) {
  const { scope } = requireBooking(context);
  const basket = requireBasket(scope);
  // What was typed here before a time-out comes back after login (ADR 35), over what is saved.
  const restored = restoredValues(context, (form) => formValues(form, INFORMATION_FIELDS));
  return {
    booking: bookingView(scope),
    values: restored ?? informationValues(basket.information),
    restored: restored !== null,
    key: restored ? `restored@${basket.updatedAt}` : `${basket.id}@${basket.updatedAt}`,
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const form = await request.formData();
  const values = formValues(form, INFORMATION_FIELDS);
  const attempt = crypto.randomUUID();
  const parsed = informationSchema().safeParse(Object.fromEntries(form));
  if (!parsed.success) return data({ errors: toFieldErrors(parsed.error), values, attempt }, { status: 400 });

  const { gateway, scope } = requireBooking(context);
  const basket = requireBasket(scope);
  const saved = await updateBasketInformation(gateway, basket.id, toVisitInformation(parsed.data));
  if (!saved.ok) {
    const errors: Record<string, string> = {};
    for (const [field, message] of Object.entries(fieldErrors(saved.problem))) errors[gatewayFieldToForm(field)] ??= message;
    if (Object.keys(errors).length === 0) errors.form = problemText(saved.problem);
    return data({ errors, values, attempt }, { status: saved.status });
  }
  return continueBooking(gateway, saved.data);
}

const ACCESS_LABELS: Record<AccessNeed, { label: string; hint: string }> = {
  mobility: {
    label: "Someone uses a wheelchair, needs step-free routes or needs to sit down often",
    hint: "We will plan step-free routes, lifts and seating.",
  },
  sensory: {
    label: "Someone has a visual or hearing impairment, or finds noise, light or crowds hard",
    hint: "For example large print, hearing loops, ear defenders, or a quieter time of day.",
  },
  communication: {
    label: "Someone communicates in BSL, needs simple language or uses a communication aid",
    hint: "We can book a BSL interpreter or adapt how workshops are led.",
  },
  quietSpace: {
    label: "Someone may need a quiet room to take a break during the visit",
    hint: "We will keep a quiet room free for your group.",
  },
};

export default function InformationStep({ loaderData, actionData }: Route.ComponentProps) {
  const { booking } = loaderData;
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const initial = actionData?.values ?? loaderData.values;
  const key = actionData ? `posted-${actionData.attempt}` : loaderData.key;
  const store = useStore(createBookingStore);
  const snap = useSnapshot(store);
  const live = snap.information.key === key ? snap.information.values : initial;
  const submitting = useSubmitting();

  useEffect(() => {
    bookingState.startInformation(store, key, initial);
  }, [store, key, initial]);

  function onInput(event: FormEvent<HTMLFormElement>) {
    const target = event.target as HTMLInputElement;
    if (!target.name) return;
    bookingState.startInformation(store, key, initial);
    bookingState.setInformation(store, target.name, target.type === "checkbox" ? (target.checked ? "on" : "") : target.value);
  }

  const v = (name: string) => initial[name] ?? "";
  return (
    <BookingStep booking={booking} step="information" title="About your group">
      <FormErrors errors={errors} fieldIds={{ participants: bandField("under-5"), lunchSpace: "lunchSpace" }} />
      <RestoredNotice show={!actionData && loaderData.restored} />
      <Form method="post" noValidate className="booking-form" onChange={onInput}>
        <fieldset aria-describedby={errors.participants ? "participants-error" : "participants-hint"}>
          <legend>Who is coming</legend>
          <p className="field-hint" id="participants-hint">
            Between 1 and {MAX_PARTICIPANTS} people in total, counting pupils, adults and carers.
          </p>
          {errors.participants ? (
            <p className="field-error" id="participants-error">
              <span className="visually-hidden">Error: </span>
              {errors.participants}
            </p>
          ) : null}
          <div className="number-grid">
            {AGE_BANDS.map((band) => (
              <Field
                key={band}
                name={bandField(band)}
                label={`Pupils ${AGE_BAND_LABELS[band].toLowerCase()}`}
                type="number"
                inputMode="numeric"
                min={0}
                max={MAX_PARTICIPANTS}
                defaultValue={v(bandField(band))}
                error={errors[bandField(band)]}
              />
            ))}
          </div>
          <Field
            name="adults"
            label="Supervising adults"
            hint="Teachers, staff and parent helpers. Adults within the supervision ratios are free."
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_PARTICIPANTS}
            defaultValue={v("adults")}
            error={errors.adults}
            aria-controls="ratio-check"
          />
          <Field
            name="oneToOneCarers"
            label="One-to-one carers"
            hint="Carers for a pupil with additional needs. They are free and not counted in the ratios."
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_PARTICIPANTS}
            defaultValue={v("oneToOneCarers")}
            error={errors.oneToOneCarers}
          />
          <RatioCheck values={live} />
        </fieldset>

        <fieldset>
          <legend>Access needs</legend>
          <p className="field-hint">Tick any that apply to someone in your group, so we can get ready for you.</p>
          {ACCESS_NEEDS.map((need) => (
            <div className="choice" key={need}>
              <input
                type="checkbox"
                id={accessField(need)}
                name={accessField(need)}
                defaultChecked={v(accessField(need)) === "on"}
                aria-describedby={`${accessField(need)}-hint`}
              />
              <label htmlFor={accessField(need)}>
                {ACCESS_LABELS[need].label}
                <span className="choice-hint" id={`${accessField(need)}-hint`}>
                  {ACCESS_LABELS[need].hint}
                </span>
              </label>
            </div>
          ))}
          <TextareaField
            name="accessDetails"
            label="Anything else we should know about access (optional)"
            defaultValue={v("accessDetails")}
            error={errors.accessDetails}
            maxLength={2000}
          />
        </fieldset>

        <RadioGroup
          name="lunchSpace"
          legend="Do you need a space to eat a packed lunch?"
          hint="Lunch space is free. You choose its time when you plan your day."
          options={[
            { value: "yes", label: "Yes" },
            { value: "no", label: "No" },
          ]}
          defaultValue={v("lunchSpace")}
          error={errors.lunchSpace}
        />

        <Field
          name="arrivalTime"
          type="time"
          label="Arrival time"
          hint="Between 10:00 and 16:00. The museum is open 10:00 to 17:00."
          min="10:00"
          max="16:00"
          step={900}
          defaultValue={v("arrivalTime")}
          error={errors.arrivalTime}
        />

        <TextareaField
          name="notes"
          label="Notes for the bookings team (optional)"
          hint="For example the topic you are studying, or a coach arriving late."
          defaultValue={v("notes")}
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

/**
 * The supervision ratios checked as the user types (the gateway's rules mirrored, for
 * help only): what is missing, said plainly, in a polite live region.
 */
function RatioCheck({ values }: { values: Readonly<Record<string, string>> }) {
  const { children, adults, carers } = countsFromValues(values);
  const kids = AGE_BANDS.reduce((sum, band) => sum + children[band], 0);
  const check = checkRatios(children, adults);
  const total = kids + adults + carers;
  let content;
  let className = "ratio-advice";
  if (kids === 0) {
    content = <p>Enter the number of pupils to check how many adults you need.</p>;
  } else if (check.shortfalls.length > 0) {
    content = (
      <>
        <p>
          <strong>Not enough adults yet.</strong>
        </p>
        <ul>
          {check.messages.map((m) => (
            <li key={m}>{m}.</li>
          ))}
        </ul>
      </>
    );
  } else {
    className = "ratio-ok";
    content = (
      <p>
        {adults} {adults === 1 ? "adult is" : "adults are"} enough for {kids} {kids === 1 ? "pupil" : "pupils"}.
        {adults > check.required ? ` ${adults - check.required} more than the ratios ask for: the booking team's quote shows any charge.` : ""}
      </p>
    );
  }
  return (
    <div id="ratio-check">
      <p className="field-hint">
        Supervision ratios: one adult for every {AGE_BANDS.map((b) => `${RATIOS[b]} ${pupilsPhrase(b)}`).join(", ")}.
      </p>
      <div className={className} role="status" aria-live="polite">
        {content}
        {total > MAX_PARTICIPANTS ? <p>A visit is for up to {MAX_PARTICIPANTS} people: you have entered {total}.</p> : null}
      </div>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "About your group");
