import type { Branch } from "../../support/app-calls";
import type { AppReads } from "../../support/app-reads";
import type { Provider } from "./pact";
import { type PactFile, operationIdOf } from "./pact-files";
import { exactAssertions, formatPath, minimumsForEveryElement, placesAt } from "./pact-assertions";

// What an interaction asserts that the app does not need (docs/decisions/0036-broker-loop-and-portable-pacts.md):
// a value compared for equality where the app does not act on it (a problem's `code` where
// it does not branch on that code), an array held to its example's length where the app does
// not act on the array, and a minimum length asked of every element of a list.

type Interaction = PactFile["interactions"][number];

export function findOverspecified(provider: Provider, interactions: readonly Interaction[], reads: AppReads, branches: readonly Branch[]): string[] {
  const found: string[] = [];
  for (const interaction of interactions) {
    const operationId = operationIdOf(provider, interaction);
    if (!operationId) continue; // coverage.test.ts reports an interaction of no operation.
    const { status } = interaction.response;
    const rules = interaction.response.matchingRules?.body;
    const say = (what: string) => found.push(`${provider}: "${interaction.description}" ${what}`);
    for (const assertion of exactAssertions(interaction.response.body?.content, rules)) {
      const where = formatPath(assertion.path);
      if (status >= 400 && where === "$.code") {
        if (!branches.some((b) => b.operationId === operationId && b.code === assertion.value)) {
          say(`asserts code ${JSON.stringify(assertion.value)}, on which the app does not branch for ${operationId}`);
        }
        continue;
      }
      const { fields } = placesAt(provider, operationId, status, assertion.path);
      if (fields.some((field) => reads.actedOn.has(field))) continue;
      const what = assertion.kind === "length" ? `an array of exactly ${String(assertion.value)} at ${where}` : `${where} = ${JSON.stringify(assertion.value)}`;
      const read = fields.filter((f) => reads.fields.has(f));
      say(`asserts ${what}, and the app ${read.length > 0 ? `only reads ${read.join(", ")} (shows or passes it on)` : `never reads ${fields.join(", ") || "it"}`}`);
    }
    for (const { path, min } of minimumsForEveryElement(rules)) {
      const minItems = Math.max(0, ...placesAt(provider, operationId, status, path).schemas.map((s) => Number(s.minItems ?? 0)));
      if (min > minItems) say(`asks every element for at least ${min} at ${formatPath(path)} (the contract: ${minItems})`);
    }
  }
  return found;
}
