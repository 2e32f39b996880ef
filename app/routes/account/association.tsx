import { data, Form, type ShouldRevalidateFunctionArgs } from "react-router";
import { Link } from "../../components/link";
import { z } from "zod";
import type { Route } from "./+types/association";
import { getOrganisation, leaveAssociation, listMyAssociations, requestAssociation, setCurrentOrganisation } from "../../api/account.server";
import { problemText, required, succeeded } from "../../api/result.server";
import { requireUser } from "../../session/current-user.server";
import { GROUP_TYPE_LABELS } from "../../organisations/group-types";
import { pageTitle } from "../../shell/meta";
import { validParams } from "../../forms/params";
import { useBrowserSearchClient } from "../../search/browser-client";
import { OrganisationSearch } from "../../search/organisation-search";
import { loadOrganisationSearch } from "../../search/server-state.server";
import { useSubmitting } from "../../shell/pending";
import { redirectWithNotice, samePage, takeNotice } from "../../session/notice.server";

// A user may belong to several organisations (docs/requirements.md §8.11): see them with their status
// and role, ask to join another found in the search (pending until the museum approves),
// leave one (after a confirmation step) and choose which one to act for.

const paramsSchema = z.object({ organisationId: z.string().regex(/^[\w-]{1,100}$/).optional() });

const actionSchema = z.object({
  intent: z.enum(["join", "leave", "leave-confirmed", "switch"]),
  organisationId: z.string().regex(/^[\w-]{1,100}$/, "Choose an organisation"),
});

export async function loader({ context, url, params }: Route.LoaderArgs) {
  const { user, gateway } = requireUser(context);
  const { organisationId } = validParams(paramsSchema, params);
  const { items: associations } = await listMyAssociations(gateway).then(succeeded);
  // The organisation the page is about: the URL's, or the current one.
  const focusId = organisationId ?? user.currentOrganisationId;
  // One the user does not belong to (a link from elsewhere): offer to ask to join it.
  let other: { id: string; name: string; town: string; groupType: string } | null = null;
  if (organisationId && !associations.some((a) => a.organisation.id === organisationId)) {
    const found = await getOrganisation(gateway, organisationId).then(required);
    other = { id: found.id, name: found.name, town: found.town, groupType: GROUP_TYPE_LABELS[found.groupType] };
  }
  return {
    associations,
    currentOrganisationId: user.currentOrganisationId,
    focusId,
    other,
    groupType: user.groupType,
    notice: takeNotice(context),
    ...(await loadOrganisationSearch(url, { groupType: user.groupType })),
  };
}

/**
 * The search writes its own state to the URL: a new query string needs no new server
 * render. A submission (join, leave, switch) does: the list of organisations changed.
 */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

type Outcome =
  | { kind: "failed"; message: string }
  | { kind: "confirm-leave"; organisationId: string; name: string; pending: boolean; lead: boolean };

export async function action({ request, context, url }: Route.ActionArgs) {
  const { gateway } = requireUser(context);
  const parsed = actionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data<Outcome>({ kind: "failed", message: "Choose an organisation and try again." }, { status: 400 });
  const { intent, organisationId } = parsed.data;
  const { items: associations } = await listMyAssociations(gateway).then(succeeded);
  const mine = associations.find((a) => a.organisation.id === organisationId);
  const failed = (message: string, status: number) => data<Outcome>({ kind: "failed", message }, { status });
  // A change is drawn by a request of its own (app/session/notice.server.ts); a refusal or the question before leaving is not one.
  const done = (message: string) => redirectWithNotice(context, samePage(url), message);

  switch (intent) {
    case "join": {
      const result = await requestAssociation(gateway, { organisationId });
      if (result.ok) {
        const { name } = result.data.organisation;
        return done(`You have asked to join ${name}. The bookings team will approve your request, usually within two working days.`);
      }
      if (result.problem.code === "already_associated") return failed("You already belong to that organisation, or have asked to join it.", 409);
      if (result.status === 404) return failed("That organisation is no longer registered. Search again.", 404);
      return failed(problemText(result.problem), result.status);
    }
    case "leave": {
      // The confirmation step: nothing changes until the user says yes.
      if (!mine) return failed("You do not belong to that organisation.", 404);
      return data<Outcome>({
        kind: "confirm-leave",
        organisationId,
        name: mine.organisation.name,
        pending: mine.status === "pending",
        lead: mine.role === "lead",
      });
    }
    case "leave-confirmed": {
      const name = mine?.organisation.name ?? "the organisation";
      const result = await leaveAssociation(gateway, organisationId);
      if (result.ok) return done(mine?.status === "pending" ? `You have withdrawn your request to join ${name}.` : `You have left ${name}.`);
      if (result.problem.code === "last_lead") {
        return failed(
          `You are the only lead contact of ${name}, and it has other members. Contact the bookings team to make another member the lead before you leave.`,
          409,
        );
      }
      return failed(problemText(result.problem), result.status);
    }
    case "switch": {
      const result = await setCurrentOrganisation(gateway, organisationId);
      if (result.ok) return done(`You are now acting for ${mine?.organisation.name ?? "that organisation"}.`);
      if (result.problem.code === "association_not_approved") {
        return failed("You can act for an organisation once your request to join it is approved.", 403);
      }
      return failed(problemText(result.problem), result.status);
    }
  }
}

