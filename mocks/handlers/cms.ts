import { http, HttpResponse, type HttpHandler } from "msw";
import type { operations } from "../../generated/cms";
import type { Backend } from "../backend";
import { joinUrl, problem } from "./problem";

type Json<K extends keyof operations, S extends keyof operations[K]["responses"]> =
  operations[K]["responses"][S] extends { content: { "application/json": infer B } } ? B : never;

export function cmsHandlers(baseUrl: string, backend: Backend): HttpHandler[] {
  const url = (path: string) => joinUrl(baseUrl, path);
  return [
    http.get(url("/site"), () => HttpResponse.json<Json<"getSite", 200>>(backend.getSite())),

    http.get(url("/pages"), () =>
      HttpResponse.json<Json<"listPages", 200>>({
        items: backend.listPages().map(({ slug, title, description }) => ({ slug, title, description })),
      }),
    ),

    http.get(url("/pages/:slug"), ({ params }) => {
      const slug = String(params.slug);
      const page = backend.getPage(slug);
      return page
        ? HttpResponse.json<Json<"getPage", 200>>(page)
        : problem(404, { code: "not_found", detail: `There is no page with the slug "${slug}".` });
    }),

    http.get(url("/venues"), ({ request }) => {
      const groupType = new URL(request.url).searchParams.get("groupType");
      if (groupType !== null && !["education", "home-education", "tour-operator", "other-group"].includes(groupType)) {
        return problem(400, { code: "bad_request", detail: "groupType must be education, home-education, tour-operator or other-group." });
      }
      return HttpResponse.json<Json<"listVenues", 200>>({
        items: backend.booking.cmsVenues((groupType ?? undefined) as Parameters<Backend["booking"]["cmsVenues"]>[0]),
      });
    }),

    http.get(url("/group-types"), () =>
      HttpResponse.json<Json<"listGroupTypes", 200>>({ items: backend.listGroupTypes() }),
    ),

    // Advisories (outreach: hall size, power, parking, access, safety; content in backend/booking/outreach-content.ts).
    http.get(url("/advisories"), ({ request }) => {
      const search = new URL(request.url).searchParams;
      const appliesTo = search.get("appliesTo");
      if (appliesTo !== null && !["visit", "group-visit", "outreach"].includes(appliesTo)) {
        return problem(400, { code: "bad_request", detail: "appliesTo must be visit, group-visit or outreach." });
      }
      const activityId = search.get("activityId") ?? undefined;
      return HttpResponse.json<Json<"listAdvisories", 200>>({ items: backend.listAdvisories({ appliesTo: appliesTo ?? undefined, activityId }) });
    }),

    http.get(url("/advisories/:advisoryId"), ({ params }) => {
      const advisory = backend.getAdvisory(String(params.advisoryId));
      return advisory
        ? HttpResponse.json<Json<"getAdvisory", 200>>(advisory)
        : problem(404, { code: "not_found", detail: "There is no advisory with this id." });
    }),

    http.get(url("/terms/:termsKind"), ({ params }) => {
      const kind = String(params.termsKind);
      if (!["registration", "booking", "outreach"].includes(kind)) {
        return problem(404, { code: "not_found", detail: `There are no terms of kind "${kind}".` });
      }
      const terms = backend.getCurrentTerms(kind);
      return terms
        ? HttpResponse.json<Json<"getCurrentTerms", 200>>(terms)
        : problem(404, { code: "not_found", detail: `No ${kind} terms are published.` });
    }),
  ];
}
