import { createHash } from "node:crypto";
import { http, HttpResponse, type HttpHandler } from "msw";
import { groupTypeValues, type operations } from "../../generated/cms";
import type { Backend } from "../backend";
import { joinUrl, problem } from "./problem";

type Json<K extends keyof operations, S extends keyof operations[K]["responses"]> =
  operations[K]["responses"][S] extends { content: { "application/json": infer B } } ? B : never;

/** Public content may be cached (contracts/cms.yaml, docs/decisions/0015-contract-completeness.md). */
export const CACHE_CONTROL = "public, max-age=60, stale-while-revalidate=300";

/** A strong ETag: a hash of the body as sent. */
export function etagOf(text: string): string {
  return `"${createHash("sha256").update(text).digest("base64url").slice(0, 27)}"`;
}

/** Whether If-None-Match names this ETag (`*`, or a list; weak comparison, as RFC 9110 §13.1.2 asks). */
function notModified(ifNoneMatch: string | null, etag: string): boolean {
  if (ifNoneMatch === null) return false;
  const tags = ifNoneMatch.split(",").map((t) => t.trim().replace(/^W\//, ""));
  return tags.includes("*") || tags.includes(etag);
}

/** A public read: the JSON body with Cache-Control and ETag, or 304 when the caller's copy is current. */
function cachedJson<T>(request: Request, body: T): Response {
  const etag = etagOf(JSON.stringify(body));
  const headers = { "Cache-Control": CACHE_CONTROL, ETag: etag };
  if (notModified(request.headers.get("If-None-Match"), etag)) return new HttpResponse(null, { status: 304, headers });
  return HttpResponse.json(body as object, { headers });
}

export function cmsHandlers(baseUrl: string, backend: Backend): HttpHandler[] {
  const url = (path: string) => joinUrl(baseUrl, path);
  return [
    http.get(url("/site"), ({ request }) => cachedJson<Json<"getSite", 200>>(request, backend.getSite())),

    http.get(url("/pages"), ({ request }) =>
      cachedJson<Json<"listPages", 200>>(request, {
        items: backend.listPages().map(({ slug, title, description }) => ({ slug, title, description })),
      }),
    ),

    http.get(url("/pages/:slug"), ({ request, params }) => {
      const slug = String(params.slug);
      const page = backend.getPage(slug);
      return page
        ? cachedJson<Json<"getPage", 200>>(request, page)
        : problem(404, { code: "not_found", detail: `There is no page with the slug "${slug}".` });
    }),

    http.get(url("/venues"), ({ request }) => {
      const groupType = new URL(request.url).searchParams.get("groupType");
      if (groupType !== null && !(groupTypeValues as readonly string[]).includes(groupType)) {
        return problem(400, { code: "bad_request", detail: "groupType must be education, home-education, tour-operator or other-group." });
      }
      return cachedJson<Json<"listVenues", 200>>(request, {
        items: backend.booking.cmsVenues((groupType ?? undefined) as Parameters<Backend["booking"]["cmsVenues"]>[0]),
      });
    }),

    http.get(url("/group-types"), ({ request }) =>
      cachedJson<Json<"listGroupTypes", 200>>(request, { items: backend.listGroupTypes() }),
    ),

    // Advisories (outreach: hall size, power, parking, access, safety; content in backend/booking/outreach-content.ts).
    http.get(url("/advisories"), ({ request }) => {
      const search = new URL(request.url).searchParams;
      const appliesTo = search.get("appliesTo");
      if (appliesTo !== null && !["visit", "group-visit", "outreach"].includes(appliesTo)) {
        return problem(400, { code: "bad_request", detail: "appliesTo must be visit, group-visit or outreach." });
      }
      const activityId = search.get("activityId") ?? undefined;
      return cachedJson<Json<"listAdvisories", 200>>(request, { items: backend.listAdvisories({ appliesTo: appliesTo ?? undefined, activityId }) });
    }),

    http.get(url("/advisories/:advisoryId"), ({ request, params }) => {
      const advisory = backend.getAdvisory(String(params.advisoryId));
      return advisory
        ? cachedJson<Json<"getAdvisory", 200>>(request, advisory)
        : problem(404, { code: "not_found", detail: "There is no advisory with this id." });
    }),

    http.get(url("/terms/:termsKind"), ({ request, params }) => {
      const kind = String(params.termsKind);
      if (!["registration", "booking", "outreach"].includes(kind)) {
        return problem(404, { code: "not_found", detail: `There are no terms of kind "${kind}".` });
      }
      const terms = backend.getCurrentTerms(kind);
      return terms
        ? cachedJson<Json<"getCurrentTerms", 200>>(request, terms)
        : problem(404, { code: "not_found", detail: `No ${kind} terms are published.` });
    }),
  ];
}
