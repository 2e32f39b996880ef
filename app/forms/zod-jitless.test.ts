import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { ZOD_JITLESS_SCRIPT } from "./zod-jitless";

// zod compiles object parsers with `new Function` unless told not to; in the browser the
// CSP forbids that. This checks, in a fresh process like a fresh page, that the inline
// script's setting reaches zod before any schema is built, and that without it zod would
// have called Function (so the test would notice zod changing how it is configured).
function functionCallsWhenBuildingSchemas(prelude: string): number {
  const program = `
    let calls = 0;
    globalThis.Function = new Proxy(Function, {
      apply(target, self, args) { calls++; return Reflect.apply(target, self, args); },
      construct(target, args) { calls++; return Reflect.construct(target, args); },
    });
    ${prelude}
    const { z } = await import("zod");
    z.object({ email: z.string() }).parse({ email: "a@example.org" });
    console.log(calls);
  `;
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", program], { encoding: "utf8" });
  expect(run.stderr).toBe("");
  return Number(run.stdout.trim());
}

describe("zod without eval in the browser", () => {
  it("never calls Function once the document's inline script has run", () => {
    expect(functionCallsWhenBuildingSchemas(ZOD_JITLESS_SCRIPT)).toBe(0);
  });

  it("would call it otherwise", () => {
    expect(functionCallsWhenBuildingSchemas("")).toBeGreaterThan(0);
  });
});
