import { Link } from "../../components/link";
import type { Route } from "./+types/overview";
import { getOrganisation, listMyAssociations } from "../../api/account.server";
import { listOrders } from "../../api/orders.server";
import { succeeded } from "../../api/result.server";
import { OrderList } from "../../components/order-list";
import { requireUser } from "../../session/current-user.server";
import { GROUP_TYPE_LABELS } from "../../organisations/group-types";
import { pageTitle } from "../../shell/meta";

export async function loader({ context, url }: Route.LoaderArgs) {
  const { user, gateway } = requireUser(context);
  const [associations, upcoming, organisation] = await Promise.all([
    listMyAssociations(gateway).then(succeeded),
    listOrders(gateway, { when: "upcoming", page: 1, pageSize: 3 }).then(succeeded),
    user.currentOrganisationId ? getOrganisation(gateway, user.currentOrganisationId).then(succeeded) : null,
  ]);
  return { user, associations: associations.items, upcoming: upcoming.items, organisation };
}

export default function AccountOverview({ loaderData }: Route.ComponentProps) {
  const { user, associations, upcoming, organisation } = loaderData;
  return (
    <div className="page">
      <h1>Your account</h1>
      <section aria-labelledby="you-heading" className="card">
        <h2 id="you-heading">Your details</h2>
        <dl>
          <dt>Name</dt>
          <dd>{[user.title, user.firstName, user.lastName].filter(Boolean).join(" ")}</dd>
          <dt>Email</dt>
          <dd>{user.email}</dd>
          {user.jobTitle ? (
            <>
              <dt>Job title or role</dt>
              <dd>{user.jobTitle}</dd>
            </>
          ) : null}
        </dl>
        <Link to="/account/user/edit">Edit your details</Link>
      </section>

      <section aria-labelledby="organisation-heading" className="card">
        <h2 id="organisation-heading">Your organisation</h2>
        {organisation ? (
          <dl>
            <dt>Name</dt>
            <dd>{organisation.name}</dd>
            <dt>Type</dt>
            <dd>{GROUP_TYPE_LABELS[organisation.groupType]}</dd>
            <dt>Address</dt>
            <dd>{[organisation.address.line1, organisation.address.town, organisation.address.postcode].join(", ")}</dd>
          </dl>
        ) : (
          <p>You are not linked to an organisation yet.</p>
        )}
        <h3>Association status</h3>
        <ul>
          {associations.map((a) => (
            <li key={a.organisation.id}>
              {a.organisation.name}: {a.status === "approved" ? "Approved" : "Pending approval"}
              {a.role === "lead" ? " (lead contact)" : ""}
            </li>
          ))}
        </ul>
        <Link to="/account/organisation/association">Manage your organisations</Link>
      </section>

      <section aria-labelledby="orders-heading" className="card">
        <h2 id="orders-heading">Recent orders</h2>
        <OrderList orders={upcoming} caption="Upcoming visits" />
        <Link to="/account/orders">See all your orders</Link>
      </section>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Your account");
