import { z } from "zod";
import type { Route } from "./+types/content-page";
import { getPage } from "../api/cms.server";
import { required } from "../api/result.server";
import { RichText } from "../components/rich-text";
import { servicesContext } from "../session/context";
import { pageTitle } from "../shell/meta";
import { sanitizeRichText } from "../shell/rich-text.server";
import { validParams } from "../forms/params";
import { publicPage } from "../shell/cache-control.server";

// CMS pages linked from the footer (accessibility, privacy, terms…). Static routes rank
// above this one, and a slug the CMS does not know is the 404 page.
const paramsSchema = z.object({ slug: z.string().regex(/^[a-z0-9-]{1,64}$/) });

export const headers = publicPage();

export async function loader({ params, context }: Route.LoaderArgs) {
  const { slug } = validParams(paramsSchema, params);
  const page = required(await getPage(context.get(servicesContext).cms, slug));
  return { page: { ...page, body: sanitizeRichText(page.body) } };
}

export default function ContentPage({ loaderData: { page } }: Route.ComponentProps) {
  return (
    <article className="page narrow">
      <h1>{page.title}</h1>
      <p className="lead">{page.description}</p>
      <RichText html={page.body} />
    </article>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData ? [...pageTitle(matches, loaderData.page.title), { name: "description", content: loaderData.page.description }] : [];
