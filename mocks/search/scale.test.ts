import { describe, expect, it } from "vitest";
import { seedOrganisations } from "../backend/seed-organisations";
import { GENERATED_COUNT, allOrganisations } from "./generate";
import { getSearchEngine, handleSearchRequest } from "./protocol";

// The search index at a size of its own (SearchHandlerOptions.organisations, what
// `npm run bench -- growth` asks for with SEED_ORGANISATIONS); without it, the embedded default's.

const HAND_WRITTEN = seedOrganisations().length;

async function countAll(organisations?: number): Promise<number> {
  const response = await handleSearchRequest(
    new Request("http://localhost/1/indexes/*/queries", {
      method: "POST",
      headers: { "content-type": "text/plain", "x-algolia-application-id": "app", "x-algolia-api-key": "key" },
      body: JSON.stringify({ requests: [{ indexName: "dev_organisations", query: "", hitsPerPage: 0 }] }),
    }),
    organisations === undefined ? {} : { organisations },
  );
  return ((await response.json()) as { results: [{ nbHits: number }] }).results[0].nbHits;
}

describe("the search index at a size", () => {
  it("holds the hand-written organisations and as many generated ones as asked", async () => {
    expect(await countAll(6_000)).toBe(6_000 + HAND_WRITTEN);
    expect(await countAll(0)).toBe(HAND_WRITTEN);
    expect(getSearchEngine(6_000)).toBe(getSearchEngine(6_000));
  });

  it("is the embedded default's without the option", async () => {
    expect(await countAll()).toBe(GENERATED_COUNT + HAND_WRITTEN);
    expect(getSearchEngine()).toBe(getSearchEngine(GENERATED_COUNT));
  });

  it("at 100,000 organisations has unique objectIDs, and the smaller sizes are its beginning", () => {
    const large = allOrganisations(100_000);
    expect(large).toHaveLength(100_000 + HAND_WRITTEN);
    expect(new Set(large.map((o) => o.objectID)).size).toBe(large.length);
    expect(allOrganisations(6_000)).toEqual(large.slice(0, 6_000 + HAND_WRITTEN));
  });
});
