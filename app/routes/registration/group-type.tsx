import { Link } from "../../components/link";
import type { Route } from "./+types/group-type";
import { listGroupTypes } from "../../api/cms.server";
import { succeeded } from "../../api/result.server";
import { servicesContext } from "../../session/context";
import { GROUP_TYPES } from "../../organisations/group-types";
import { pageTitle } from "../../shell/meta";
import { registrationPath } from "../../registration/steps";
import { publicPage } from "../../shell/cache-control.server";

export const headers = publicPage();

export async function loader({ context }: Route.LoaderArgs) {
  const { cms } = context.get(servicesContext);
  const { items } = succeeded(await listGroupTypes(cms));
  // The CMS orders them; only the four group types the site knows are offered.
  const groupTypes = items
    .filter((g) => (GROUP_TYPES as readonly string[]).includes(g.groupType))
    .map(({ groupType, name, summary }) => ({ groupType, name, summary }));
  return { groupTypes };
}

export default function ChooseGroupType({ loaderData: { groupTypes } }: Route.ComponentProps) {
  return (
    <div className="page narrow">
      <h1>Register your group</h1>
      <p className="lead">Which kind of group are you registering? You can book visits once your account is set up.</p>
      <ul className="choice-list" aria-label="Group types">
        {groupTypes.map((g) => (
          <li key={g.groupType} className="card">
            <Link to={registrationPath(g.groupType, "organisation")} aria-describedby={`group-${g.groupType}-summary`}>
              {g.name}
            </Link>
            <p id={`group-${g.groupType}-summary`}>{g.summary}</p>
          </li>
        ))}
      </ul>
      <p>
        Already registered? <Link to="/login">Log in</Link>.
      </p>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Register your group");
