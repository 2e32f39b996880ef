import { data, Form, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { Link } from "../../components/link";
import { z } from "zod";
import type { Route } from "./+types/organisation";
import { GROUP_TYPE_LABELS, GROUP_TYPES } from "../../organisations/group-types";
import { pageTitle } from "../../shell/meta";
import { validParams } from "../../forms/params";
import { pickOrganisation } from "../../registration/draft.server";
import { servicesContext } from "../../session/context";
import { registrationPath } from "../../registration/steps";
import { useBrowserSearchClient } from "../../search/browser-client";
import { OrganisationSearch } from "../../search/organisation-search";
import { chooseLabel } from "../../search/texts";
import { loadOrganisationSearch } from "../../search/server-state.server";
import { publicPage } from "../../shell/cache-control.server";
import { useSubmitting } from "../../shell/pending";

const paramsSchema = z.object({ group: z.enum(GROUP_TYPES) });

const chooseSchema = z.object({
  organisationId: z
    .string({ error: "Choose an organisation from the search results." })
    .trim()
    .min(1, "Choose an organisation from the search results.")
    .max(100, "Choose an organisation from the search results."),
});

/**
 * The search page is the same for every anonymous visitor: its first results carry no user
 * token (the browser makes its own, app/search/insights.ts), so a CDN may keep it
 * (docs/decisions/0025-public-caches-and-cache-control.md). A visitor with a registration
 * draft has a cookie, and the choice is a POST: both stay private (cache-control.server.ts).
 */
export const headers = publicPage();

/** Query-rule context of registration (its banner points to "My organisation is not listed"). */
const RULE_CONTEXTS = ["registration"];

export async function action({ request, params, context }: Route.ActionArgs) {
  const { group } = validParams(paramsSchema, params);
  const parsed = chooseSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    return data({ error: parsed.error.issues[0]?.message ?? "Choose an organisation from the search results." }, { status: 400 });
  }
  // Checks the organisation at the gateway (exists, same group type) and saves it in the draft.
  const picked = await pickOrganisation(context.get(servicesContext).gateway, request, group, parsed.data.organisationId);
  if (!picked.ok) return data({ error: picked.message }, { status: picked.status });
  return redirect(registrationPath(group, "organisation/edit"), { headers: { "Set-Cookie": picked.setCookie } });
}

export async function loader({ params, url }: Route.LoaderArgs) {
  const { group } = validParams(paramsSchema, params);
  return { group, ...(await loadOrganisationSearch(url, { groupType: group, ruleContexts: RULE_CONTEXTS })) };
}

/**
 * Once on the page, the search keeps its own state and writes it to the URL itself: a new
 * query string, or a choice the server refused, needs no new server render. Another group
 * type (another path) does.
 */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

export default function FindOrganisation({ loaderData, actionData }: Route.ComponentProps) {
  const { group, search, serverState, serverUrl } = loaderData;
  const searchClient = useBrowserSearchClient(search, serverUrl);
  const choosing = useSubmitting((form) => form.has("organisationId"));
  const action = registrationPath(group, "organisation");
  const notListed = registrationPath(group, "organisation/edit");
  return (
    <div className="page">
      <p>
        <Link to="/registration">Back to group types</Link>
      </p>
      <h1>Find your organisation</h1>
      <p className="lead">
        Registering as: <strong>{GROUP_TYPE_LABELS[group]}</strong>. Search for your organisation and choose it, or
        tell us about it if it is not listed.
      </p>
      {actionData?.error ? (
        <div className="error-summary" role="alert">
          <p>{actionData.error}</p>
        </div>
      ) : null}
      <ul className="calls-to-action">
        <li>
          <Link to={notListed} className="button">
            My organisation is not listed
          </Link>
        </li>
        {group === "home-education" ? (
          <li>
            <Link to={notListed} className="button">
              Create a home-education group
            </Link>
          </li>
        ) : null}
      </ul>
      <OrganisationSearch
        // Another group type is another search: a new InstantSearch, not the old one's state.
        key={group}
        searchClient={searchClient}
        config={search}
        serverState={serverState}
        serverUrl={serverUrl}
        groupType={group}
        ruleContexts={RULE_CONTEXTS}
        renderHitAction={(hit, { sendClick, flushUrl }) => (
          <Form
            method="post"
            action={action}
            onSubmit={() => {
              // The search's pending URL write goes now, not after the page has moved on
              // to the details step (it would take the URL back to the search).
              flushUrl();
              sendClick();
            }}
          >
            <input type="hidden" name="organisationId" value={hit.objectID} />
            <button type="submit" disabled={choosing} aria-label={chooseLabel(hit.name)}>
              Choose
            </button>
          </Form>
        )}
      />
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Find your organisation");

