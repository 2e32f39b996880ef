import { Verifier } from "@pact-foundation/pact";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROVIDER_STATES, matchProviderState } from "../../mocks/backend/provider-states";
import { CMS_PREFIX, GATEWAY_PREFIX, PROVIDER_STATES_PATH, serveMockBackendOverHttp, type MockBackendServer } from "../../mocks/http-provider";
import { PROVIDERS, type Provider, pactFile } from "./support/pact";
import { readPactFile, writeAllPactFiles } from "./support/pact-files";

// Provider verification: the mock backend (the same msw handlers e2e and the embedded
// default use), served over HTTP, must honour every interaction in the pacts.
//
// State changes: the v17 Verifier runs the Rust verifier behind its own proxy and sends
// state changes to `stateHandlers` (the old direct `providerStatesSetupUrl` still works
// but is deprecated). Each handler forwards to the mock's own POST /_pact/provider-states,
// so the verification goes through the same endpoint, state parsing and per-interaction
// reset that any Pact verifier pointed at the mock would use. The proxy only logs a
// handler's error and carries on, so errors are collected and asserted here.
//
// Pact files are rewritten first: see support/pact-files.ts for why.

const PREFIX: Record<Provider, string> = { gateway: GATEWAY_PREFIX, cms: CMS_PREFIX };

describe("provider verification of the mock backend", () => {
  let server: MockBackendServer;

  beforeAll(async () => {
    await writeAllPactFiles();
    server = await serveMockBackendOverHttp();
  });
  afterAll(() => server?.close());

  function stateHandlers(errors: string[]) {
    const change = async (state: string, params: unknown, action: "setup" | "teardown") => {
      const response = await fetch(`${server.url}${PROVIDER_STATES_PATH}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ state, params: params ?? {}, action }),
      });
      const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
      if (!response.ok) {
        const message = `${action} of "${state}" ${JSON.stringify(params)}: HTTP ${response.status} ${JSON.stringify(body)}`;
        errors.push(message);
        throw new Error(message);
      }
      return body as Record<string, string>;
    };
    return Object.fromEntries(
      PROVIDER_STATES.map((state) => [
        state,
        {
          setup: (params?: unknown) => change(state, params, "setup"),
          teardown: async (params?: unknown) => void (await change(state, params, "teardown")),
        },
      ]),
    );
  }

  describe.each(PROVIDERS)("%s", (provider) => {
    it("names only provider states the mock backend knows", () => {
      const unknown = readPactFile(provider).interactions.flatMap((interaction) =>
        (interaction.providerStates ?? [])
          .filter((s) => s.name === "" || !matchProviderState(s.name))
          .map((s) => `${interaction.description}: "${s.name}"`));
      expect(unknown).toEqual([]);
    });

    it("the mock backend honours every interaction", async () => {
      const errors: string[] = [];
      const interactions = readPactFile(provider).interactions.length;
      const output = await new Verifier({
        provider,
        providerBaseUrl: `${server.url}${PREFIX[provider]}`,
        pactUrls: [pactFile(provider)],
        stateHandlers: stateHandlers(errors),
        failIfNoPactsFound: true,
        logLevel: "warn",
      }).verifyProvider();
      expect(errors).toEqual([]);
      console.info(`${provider}: ${interactions} interactions verified against the mock backend`);
      expect(output).toBeDefined();
    });
  });
});
