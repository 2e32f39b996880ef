import { Form } from "react-router";
import { MonthCalendar } from "../booking/month-calendar";
import { FieldError } from "../field";
import { formatDate } from "../../shell/format";
import type { OutreachAvailability } from "../../../generated/schemas";

/** The schedule step's date: the bookable range, the chosen date and the month calendar (a GET form). */
export function ScheduleDate({
  availability,
  date,
  dateChosen,
  error,
}: {
  availability: OutreachAvailability;
  date: string | null;
  /** Whether the date is bookable. */
  dateChosen: boolean;
  error: string | undefined;
}) {
  const monthHref = (month: string) => `?${new URLSearchParams(date ? { month, date } : { month })}`;
  return (
    <section aria-labelledby="outreach-dates-heading" id="outreach-dates" tabIndex={-1}>
      <h2 id="outreach-dates-heading">Date</h2>
      <p>
        Our team visits schools on weekdays in term time, from {formatDate(availability.bookableFrom)} to{" "}
        {formatDate(availability.bookableUntil)}.
      </p>
      {date ? (
        <p>
          Your chosen date: <strong>{formatDate(date)}</strong>
          {dateChosen ? ". Choose another date to change it." : ". Our team cannot come that day: choose another date."}
        </p>
      ) : null}
      <FieldError id="date-error" error={error} />
      <Form method="get" id="outreach-date-form" preventScrollReset>
        <MonthCalendar
          availability={availability}
          selectedDate={date}
          monthHref={monthHref}
          name="date"
          form="outreach-date-form"
        />
      </Form>
    </section>
  );
}
