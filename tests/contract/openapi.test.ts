import { SwaggerMockValidatorFactory, type ValidationResult } from "@pactflow/swagger-mock-validator";
import { beforeAll, describe, expect, it } from "vitest";
import { PROVIDERS, contractFile, pactFile } from "./support/pact";
import { readPactFile, writeAllPactFiles } from "./support/pact-files";

// Each pact checked against its provider's OpenAPI document with swagger-mock-validator:
// paths, methods, parameters, request bodies, statuses, content types and response
// bodies (no properties the document does not declare). Errors fail; warnings are printed.
//
// Pact files are rewritten first: see support/pact-files.ts for why.

const describeResult = (r: ValidationResult) =>
  `${r.code}: ${r.message}\n    interaction: ${r.mockDetails?.interactionDescription ?? "-"} (${r.mockDetails?.location ?? "-"})` +
  `\n    spec: ${r.specDetails?.location ?? "-"}`;

describe("pacts against the OpenAPI documents", () => {
  beforeAll(() => writeAllPactFiles());

  const targets = PROVIDERS.map((provider) => ({ provider, contract: `contracts/${provider}.yaml` }));
  it.each(targets)("the $provider pact is compatible with $contract", async ({ provider }) => {
    const outcome = await SwaggerMockValidatorFactory.create().validate({
      specPathOrUrl: contractFile(provider),
      mockPathOrUrl: pactFile(provider),
    });
    if (outcome.warnings.length > 0) {
      console.warn(`${provider}: ${outcome.warnings.length} warning(s)\n  ${outcome.warnings.map(describeResult).join("\n  ")}`);
    }
    // Guards against a validator that silently checked nothing.
    expect(readPactFile(provider).interactions.length).toBeGreaterThan(0);
    expect(outcome.errors.map(describeResult)).toEqual([]);
    expect(outcome.success).toBe(true);
  });
});
