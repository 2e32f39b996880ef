import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { branchFromCi, buildUrlFromCi, detectBranch, gitIn } from "../../scripts/support/ci-version";

// The branch and build a pact or a verification result is published with
// (scripts/support/ci-version.ts), in a real git repository: on a branch, on a detached HEAD
// as CI checkouts leave it, and from CI variables.

describe("the branch of HEAD", () => {
  let dir: string;
  let run: (...args: string[]) => string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "ci-version-"));
    run = (...args) => execFileSync("git", args, { cwd: dir, encoding: "utf8" }).trim();
    run("init", "-q", "-b", "main");
    run("config", "user.email", "ci@example.org");
    run("config", "user.name", "CI");
    writeFileSync(join(dir, "a.txt"), "a");
    run("add", "a.txt");
    run("commit", "-qm", "one");
    run("checkout", "-qb", "feature/booking-notes");
    writeFileSync(join(dir, "a.txt"), "b");
    run("commit", "-qam", "two");
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("is git's branch when HEAD is on one", () => {
    run("checkout", "-q", "feature/booking-notes");
    expect(detectBranch(gitIn(dir), {})).toBe("feature/booking-notes");
  });

  it("on a detached HEAD, is the one branch whose tip HEAD is", () => {
    run("checkout", "-q", "--detach", "feature/booking-notes");
    expect(gitIn(dir)("rev-parse", "--abbrev-ref", "HEAD")).toBe("HEAD");
    expect(detectBranch(gitIn(dir), {})).toBe("feature/booking-notes");
  });

  it("on a detached HEAD no branch points at, is CI's, or an error saying so", () => {
    run("checkout", "-q", "--detach", "main");
    run("commit", "-q", "--allow-empty", "-m", "a merge commit CI made");
    expect(() => detectBranch(gitIn(dir), {})).toThrow(/detached and no branch/);
    expect(detectBranch(gitIn(dir), { GITHUB_HEAD_REF: "feature/booking-notes" })).toBe("feature/booking-notes");
    expect(detectBranch(gitIn(dir), {}, "release/2026")).toBe("release/2026");
  });

  it("on a detached HEAD several branches point at, is an error naming them", () => {
    run("checkout", "-q", "main");
    run("branch", "-f", "also-main");
    run("checkout", "-q", "--detach", "main");
    expect(() => detectBranch(gitIn(dir), {})).toThrow(/several branches point at it \(also-main, main\)/);
  });
});

describe("what CI says", () => {
  it("takes a pull request's source branch before the pushed one", () => {
    expect(branchFromCi({ GITHUB_HEAD_REF: "feat/x", GITHUB_REF_TYPE: "branch", GITHUB_REF_NAME: "123/merge" })).toBe("feat/x");
    expect(branchFromCi({ GITHUB_HEAD_REF: "", GITHUB_REF_TYPE: "branch", GITHUB_REF_NAME: "main" })).toBe("main");
    expect(branchFromCi({ GITHUB_REF_TYPE: "tag", GITHUB_REF_NAME: "v1.2.0" })).toBeUndefined();
    expect(branchFromCi({ CI_MERGE_REQUEST_SOURCE_BRANCH_NAME: "feat/y", CI_COMMIT_BRANCH: "main" })).toBe("feat/y");
    expect(branchFromCi({ GIT_BRANCH: "origin/release/3" })).toBe("release/3");
    expect(branchFromCi({ BUILD_SOURCEBRANCH: "refs/heads/main" })).toBe("main");
    expect(branchFromCi({ BUILD_SOURCEBRANCH: "refs/tags/v1" })).toBeUndefined();
  });

  it("links the build", () => {
    expect(buildUrlFromCi({ GITHUB_SERVER_URL: "https://github.example", GITHUB_REPOSITORY: "o/r", GITHUB_RUN_ID: "7" })).toBe("https://github.example/o/r/actions/runs/7");
    expect(buildUrlFromCi({ CI_JOB_URL: "https://gitlab.example/o/r/-/jobs/9" })).toBe("https://gitlab.example/o/r/-/jobs/9");
    expect(buildUrlFromCi({ BUILD_URL: "https://jenkins.example/job/x/3/", PACT_BUILD_URL: "https://ci.example/given" })).toBe("https://ci.example/given");
    expect(buildUrlFromCi({})).toBeUndefined();
  });
});
