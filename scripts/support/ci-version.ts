/**
 * The version, branch and build URL a pact or a verification result is published with
 * (docs/decisions/0036-broker-loop-and-portable-pacts.md): the commit, the branch it was
 * built from, and the CI build that did it.
 *
 * A CI checkout is often a detached HEAD (GitHub Actions on a pull request, GitLab, Jenkins,
 * Buildkite), where `git rev-parse --abbrev-ref HEAD` says only "HEAD". The branch is then
 * read from the CI's own variables, or failing those from the branches whose tip is HEAD.
 * A version published without a branch is invisible to the `mainBranch` and `matchingBranch`
 * selectors providers verify with, so no branch is an error, not a warning.
 */
import { execFileSync } from "node:child_process";

export type Git = (...args: string[]) => string;

export function gitIn(cwd: string): Git {
  return (...args) => execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
}

const nonEmpty = (value: string | undefined): string | undefined => (value && value.trim() !== "" ? value.trim() : undefined);
const withoutRefsHeads = (ref: string | undefined) => nonEmpty(ref?.replace(/^refs\/heads\//, ""));

/**
 * The branch CI says it builds, most specific first: a pull request's source branch before
 * the branch of a push. Variables as each CI documents them.
 */
export function branchFromCi(env: NodeJS.ProcessEnv): string | undefined {
  const candidates = [
    // GitHub Actions: the source branch on pull_request events, else the pushed branch.
    nonEmpty(env.GITHUB_HEAD_REF),
    env.GITHUB_REF_TYPE === "branch" ? nonEmpty(env.GITHUB_REF_NAME) : undefined,
    // GitLab CI: a merge request pipeline's source branch, else a branch pipeline's branch.
    nonEmpty(env.CI_MERGE_REQUEST_SOURCE_BRANCH_NAME),
    nonEmpty(env.CI_COMMIT_BRANCH),
    // Jenkins (multibranch: CHANGE_BRANCH on pull requests, BRANCH_NAME otherwise; the git plugin: origin/x).
    nonEmpty(env.CHANGE_BRANCH),
    nonEmpty(env.BRANCH_NAME),
    nonEmpty(env.GIT_BRANCH?.replace(/^(refs\/heads\/|origin\/)/, "")),
    nonEmpty(env.BUILDKITE_BRANCH),
    nonEmpty(env.CIRCLE_BRANCH),
    nonEmpty(env.BITBUCKET_BRANCH),
    // Azure Pipelines: a pull request's source branch, else the built branch (refs/heads/x).
    withoutRefsHeads(env.SYSTEM_PULLREQUEST_SOURCEBRANCH),
    env.BUILD_SOURCEBRANCH?.startsWith("refs/heads/") ? withoutRefsHeads(env.BUILD_SOURCEBRANCH) : undefined,
    nonEmpty(env.TRAVIS_PULL_REQUEST_BRANCH),
    nonEmpty(env.TRAVIS_BRANCH),
  ];
  return candidates.find((c) => c !== undefined);
}

/** The URL of the CI build, where the CI gives one (or PACT_BUILD_URL says it). */
export function buildUrlFromCi(env: NodeJS.ProcessEnv): string | undefined {
  if (nonEmpty(env.PACT_BUILD_URL)) return env.PACT_BUILD_URL;
  if (env.GITHUB_SERVER_URL && env.GITHUB_REPOSITORY && env.GITHUB_RUN_ID) {
    return `${env.GITHUB_SERVER_URL}/${env.GITHUB_REPOSITORY}/actions/runs/${env.GITHUB_RUN_ID}`;
  }
  if (env.BITBUCKET_GIT_HTTP_ORIGIN && env.BITBUCKET_BUILD_NUMBER) {
    return `${env.BITBUCKET_GIT_HTTP_ORIGIN}/addon/pipelines/home#!/results/${env.BITBUCKET_BUILD_NUMBER}`;
  }
  if (env.SYSTEM_TEAMFOUNDATIONCOLLECTIONURI && env.SYSTEM_TEAMPROJECT && env.BUILD_BUILDID) {
    return `${env.SYSTEM_TEAMFOUNDATIONCOLLECTIONURI}${env.SYSTEM_TEAMPROJECT}/_build/results?buildId=${env.BUILD_BUILDID}`;
  }
  return [env.CI_JOB_URL, env.BUILD_URL, env.BUILDKITE_BUILD_URL, env.CIRCLE_BUILD_URL, env.TRAVIS_BUILD_WEB_URL].map(nonEmpty).find(Boolean);
}

/**
 * The branch of HEAD: `explicit` if given, else CI's, else git's; on a detached HEAD with
 * no CI variable, the one branch (local or remote) whose tip is HEAD. Throws, saying what
 * to set, when none or several fit.
 */
export function detectBranch(git: Git, env: NodeJS.ProcessEnv, explicit?: string): string {
  const given = nonEmpty(explicit) ?? branchFromCi(env);
  if (given) return given;
  const current = git("rev-parse", "--abbrev-ref", "HEAD");
  if (current !== "HEAD") return current;
  const tips = git("for-each-ref", "--points-at", "HEAD", "--format=%(refname)", "refs/heads", "refs/remotes")
    .split("\n")
    .map((ref) => ref.replace(/^refs\/heads\//, "").replace(/^refs\/remotes\/[^/]+\//, ""))
    .filter((name) => name !== "" && name !== "HEAD" && !name.startsWith("refs/"));
  const names = [...new Set(tips)];
  if (names.length === 1) return names[0]!;
  throw new Error(
    names.length === 0
      ? "HEAD is detached and no branch, local or remote, points at it, and no CI variable names one"
      : `HEAD is detached and several branches point at it (${names.join(", ")})`,
  );
}

export interface VersionProperties {
  version: string;
  branch: string;
  buildUrl?: string;
}

/** Version (the commit), branch and build URL of the working tree's HEAD. */
export function versionProperties(git: Git, env: NodeJS.ProcessEnv, explicitBranch?: string): VersionProperties {
  const buildUrl = buildUrlFromCi(env);
  return { version: git("rev-parse", "HEAD"), branch: detectBranch(git, env, explicitBranch), ...(buildUrl ? { buildUrl } : {}) };
}
