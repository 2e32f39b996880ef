/**
 * The bench's backends in a process of their own (`npm run bench`, section ssr): the mock
 * gateway and CMS over real HTTP (mocks/http-provider.ts) and the search provider's protocol
 * at the same origin, as the SSR process reaches them in a deployment. Started by
 * scripts/bench-ssr-http.ts with `node --import ./scripts/support/ts-resolve.ts` (the mock's
 * modules import each other without extensions) and an IPC channel:
 *
 * - sends `{ url }` once listening;
 * - answers `"stats"` with `{ requests, cpuMs, rssBytes }`: HTTP requests received, this process's
 *   CPU time so far and its resident memory, so the bench can show what each page asks of its backends.
 *
 * SEED_ORDERS, SEED_VENUES and SEED_ORGANISATIONS generate larger (or smaller) data
 * (mocks/backend/seed-scale.ts; section growth); unset, the data is the embedded default's.
 */
import { subscribe } from "node:diagnostics_channel";
import { seedScaleFromEnv } from "../../mocks/backend/seed-scale.ts";
import { serveMockBackendOverHttp } from "../../mocks/http-provider.ts";
import { getSearchEngine } from "../../mocks/search/index.ts";
import { cpuNow } from "./report.ts";

if (!process.send) throw new Error("bench-backend.ts runs as a child of the bench, with an IPC channel");

let requests = 0;
// Node's HTTP server announces each request here; counting it needs no hook in the provider.
subscribe("http.server.request.start", () => {
  requests++;
});

const seedScale = seedScaleFromEnv(process.env);
const server = await serveMockBackendOverHttp({
  host: "127.0.0.1",
  port: Number(process.env.PORT || 0),
  seedScale,
  search: {
    ...(seedScale.organisations === undefined ? {} : { organisations: seedScale.organisations }),
    indexName: process.env.SEARCH_INDEX_NAME || "dev_organisations",
    appId: process.env.SEARCH_APP_ID || "embedded",
    apiKey: process.env.SEARCH_API_KEY || "embedded-search-key",
  },
});

process.on("message", (message) => {
  if (message === "stats") process.send!({ requests, cpuMs: cpuNow(), rssBytes: process.memoryUsage.rss() });
});
process.on("disconnect", () => {
  void server.close().finally(() => process.exit(0));
});
// The index is built before the first page asks (a second or more at 100,000 organisations),
// so no page's time-out meets the build.
getSearchEngine(seedScale.organisations);
process.send({ url: server.url });
