import { describe, expect, it } from "vitest";
import { createSearchClient, parseHost } from "./client";

describe("parseHost", () => {
  it("reads the host forms of SEARCH_HOSTS", () => {
    expect(parseHost("abc-dsn.algolia.net")).toEqual({ url: "abc-dsn.algolia.net", protocol: "https", accept: "readWrite" });
    expect(parseHost("https://abc.algolia.net")).toEqual({ url: "abc.algolia.net", protocol: "https", accept: "readWrite" });
    expect(parseHost("http://127.0.0.1:8080")).toEqual({ url: "127.0.0.1", protocol: "http", accept: "readWrite", port: 8080 });
    expect(parseHost("http://[::1]:9000")).toEqual({ url: "[::1]", protocol: "http", accept: "readWrite", port: 9000 });
  });

  it("refuses paths and other protocols", () => {
    expect(() => parseHost("https://abc.algolia.net/1")).toThrow(/origin only/);
    expect(() => parseHost("ftp://abc.algolia.net")).toThrow(/http and https/);
  });
});

/** The first search builds the index (about a second; much longer on a busy machine). */
const BUILDS_THE_INDEX = 60_000;

describe("createSearchClient on the server, embedded default", () => {
  it("answers in-process from the embedded engine (no HTTP)", { timeout: BUILDS_THE_INDEX }, async () => {
    const client = createSearchClient({ appId: "embedded", apiKey: "embedded-search-key", hosts: null, indexName: "dev_organisations", serverOrigin: "http://localhost:5173" });
    const { results } = await client.search({ requests: [{ indexName: "dev_organisations", query: "riverside leeds", hitsPerPage: 3, facets: ["groupType"] }] });
    const [first] = results as { hits: { objectID: string }[]; nbHits: number; facets: Record<string, Record<string, number>> }[];
    expect(first?.hits.map((h) => h.objectID)).toContain("org-1001");
    expect(first?.facets.groupType?.education).toBeGreaterThan(0);
  });

  it("surfaces the engine's Algolia errors", { timeout: BUILDS_THE_INDEX }, async () => {
    const client = createSearchClient({ appId: "embedded", apiKey: "embedded-search-key", hosts: null, indexName: "dev_organisations" });
    await expect(client.search({ requests: [{ indexName: "elsewhere" }] })).rejects.toMatchObject({ status: 404, message: "Index does not exist" });
  });
});
