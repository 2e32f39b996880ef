import { Link } from "../components/link";
import type { Route } from "./+types/home";
import { getPage } from "../api/cms.server";
import { required } from "../api/result.server";
import { servicesContext } from "../session/context";
import { RichText } from "../components/rich-text";
import { pageTitle } from "../shell/meta";
import { sanitizeRichText } from "../shell/rich-text.server";
import { publicPage } from "../shell/cache-control.server";

export const headers = publicPage();

export async function loader({ context }: Route.LoaderArgs) {
  const { cms } = context.get(servicesContext);
  const page = required(await getPage(cms, "home"));
  return { page: { ...page, body: sanitizeRichText(page.body) } };
}

export default function Home({ loaderData: { page } }: Route.ComponentProps) {
  return (
    <article className="page">
      <h1>{page.title}</h1>
      <p className="lead">{page.description}</p>
      <RichText html={page.body} />
      {page.callsToAction.length > 0 ? (
        <ul className="calls-to-action">
          {page.callsToAction.map((cta) => (
            <li key={cta.href}>
              <Link to={cta.href} className="button">
                {cta.label}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData ? [...pageTitle(matches, loaderData.page.title), { name: "description", content: loaderData.page.description }] : [];
