import { rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PactV4 } from "@pact-foundation/pact";
import type { ProviderStateName } from "../../../mocks/backend/provider-states";
import { CONSUMER, PROVIDER_NAMES } from "../../../scripts/support/pact-cli";

export { CONSUMER };

/** The repository root (tests/contract/support/ is three levels down). */
export const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
/**
 * Where the consumer tests write pact files: committed, and checked current after the tests
 * (scripts/pact-check.ts); provider teams verify them (pacts/README.md, ADR 0016).
 */
export const PACT_DIR = join(ROOT, "pacts");

/** The backends with an OpenAPI contract (contracts/*.yaml), verified against the mock backend. */
export type Provider = "gateway" | "cms";
export const PROVIDERS: readonly Provider[] = ["gateway", "cms"];
/**
 * Every provider the app has pacts with: the backends, and the search provider (the
 * Algolia wire protocol; no OpenAPI document, verified against the embedded engine by
 * search.provider.verify.test.ts).
 */
export type PactProvider = Provider | "search";

/** The pact file Pact writes for a consumer/provider pair: `<consumer>-<provider's name>.json`. */
export function pactFile(provider: PactProvider): string {
  return join(PACT_DIR, `${CONSUMER}-${PROVIDER_NAMES[provider]}.json`);
}

/** The app's OpenAPI document for a provider. */
export function contractFile(provider: Provider): string {
  return join(ROOT, "contracts", `${provider}.yaml`);
}

export function newPact(provider: PactProvider): PactV4 {
  return new PactV4({ consumer: CONSUMER, provider: PROVIDER_NAMES[provider], dir: PACT_DIR, logLevel: "warn" });
}

type UnconfiguredInteraction = ReturnType<PactV4["addInteraction"]>;
type InteractionWithRequest = ReturnType<UnconfiguredInteraction["withRequest"]>;
type InteractionWithResponse = ReturnType<InteractionWithRequest["willRespondWith"]>;

/**
 * A provider state as the consumer writes it: a name from mocks/backend/provider-states.ts
 * (specified for provider teams in pacts/provider-states.json), and its params. Params are
 * values the consumer chooses (an email, an idempotency key, a step); ids the provider
 * generates are never params: the state returns them (see ConsumerCase).
 */
export type State = readonly [name: ProviderStateName, params?: Record<string, string>];

/**
 * One consumer interaction and the app call that exercises it. The interaction is
 * built on the Pact DSL; `exercise` calls the app's real function in app/api/ against
 * the Pact mock server and asserts on its typed result.
 *
 * A value the provider chooses (a basket, order, payment or organisation id, a reset token,
 * a bookable date) comes from a state's setup: `define` writes it with fromState (matchers.ts),
 * e.g. `withRequest("GET", fromState("/baskets/${basketId}", { basketId: "bkt-example-visit" }))`,
 * and `exercise` uses the example ("bkt-example-visit"), which is what the Pact mock server
 * expects. The verifier puts the provider's value in its place. Each name must be returned
 * by one of the case's states (pacts/provider-states.json; provider-states.test.ts checks).
 */
export interface ConsumerCase {
  /** The interaction's description; unique within a pact. */
  description: string;
  /** Provider states, applied in order (names typed against PROVIDER_STATES). */
  states: readonly State[];
  /** Request and response, on an interaction that already has its description and states. */
  define: (interaction: UnconfiguredInteraction) => InteractionWithResponse;
  exercise: (mockServerUrl: string) => Promise<void>;
}

/** Adds the case to the pact, runs the app call against the Pact mock server; on success Pact merges it into the pact file. */
export async function runConsumerCase(pact: PactV4, c: ConsumerCase): Promise<void> {
  let interaction = pact.addInteraction().uponReceiving(c.description);
  for (const [name, params] of c.states) interaction = interaction.given(name, params ? { ...params } : undefined);
  await c.define(interaction).executeTest((mockServer) => c.exercise(mockServer.url));
}

/** Deletes the provider's pact file, so a run never keeps interactions a case no longer defines. */
export function removePactFile(provider: PactProvider): void {
  rmSync(pactFile(provider), { force: true });
}

/**
 * Writes the provider's pact file from scratch by running every case (the same cases
 * the consumer test files run, one `it` each).
 */
export async function writePactFile(provider: PactProvider, cases: readonly ConsumerCase[]): Promise<void> {
  removePactFile(provider);
  const pact = newPact(provider);
  for (const c of cases) await runConsumerCase(pact, c);
}
