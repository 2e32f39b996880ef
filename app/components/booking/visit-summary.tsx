import { Link } from "../link";
import type { BookingView } from "../../booking/booking-view";
import type { ChangeLink } from "../../booking/steps";
import { formatDate } from "../../shell/format";
import "./booking.css";

/** A term and its description, left out when there is nothing to say. */
function Row({ term, children }: { term: string; children: string | null | undefined }) {
  if (children === null || children === undefined || children === "") return null;
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  );
}

/**
 * The review's "Your visit": the one view of the basket (app/booking/booking-view.ts), the
 * same the booking card beside it shows, with a link back to each step of the user's flow.
 */
export function VisitSummary({ view, links }: { view: BookingView; links: readonly ChangeLink[] }) {
  const answers = view.answers;
  return (
    <section aria-labelledby="visit-heading">
      <h2 id="visit-heading">Your visit</h2>
      <dl>
        <Row term="Organisation">{view.organisation}</Row>
        <Row term="Museum">{view.venue}</Row>
        <Row term="Date">{view.visitDate ? formatDate(view.visitDate) : null}</Row>
        <Row term="Arriving">{view.arrival}</Row>
        <Row term="Pupils">{view.pupils}</Row>
        <Row term="Adults">{view.adults}</Row>
        <Row term="Tickets">{view.tickets}</Row>
        <Row term="Group">{view.group?.name}</Row>
        <Row term="Lead contact on the day">{view.group?.lead}</Row>
        <Row term="Coach">{view.group?.coach}</Row>
        {answers ? (
          <>
            <Row term="Access needs">{answers.accessNeeds}</Row>
            <Row term="Lunch space">{answers.lunchSpace ? "Yes" : "No"}</Row>
            <Row term="Notes">{answers.notes}</Row>
          </>
        ) : null}
        <Row term="Payment">{view.payment}</Row>
      </dl>
      <ul className="calls-to-action" aria-label="Change your booking">
        {links.map((link) => (
          <li key={link.step}>
            <Link to={link.href}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