export default function Association({ loaderData, actionData }: Route.ComponentProps) {
  const { associations, currentOrganisationId, focusId, other, groupType, search, serverState, serverUrl, notice } = loaderData;
  const searchClient = useBrowserSearchClient(search, serverUrl);
  const busy = useSubmitting();
  const statusOf = new Map(associations.map((a) => [a.organisation.id, a.status]));
  const confirm = actionData?.kind === "confirm-leave" ? actionData : null;
  const pagePath = "/account/organisation/association";

  return (
    <div className="page">
      <p>
        <Link to="/account">Back to your account</Link>
      </p>
      <h1>Your organisations</h1>
      {notice && !actionData ? (
        <p role="status" className="success">
          {notice}
        </p>
      ) : null}
      {actionData?.kind === "failed" ? (
        <div className="error-summary" role="alert">
          <p>{actionData.message}</p>
        </div>
      ) : null}

      {confirm ? (
        <section aria-labelledby="confirm-heading" className="card" aria-describedby="confirm-text">
          <h2 id="confirm-heading">{confirm.pending ? `Withdraw your request to join ${confirm.name}?` : `Leave ${confirm.name}?`}</h2>
          <p id="confirm-text">
            {confirm.pending
              ? "The bookings team will not be asked to approve it. You can ask again later."
              : `You will no longer see or make bookings for ${confirm.name}. To join it again you would need to ask, and wait for approval.`}
            {confirm.lead && !confirm.pending ? " You are its lead contact." : ""}
          </p>
          <div className="actions">
            <Form method="post" action={pagePath}>
              <input type="hidden" name="intent" value="leave-confirmed" />
              <input type="hidden" name="organisationId" value={confirm.organisationId} />
              <button type="submit" disabled={busy}>
                {confirm.pending ? "Yes, withdraw the request" : `Yes, leave ${confirm.name}`}
              </button>
            </Form>
            <Link to={pagePath}>No, cancel</Link>
          </div>
        </section>
      ) : null}

      {associations.length === 0 ? (
        <p>You do not belong to any organisation yet. Find yours below and ask to join it.</p>
      ) : (
        <ul className="choice-list" aria-label="Your organisations">
          {associations.map((a) => {
            const { id, name, town } = a.organisation;
            const current = id === currentOrganisationId;
            return (
              <li key={id} className="card" aria-current={id === focusId ? "true" : undefined}>
                <h2>{name}</h2>
                <p>
                  {town} · {a.status === "approved" ? "Approved" : "Pending approval"} ·{" "}
                  {a.role === "lead" ? "Lead contact" : "Member"}
                  {current ? " · Current organisation" : ""}
                </p>
                <div className="actions">
                  {a.status === "approved" && !current ? (
                    <Form method="post" action={pagePath}>
                      <input type="hidden" name="intent" value="switch" />
                      <input type="hidden" name="organisationId" value={id} />
                      <button type="submit" disabled={busy}>
                        Act for {name}
                      </button>
                    </Form>
                  ) : null}
                  <Link to={`/account/organisation/${id}/edit`}>
                    {a.status === "approved" && a.role === "lead" ? "Edit" : "See"} the details
                    <span className="visually-hidden"> of {name}</span>
                  </Link>
                  <Form method="post" action={pagePath}>
                    <input type="hidden" name="intent" value="leave" />
                    <input type="hidden" name="organisationId" value={id} />
                    <button type="submit" className="link-button" disabled={busy}>
                      {a.status === "pending" ? `Withdraw the request to join ${name}` : `Leave ${name}`}
                    </button>
                  </Form>
                </div>
              </li>
            );
          })}
        </ul>
      )}

      {other ? (
        <section aria-labelledby="other-heading" className="card">
          <h2 id="other-heading">{other.name}</h2>
          <p>
            {other.town} · {other.groupType}. You do not belong to this organisation.
          </p>
          <Form method="post" action={pagePath}>
            <input type="hidden" name="intent" value="join" />
            <input type="hidden" name="organisationId" value={other.id} />
            <button type="submit" disabled={busy}>
              Ask to join {other.name}
            </button>
          </Form>
        </section>
      ) : null}

      <section aria-labelledby="join-heading">
        <h2 id="join-heading">Ask to join another organisation</h2>
        <p>Find the organisation and ask to join it. The bookings team approves each request.</p>
        <OrganisationSearch
          searchClient={searchClient}
          config={search}
          serverState={serverState}
          serverUrl={serverUrl}
          groupType={groupType}
          renderHitAction={(hit, { sendClick }) => {
            const status = statusOf.get(hit.objectID);
            if (status) return <p>{status === "approved" ? "You belong to this organisation" : "Your request is waiting for approval"}</p>;
            return (
              <Form method="post" action={pagePath} onSubmit={sendClick}>
                <input type="hidden" name="intent" value="join" />
                <input type="hidden" name="organisationId" value={hit.objectID} />
                <button type="submit" disabled={busy}>
                  Ask to join<span className="visually-hidden"> {hit.name}</span>
                </button>
              </Form>
            );
          }}
        />
      </section>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Your organisations");
