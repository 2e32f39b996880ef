import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The runtime image copies the server and, one by one, the app modules it imports (so the
// image carries no other sources). A module added to that import graph without a COPY
// line makes `node server.ts` fail at start in the image only: this test follows the
// graph from server.ts and checks the Dockerfile's runtime stage copies every file in it.

const ROOT = path.resolve(import.meta.dirname, "../..");

/** The local modules a file imports at run time (not `import type`; static or dynamic), as paths from the repository root. */
function localImports(file: string): string[] {
  const source = readFileSync(path.join(ROOT, file), "utf8");
  const specifiers = [
    // import … from "./x", export … from "./x" (not `import type`), import "./x"
    ...source.matchAll(/^(?:import|export)\s+(?!type\b)(?:[^;]*?\sfrom\s+)?"(\.{1,2}\/[^"]+)"/gm),
    // await import("./x")
    ...source.matchAll(/\bimport\(\s*"(\.{1,2}\/[^"]+)"\s*\)/g),
  ].map((m) => m[1]!);
  return specifiers.map((s) => path.relative(ROOT, path.resolve(path.dirname(path.join(ROOT, file)), s)));
}

function importGraph(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const next of localImports(file)) visit(next);
  };
  visit(entry);
  return seen;
}

/** The sources the runtime stage copies from the build context (`COPY <src…> <dest>` without --from). */
function runtimeCopies(): string[] {
  const dockerfile = readFileSync(path.join(ROOT, "Dockerfile"), "utf8");
  const runtime = dockerfile.slice(dockerfile.indexOf("AS runtime"));
  return [...runtime.matchAll(/^COPY (?!--from)(.+)$/gm)].flatMap((m) => m[1]!.trim().split(/\s+/).slice(0, -1));
}

describe("the Dockerfile's runtime stage", () => {
  it("copies every local module server.ts imports, directly or not", () => {
    const copied = runtimeCopies();
    const covered = (file: string) => copied.some((src) => file === src || file.startsWith(`${src.replace(/\/$/, "")}/`));
    const graph = [...importGraph("server.ts")];
    expect(graph).toContain("app/runtime/request-id.ts");
    expect(graph.filter((file) => !covered(file))).toEqual([]);
  });
});
