import { readFileSync } from "node:fs";
import { SCHEMA_DOCUMENTS } from "../../../app/api/validation.server";
import { bookingCases, bookingCmsCases } from "./booking-cases";
import { cmsCases } from "./cms-cases";
import { gatewayCases } from "./gateway-cases";
import { outreachCases, outreachCmsCases } from "./outreach-cases";
import { type ConsumerCase, type Provider, pactFile, writePactFile } from "./pact";

/**
 * Why the checks that read pact files (coverage, OpenAPI, provider verification) first
 * write them again themselves:
 *
 * Vitest does not run a project's files in alphabetical order. Its default sequencer
 * (BaseSequencer.sort in vitest 5) runs files that failed last time first, then the
 * slowest, and files with no cached result largest first; a `zz-` prefix changes
 * nothing. A custom `sequence.sequencer` would need vitest.config.ts, which is outside
 * tests/contract/. So no file may assume another ran before it: with a clean `pacts/`
 * (or a stale one from an older run) a verifier run first would read nothing or old
 * pacts. Each of those files therefore rewrites the pact files, from scratch, from the
 * very cases the consumer test files run (support/*-cases.ts, each exercising the
 * app's real function against the Pact mock server). Running them takes well under a
 * second, the result is byte-for-byte what the consumer tests write, and every file is
 * correct whatever the order and whether it runs alone.
 */
export const CASES: Record<Provider, readonly ConsumerCase[]> = {
  gateway: [...gatewayCases, ...bookingCases, ...outreachCases],
  cms: [...cmsCases, ...bookingCmsCases, ...outreachCmsCases],
};

export async function writeAllPactFiles(): Promise<void> {
  for (const [provider, cases] of Object.entries(CASES) as [Provider, readonly ConsumerCase[]][]) {
    try {
      await writePactFile(provider, cases);
    } catch (error) {
      throw new Error(
        `Could not write the ${provider} pact file: a consumer case fails (the ${provider} consumer test names it).`,
        { cause: error },
      );
    }
  }
}

/** The parts of a V4 pact file the checks read. */
export interface PactFile {
  consumer: { name: string };
  provider: { name: string };
  interactions: {
    type: string;
    description: string;
    providerStates?: { name: string; params?: Record<string, unknown> }[];
    request: { method: string; path: string; query?: Record<string, string[]> };
    response: {
      status: number;
      body?: { content?: unknown };
      matchingRules?: { body?: Record<string, { matchers: { match: string; min?: number; max?: number }[] }> };
    };
  }[];
  metadata: { pactSpecification: { version: string } };
}

export function readPactFile(provider: Provider): PactFile {
  return JSON.parse(readFileSync(pactFile(provider), "utf8")) as PactFile;
}

/** The operationId of a pact interaction's request, by the contract's method and path templates. */
export function operationIdOf(provider: Provider, interaction: PactFile["interactions"][number]): string | undefined {
  const { method, path } = interaction.request;
  const candidates = Object.entries(SCHEMA_DOCUMENTS[provider].operations)
    .filter(([, op]) => op.method === method.toUpperCase() && templatePattern(op.path).test(path))
    // /users/me before /users/{id}: the template with fewer parameters wins, as in OpenAPI.
    .sort(([, a], [, b]) => (a.path.match(/\{/g)?.length ?? 0) - (b.path.match(/\{/g)?.length ?? 0));
  return candidates[0]?.[0];
}

const templatePattern = (template: string) =>
  new RegExp(`^${template.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("[^/]+")}$`);
