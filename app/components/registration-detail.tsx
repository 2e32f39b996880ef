import { Fragment } from "react";
import { Link } from "./link";
import type { OrganisationDetails } from "../organisations/organisation-options";
import { organisationSummaryRows } from "../organisations/organisation-summary";
import type { Organisation, GroupType } from "../../generated/schemas";

export interface RegistrationUserDetail {
  title: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  jobTitle: string;
  marketingConsent: boolean;
}

export type RegistrationOrganisationDetail =
  | { mode: "join"; organisation: Organisation }
  | { mode: "create"; details: OrganisationDetails };

interface Props {
  groupType: GroupType;
  /** The group type's name, e.g. "Schools and colleges". */
  groupName: string;
  organisation: RegistrationOrganisationDetail;
  user: RegistrationUserDetail;
  /** Where to change each part; omitted parts get no link. */
  changeLinks?: { groupType?: string; organisation?: string; user?: string };
}

/** Label and value pairs as a description list. */
export function DetailRows({ rows }: { rows: readonly [string, string][] }) {
  return (
    <dl>
      {rows.map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

function Change({ to, what }: { to: string | undefined; what: string }) {
  return to ? (
    <p>
      <Link to={to}>
        Change<span className="visually-hidden"> {what}</span>
      </Link>
    </p>
  ) : null;
}

/** Everything entered in a registration, read-only, with a way back to change each part (docs/requirements.md §5.5). */
export function RegistrationDetail({ groupType, groupName, organisation, user, changeLinks = {} }: Props) {
  const organisationRows =
    organisation.mode === "join"
      ? organisationSummaryRows(groupType, organisation.organisation)
      : organisationSummaryRows(groupType, organisation.details);
  const name = [user.title, user.firstName, user.lastName].filter(Boolean).join(" ");
  const userRows: [string, string][] = [
    ["Name", name],
    ["Email address", user.email],
    ...(user.phone ? ([["Phone", user.phone]] as [string, string][]) : []),
    ...(user.jobTitle ? ([["Job title or role", user.jobTitle]] as [string, string][]) : []),
    ["Password", "Set (not shown)"],
    ["News by email", user.marketingConsent ? "Yes, send me news" : "No"],
  ];
  return (
    <div className="registration-detail">
      <section aria-labelledby="detail-group-heading" className="card">
        <h2 id="detail-group-heading">Group type</h2>
        <p>{groupName}</p>
        <Change to={changeLinks.groupType} what="group type" />
      </section>
      <section aria-labelledby="detail-organisation-heading" className="card">
        <h2 id="detail-organisation-heading">Your organisation</h2>
        <p>
          {organisation.mode === "join"
            ? "You are asking to join this organisation. The museum's bookings team approves each request; until then you can look around but not book."
            : "You are registering this organisation, and you will be its lead contact."}
        </p>
        <DetailRows rows={organisationRows} />
        <Change to={changeLinks.organisation} what="your organisation" />
      </section>
      <section aria-labelledby="detail-user-heading" className="card">
        <h2 id="detail-user-heading">Your details</h2>
        <DetailRows rows={userRows} />
        <Change to={changeLinks.user} what="your details" />
      </section>
    </div>
  );
}
