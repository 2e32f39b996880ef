// Verifies a provider against the pacts of group-visits-web on a Pact Broker, the way a
// provider team runs it in its own pipeline: the standard Pact verifier of
// @pact-foundation/pact-cli, configured from the environment, nothing else. See README.md.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";

const env = process.env;
const required = (name) => {
  if (!env[name]) {
    console.error(`verify: ${name} is not set (see README.md)`);
    process.exit(1);
  }
  return env[name];
};

const provider = new URL(required("PROVIDER_BASE_URL"));
const args = [
  "verifier",
  "--provider-name", required("PACT_PROVIDER_NAME"),
  "--transport", provider.protocol.replace(":", ""),
  "--hostname", provider.hostname,
  "--port", provider.port || (provider.protocol === "https:" ? "443" : "80"),
  ...(provider.pathname.length > 1 ? ["--base-path", provider.pathname.replace(/\/+$/, "")] : []),
  "--state-change-url", required("PROVIDER_STATE_CHANGE_URL"),
  "--state-change-teardown",
  // The version and branch of this provider build: pending pacts and matchingBranch depend on the branch.
  "--provider-version", required("GIT_COMMIT"),
  "--provider-branch", required("GIT_BRANCH"),
];
if (env.PACT_URL) {
  // A build started by the broker's contract_requiring_verification_published webhook: that one pact.
  args.push("--url", env.PACT_URL);
} else {
  args.push("--broker-url", required("PACT_BROKER_BASE_URL"));
  for (const selector of [{ mainBranch: true }, { matchingBranch: true }, { deployedOrReleased: true }]) {
    args.push("--consumer-version-selectors", JSON.stringify(selector));
  }
  args.push("--enable-pending", "--include-wip-pacts-since", env.PACT_INCLUDE_WIP_PACTS_SINCE ?? "2026-11-27");
}
if (env.PACT_BROKER_PUBLISH_VERIFICATION_RESULTS === "true") args.push("--publish");
if (env.BUILD_URL) args.push("--build-url", env.BUILD_URL);
if (!process.stdout.isTTY) args.push("--no-colour");

// The CLI reads the broker's credentials from PACT_BROKER_TOKEN (or PACT_BROKER_USERNAME and
// PACT_BROKER_PASSWORD) itself; it would also take PACT_BROKER_BASE_URL as a second source of
// pacts beside PACT_URL, so that one is passed only as --broker-url.
const { PACT_BROKER_BASE_URL: _, ...childEnv } = env;
const { standalone } = createRequire(import.meta.url)("@pact-foundation/pact-cli/src/pact-standalone");
const run = spawnSync(standalone().pactFullPath, args, { stdio: "inherit", env: { ...childEnv, PACT_DO_NOT_TRACK: "true" } });
process.exit(run.status ?? 1);
