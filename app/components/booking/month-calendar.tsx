import { useEffect, useRef, type KeyboardEvent } from "react";
import { useNavigate } from "react-router";
import { Link } from "../link";
import { useSnapshot } from "valtio";
import {
  addMonths, CALENDAR_KEYS, firstOfMonth, lastOfMonth, monthLabel, monthOf, monthWeeks, moveDate,
  weekdayIndex, WEEKDAYS, type CalendarKey,
} from "../../calendar/dates";
import { bookingState, createBookingStore, type BookingState } from "../../state/booking";
import { useStore } from "../../state/stores";
import "./booking.css";
import type { AvailabilityDay, AvailabilityStatus } from "../../../generated/schemas";

/**
 * The word a day shows and its name ends with ("Wednesday 5 May 2027, Open"): the same word,
 * so a speech-input user can say what they see (WCAG 2.5.3). A closed day shows its number
 * only: "Closed" is wider than a day's column at 320 px (docs/decisions/0034-focus-never-covered-text-that-reflows.md).
 */
export const STATUS_LABEL: Record<AvailabilityStatus, string> = {
  available: "Open",
  limited: "Few left",
  full: "Full",
  closed: "Closed",
};

/** The key under the calendar: each word shown, and what it means. */
const STATUS_KEY: Record<AvailabilityStatus, string> = {
  available: "Open: places free",
  limited: "Few left: under a fifth of places free",
  full: "Full: no places free",
  closed: "No word: closed, or not bookable",
};

/** A month of the gateway's availability, as a venue's and outreach's both answer. */
export interface CalendarMonth {
  /** YYYY-MM shown. */
  month: string;
  /** Every day of the month. */
  days: readonly AvailabilityDay[];
  bookableFrom: string;
  bookableUntil: string;
}

export interface MonthCalendarProps {
  availability: CalendarMonth;
  selectedDate?: string | null;
  /** The URL of another month's calendar (a link without JavaScript, a navigation with it). */
  monthHref: (month: string) => string;
  /** The submit button name of a bookable day (its value is the date). */
  name?: string;
  /** The form the day buttons submit. */
  form?: string;
}

/** Whether a day of this status can be chosen (a full or closed day cannot). */
export const bookable = (status: AvailabilityStatus | undefined) => status === "available" || status === "limited";

/**
 * A month of availability as a grid (the APG date picker pattern): one tab stop, arrow
 * keys move by day and week, Home and End to the week's start and end, PageUp and
 * PageDown to the previous and next month (Shift for a year). Each day is a button
 * named by its date and status; a bookable day submits the form, the others say why
 * not. The month heading is a live region, so a month change is announced.
 */
export function MonthCalendar(props: MonthCalendarProps) {
  // The booking store holds what the keyboard changes (the roving day, the day to focus after
  // a month change). Nothing has changed it while the server renders, so the server makes
  // no store for it and reads none (ADR 26); the browser's first render starts from the same
  // empty state, so hydration finds the same markup.
  return typeof document === "undefined" ? <Calendar {...props} booking={null} focusDate={null} /> : <CalendarWithStore {...props} />;
}

function CalendarWithStore(props: MonthCalendarProps) {
  const booking = useStore(createBookingStore);
  const { focusDate } = useSnapshot(booking).calendar;
  return <Calendar {...props} booking={booking} focusDate={focusDate} />;
}

interface CalendarProps extends MonthCalendarProps {
  /** Null on the server. */
  booking: BookingState | null;
  focusDate: string | null;
}

