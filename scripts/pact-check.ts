/**
 * Checks that the committed pacts are the ones the consumer tests write (docs/decisions/
 * 0016-pacts-as-artefacts.md), the way `generate:check` checks generated/:
 *
 *   npm run pacts:check            runs the consumer tests (they rewrite pacts/), then this
 *   node scripts/pact-check.ts     only the comparison; scripts/test.sh runs it right after
 *                                  `vitest run`, which has just rewritten pacts/
 *
 * The consumer tests write pacts/ in place, so what they produced is the working tree and
 * what is committed is git's index/HEAD: any difference git reports under pacts/ (a
 * changed, deleted or new file) means the committed pacts are stale. The pact files are
 * deterministic for a given lockfile (fixed examples, no clocks; Pact sorts interactions),
 * so a clean tree after a run is a real match. Also checks contracts/provider-states.md is
 * current with pacts/provider-states.json (scripts/pact-states.ts). Exits 1 and names the
 * files otherwise.
 */
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { run as checkStatesDoc } from "./pact-states.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));

/** `git status --porcelain` lines for a path, untracked files included. */
export function gitChanges(path: string, cwd = ROOT): string[] {
  const out = execFileSync("git", ["status", "--porcelain", "--untracked-files=all", "--", path], { cwd, encoding: "utf8" });
  return out.split("\n").filter((line) => line.trim() !== "");
}

function main(): number {
  const problems: string[] = [];
  const pactFiles = readdirSync(`${ROOT}pacts`).filter((name) => name.endsWith(".json") && name.startsWith("group-visits-web-"));
  if (pactFiles.length === 0) problems.push("pacts/ holds no pact file: run the consumer tests (npm run pacts).");

  const changes = gitChanges("pacts");
  if (changes.length > 0) {
    problems.push(
      "pacts/ differs from what is committed (the consumer tests wrote something else):\n" +
        changes.map((line) => `    ${line}`).join("\n") +
        "\n  Review the difference (git diff pacts/) and commit pacts/: provider teams verify the committed files.",
    );
  }

  if (checkStatesDoc(true) !== 0) problems.push("contracts/provider-states.md is stale: npm run pact:states.");

  if (problems.length > 0) {
    for (const problem of problems) console.error(`pacts:check: ${problem}`);
    return 1;
  }
  console.log(`pacts:check: ${pactFiles.join(", ")} are current with the consumer tests`);
  return 0;
}

if (import.meta.main) process.exitCode = main();
