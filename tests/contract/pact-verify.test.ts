import { execFile } from "node:child_process";
import { describe, expect, it } from "vitest";
import { ROOT } from "./support/pact";
import { readPactFile } from "./support/pact-files";

// `npm run pact:verify` as a provider team runs it, as a process whose output is a pipe (a CI
// log, a file): what it prints and what its last line claims. Against the in-repo provider's
// CMS pact (the shortest), from the committed file.

function pactVerify(args: string[], env: Record<string, string> = {}) {
  // The test runner's own colour settings must not leak into the run.
  const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(FORCE_COLOR|NO_COLOR|PACT_)/.test(name)));
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, ["--import", "./scripts/support/ts-resolve.ts", "scripts/pact-verify.ts", ...args], { cwd: ROOT, env: { ...base, ...env } }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr }));
  });
}

const ESC = "\u001b[";

describe("npm run pact:verify's output", () => {
  it("carries no colour codes when not a terminal, and does with FORCE_COLOR", async () => {
    const plain = await pactVerify(["--provider", "cms"]);
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stdout).toContain("Verifying a pact between group-visits-web and group-visits-cms");
    expect(plain.stdout + plain.stderr).not.toContain(ESC);

    const forced = await pactVerify(["--provider", "cms"], { FORCE_COLOR: "1" });
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toContain(ESC);
  });

  it("reports only the interactions a filter let run", async () => {
    const all = readPactFile("cms").interactions.length;
    expect(all).toBeGreaterThan(1);
    const { code, stdout, stderr } = await pactVerify(["--provider", "cms", "--filter-description", "^get a page that does not exist$"]);
    expect(code, stderr).toBe(0);
    expect(stdout.trim().split("\n").at(-1)).toBe(
      "pact:verify: group-visits-cms: 1 interactions verified against the in-repo provider (filter: description /^get a page that does not exist$/)");
    expect(stdout).not.toContain("get the home page (");
  });

  it("fails, naming the filter, when a filter lets nothing run", async () => {
    const { code, stderr } = await pactVerify(["--provider", "cms", "--filter-description", "^no interaction is called this$"]);
    expect(code).toBe(1);
    expect(stderr).toContain("no interaction was verified (filter: description /^no interaction is called this$/)");
  });
});
