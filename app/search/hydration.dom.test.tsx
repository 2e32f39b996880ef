// @vitest-environment happy-dom
import type { SearchClient } from "instantsearch.js";
import { act } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getFirstResults } from "./first-results.server";
import { cannedSearchClient, RIVERSIDE_PRIMARY } from "./hits.test-support";
import { OrganisationSearch } from "./organisation-search";
import { createSearchCache } from "./search-cache.server";

// The loader's first results hydrate in the browser without a new search: the page the
// server rendered from them is taken over as it is, and the search client is not called.

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

const INDEX = "dev_organisations";
// In the order the search writes its URL, so hydrating leaves it as it is.
const URL_PATH = "/registration/education/organisation?q=river&page=2&kind=Academy&kind=Primary%20school&region=London";
const PAGE = { groupType: "education", ruleContexts: ["registration"], config: { indexName: INDEX, hosts: null } };

// In the URL's region, as the provider would answer its refinement.
const HIT = { ...RIVERSIDE_PRIMARY, region: "London" };

/** A provider answering from canned results, recording the multi-queries it is sent. */
const cannedClient = () => cannedSearchClient({ hit: HIT });

/** Lets InstantSearch's deferred work and the router's write delay run out. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 600)));

let container: HTMLElement;

beforeEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  // The insights view events the hits send: accepted, not sent anywhere.
  vi.stubGlobal("fetch", vi.fn(() => Promise.resolve(new Response("{}", { status: 200 }))));
  window.history.replaceState(null, "", URL_PATH);
  container = document.createElement("div");
  document.body.append(container);
});

afterEach(() => {
  container.remove();
  vi.unstubAllGlobals();
});

describe("hydrating the loader's first results", () => {
  it("makes no search in the browser, and keeps the server's hits and state", async () => {
    const server = cannedClient();
    const serverUrl = window.location.href;
    const serverState = await getFirstResults({
      searchClient: server.client,
      cache: createSearchCache({ ttlMs: 0 }),
      indexName: INDEX,
      serverUrl,
      ...PAGE,
    });
    expect(server.calls).toHaveLength(1);
    const props = { ...PAGE, serverUrl, serverState };
    container.innerHTML = renderToString(<OrganisationSearch searchClient={server.client as unknown as SearchClient} {...props} />);
    expect(container.textContent).toContain("Riverside Primary School");

    const browser = cannedClient();
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <OrganisationSearch searchClient={browser.client as unknown as SearchClient} {...props} />, {
        onRecoverableError: (error) => errors.push(error),
      });
    });
    await settle();
    expect(errors).toEqual([]);
    expect(browser.calls).toEqual([]);
    expect(container.textContent).toContain("Riverside Primary School");
    expect(container.querySelector('[aria-current="page"]')?.textContent).toBe("2");
    expect(window.location.pathname + window.location.search).toBe(URL_PATH);
  });

  it("the page carries no user token; the browser makes its own, which events and later searches carry", async () => {
    const server = cannedClient();
    const serverUrl = window.location.href;
    const serverState = await getFirstResults({ searchClient: server.client, cache: createSearchCache({ ttlMs: 0 }), indexName: INDEX, serverUrl, ...PAGE });
    const props = { ...PAGE, serverUrl, serverState };
    const html = renderToString(<OrganisationSearch searchClient={server.client as unknown as SearchClient} {...props} />);
    expect(`${html}${JSON.stringify(serverState)}`).not.toMatch(/anonymous-|userToken/);
    container.innerHTML = html;

    const browser = cannedClient();
    await act(async () => {
      hydrateRoot(container, <OrganisationSearch searchClient={browser.client as unknown as SearchClient} {...props} />);
    });
    await settle();
    expect(browser.calls).toEqual([]);
    // The hits' view events, with the page's anonymous token.
    const sent = vi.mocked(fetch).mock.calls.flatMap(([, init]) => (JSON.parse(String(init?.body ?? "{}")) as { events?: Array<{ eventType?: string; userToken?: string }> }).events ?? []);
    const views = sent.filter((event) => event.eventType === "view");
    expect(views.length).toBeGreaterThan(0);
    const token = views[0]?.userToken;
    expect(token).toMatch(/^anonymous-[0-9a-f-]{36}$/);
    expect(new Set(sent.map((event) => event.userToken))).toEqual(new Set([token]));

    // The next search (another page of results) carries it too.
    await act(async () => {
      container.querySelector<HTMLAnchorElement>('a[aria-label="Page 3"]')?.click();
    });
    await settle();
    expect(browser.calls.length).toBeGreaterThan(0);
    for (const request of browser.calls.flat()) expect(request.params).toMatchObject({ userToken: token });
    // The hits' query asks for click analytics (the facet queries never do).
    for (const [main] of browser.calls) expect(main?.params).toMatchObject({ clickAnalytics: true });
  });

  it("(the control) without them, the browser searches at once", async () => {
    const browser = cannedClient();
    await act(async () => {
      createRoot(container).render(
        <OrganisationSearch searchClient={browser.client as unknown as SearchClient} {...PAGE} serverUrl={window.location.href} />,
      );
    });
    await settle();
    expect(browser.calls.length).toBeGreaterThan(0);
  });
});
