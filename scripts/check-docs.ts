/**
 * Documents that must stay true against the tree (issue 24), a step of `npm test`:
 * - the README's layout names every folder of the top level, of app/ and of tests/;
 * - the ADR index (docs/decisions/README.md) lists every ADR once, with the status its file
 *   states: the same first word, and every ADR its status names;
 * - every folder of app/ is in exactly one layer of .dependency-cruiser-layers.cjs, whose
 *   rules keep imports running down (docs/architecture.md §7.1).
 * Prints each problem and exits 1 when there is any. `--root <dir>` checks another tree (tests).
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

interface Layer {
  name: string;
  folders: string[];
}

/** Folders tracked by git at the top level, in app/ and in tests/, as `dir/name/` (one `git ls-files`). */
function trackedFolders(root: string): string[] {
  const files = execFileSync("git", ["ls-files"], { cwd: root, encoding: "utf8" }).split("\n").filter(Boolean);
  const under = (prefix: string) => [...new Set(files.filter((f) => f.startsWith(prefix) && f.slice(prefix.length).includes("/")).map((f) => f.slice(prefix.length).split("/")[0]!))]
    .filter((n) => !n.startsWith(".")).sort().map((n) => `${prefix}${n}/`);
  return [...under(""), ...under("app/"), ...under("tests/")];
}

/** The README's "Layout" section. */
function layoutSection(readme: string): string {
  const start = readme.indexOf("\n## Layout");
  if (start < 0) return "";
  const end = readme.indexOf("\n## ", start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}

export function layoutProblems(root: string): string[] {
  const layout = layoutSection(readFileSync(join(root, "README.md"), "utf8"));
  if (!layout) return ['README.md has no "## Layout" section'];
  const folders = trackedFolders(root);
  return folders.filter((f) => !layout.includes(`\`${f}\``)).map((f) => `README.md's layout does not name \`${f}\``);
}

/** ADR numbers named in a text ("ADR 26", "[ADR 24](…)", "ADRs 27 and 37"). */
const adrsNamed = (text: string) =>
  new Set([...text.matchAll(/\bADRs? (\d+(?:(?:, | and )\d+)*)/g)].flatMap((m) => m[1]!.split(/\D+/).map(Number)));

export function indexProblems(root: string): string[] {
  const dir = join(root, "docs/decisions");
  const files = readdirSync(dir).filter((f) => /^\d{4}-.*\.md$/.test(f));
  const index = readFileSync(join(dir, "README.md"), "utf8");
  const rows = [...index.matchAll(/^\| \[(\d+)\]\(([^)]+)\) \|[^|]*\| ([^|]*) \|/gm)].map((m) => ({ n: Number(m[1]), file: m[2]!, status: m[3]!.trim() }));
  const problems: string[] = [];
  for (const file of files) {
    const n = Number(file.slice(0, 4));
    const listed = rows.filter((r) => r.n === n);
    if (listed.length !== 1) {
      problems.push(`the ADR index lists ADR ${n} ${listed.length} times`);
      continue;
    }
    const row = listed[0]!;
    if (row.file !== file) problems.push(`the ADR index links ADR ${n} to ${row.file}, not ${file}`);
    const status = /^Status: (.*)$/m.exec(readFileSync(join(dir, file), "utf8"))?.[1]?.trim();
    if (!status) {
      problems.push(`${file} states no Status`);
      continue;
    }
    const firstWord = (s: string) => s.replace(/[[\]]/g, "").split(/[\s;(,]/)[0];
    if (firstWord(row.status) !== firstWord(status)) problems.push(`ADR ${n}: the index says "${row.status}", the file "${status}"`);
    const missing = [...adrsNamed(status)].filter((a) => !adrsNamed(row.status).has(a));
    if (missing.length > 0) problems.push(`ADR ${n}: the index's status does not name ADR ${missing.join(", ADR ")}, as the file's does`);
  }
  for (const row of rows) if (!files.some((f) => Number(f.slice(0, 4)) === row.n)) problems.push(`the ADR index lists ADR ${row.n}, which has no file`);
  return problems;
}

export function layerProblems(root: string): string[] {
  const layers = createRequire(join(root, "package.json"))("./.dependency-cruiser-layers.cjs") as Layer[];
  const app = join(root, "app");
  const folders = readdirSync(app).filter((f) => !f.startsWith(".") && statSync(join(app, f)).isDirectory());
  const problems: string[] = [];
  for (const folder of folders) {
    const inLayers = layers.filter((l) => l.folders.includes(folder)).map((l) => l.name);
    if (inLayers.length !== 1) problems.push(`app/${folder}/ is in ${inLayers.length === 0 ? "no layer" : `${inLayers.length} layers (${inLayers.join(", ")})`} of .dependency-cruiser-layers.cjs`);
  }
  for (const layer of layers) for (const f of layer.folders) if (!folders.includes(f)) problems.push(`.dependency-cruiser-layers.cjs names app/${f}/, which does not exist`);
  return problems;
}

if (import.meta.main) {
  const at = process.argv.indexOf("--root");
  const root = at > 0 ? process.argv[at + 1]! : process.cwd();
  const problems = [...layoutProblems(root), ...indexProblems(root), ...layerProblems(root)];
  for (const p of problems) console.error(`docs: ${p}`);
  if (problems.length > 0) process.exit(1);
  console.log("docs: the README's layout, the ADR index and the layers of app/ agree with the tree");
}
