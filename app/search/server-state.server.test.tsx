import { afterEach, describe, expect, it, vi } from "vitest";

/** The first search builds the index (about a second; much longer on a busy machine). */
const BUILDS_THE_INDEX = 60_000;

afterEach(() => {
  vi.doUnmock("./client");
  vi.resetModules();
  vi.restoreAllMocks();
});

describe("loadOrganisationSearch", () => {
  it("server-renders the first results for the URL's search state", { timeout: BUILDS_THE_INDEX }, async () => {
    const { loadOrganisationSearch } = await import("./server-state.server");
    const url = new URL("http://localhost/registration/education/organisation?q=riverside");
    const { search, serverState, serverUrl } = await loadOrganisationSearch(url, { groupType: "education" });
    expect(search).toMatchObject({ hosts: null, indexName: expect.any(String) });
    expect(serverUrl).toBe(url.href);
    const results = Object.values(serverState?.initialResults ?? {})[0]?.results?.[0] as { query: string; nbHits: number } | undefined;
    expect(results?.query).toBe("riverside");
    expect(results?.nbHits).toBeGreaterThan(0);
  });

  it("searches through this process's cache: the same page again needs no provider call", { timeout: BUILDS_THE_INDEX }, async () => {
    const { loadOrganisationSearch } = await import("./server-state.server");
    const { processSearchCacheCounts } = await import("./search-cache.server");
    const url = new URL("http://localhost/registration/education/organisation?q=academy&page=2");
    const first = await loadOrganisationSearch(url, { groupType: "education", ruleContexts: ["registration"] });
    const calls = processSearchCacheCounts().providerCalls;
    const second = await loadOrganisationSearch(url, { groupType: "education", ruleContexts: ["registration"] });
    expect(processSearchCacheCounts().providerCalls).toBe(calls);
    expect(processSearchCacheCounts().hits).toBeGreaterThanOrEqual(1);
    const hitsOf = (s: typeof first) => Object.values(s.serverState?.initialResults ?? {})[0]?.results?.[0]?.hits;
    expect(hitsOf(second)).toEqual(hitsOf(first));
  });

  it("redirects a URL asking for a page past the last to the last page's address (docs/requirements.md §6.4)", { timeout: BUILDS_THE_INDEX }, async () => {
    const { loadOrganisationSearch } = await import("./server-state.server");
    const options = { groupType: "education", ruleContexts: ["registration"] };
    const base = "http://localhost/registration/education/organisation?q=academy&sort=name_asc";
    const answer = (s: Awaited<ReturnType<typeof loadOrganisationSearch>>) =>
      Object.values(s.serverState?.initialResults ?? {})[0]?.results?.[0] as { page: number; nbPages: number; hits: unknown[] };
    const { nbPages } = answer(await loadOrganisationSearch(new URL(base), options));
    expect(nbPages).toBeGreaterThan(1);

    const refused = await loadOrganisationSearch(new URL(`${base}&page=${nbPages + 40}`), options).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(refused).toBeInstanceOf(Response);
    const location = (refused as Response).headers.get("Location");
    expect((refused as Response).status).toBe(302);
    expect(location).toBe(`/registration/education/organisation?q=academy&page=${nbPages}&sort=name_asc`);

    const last = answer(await loadOrganisationSearch(new URL(location!, base), options));
    expect(last.page).toBe(nbPages - 1);
    expect(last.hits.length).toBeGreaterThan(0);
  });

  it("still gives the page what it needs when the search fails: the browser searches instead", async () => {
    vi.doMock("./client", async (original) => ({
      ...(await original<typeof import("./client")>()),
      createSearchClient: () => ({ search: () => Promise.reject(new Error("search provider unreachable")) }),
    }));
    const logged = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const { loadOrganisationSearch } = await import("./server-state.server");
    const url = new URL("http://localhost/account/association");
    const { search, serverState } = await loadOrganisationSearch(url, { groupType: "education" });
    expect(serverState).toBeNull();
    expect(search.appId).toBeTruthy();
    // One JSON line (app/runtime/log.server.ts), as every line the server writes.
    const line = JSON.parse(String(logged.mock.calls[0]![0]));
    logged.mockRestore();
    expect(line).toMatchObject({ level: "error", msg: "Organisation search: no server-rendered results.", error: "search provider unreachable" });
  });
});
