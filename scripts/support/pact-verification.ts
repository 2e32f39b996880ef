/**
 * Verifies this consumer's pacts against a running provider with the standard Pact verifier
 * (the `pact verifier` CLI), the way a provider team verifies its service
 * (docs/decisions/0036-broker-loop-and-portable-pacts.md, pacts/README.md). Used by
 * `npm run pact:verify` (scripts/pact-verify.ts) and by the contract tests, so the in-repo
 * provider (the mock backend over HTTP) is verified by the same code as any other.
 *
 * - Pacts come from the committed files, from one pact URL (a broker webhook's), or from a
 *   Pact Broker with consumer version selectors, pending and WIP pacts.
 * - State changes go straight from the verifier to the provider's state change URL
 *   (`{ state, params, action }`); the values a setup answers with are injected into the
 *   request (`fromProviderState`), the session token among them. A setup that fails fails
 *   its interaction. Nothing here adds to what any Pact verifier does with that URL.
 * - The outcome is read from the verifier's JSON report: what ran (a filter leaves the rest
 *   out), what failed, and what failed while pending.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { CMS_PREFIX, GATEWAY_PREFIX, PROVIDER_STATES_PATH, serveMockBackendOverHttp } from "../../mocks/http-provider.ts";
import { CONSUMER, PROVIDER_NAMES, VERIFIED_PROVIDERS, type VerifiedProvider, colourFor, runPact } from "./pact-cli.ts";

export { CONSUMER, VERIFIED_PROVIDERS, type VerifiedProvider };

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

export function committedPactFile(provider: VerifiedProvider): string {
  return `${ROOT}pacts/${CONSUMER}-${PROVIDER_NAMES[provider]}.json`;
}

export interface BrokerAuth {
  token?: string;
  username?: string;
  password?: string;
}

/** A consumer version selector, as the broker's pacts-for-verification resource takes them. */
export type ConsumerVersionSelector = Record<string, string | boolean>;

/** What PactFlow's example provider verifies: the consumer's main branch, its branch of the same name, and what is deployed or released. */
export const DEFAULT_SELECTORS: readonly ConsumerVersionSelector[] = [{ mainBranch: true }, { matchingBranch: true }, { deployedOrReleased: true }];

export type PactSource =
  | { files: readonly string[] }
  | { pactUrl: string; auth?: BrokerAuth }
  | {
    brokerUrl: string;
    auth?: BrokerAuth;
    selectors?: readonly ConsumerVersionSelector[];
    /** A pact no version of this provider branch has verified yet fails without failing the run. */
    enablePending?: boolean;
    /** Also verify, as pending, the latest pacts of other branches published since this date (YYYY-MM-DD). */
    includeWipPactsSince?: string;
  };

export interface VerifyOptions {
  provider: VerifiedProvider;
  /** Where the provider serves its API (the base its paths are relative to). */
  providerBaseUrl: string;
  /** Where provider states are set up; without it, states are not set up. */
  stateChangeUrl?: string;
  /** Default: the committed pacts/<consumer>-<provider>.json. */
  source?: PactSource;
  /** The provider's version and branch: the branch decides which pacts are pending and matchingBranch; with `publish`, results go to the broker. */
  providerVersion?: { version: string; branch: string; buildUrl?: string };
  publish?: boolean;
  /** Only interactions whose description (or a provider state) matches this regular expression. */
  filter?: { description?: string; state?: string };
  /** Colour codes in the output; default: only when stdout is a terminal. */
  colour?: boolean;
  /** Receives the verifier's output as it comes; default: stdout. */
  echo?: (chunk: string) => void;
  logLevel?: "error" | "warn" | "info" | "debug" | "trace";
}

export interface InteractionOutcome {
  description: string;
  /** The verifier's result: "OK", or why not. */
  result: string;
}

export interface VerifyResult {
  provider: VerifiedProvider;
  /** The interactions that ran, in the verifier's order. */
  interactions: InteractionOutcome[];
  /** Descriptions of interactions that failed while pending (they do not fail the run). */
  pendingFailures: string[];
  /** The filter the run had, if any, in words. */
  filtered?: string;
  output: string;
}

