import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  dockerignore,
  parseCopy,
  parseEnv,
  parseHealthcheck,
  parseInstructions,
  parseStages,
  UnsupportedDockerfile,
} from "../../scripts/support/dockerfile.ts";

// The subset of the Dockerfile and .dockerignore formats scripts/check-image.ts reads to
// assemble the runtime image without Docker: what it takes, and what it refuses.

const ROOT = path.resolve(import.meta.dirname, "../..");
const one = (text: string) => parseInstructions(text)[0]!;

describe("the Dockerfile subset of scripts/check-image.ts", () => {
  it("joins continuation lines, skipping comments inside them, and keeps the first line's number", () => {
    const instructions = parseInstructions("# syntax=docker/dockerfile:1\nFROM node:24-slim AS base\n\nenv A=1 \\\n  # a comment\n  B=2\nCMD [\"node\"]\n");
    expect(instructions).toEqual([
      { keyword: "FROM", args: "node:24-slim AS base", line: 2 },
      { keyword: "ENV", args: "A=1 B=2", line: 4 },
      { keyword: "CMD", args: '["node"]', line: 7 },
    ]);
  });

  it("reads the repository's Dockerfile into its stages", () => {
    const stages = parseStages(readFileSync(path.join(ROOT, "Dockerfile"), "utf8"));
    expect(stages.map((stage) => [stage.name, stage.from])).toEqual([
      ["base", "node:24-slim"],
      ["build", "base"],
      ["dependencies", "base"],
      ["runtime", "base"],
    ]);
    const healthcheck = stages.at(-1)!.instructions.find((i) => i.keyword === "HEALTHCHECK")!;
    expect(parseHealthcheck(healthcheck)).toMatchObject({ timeoutMs: 3000, argv: ["node", "-e", expect.stringContaining("/healthz")] });
  });

  it("reads ENV in both forms, with quotes, and refuses variables", () => {
    expect(parseEnv(one('ENV A=1 B="two words" C=\'x y\''))).toEqual([
      ["A", "1"],
      ["B", "two words"],
      ["C", "x y"],
    ]);
    expect(parseEnv(one("ENV NAME some value"))).toEqual([["NAME", "some value"]]);
    expect(() => parseEnv(one("ENV PATH=/app/bin:$PATH"))).toThrow(UnsupportedDockerfile);
  });

  it("reads COPY with --from and refuses what would change owners, modes or the file set", () => {
    expect(parseCopy(one("COPY --from=dependencies /app/node_modules ./node_modules"))).toEqual({
      from: "dependencies",
      sources: ["/app/node_modules"],
      destination: "./node_modules",
    });
    expect(parseCopy(one('COPY ["a b", "c/"]'))).toEqual({ from: null, sources: ["a b"], destination: "c/" });
    expect(() => parseCopy(one("COPY --chown=node server ./server"))).toThrow(/--chown/);
    expect(() => parseCopy(one("COPY package.json server.ts ./app"))).toThrow(/ending in \//);
    expect(() => parseCopy(one("COPY app/*.ts ./app/"))).toThrow(/wildcards/);
  });

  it("refuses instructions before FROM and other escape characters", () => {
    expect(() => parseStages("ARG VERSION=24\nFROM node:${VERSION}")).toThrow(UnsupportedDockerfile);
    expect(() => parseInstructions("# escape=`\nFROM node")).toThrow(UnsupportedDockerfile);
  });
});

describe(".dockerignore as Docker reads it", () => {
  const ignored = dockerignore(readFileSync(path.join(ROOT, ".dockerignore"), "utf8"));

  it("excludes a matching directory with everything under it, patterns anchored at the context root", () => {
    expect(ignored("node_modules")).toBe(true);
    expect(ignored("node_modules/react/index.js")).toBe(true);
    expect(ignored("build-e2e/server/index.js")).toBe(true);
    expect(ignored("debug.log")).toBe(true);
    // `*.log` matches at the root only; `**/` would be needed deeper.
    expect(ignored("server/debug.log")).toBe(false);
    expect(ignored("server/main.ts")).toBe(false);
    expect(ignored("app/runtime/request-id.ts")).toBe(false);
  });

  it("takes ** across directories and ! to re-include, the last match deciding", () => {
    const rules = dockerignore("**/*.test.ts\ndocs\n!docs/keep.md\n# comment\n");
    expect(rules("app/a/b.test.ts")).toBe(true);
    expect(rules("b.test.ts")).toBe(true);
    expect(rules("docs/x.md")).toBe(true);
    expect(rules("docs/keep.md")).toBe(false);
    expect(rules("app/a/b.ts")).toBe(false);
  });
});
