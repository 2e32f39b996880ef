import { data, Form, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/date";
import { getVenueAvailability, updateBasketDate } from "../../api/booking.server";
import { listVenues } from "../../api/cms.server";
import { fieldErrors, problemText, required, succeeded } from "../../api/result.server";
import {
  bookingView, discardOpenBasket, openOrCreateBasket, requireBooking,
} from "../../booking/basket.server";
import { continueBooking } from "../../booking/continue.server";
import { clampMonth, DATE_PATTERN, monthOf, MONTH_PATTERN } from "../../calendar/dates";
import { STEP_PATHS } from "../../booking/steps";
import { BookingStep } from "../../components/booking/booking-step";
import { FormErrors } from "../../components/form-errors";
import { MonthCalendar } from "../../components/booking/month-calendar";
import { servicesContext } from "../../session/context";
import { formatDate } from "../../shell/format";
import { pageTitle } from "../../shell/meta";
import { toFieldErrors } from "../../forms/validation";
import { useSubmitting } from "../../shell/pending";

const londonMonth = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London", year: "numeric", month: "2-digit" });

const dateSchema = z.object({
  venueId: z.string().trim().min(1, "Choose a museum").max(100, "Choose a museum"),
  visitDate: z.string().regex(DATE_PATTERN, "Choose a date in the calendar"),
});

export async function loader({ context, url }: Route.LoaderArgs) {
  const { user, gateway, scope } = requireBooking(context);
  const { cms } = context.get(servicesContext);
  const venues = succeeded(await listVenues(cms, { groupType: user.groupType })).items;
  if (venues.length === 0) throw data("No museum takes bookings from your group type at the moment.", { status: 404 });

  const basket = scope.basket;
  const asked = url.searchParams.get("venue");
  const venue = venues.find((v) => v.id === asked) ?? venues.find((v) => v.id === basket?.venue?.id) ?? venues[0]!;
  const savedDate = basket?.venue?.id === venue.id ? (basket.visitDate ?? null) : null;

  const monthParam = url.searchParams.get("month");
  const wanted = monthParam && MONTH_PATTERN.test(monthParam) ? monthParam : savedDate ? monthOf(savedDate) : londonMonth.format(new Date());
  let availability = required(await getVenueAvailability(gateway, venue.id, { month: wanted, kind: scope.kind }));
  // Outside the bookable window: show its nearest month instead.
  const month = clampMonth(wanted, availability.bookableFrom, availability.bookableUntil);
  if (month !== availability.month) {
    availability = required(await getVenueAvailability(gateway, venue.id, { month, kind: scope.kind }));
  }

  return {
    booking: bookingView(scope),
    venues: venues.map((v) => ({ id: v.id, name: v.name, summary: v.summary, town: v.address.town, openingTimes: v.openingTimes })),
    venueId: venue.id,
    availability,
    savedDate,
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const form = await request.formData();
  const { gateway, scope } = requireBooking(context);

  const values = { venueId: String(form.get("venueId") ?? ""), visitDate: String(form.get("visitDate") ?? "") };
  if (form.get("intent") === "discard") {
    const refused = await discardOpenBasket(gateway, scope);
    if (refused) return data({ errors: { form: problemText(refused.problem) }, values }, { status: refused.status });
    return redirect(STEP_PATHS.date);
  }

  const parsed = dateSchema.safeParse(values);
  if (!parsed.success) return data({ errors: toFieldErrors(parsed.error), values }, { status: 400 });

  const basket = await openOrCreateBasket(gateway, scope);
  if (!basket.ok) return data({ errors: { form: problemText(basket.problem) }, values }, { status: basket.status });

  const saved = await updateBasketDate(gateway, basket.data.id, parsed.data);
  if (!saved.ok) {
    // No usable answer is said above the form; the gateway's refusal is about the date chosen.
    if (saved.upstream) return data({ errors: { form: problemText(saved.problem) }, values }, { status: saved.status });
    const fields = fieldErrors(saved.problem);
    const message = fields.visitDate ?? fields.venueId ?? problemText(saved.problem);
    return data({ errors: { visitDate: message }, values }, { status: saved.status });
  }
  return continueBooking(gateway, saved.data);
}

export default function DateStep({ loaderData, actionData }: Route.ComponentProps) {
  const { booking, venues, venueId, availability, savedDate } = loaderData;
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const venue = venues.find((v) => v.id === venueId)!;
  const submitting = useSubmitting();
  const monthHref = (month: string) => `?${new URLSearchParams({ venue: venueId, month })}`;
  return (
    <BookingStep booking={booking} step="date" title="Choose a museum and a date">
      <FormErrors errors={errors} fieldIds={{ visitDate: "visit-date-calendar", venueId: "venue-choice" }} />
      <Form method="get" className="booking-form" preventScrollReset>
        <fieldset id="venue-choice">
          <legend>Museum</legend>
          {venues.map((v) => (
            <div className="choice" key={v.id}>
              <input type="radio" id={`venue-${v.id}`} name="venue" value={v.id} defaultChecked={v.id === venueId} aria-describedby={`venue-${v.id}-hint`} />
              <label htmlFor={`venue-${v.id}`}>
                {v.name}
                <span className="choice-hint" id={`venue-${v.id}-hint`}>
                  {v.town}. {v.summary}
                </span>
              </label>
            </div>
          ))}
          <input type="hidden" name="month" value={availability.month} />
          <button type="submit" className="secondary">
            Show dates for this museum
          </button>
        </fieldset>
      </Form>

      <section aria-labelledby="dates-heading" id="visit-date-calendar" tabIndex={-1}>
        <h2 id="dates-heading" className="visually-hidden">
          Dates at {venue.name}
        </h2>
        <p>
          Dates at <strong>{venue.name}</strong>. {venue.openingTimes} Book from {formatDate(availability.bookableFrom)} to{" "}
          {formatDate(availability.bookableUntil)}.
        </p>
        {savedDate ? (
          <p>
            Your chosen date: <strong>{formatDate(savedDate)}</strong>. Choose another date to change it.
          </p>
        ) : null}
        {errors.visitDate ? (
          <p className="field-error" id="visitDate-error">
            <span className="visually-hidden">Error: </span>
            {errors.visitDate}
          </p>
        ) : null}
        <Form method="post" id="date-form" aria-busy={submitting || undefined}>
          <input type="hidden" name="venueId" value={venueId} />
          <MonthCalendar
            availability={availability}
            selectedDate={savedDate}
            monthHref={monthHref}
            form="date-form"
          />
        </Form>
      </section>
    </BookingStep>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Choose a date");
