/**
 * Writes contracts/provider-states.md, the provider states for people, from
 * pacts/provider-states.json, the same specification for machines (docs/decisions/
 * 0016-pacts-as-artefacts.md):
 *
 *   npm run pact:states                        write contracts/provider-states.md
 *   node scripts/pact-states.ts --check        exit 1 if it is stale (pacts:check runs this)
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
export const SPEC_FILE = `${ROOT}pacts/provider-states.json`;
export const DOC_FILE = `${ROOT}contracts/provider-states.md`;

export interface StateParam { name: string; chosenBy: "consumer"; meaning: string }
export interface StateValue { name: string; meaning: string }
export interface ProviderStateSpec {
  name: string;
  providers: ("gateway" | "cms")[];
  given: string;
  params: StateParam[];
  returns: StateValue[];
}
export interface ProviderStatesSpec {
  consumer: string;
  terms: { term: string; meaning: string }[];
  states: ProviderStateSpec[];
}

export function readSpec(file = SPEC_FILE): ProviderStatesSpec {
  return JSON.parse(readFileSync(file, "utf8")) as ProviderStatesSpec;
}

const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ");

export function renderMarkdown(spec: ProviderStatesSpec): string {
  const lines = [
    "# Provider states",
    "",
    "<!-- Generated from pacts/provider-states.json by `npm run pact:states`; edit that file, not this one. -->",
    "",
    `The states the pacts of ${spec.consumer} (pacts/) name, for the teams whose services verify them:`,
    "what each means in backend terms, the params the pact passes (chosen by the consumer), and the",
    "values the setup must return: the pacts inject those into requests (Pact's `fromProviderState`),",
    "so ids and dates are the provider's own. pacts/README.md says how state changes are called.",
    "",
    "## Terms",
    "",
    ...spec.terms.flatMap((t) => [`- **${t.term}**: ${t.meaning}`]),
    "",
  ];
  for (const provider of ["gateway", "cms"] as const) {
    const states = spec.states.filter((s) => s.providers.includes(provider));
    lines.push(`## ${provider === "gateway" ? "Gateway" : "CMS"} (${states.length} states)`, "");
    for (const state of states) {
      lines.push(`### ${state.name}`, "", state.given, "");
      if (state.params.length > 0) {
        lines.push("| param | chosen by | meaning |", "| --- | --- | --- |");
        for (const p of state.params) lines.push(`| \`${p.name}\` | ${p.chosenBy} | ${cell(p.meaning)} |`);
        lines.push("");
      }
      if (state.returns.length > 0) {
        lines.push("| returns (chosen by the provider) | meaning |", "| --- | --- |");
        for (const r of state.returns) lines.push(`| \`${r.name}\` | ${cell(r.meaning)} |`);
      } else {
        lines.push("Returns nothing.");
      }
      lines.push("");
    }
  }
  return `${lines.join("\n").trimEnd()}\n`;
}

/** 0 when the document is current (or was written), 1 when --check finds it stale. */
export function run(check: boolean): number {
  const wanted = renderMarkdown(readSpec());
  let current = "";
  try {
    current = readFileSync(DOC_FILE, "utf8");
  } catch {
    // Missing: stale.
  }
  if (check) {
    if (current === wanted) return 0;
    console.error("pact:states: contracts/provider-states.md is stale; run `npm run pact:states` and commit it.");
    return 1;
  }
  if (current !== wanted) writeFileSync(DOC_FILE, wanted);
  console.log("pact:states: contracts/provider-states.md is current");
  return 0;
}

if (import.meta.main) process.exitCode = run(process.argv.includes("--check"));
