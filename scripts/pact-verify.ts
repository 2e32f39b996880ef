/**
 * Verifies this consumer's pacts against a provider with the standard Pact verifier
 * (docs/decisions/0036-broker-loop-and-portable-pacts.md; pacts/README.md is the guide):
 *
 *   npm run pact:verify                        the in-repo provider: serves the mock backend
 *                                              over HTTP and verifies both committed pacts
 *   npm run pact:verify -- --provider gateway --provider-base-url URL --state-change-url URL
 *                                              your service, against the committed pact
 *   … --broker-url URL [--publish]             the pacts a broker selects for your branch
 *   … --pact-url URL [--publish]               one pact, as a broker webhook passes it
 *
 * Options:
 *   --provider gateway|cms          the pact (group-visits-gateway or group-visits-cms)
 *   --provider-base-url URL         the running provider's API base; one provider per run
 *   --state-change-url URL          where provider states are POSTed ({ state, params, action })
 *   --broker-url URL                fetch pacts from a Pact Broker or PactFlow (with --provider-base-url,
 *                                   also PACT_BROKER_BASE_URL; PACT_BROKER_TOKEN, or
 *                                   PACT_BROKER_USERNAME and _PASSWORD)
 *   --consumer-version-selectors J  a selector as JSON, repeatable (default: mainBranch,
 *                                   matchingBranch, deployedOrReleased)
 *   --no-pending                    pending pacts fail the run too
 *   --include-wip-pacts-since DATE  work-in-progress pacts since (default 2026-11-27;
 *                                   PACT_INCLUDE_WIP_PACTS_SINCE; "none" for none)
 *   --pact-url URL                  one pact URL (with --provider-base-url, also PACT_URL)
 *   --publish                       publish the results to the broker (also
 *                                   PACT_BROKER_PUBLISH_VERIFICATION_RESULTS=true)
 *   --provider-version V            your service's version, its commit (PACT_PROVIDER_VERSION)
 *   --provider-branch B             its branch (PACT_PROVIDER_BRANCH); both are needed with a broker
 *                                   or a pact URL: the branch decides what is pending and what
 *                                   matchingBranch selects (this repository's git says nothing
 *                                   about your service)
 *   --filter-description REGEX      only matching interactions (PACT_DESCRIPTION)
 *   --filter-state REGEX            only interactions with a matching state (PACT_PROVIDER_STATE)
 *   --log-level LEVEL               the verifier's log level (default warn)
 *
 * Exits 1 when an interaction fails (a failed state setup included), except pending ones.
 * Colour codes only on a terminal (NO_COLOR and FORCE_COLOR are honoured).
 */
import { parseArgs } from "node:util";
import { buildUrlFromCi } from "./support/ci-version.ts";
import {
  type PactSource, VERIFIED_PROVIDERS, VerificationFailed, type VerifiedProvider, type VerifyOptions, type VerifyResult,
  summarise, verifyInRepoProvider, verifyPacts,
} from "./support/pact-verification.ts";

