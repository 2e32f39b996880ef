import type { Route } from "./+types/search-protocol";
import { config } from "../runtime/config.server";

// The embedded default's search endpoint: /1/* answers the Algolia wire protocol from the
// engine in mocks/search (loaded only here, only when no search hosts are configured).
// With a real provider the browser talks to it directly and this route is a 404.

async function answer(request: Request): Promise<Response> {
  if (config.search.hosts !== null) return notFound();
  const { handleSearchRequest } = await import("../../mocks/search/index.ts");
  const { indexName, appId, apiKey } = config.search;
  return handleSearchRequest(request, { indexName, appId, apiKey });
}

function notFound(): Response {
  return Response.json({ message: "Not found", status: 404 }, { status: 404 });
}

export function action({ request }: Route.ActionArgs) {
  return answer(request);
}

/** Every endpoint of the protocol is a POST; the handler answers a GET with Algolia's 405 (404 off the embedded default). */
export function loader({ request }: Route.LoaderArgs) {
  return answer(request);
}
