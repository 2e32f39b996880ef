import { beforeAll, describe, expect, it } from "vitest";
import { type AppCalls, type Branch, readAppCalls } from "../support/app-calls";
import { PROVIDERS, type Provider, ROOT } from "./support/pact";
import { type PactFile, operationIdOf, readPactFile, writeAllPactFiles } from "./support/pact-files";

// What the app calls and acts on, read from its call sites by the TypeScript compiler
// (tests/support/app-calls.ts), against the pacts: every operation the app calls has a
// successful interaction, every status and reason code the app branches on has an
// interaction answering it, no wrapper goes uncalled, and no request is made outside
// app/api. The fixture below shows each of those failing.
//
// Pact files are rewritten first: see support/pact-files.ts for why.

type Interaction = PactFile["interactions"][number];

const codeOf = (interaction: Interaction) => {
  const content = interaction.response.body?.content;
  return content && typeof content === "object" && "code" in content ? String(content.code) : undefined;
};

/** The interactions by operationId, for both backends, with what matched no operation. */
function interactionsByOperation() {
  const byOperation = new Map<string, { provider: Provider; interaction: Interaction }[]>();
  const unmatched: string[] = [];
  for (const provider of PROVIDERS) {
    for (const interaction of readPactFile(provider).interactions) {
      const operationId = operationIdOf(provider, interaction);
      if (!operationId) unmatched.push(`${provider}: "${interaction.description}" (${interaction.request.method} ${interaction.request.path}) matches no operation`);
      else byOperation.set(operationId, [...(byOperation.get(operationId) ?? []), { provider, interaction }]);
    }
  }
  return { byOperation, unmatched };
}

/** What the pacts lack for the app's calls and branches, one line each. */
export function uncovered(app: AppCalls, byOperation: ReturnType<typeof interactionsByOperation>["byOperation"]): string[] {
  const missing: string[] = [];
  for (const [operationId, sites] of app.called) {
    const interactions = byOperation.get(operationId) ?? [];
    if (!interactions.some(({ interaction }) => interaction.response.status < 300)) {
      missing.push(`${operationId}: no interaction with a successful answer (called at ${sites[0]})`);
    }
  }
  const seen = new Set<string>();
  for (const branch of app.branches) {
    const key = describeBranch(branch);
    if (seen.has(key)) continue;
    seen.add(key);
    const answers = (byOperation.get(branch.operationId) ?? []).some(({ interaction }) =>
      (branch.status === undefined || interaction.response.status === branch.status) &&
      (branch.code === undefined || codeOf(interaction) === branch.code));
    if (!answers) missing.push(`${key}: the app acts on it (${branch.at}) but no interaction answers it`);
  }
  return missing;
}

const describeBranch = (b: Branch) => [b.operationId, b.status, b.code].filter((x) => x !== undefined).join(" ");

describe("every backend call and every answer the app acts on has a pact interaction", () => {
  const app = readAppCalls({ root: ROOT, appDir: "app", apiDir: "app/api" });

  beforeAll(() => writeAllPactFiles());

  it("reads the client functions, their callers and their branches", () => {
    expect(app.wrappers.length).toBeGreaterThan(50);
    expect(app.branches.length).toBeGreaterThan(20);
  });

  it("finds no uncalled client function, no request outside app/api and no branch it cannot trace", () => {
    expect(app.problems).toEqual([]);
  });

  it("has an interaction for every operation called and every status and code acted on", () => {
    expect(uncovered(app, interactionsByOperation().byOperation)).toEqual([]);
  });

  it("has no interaction for an operation the app does not call", () => {
    const { byOperation, unmatched } = interactionsByOperation();
    const extra = [...byOperation.keys()].filter((id) => !app.called.has(id)).map((id) => `${id}: not called by the app`);
    expect([...unmatched, ...extra]).toEqual([]);
  });

  it.each(PROVIDERS)("the %s pact is a Pact V4 file of Synchronous/HTTP interactions", (provider) => {
    const pact = readPactFile(provider);
    expect(pact.metadata.pactSpecification.version).toBe("4.0");
    expect(pact.interactions.every((i) => i.type === "Synchronous/HTTP")).toBe(true);
  });
});

describe("the coverage check fails on a deliberately uncovered app (tests/contract/fixtures/uncovered-app)", () => {
  const fixture = readAppCalls({ root: ROOT, appDir: "tests/contract/fixtures/uncovered-app", apiDir: "tests/contract/fixtures/uncovered-app/api" });

  it("reports the uncalled client function, the request made outside the client folder, the untraceable branch and the branch that may catch the API Gateway's refusal", () => {
    expect(fixture.problems.map((p) => p.replace(/:\d+:/, ":")).sort()).toEqual([
      "tests/contract/fixtures/uncovered-app/api/orders.server.ts: listOrdersNobodyCalls (listOrders) has no caller in tests/contract/fixtures/uncovered-app",
      "tests/contract/fixtures/uncovered-app/order-page.ts: GET request outside tests/contract/fixtures/uncovered-app/api: backend requests belong in a client function there",
      "tests/contract/fixtures/uncovered-app/order-page.ts: a branch on code \"order_not_cancellable\" of a backend answer whose operation the type does not name",
      "tests/contract/fixtures/uncovered-app/order-page.ts: a branch on status 429 of a result that may be the API Gateway's own refusal: tell `upstream` first",
    ]);
  });

  it("reports the branch and the operation no interaction answers", () => {
    // requestOrderCancellation is called but has no interaction here; getOrder's 410 is acted on, not pacted.
    const byOperation = interactionsByOperation().byOperation;
    byOperation.delete("requestOrderCancellation");
    const missing = uncovered(fixture, byOperation).map((m) => m.replace(/\(.*\)/, "(…)"));
    expect(missing).toEqual([
      "requestOrderCancellation: no interaction with a successful answer (…)",
      "getOrder 410: the app acts on it (…) but no interaction answers it",
    ]);
  });
});
