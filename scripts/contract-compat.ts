/**
 * Checks each contract against its last released copy (contracts/README.md, "Versioning";
 * ADR 0017):
 *   contracts/<name>.yaml  against  contracts/released/<name>.yaml
 * It prints every breaking change (where the consumer meets it, and where it is written) and
 * exits 1 when there is one and the MAJOR version did not increase, when the document changed
 * and info.version did not increase, or when a deprecation has no x-sunset date.
 *
 * Usage (Node 24, native type stripping):
 *   node scripts/contract-compat.ts            the check (npm run contracts:compat)
 *   node scripts/contract-compat.ts --release  copy contracts/*.yaml to contracts/released/
 *                                              (npm run contracts:release)
 */
import { copyFile, mkdir, readdir, readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { parseOpenApiDocument, type JsonObject } from "./support/openapi-refs.ts";
import { releaseFindings, type Finding } from "./support/contract-compat.ts";

const root = new URL("../", import.meta.url);
const contractsDir = new URL("contracts/", root);
const releasedDir = new URL("contracts/released/", root);

async function yamlFiles(dir: URL): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((name) => name.endsWith(".yaml")).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

async function parse(url: URL, label: string): Promise<JsonObject> {
  return parseOpenApiDocument(await readFile(url, "utf8"), label);
}

/**
 * Findings of one document, grouped by where they are written: a change to a shared component
 * shows once, with the places (operations) that meet it.
 */
function printFindings(title: string, findings: Finding[]): void {
  const groups = new Map<string, { finding: Finding; pointers: string[] }>();
  for (const finding of findings) {
    const key = `${finding.rule} ${finding.at} ${finding.message}`;
    const group = groups.get(key) ?? { finding, pointers: [] };
    group.pointers.push(finding.pointer);
    groups.set(key, group);
  }
  console.error(`  ${title}:`);
  for (const { finding, pointers } of groups.values()) {
    console.error(`  ✘ [${finding.rule}] ${finding.message}`);
    console.error(`      at #${finding.at}`);
    const shown = pointers.slice(0, 5);
    for (const pointer of shown) if (pointer !== finding.at) console.error(`      in #${pointer}`);
    if (pointers.length > shown.length) console.error(`      … and ${pointers.length - shown.length} more places`);
  }
}

async function check(): Promise<number> {
  const current = await yamlFiles(contractsDir);
  const released = await yamlFiles(releasedDir);
  let failures = 0;
  for (const name of released.filter((n) => !current.includes(n))) {
    console.error(`✘ contracts/${name} was released but no longer exists (a breaking change).`);
    failures++;
  }
  for (const name of current) {
    const label = `contracts/${name}`;
    if (!released.includes(name)) {
      console.error(`✘ ${label} has no released copy in contracts/released/: run \`npm run contracts:release\` when it is first handed over.`);
      failures++;
      continue;
    }
    const oldDoc = await parse(new URL(name, releasedDir), `contracts/released/${name}`);
    const newDoc = await parse(new URL(name, contractsDir), label);
    const { breaking, problems, changed } = releaseFindings(oldDoc, newDoc);
    const versions = `${String((oldDoc.info as JsonObject | undefined)?.version)} → ${String((newDoc.info as JsonObject | undefined)?.version)}`;
    if (problems.length > 0) {
      console.error(`✘ ${label} (${versions}): ${problems.length} problem${problems.length > 1 ? "s" : ""}`);
      printFindings("problems", problems);
      if (breaking.length > 0) printFindings(`breaking changes (${breaking.length})`, breaking);
      failures++;
    } else if (breaking.length > 0) {
      console.log(`✔ ${label} (${versions}): ${breaking.length} breaking change${breaking.length > 1 ? "s" : ""}, with a new MAJOR version`);
      printFindings("breaking changes", breaking);
    } else {
      console.log(`✔ ${label} (${versions}): ${changed ? "compatible with" : "the same as"} the released copy`);
    }
  }
  if (failures > 0) console.error("See contracts/README.md, \"Versioning\".");
  return failures > 0 ? 1 : 0;
}

/** Copies the contracts to contracts/released/, unless one may not follow its released copy. */
async function release(): Promise<number> {
  const current = await yamlFiles(contractsDir);
  const released = await yamlFiles(releasedDir);
  let refused = 0;
  for (const name of current.filter((n) => released.includes(n))) {
    const { problems } = releaseFindings(await parse(new URL(name, releasedDir), `contracts/released/${name}`), await parse(new URL(name, contractsDir), `contracts/${name}`));
    if (problems.length === 0) continue;
    console.error(`✘ contracts/${name} cannot be released:`);
    printFindings("problems", problems);
    refused++;
  }
  if (refused > 0) return 1;
  await mkdir(releasedDir, { recursive: true });
  for (const name of current) {
    await copyFile(new URL(name, contractsDir), new URL(name, releasedDir));
    console.log(`contracts/${name} → contracts/released/${name}`);
  }
  console.log("Commit contracts/released/: it is the baseline `npm run contracts:compat` compares against.");
  return 0;
}

const args = process.argv.slice(2);
const unknown = args.filter((arg) => arg !== "--release");
if (unknown.length > 0) {
  console.error(`Unknown argument(s): ${unknown.join(" ")}\nUsage: node ${fileURLToPath(import.meta.url)} [--release]`);
  process.exit(2);
}

try {
  process.exitCode = args.includes("--release") ? await release() : await check();
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exitCode = 1;
}