const USAGE = "usage: npm run pact:verify -- [--provider gateway|cms --provider-base-url URL --state-change-url URL] [--broker-url URL | --pact-url URL] [--publish] (see scripts/pact-verify.ts)";
/** The first day a pact of this consumer could be on a broker: WIP pacts are looked for from then on. */
const WIP_SINCE = "2026-11-27";

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      provider: { type: "string" },
      "provider-base-url": { type: "string" },
      "state-change-url": { type: "string" },
      "broker-url": { type: "string" },
      "consumer-version-selectors": { type: "string", multiple: true },
      "no-pending": { type: "boolean", default: false },
      "include-wip-pacts-since": { type: "string" },
      "pact-url": { type: "string" },
      publish: { type: "boolean", default: false },
      "provider-version": { type: "string" },
      "provider-branch": { type: "string" },
      "filter-description": { type: "string" },
      "filter-state": { type: "string" },
      "log-level": { type: "string", default: "warn" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const env = process.env;
  const provider = values.provider as VerifiedProvider | undefined;
  if (provider !== undefined && !VERIFIED_PROVIDERS.includes(provider)) {
    console.error(`pact:verify: --provider must be ${VERIFIED_PROVIDERS.join(" or ")}\n${USAGE}`);
    return 1;
  }
  const baseUrl = values["provider-base-url"];
  // The environment's broker and pact URL are a provider's CI settings: the in-repo run takes them only as options.
  const brokerUrl = values["broker-url"] ?? (baseUrl ? env.PACT_BROKER_BASE_URL : undefined);
  const pactUrl = values["pact-url"] ?? (baseUrl ? env.PACT_URL : undefined);
  const publish = values.publish || env.PACT_BROKER_PUBLISH_VERIFICATION_RESULTS === "true";
  const auth = { token: env.PACT_BROKER_TOKEN, username: env.PACT_BROKER_USERNAME, password: env.PACT_BROKER_PASSWORD };
  const wipSince = values["include-wip-pacts-since"] ?? env.PACT_INCLUDE_WIP_PACTS_SINCE ?? WIP_SINCE;

  let source: PactSource | undefined;
  if (pactUrl) source = { pactUrl, auth };
  else if (brokerUrl) {
    source = {
      brokerUrl, auth,
      ...(values["consumer-version-selectors"] ? { selectors: values["consumer-version-selectors"].map((s) => JSON.parse(s) as Record<string, string | boolean>) } : {}),
      enablePending: !values["no-pending"],
      ...(wipSince === "none" ? {} : { includeWipPactsSince: wipSince }),
    };
  }
  const options: Omit<VerifyOptions, "provider" | "providerBaseUrl"> = {
    ...(source ? { source } : {}),
    ...(source ? { providerVersion: providerVersion(values["provider-version"] ?? env.PACT_PROVIDER_VERSION, values["provider-branch"] ?? env.PACT_PROVIDER_BRANCH) } : {}),
    publish,
    filter: { description: values["filter-description"] ?? env.PACT_DESCRIPTION, state: values["filter-state"] ?? env.PACT_PROVIDER_STATE },
    logLevel: values["log-level"] as VerifyOptions["logLevel"],
  };

  let results: VerifyResult[];
  if (!baseUrl) {
    if (values["state-change-url"] || publish) {
      // The in-repo provider is the mock: its results must never be taken for the real service's.
      console.error(`pact:verify: --state-change-url and --publish are for --provider-base-url; the in-repo provider has its own states and publishes nothing\n${USAGE}`);
      return 1;
    }
    results = await verifyInRepoProvider(provider ? [provider] : VERIFIED_PROVIDERS, options);
    for (const r of results) console.log(`pact:verify: ${summarise(r, "the in-repo provider")}`);
    return 0;
  }
  if (!provider) {
    console.error(`pact:verify: --provider-base-url needs --provider (the gateway and the CMS are verified one at a time)\n${USAGE}`);
    return 1;
  }
  const stateChangeUrl = values["state-change-url"];
  if (!stateChangeUrl) console.warn("pact:verify: no --state-change-url: provider states will not be set up");
  const result = await verifyPacts({ ...options, provider, providerBaseUrl: baseUrl, stateChangeUrl });
  console.log(`pact:verify: ${summarise(result, baseUrl)}${publish ? " (results published)" : ""}`);
  return 0;
}

function providerVersion(version: string | undefined, branch: string | undefined) {
  if (!version || !branch) throw new Error("pacts from a broker need --provider-version and --provider-branch (your service's commit and branch)");
  // The build is the one running this verification: the provider's CI.
  const buildUrl = buildUrlFromCi(process.env);
  return { version, branch, ...(buildUrl ? { buildUrl } : {}) };
}

main().then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`pact:verify: ${message}`);
    if (error instanceof VerificationFailed && error.result.pendingFailures.length > 0) {
      console.error(`pact:verify: also failed while pending (not counted): ${error.result.pendingFailures.length}`);
    }
    process.exitCode = 1;
  },
);
