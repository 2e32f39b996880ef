import { beforeAll, describe, it } from "vitest";
import { searchCases } from "./support/search-cases";
import { newPact, removePactFile, runConsumerCase } from "./support/pact";

// Pact consumer tests for the search provider (the Algolia wire protocol): each
// interaction is made through the real algoliasearch client of app/search/client.ts or
// search-insights. Writes pacts/group-visits-web-group-visits-search.json.
describe("search consumer pact (group-visits-web -> search)", () => {
  const pact = newPact("search");
  // Start from an empty pact file: Pact merges into an existing one.
  beforeAll(() => removePactFile("search"));

  for (const c of searchCases) {
    it(c.description, () => runConsumerCase(pact, c));
  }
});
