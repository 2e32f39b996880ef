import { existsSync, readFileSync, readdirSync, realpathSync, statSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./production-server.ts";

// What scripts/check-image.ts checks in the assembled directory's files: what a module lookup
// from it could reach besides its node_modules, paths of this checkout the build names, and
// (by snapshots before and after) whether running it wrote anything.

/** Each file's size and mtime, to see that the server wrote nothing. */
export function snapshot(directory: string): Map<string, string> {
  const files = new Map<string, string>();
  const visit = (entry: string) => {
    const info = statSync(entry, { throwIfNoEntry: false });
    if (!info) return;
    files.set(path.relative(directory, entry), `${info.size}:${info.mtimeMs}`);
    if (info.isDirectory()) for (const child of readdirSync(entry)) visit(path.join(entry, child));
  };
  visit(directory);
  return files;
}

export function changes(before: Map<string, string>, after: Map<string, string>): string[] {
  const changed = [...after].filter(([file, state]) => before.get(file) !== state).map(([file]) => file || ".");
  const removed = [...before.keys()].filter((file) => !after.has(file));
  return [...changed, ...removed.map((file) => `${file} (removed)`)];
}

/** No directory a module lookup from `app` could reach besides app/node_modules: no node_modules above it, nor Node's global folders. */
export function reachableNodeModules(app: string, home: string): string[] {
  const found: string[] = [];
  for (let directory = path.dirname(app); ; directory = path.dirname(directory)) {
    if (existsSync(path.join(directory, "node_modules"))) found.push(path.join(directory, "node_modules"));
    if (directory === path.dirname(directory)) break;
  }
  // CommonJS's global folders (NODE_PATH is not set).
  for (const global of [path.join(home, ".node_modules"), path.join(home, ".node_libraries"), path.resolve(path.dirname(process.execPath), "..", "lib", "node")]) {
    if (existsSync(global)) found.push(global);
  }
  return found;
}

/** Absolute paths of this checkout the build names (they would resolve here and not in the image). */
export function checkoutPathsInBuild(build: string): string[] {
  const checkout = new Set([ROOT, ...[ROOT, path.join(ROOT, "node_modules")].filter((p) => existsSync(p)).map((p) => realpathSync(p))]);
  const hits = new Set<string>();
  const visit = (entry: string) => {
    if (statSync(entry).isDirectory()) for (const child of readdirSync(entry)) visit(path.join(entry, child));
    else if (/\.(js|mjs|cjs|json)$/.test(entry)) {
      const text = readFileSync(entry, "utf8");
      for (const prefix of checkout) if (text.includes(prefix)) hits.add(`${path.relative(build, entry)} names ${prefix}`);
    }
  };
  visit(path.join(build, "server"));
  return [...hits];
}
