/**
 * Summarises a V8 CPU profile (a .cpuprofile, as `BENCH_CPU_PROF=dir npm run bench -- ssr`
 * writes for the SSR process; ADR 26): where the busy time went, by package and by function.
 *
 *   node scripts/support/bench-profile.ts <file.cpuprofile> [rows] [skip seconds]
 *
 * `skip seconds` leaves out the profile's first seconds: start-up (module loading, the
 * first compile of each response schema) and the warm-up runs, which are not per request.
 * Self time is a function's own; inclusive time counts every sample with the function
 * anywhere on its stack (once per sample). Idle time is left out of the shares.
 */
import { readFileSync } from "node:fs";
import { table } from "./report.ts";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** "name file:line", the file without its directories (node_modules' package kept by packageOf). */
function frameName(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  return `${functionName || "(anonymous)"}${url ? ` ${url.replace(/^.*\//, "")}:${lineNumber + 1}` : ""}`;
}

/** The npm package, the app's server build, Node's own modules, or V8's pseudo-frames. */
function packageOf(node: ProfileNode): string {
  const { functionName, url } = node.callFrame;
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inPackage) return inPackage[1]!;
  if (/\/server\/index\.js$|\/server\/assets\//.test(url)) return "the app (server build)";
  if (url.startsWith("node:") || !url.includes("/")) return "node (internals)";
  return url.replace(/^file:\/\//, "").replace(/^.*?\/(scripts|server|app|mocks)\//, "$1/");
}

export function summarise(profile: Profile, rows = 25, skipSeconds = 0): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const timeOf = new Map<number, number>();
  let at = 0;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (at >= skipSeconds * 1e6) timeOf.set(id, (timeOf.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });

  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const packages = new Map<string, number>();
  let busy = 0;
  for (const [id, micros] of timeOf) {
    const node = byId.get(id)!;
    if (node.callFrame.functionName === "(idle)") continue;
    busy += micros;
    self.set(frameName(node), (self.get(frameName(node)) ?? 0) + micros);
    packages.set(packageOf(node), (packages.get(packageOf(node)) ?? 0) + micros);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const name = frameName(byId.get(at)!);
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + micros);
    }
  }
  const top = (times: Map<string, number>) =>
    [...times]
      .sort((a, b) => b[1] - a[1])
      .slice(0, rows)
      .map(([name, micros]) => [name, (micros / 1000).toFixed(0), `${((micros / busy) * 100).toFixed(1)}%`]);
  inclusive.delete("(root)");
  return [
    `Busy ${(busy / 1000).toFixed(0)} ms (idle left out).`,
    "",
    table(["package", "self ms", "share"], top(packages)),
    "",
    table(["function (self)", "ms", "share"], top(self)),
    "",
    table(["function (inclusive)", "ms", "share"], top(inclusive)),
  ].join("\n");
}

if (import.meta.main) {
  const [file, rows, skip] = process.argv.slice(2);
  if (!file) {
    console.error("usage: node scripts/support/bench-profile.ts <file.cpuprofile> [rows] [skip seconds]");
    process.exit(2);
  }
  console.log(summarise(JSON.parse(readFileSync(file, "utf8")) as Profile, rows ? Number(rows) : undefined, skip ? Number(skip) : 0));
}
