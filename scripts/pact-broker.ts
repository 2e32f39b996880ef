/**
 * The consumer's deployment gates on a Pact Broker or PactFlow, with the Pact CLI's broker
 * client (docs/decisions/0036-broker-loop-and-portable-pacts.md), as PactFlow's example
 * consumer runs them:
 *
 *   npm run pact:can-i-deploy -- --to-environment production [--retry-while-unknown 30 --retry-interval 10]
 *       exit 0 when this commit of group-visits-web has a successful verification with every
 *       provider version deployed there, 1 otherwise (the table says which)
 *   npm run pact:record-deployment -- --environment production [--application-instance NAME]
 *       after deploying: providers' deployedOrReleased selectors then verify this version's pacts
 *
 * The pacticipant is group-visits-web and the version the commit (`git rev-parse HEAD`), as
 * pact:publish published it; other options go to `pact broker <command>` as they are
 * (`--version V` replaces the commit). Environment: PACT_BROKER_BASE_URL, and
 * PACT_BROKER_TOKEN or PACT_BROKER_USERNAME and PACT_BROKER_PASSWORD.
 */
import { fileURLToPath } from "node:url";
import { gitIn } from "./support/ci-version.ts";
import { CONSUMER, runPact } from "./support/pact-cli.ts";

const COMMANDS = ["can-i-deploy", "record-deployment"];

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  if (!command || !COMMANDS.includes(command)) {
    console.error(`usage: node scripts/pact-broker.ts ${COMMANDS.join("|")} [options of pact broker <command>]`);
    return 1;
  }
  const env = process.env;
  if (!env.PACT_BROKER_BASE_URL) {
    console.error(`pact:${command}: PACT_BROKER_BASE_URL is not set`);
    return 1;
  }
  const auth = env.PACT_BROKER_TOKEN
    ? ["--broker-token", env.PACT_BROKER_TOKEN]
    : env.PACT_BROKER_USERNAME ? ["--broker-username", env.PACT_BROKER_USERNAME, "--broker-password", env.PACT_BROKER_PASSWORD ?? ""] : [];
  const version = rest.includes("--version") ? [] : ["--version", gitIn(fileURLToPath(new URL("../", import.meta.url)))("rev-parse", "HEAD")];
  const run = await runPact(
    ["broker", command, "--pacticipant", CONSUMER, ...version, ...rest, "--broker-base-url", env.PACT_BROKER_BASE_URL, ...auth],
    (chunk) => process.stdout.write(chunk),
  );
  return run.code;
}

main().then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    console.error(`pact-broker: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
