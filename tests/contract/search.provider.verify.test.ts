import { Verifier } from "@pact-foundation/pact";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../../app/runtime/config.server";
import { type SearchHttpServer, serveSearchOverHttp } from "../../mocks/search/http-server";
import { getSearchEngine } from "../../mocks/search/protocol";
import { PROVIDER_NAMES } from "../../scripts/support/pact-cli";
import { pactFile, writePactFile } from "./support/pact";
import { searchCases } from "./support/search-cases";

// Provider verification of the embedded search endpoint: the same handler the app's /1/*
// route calls (mocks/search), served over HTTP with the app's default search settings,
// must honour every interaction of the search pact. The index is static, so there are
// no provider states.
//
// The pact file is rewritten first from the cases the consumer test runs (see
// support/pact-files.ts for why no file may count on another having run).

describe("provider verification of the embedded search endpoint", () => {
  let server: SearchHttpServer;

  beforeAll(async () => {
    await writePactFile("search", searchCases);
    const { indexName, appId, apiKey } = parseConfig({}).search;
    server = await serveSearchOverHttp({ indexName, appId, apiKey });
    // Build the index now, not inside the first verified request (the verifier times requests out).
    getSearchEngine();
  });
  afterAll(() => server?.close());

  it("the embedded engine honours every search interaction", async () => {
    const output = await new Verifier({
      provider: PROVIDER_NAMES.search,
      providerBaseUrl: server.url,
      pactUrls: [pactFile("search")],
      failIfNoPactsFound: true,
      logLevel: "warn",
    }).verifyProvider();
    console.info(`search: ${searchCases.length} interactions verified against the embedded engine`);
    expect(output).toBeDefined();
  });
});
