import { isRouteErrorResponse } from "react-router";
import { Link } from "../link";
import { isAssociationRequired, type AssociationRequired } from "../../session/flow-access";
import { describeError, ErrorPage } from "../error-page";
import { BOOKINGS_TEAM_EMAIL, BOOKINGS_TEAM_HELP } from "../../shell/help";

/** Why the user cannot book yet, and how to get approved (the booking guard's 403). */
export function AssociationRequiredPage({ problem }: { problem: AssociationRequired }) {
  return (
    <div className="page narrow">
      <h1>Your organisation needs to approve you first</h1>
      {problem.reason === "pending" ? (
        <p>
          You have asked to join {problem.organisationName ?? "an organisation"}. Bookings are made for an
          organisation, so you can book once the museum has approved your request. This usually takes up to two
          working days.
        </p>
      ) : (
        <p>
          Bookings are made for an organisation, such as a school or a group. Link your account to your
          organisation: find it and ask to join it, or add it if it is new. You can book once the museum has
          approved your request.
        </p>
      )}
      <p>
        <Link to="/account/organisation/association">Check or request your organisation association</Link>
      </p>
      <p>
        If you need to book urgently, email{" "}
        <a href={BOOKINGS_TEAM_HELP.href}>{BOOKINGS_TEAM_EMAIL}</a>.
      </p>
      <p>
        <Link to="/account">Back to your account</Link>
      </p>
    </div>
  );
}

/**
 * The error boundary of a booking flow's layout (visit booking, outreach): the guard's 403
 * for a user without an approved association says how to get approved; anything else is
 * the usual error page.
 */
export function FlowLayoutError({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && isAssociationRequired(error.data)) return <AssociationRequiredPage problem={error.data} />;
  return <ErrorPage error={error} />;
}

/** The page title of FlowLayoutError. */
export function flowLayoutErrorTitle(error: unknown): string {
  if (isRouteErrorResponse(error) && isAssociationRequired(error.data)) return "Get approved to book";
  return describeError(error).message;
}
