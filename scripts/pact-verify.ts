/**
 * Verifies the committed pacts (pacts/) against a provider (docs/decisions/0016-pacts-as-artefacts.md;
 * pacts/README.md is the guide for provider teams):
 *
 *   npm run pact:verify                         the in-repo provider: serves the mock backend over
 *                                               HTTP and verifies the gateway and CMS pacts against it
 *   npm run pact:verify -- --provider gateway --provider-base-url https://gateway.test.example \
 *       [--state-change-url https://gateway.test.example/_pact/provider-states] \
 *       [--token TOKEN] [--group-token TOKEN]
 *
 * Options:
 *   --provider gateway|cms     the pact to verify (required with --provider-base-url; without it,
 *                              the in-repo run verifies both)
 *   --provider-base-url URL    the running provider's API base (a gateway or a CMS is one service:
 *                              one provider per run)
 *   --state-change-url URL     where provider states are POSTed ({ state, params, action }); without
 *                              it states are not set up, and most interactions will fail
 *   --token TOKEN              replaces the demo user's bearer token in every request
 *                              (default: PACT_PROVIDER_TOKEN)
 *   --group-token TOKEN        replaces the group organiser's (default: PACT_PROVIDER_GROUP_TOKEN)
 *   --log-level LEVEL          the verifier's log level (default warn)
 *
 * Exits 1 when an interaction or a state change fails. Runs under Node's type stripping with
 * scripts/support/ts-resolve.ts registered (package.json), which lets the mock's extensionless
 * imports resolve.
 */
import { parseArgs } from "node:util";
import { VERIFIED_PROVIDERS, type VerifiedProvider, type VerifyOptions, verifyInRepoProvider, verifyPacts } from "./support/pact-verification.ts";

const USAGE = "usage: npm run pact:verify -- [--provider gateway|cms --provider-base-url URL [--state-change-url URL] [--token T] [--group-token T]]";

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      provider: { type: "string" },
      "provider-base-url": { type: "string" },
      "state-change-url": { type: "string" },
      token: { type: "string" },
      "group-token": { type: "string" },
      "log-level": { type: "string", default: "warn" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const provider = values.provider as VerifiedProvider | undefined;
  if (provider !== undefined && !VERIFIED_PROVIDERS.includes(provider)) {
    console.error(`pact:verify: --provider must be ${VERIFIED_PROVIDERS.join(" or ")}\n${USAGE}`);
    return 1;
  }
  const logLevel = values["log-level"] as VerifyOptions["logLevel"];
  const baseUrl = values["provider-base-url"];

  if (!baseUrl) {
    if (values["state-change-url"] || values.token || values["group-token"]) {
      console.error(`pact:verify: --state-change-url and the tokens are for --provider-base-url; the in-repo provider has its own\n${USAGE}`);
      return 1;
    }
    const results = await verifyInRepoProvider(provider ? [provider] : VERIFIED_PROVIDERS, { logLevel });
    for (const r of results) console.log(`pact:verify: ${r.provider}: ${r.interactions} interactions verified against the in-repo provider`);
    return 0;
  }

  if (!provider) {
    console.error(`pact:verify: --provider-base-url needs --provider (the gateway and the CMS are verified one at a time)\n${USAGE}`);
    return 1;
  }
  const stateChangeUrl = values["state-change-url"];
  if (!stateChangeUrl) console.warn("pact:verify: no --state-change-url: provider states will not be set up");
  const result = await verifyPacts({
    provider,
    providerBaseUrl: baseUrl,
    stateChangeUrl,
    tokens: {
      demo: values.token ?? process.env.PACT_PROVIDER_TOKEN,
      group: values["group-token"] ?? process.env.PACT_PROVIDER_GROUP_TOKEN,
    },
    logLevel,
  });
  console.log(`pact:verify: ${result.provider}: ${result.interactions} interactions verified against ${baseUrl}`);
  return 0;
}

main().then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    console.error(`pact:verify: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
