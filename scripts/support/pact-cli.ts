/**
 * The names this consumer and its providers have in pacts and on a Pact Broker, and the Pact
 * CLI (`@pact-foundation/pact-cli`: one binary with the verifier and the broker client) that
 * pact:verify, can-i-deploy and record-deployment run (docs/decisions/0036-broker-loop-and-portable-pacts.md).
 */
import { spawn } from "node:child_process";
import { createRequire } from "node:module";

export const CONSUMER = "group-visits-web";
/**
 * A broker is shared by every team of the museum group, and a pacticipant name is its only
 * key: "gateway" or "cms" would be any team's gateway. These name this product's services.
 */
export const PROVIDER_NAMES = {
  gateway: "group-visits-gateway",
  cms: "group-visits-cms",
  search: "group-visits-search",
} as const;
export type ProviderKey = keyof typeof PROVIDER_NAMES;
/** The providers with a pact a team verifies (the search pact is verified here only, against the embedded engine). */
export type VerifiedProvider = "gateway" | "cms";
export const VERIFIED_PROVIDERS: readonly VerifiedProvider[] = ["gateway", "cms"];

/** The platform binary of @pact-foundation/pact-cli. */
export function pactBinary(): string {
  const require = createRequire(import.meta.url);
  const { standalone } = require("@pact-foundation/pact-cli/src/pact-standalone") as { standalone: () => { pactFullPath: string } };
  return standalone().pactFullPath;
}

/**
 * Whether output to this stream may carry colour codes: never when NO_COLOR is set, always
 * with FORCE_COLOR (other than 0), otherwise only on a terminal. The CLI colours always
 * unless told `--no-colour`, even into a file or a CI log.
 */
export function colourFor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== "") return env.FORCE_COLOR !== "0";
  return stream.isTTY === true;
}

export interface PactRun {
  code: number;
  /** stdout and stderr, interleaved as they came. */
  output: string;
}

/**
 * Runs `pact <args>`. Its environment has no PACT_* variables but PACT_DO_NOT_TRACK: the CLI
 * reads several of them as options (PACT_BROKER_BASE_URL as a pact source, PACT_DESCRIPTION
 * as a filter…), and everything it should act on is passed as an argument instead. `echo` receives the output
 * as it comes (e.g. process.stdout.write); it is returned whole either way.
 */
export function runPact(args: readonly string[], echo?: (chunk: string) => void): Promise<PactRun> {
  const env = {
    ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("PACT_"))),
    // The CLI reports usage to Pact's maintainers unless told not to (and these machines have no network).
    PACT_DO_NOT_TRACK: "true",
  };
  return new Promise((resolve, reject) => {
    const child = spawn(pactBinary(), args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const take = (chunk: Buffer) => {
      const text = chunk.toString("utf8");
      output += text;
      echo?.(text);
    };
    child.stdout.on("data", take);
    child.stderr.on("data", take);
    child.once("error", reject);
    child.once("close", (code) => resolve({ code: code ?? 1, output }));
  });
}
