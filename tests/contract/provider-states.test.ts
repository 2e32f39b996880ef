import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { createBackend } from "../../mocks/backend";
import { matchProviderState } from "../../mocks/backend/provider-states";
import { DOC_FILE, type ProviderStatesSpec, readSpec, renderMarkdown } from "../../scripts/pact-states";
import { PROVIDERS, type Provider } from "./support/pact";
import { type PactFile, readPactFile, writeAllPactFiles } from "./support/pact-files";

// pacts/provider-states.json, the provider states as a specification for provider teams,
// against the pacts the consumer cases write (rewritten first: see support/pact-files.ts)
// and against the in-repo provider (the mock backend's state handlers).

/** Every `${name}` a ProviderState generator of the interaction injects (request or response). */
function injectedNames(interaction: PactFile["interactions"][number]): string[] {
  const names = new Set<string>();
  const walk = (node: unknown): void => {
    if (typeof node !== "object" || node === null) return;
    const { type, expression } = node as { type?: unknown; expression?: unknown };
    if (type === "ProviderState" && typeof expression === "string") {
      for (const [, name] of expression.matchAll(/\$\{(\w+)\}/g)) names.add(name!);
    }
    for (const value of Object.values(node)) walk(value);
  };
  const { request, response } = interaction as unknown as { request: { generators?: unknown }; response: { generators?: unknown } };
  walk(request.generators);
  walk(response.generators);
  return [...names].sort();
}

describe("the provider states specification (pacts/provider-states.json)", () => {
  let spec: ProviderStatesSpec;
  const pacts = {} as Record<Provider, PactFile>;
  const specOf = (name: string) => spec.states.find((s) => s.name === name);

  beforeAll(async () => {
    await writeAllPactFiles();
    spec = readSpec();
    for (const provider of PROVIDERS) pacts[provider] = readPactFile(provider);
  });

  it("lists each state once", () => {
    const names = spec.states.map((s) => s.name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });

  it.each(PROVIDERS)("names every state the %s pact names, and no other", (provider) => {
    const inPact = new Set(pacts[provider].interactions.flatMap((i) => (i.providerStates ?? []).map((s) => s.name)));
    const inSpec = new Set(spec.states.filter((s) => s.providers.includes(provider)).map((s) => s.name));
    expect([...inPact].filter((n) => !inSpec.has(n)).sort()).toEqual([]);
    expect([...inSpec].filter((n) => !inPact.has(n)).sort()).toEqual([]);
  });

  it.each(PROVIDERS)("lists every param the %s pact passes, each chosen by the consumer and used", (provider) => {
    const used = new Map<string, Set<string>>();
    for (const interaction of pacts[provider].interactions) {
      for (const state of interaction.providerStates ?? []) {
        const keys = used.get(state.name) ?? new Set<string>();
        for (const key of Object.keys(state.params ?? {})) keys.add(key);
        used.set(state.name, keys);
      }
    }
    const mismatches = [...used].flatMap(([name, keys]) => {
      const declared = (specOf(name)?.params ?? []).map((p) => p.name).sort();
      return JSON.stringify([...keys].sort()) === JSON.stringify(declared) ? [] : [`${name}: pact ${[...keys].sort()} spec ${declared}`];
    });
    expect(mismatches).toEqual([]);
    expect(spec.states.flatMap((s) => s.params.filter((p) => p.chosenBy !== "consumer").map((p) => `${s.name}: ${p.name}`))).toEqual([]);
  });

  it.each(PROVIDERS)("returns, from the interaction's own states, every value the %s pact injects", (provider) => {
    const missing = pacts[provider].interactions.flatMap((interaction) => {
      const returned = new Set((interaction.providerStates ?? []).flatMap((s) => (specOf(s.name)?.returns ?? []).map((r) => r.name)));
      return injectedNames(interaction).filter((n) => !returned.has(n)).map((n) => `${interaction.description}: \${${n}}`);
    });
    expect(missing).toEqual([]);
    // Guards against a walk that found nothing: the gateway pact injects ids and dates.
    if (provider === "gateway") expect(pacts.gateway.interactions.some((i) => injectedNames(i).includes("basketId"))).toBe(true);
  });

  it("is implemented by the in-repo provider: each state of each interaction, applied in order, returns what the spec says", () => {
    const problems: string[] = [];
    for (const provider of PROVIDERS) {
      for (const interaction of pacts[provider].interactions) {
        const backend = createBackend();
        for (const state of interaction.providerStates ?? []) {
          if (!matchProviderState(state.name)) {
            problems.push(`${interaction.description}: the mock does not know "${state.name}"`);
            continue;
          }
          const values = backend.applyProviderState(state.name, state.params ?? {});
          const absent = (specOf(state.name)?.returns ?? []).filter((r) => values[r.name] === undefined || values[r.name] === "");
          if (absent.length > 0) problems.push(`${interaction.description}: "${state.name}" returned no ${absent.map((r) => r.name).join(", ")}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("has its human document, contracts/provider-states.md, current (npm run pact:states)", () => {
    expect(readFileSync(DOC_FILE, "utf8")).toBe(renderMarkdown(spec));
  });
});
