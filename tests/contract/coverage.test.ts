import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { operationOf, readAppCalls, readContractOperations, type OperationKey } from "./support/operations";
import { CONSUMER, PROVIDERS, type Provider, contractFile } from "./support/pact";
import { readPactFile, writeAllPactFiles } from "./support/pact-files";

// Fails when the app calls a backend operation that no pact interaction covers: the
// calls are read statically from app/api/*.server.ts, the interactions from the pact
// files, whose concrete paths are matched to the OpenAPI path templates.
//
// Ordering: vitest does not run files alphabetically (see support/pact-files.ts), so
// this file cannot count on the consumer tests having run first; it rewrites the pact
// files from the same cases the consumer tests run, then only reads them.

describe("every backend call of the app has a pact interaction", () => {
  const { calls, unreadable } = readAppCalls();

  beforeAll(() => writeAllPactFiles());

  it("reads every client call in app/api/*.server.ts", () => {
    expect(unreadable).toEqual([]);
    expect(calls.length).toBeGreaterThan(0);
    for (const provider of PROVIDERS) expect(calls.some((c) => c.provider === provider)).toBe(true);
  });

  it("reads every operation of the OpenAPI documents", () => {
    // The line-based reader of the paths block must see as many operations as there are operationIds.
    for (const provider of PROVIDERS) {
      const operationIds = readFileSync(contractFile(provider), "utf8").match(/^\s+operationId:/gm)?.length ?? 0;
      expect(readContractOperations(provider), `contracts/${provider}.yaml`).toHaveLength(operationIds);
    }
  });

  it("finds every call of the app in the OpenAPI documents", () => {
    const unknown = calls
      .filter((c) => !readContractOperations(c.provider).includes(c.key))
      .map((c) => `${c.at}: ${c.key} is not an operation of contracts/${c.provider}.yaml`);
    expect(unknown).toEqual([]);
  });

  describe.each(PROVIDERS.map((provider) => ({ provider })))("$provider", ({ provider }: { provider: Provider }) => {
    /** Interactions by operation, and requests that match no operation of the contract. */
    function interactionsByOperation() {
      const operations = readContractOperations(provider);
      const byOperation = new Map<OperationKey, { description: string; status: number }[]>();
      const unmatched: string[] = [];
      for (const { description, request, response } of readPactFile(provider).interactions) {
        const key = operationOf(operations, request.method, request.path);
        if (!key) {
          unmatched.push(`"${description}": ${request.method} ${request.path}`);
          continue;
        }
        byOperation.set(key, [...(byOperation.get(key) ?? []), { description, status: response.status }]);
      }
      return { byOperation, unmatched };
    }

    it("is a Pact V4 file between group-visits-web and $provider", () => {
      const pact = readPactFile(provider);
      expect([pact.consumer.name, pact.provider.name, pact.metadata.pactSpecification.version]).toEqual([CONSUMER, provider, "4.0"]);
      expect(pact.interactions.every((i) => i.type === "Synchronous/HTTP")).toBe(true);
    });

    it("has an interaction, with a successful response, for every operation the app calls", () => {
      const { byOperation } = interactionsByOperation();
      const missing = calls
        .filter((c) => c.provider === provider)
        .filter((c) => !(byOperation.get(c.key) ?? []).some((i) => i.status >= 200 && i.status < 300))
        .map((c) => `${c.at}: ${c.key} has ${byOperation.has(c.key) ? "no successful" : "no"} interaction`);
      expect(missing).toEqual([]);
    });

    it("has no interaction for an operation the app does not call", () => {
      const { byOperation, unmatched } = interactionsByOperation();
      const called = new Set(calls.filter((c) => c.provider === provider).map((c) => c.key));
      const extra = [...byOperation]
        .filter(([key]) => !called.has(key))
        .map(([key, interactions]) => `${key}: ${interactions.map((i) => `"${i.description}"`).join(", ")}`);
      expect([...unmatched.map((u) => `matches no operation of contracts/${provider}.yaml: ${u}`), ...extra]).toEqual([]);
    });
  });
});