function Calendar({ availability, selectedDate, monthHref, name = "visitDate", form, booking, focusDate }: CalendarProps) {
  const { month, days, bookableFrom, bookableUntil } = availability;
  const navigate = useNavigate();
  const gridRef = useRef<HTMLTableElement>(null);
  const statusOf = new Map(days.map((d) => [d.date, d.status]));

  const minMonth = monthOf(bookableFrom);
  const maxMonth = monthOf(bookableUntil);
  const min = firstOfMonth(minMonth);
  const max = lastOfMonth(maxMonth);
  const headingId = `calendar-${month}-heading`;

  // The roving tab stop: the day last moved to, else the chosen date, else the first bookable day.
  const inMonth = (date: string | null | undefined): date is string => Boolean(date && monthOf(date) === month);
  const rovingDate = inMonth(focusDate)
    ? focusDate
    : inMonth(selectedDate)
      ? selectedDate
      : (days.find((d) => bookable(d.status))?.date ?? firstOfMonth(month));

  // After a month change by keyboard, focus the day moved to once its month has loaded.
  useEffect(() => {
    if (!booking) return;
    const pending = booking.calendar.pendingFocus;
    if (pending && monthOf(pending) === month) {
      gridRef.current?.querySelector<HTMLButtonElement>(`[data-date="${pending}"]`)?.focus();
      bookingState.focusDone(booking);
    }
  }, [month, booking]);

  function onKeyDown(event: KeyboardEvent<HTMLTableElement>) {
    if (!booking || !CALENDAR_KEYS.includes(event.key)) return;
    const from = (event.target as HTMLElement).closest<HTMLElement>("[data-date]")?.dataset.date;
    if (!from) return;
    event.preventDefault();
    const next = moveDate(from, event.key as CalendarKey, { shift: event.shiftKey, min, max });
    if (next === from) return;
    if (monthOf(next) === month) {
      bookingState.focusDay(booking, next);
      gridRef.current?.querySelector<HTMLButtonElement>(`[data-date="${next}"]`)?.focus();
      return;
    }
    bookingState.changeMonth(booking, next, monthLabel(monthOf(next)));
    void navigate(monthHref(monthOf(next)), { preventScrollReset: true });
  }

  // Said by every day's button: formatted once, not once a day.
  const label = monthLabel(month);
  const previous = month > minMonth ? addMonths(month, -1) : null;
  const next = month < maxMonth ? addMonths(month, 1) : null;

  return (
    <div className="month-calendar">
      <div className="month-calendar-header">
        {previous ? (
          <Link to={monthHref(previous)} preventScrollReset>
            <span aria-hidden="true">‹ </span>Previous month<span className="visually-hidden">, {monthLabel(previous)}</span>
          </Link>
        ) : (
          <span className="month-nav-none" />
        )}
        <h2 id={headingId} aria-live="polite">
          {label}
        </h2>
        {next ? (
          <Link to={monthHref(next)} preventScrollReset>
            Next month<span className="visually-hidden">, {monthLabel(next)}</span>
            <span aria-hidden="true"> ›</span>
          </Link>
        ) : (
          <span className="month-nav-none" />
        )}
      </div>
      <p className="field-hint" id={`${headingId}-help`}>
        Choose a date to continue. In the calendar, arrow keys move between days; Page Up and Page Down change month.
      </p>
      {/* Scrolls sideways only when the days' words need more than the width (booking.css). */}
      <div className="month-grid-scroll">
        <table role="grid" className="month-grid" aria-labelledby={headingId} aria-describedby={`${headingId}-help`} ref={gridRef} onKeyDown={onKeyDown}>
          <thead>
            <tr>
              {WEEKDAYS.map((day) => (
                <th key={day} scope="col" abbr={day}>
                  {day.slice(0, 3)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {monthWeeks(month).map((week) => (
              <tr key={week.find(Boolean) ?? "pad"}>
                {week.map((date, i) => {
                  if (!date) return <td key={`pad-${i}`} />;
                  const status = statusOf.get(date) ?? "closed";
                  const selected = date === selectedDate;
                  const canBook = bookable(status);
                  return (
                    <td key={date} aria-selected={selected ? true : undefined}>
                      <button
                        type={canBook ? "submit" : "button"}
                        name={canBook ? name : undefined}
                        value={canBook ? date : undefined}
                        form={canBook ? form : undefined}
                        aria-disabled={canBook ? undefined : true}
                        data-date={date}
                        tabIndex={date === rovingDate ? 0 : -1}
                        className={`calendar-day status-${status}`}
                        onFocus={booking ? () => bookingState.focusDay(booking, date) : undefined}
                        onClick={canBook ? undefined : (e) => e.preventDefault()}
                      >
                        <span className="visually-hidden">{WEEKDAYS[weekdayIndex(date)]} </span>
                        <span className="day-number">{Number(date.slice(8))}</span>
                        {/* "Monday 1 March 2027, chosen, Open": the button lays its children out as blocks, and a
                            name puts a space between blocks, so the word shown comes last, after the commas. */}
                        <span className="visually-hidden">
                          {" "}
                          {label}
                          {selected ? ", chosen" : ""},{" "}
                        </span>
                        <span className={status === "closed" ? "visually-hidden" : "day-status"}>{STATUS_LABEL[status]}</span>
                      </button>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="calendar-legend" aria-label="Key">
        {(Object.keys(STATUS_KEY) as AvailabilityStatus[]).map((status) => (
          <li key={status}>
            <span className={`swatch status-${status}`} aria-hidden="true" />
            {STATUS_KEY[status]}
          </li>
        ))}
      </ul>
    </div>
  );
}
