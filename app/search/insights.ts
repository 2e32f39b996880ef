import type { InsightsClient } from "instantsearch.js";
import type { InsightsProps } from "instantsearch.js/es/middlewares/index.js";
import { createInsightsClient } from "search-insights";
import type { PublicSearchConfig } from "./types";

// Insights (click and view events, clickedFilters on filter clicks) through search-insights.
// instantsearch.js sends them: hits' view and click events in chunks of 20 objects
// (INSIGHTS_BATCH_SIZE), one clickedFilters event per refinement clicked.

/** POSTs a batch of events as JSON; false (never a throw) when it does not arrive. */
async function postEvents(url: string, data: Record<string, unknown>): Promise<boolean> {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(data),
      // Events sent as the user leaves (choosing an organisation navigates) still go out.
      keepalive: true,
    });
    return response.ok;
  } catch {
    return false;
  }
}

/** instantsearch.js's own usage telemetry ("instantsearch" events): not ours to send anywhere. */
function isUsageEvent(event: unknown): boolean {
  return typeof event === "object" && event !== null && (event as { eventType?: unknown }).eventType === "instantsearch";
}

/**
 * The search-insights client, less instantsearch.js's usage telemetry: only the click,
 * view and conversion events the Insights API defines are sent.
 */
export function withoutUsageEvents(client: InsightsClient): InsightsClient {
  const filtered = ((method: string, ...args: unknown[]) => {
    if (method === "sendEvents" && Array.isArray(args[0])) {
      const events = args[0].filter((event) => !isUsageEvent(event));
      if (events.length === 0) return Promise.resolve(false);
      return (client as (...a: unknown[]) => unknown)(method, events, ...args.slice(1));
    }
    return (client as (...a: unknown[]) => unknown)(method, ...args);
  }) as InsightsClient;
  // instantsearch.js reads the version to know the client takes credentials per call.
  return Object.assign(filtered, { version: client.version });
}

let browserClient: InsightsClient | null = null;

/** One insights client per page in the browser; none on the server (nothing to report there). */
export function getInsightsClient(): InsightsClient | null {
  if (typeof window === "undefined") return null;
  browserClient ??= withoutUsageEvents(createInsightsClient(postEvents) as InsightsClient);
  return browserClient;
}

/**
 * The InstantSearch `insights` option. In the embedded default (no hosts configured) events
 * go to this app's own /1/events, never to Algolia; with a real provider, to Algolia's
 * insights API. No cookie: the anonymous user token lives only for the page.
 */
export function insightsOptions(config: Pick<PublicSearchConfig, "hosts">): InsightsProps {
  const host = config.hosts === null && typeof window !== "undefined" ? window.location.origin : undefined;
  return {
    insightsClient: getInsightsClient(),
    insightsInitParams: { useCookie: false, ...(host ? { host } : {}) },
  };
}

/**
 * The InstantSearch `insights` option where the page renders. On the server, none: a
 * server render is the same for every anonymous visitor, so a CDN may keep it
 * (docs/decisions/0025-public-caches-and-cache-control.md), and it carries no user token.
 * In the browser, the insights middleware makes the page's anonymous token as it starts and
 * sets it on the search state without a search (the hydrated first results stand); the
 * page's click analytics come from Configure (widget-params.ts), on both sides.
 */
export function pageInsights(config: Pick<PublicSearchConfig, "hosts">): InsightsProps | false {
  return typeof window === "undefined" ? false : insightsOptions(config);
}