function describeFilter(filter: VerifyOptions["filter"]): string | undefined {
  const parts = [
    filter?.description ? `description /${filter.description}/` : undefined,
    filter?.state ? `state /${filter.state}/` : undefined,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(" and ") : undefined;
}

export class VerificationFailed extends Error {
  readonly result: VerifyResult;
  constructor(message: string, result: VerifyResult) {
    super(message);
    this.result = result;
  }
}

interface JsonReport {
  result: boolean;
  interactionResults?: { description: string; result: string }[];
  errors?: { interaction: string }[];
  pendingErrors?: { interaction: string }[];
}

function authArgs(auth: BrokerAuth = {}): string[] {
  if (auth.token) return ["--token", auth.token];
  if (auth.username) return ["--user", auth.username, "--password", auth.password ?? ""];
  return [];
}

/** The verifier's command line for these options (its report goes to `reportFile`). */
export function verifierArgs(options: VerifyOptions, reportFile: string): string[] {
  const base = new URL(options.providerBaseUrl);
  const scheme = base.protocol.replace(":", "");
  const args = [
    "verifier",
    "--provider-name", PROVIDER_NAMES[options.provider],
    "--transport", scheme,
    "--hostname", base.hostname.replace(/^\[(.*)\]$/, "$1"),
    "--port", base.port || (scheme === "https" ? "443" : "80"),
    "--json", reportFile,
    "--loglevel", options.logLevel ?? "warn",
  ];
  if (base.pathname !== "/" && base.pathname !== "") args.push("--base-path", base.pathname.replace(/\/+$/, ""));
  if (options.stateChangeUrl) args.push("--state-change-url", options.stateChangeUrl, "--state-change-teardown");
  if (!(options.colour ?? colourFor(process.stdout))) args.push("--no-colour");
  if (options.filter?.description) args.push("--filter-description", options.filter.description);
  if (options.filter?.state) args.push("--filter-state", options.filter.state);

  const source = options.source ?? { files: [committedPactFile(options.provider)] };
  if ("files" in source) for (const file of source.files) args.push("--file", file);
  else if ("pactUrl" in source) args.push("--url", source.pactUrl, ...authArgs(source.auth));
  else {
    args.push("--broker-url", source.brokerUrl, ...authArgs(source.auth));
    for (const selector of source.selectors ?? DEFAULT_SELECTORS) args.push("--consumer-version-selectors", JSON.stringify(selector));
    if (source.enablePending ?? true) args.push("--enable-pending");
    if (source.includeWipPactsSince) args.push("--include-wip-pacts-since", source.includeWipPactsSince);
  }
  if (options.providerVersion) {
    args.push("--provider-version", options.providerVersion.version, "--provider-branch", options.providerVersion.branch);
    if (options.providerVersion.buildUrl) args.push("--build-url", options.providerVersion.buildUrl);
  }
  if (options.publish) {
    if ("files" in source) throw new Error("verification results are published to a broker: the pacts must come from one (--broker-url or --pact-url)");
    if (!options.providerVersion) throw new Error("publishing verification results needs the provider's version and branch");
    args.push("--publish");
  }
  return args;
}

/** Verifies one provider's pacts; rejects with a VerificationFailed when an interaction (its state setup included) fails. */
export async function verifyPacts(options: VerifyOptions): Promise<VerifyResult> {
  const dir = mkdtempSync(join(tmpdir(), "pact-verify-"));
  const reportFile = join(dir, "report.json");
  try {
    const run = await runPact(verifierArgs(options, reportFile), options.echo ?? ((chunk) => process.stdout.write(chunk)));
    let report: JsonReport | undefined;
    try {
      report = JSON.parse(readFileSync(reportFile, "utf8")) as JsonReport;
    } catch {
      // No report: the verifier stopped before verifying (bad options, no pacts, broker unreachable).
    }
    const name = PROVIDER_NAMES[options.provider];
    const filtered = describeFilter(options.filter);
    const result: VerifyResult = {
      provider: options.provider,
      interactions: (report?.interactionResults ?? []).map(({ description, result }) => ({ description, result })),
      pendingFailures: (report?.pendingErrors ?? []).map((e) => e.interaction),
      ...(filtered ? { filtered } : {}),
      output: run.output,
    };
    if (!report) throw new VerificationFailed(`the verifier of ${name} stopped (exit ${run.code}) before verifying: see its output above`, result);
    const failed = (report.errors ?? []).map((e) => e.interaction);
    if (run.code !== 0 || !report.result || failed.length > 0) {
      throw new VerificationFailed(
        `${name}: ${failed.length} of ${result.interactions.length} interactions failed verification:\n  ${failed.join("\n  ")}`,
        result,
      );
    }
    if (result.interactions.length === 0) throw new VerificationFailed(`${name}: no interaction was verified${filtered ? ` (filter: ${filtered})` : ""}`, result);
    return result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One line saying what ran and how it went, e.g. for pact:verify's last line. */
export function summarise(result: VerifyResult, against: string): string {
  const name = PROVIDER_NAMES[result.provider];
  const pending = result.pendingFailures.length > 0 ? `; ${result.pendingFailures.length} pending interactions failed (not failing the run)` : "";
  const filtered = result.filtered ? ` (filter: ${result.filtered})` : "";
  return `${name}: ${result.interactions.length} interactions verified against ${against}${filtered}${pending}`;
}

/**
 * Serves the in-repo provider (the mock backend, mocks/http-provider.ts) over HTTP and verifies
 * the pacts against it, with its state change endpoint: what `npm run pact:verify` does
 * without --provider-base-url.
 */
export async function verifyInRepoProvider(
  providers: readonly VerifiedProvider[] = VERIFIED_PROVIDERS,
  options: Omit<VerifyOptions, "provider" | "providerBaseUrl" | "stateChangeUrl"> = {},
): Promise<VerifyResult[]> {
  const server = await serveMockBackendOverHttp();
  const prefix: Record<VerifiedProvider, string> = { gateway: GATEWAY_PREFIX, cms: CMS_PREFIX };
  try {
    const results: VerifyResult[] = [];
    for (const provider of providers) {
      results.push(await verifyPacts({
        ...options,
        provider,
        providerBaseUrl: `${server.url}${prefix[provider]}`,
        stateChangeUrl: `${server.url}${PROVIDER_STATES_PATH}`,
      }));
    }
    return results;
  } finally {
    await server.close();
  }
}
