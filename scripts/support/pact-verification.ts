/**
 * Verifies the committed pacts (pacts/) against a running provider, the way a provider team
 * verifies its service (docs/decisions/0016-pacts-as-artefacts.md). Used by
 * `npm run pact:verify` (scripts/pact-verify.ts) and by tests/contract/provider.verify.test.ts,
 * so the in-repo provider (the mock backend over HTTP) is verified by the same code as any other.
 *
 * - One provider per run: the gateway and the CMS are separate services with their own base
 *   URLs (the in-repo mock serves both under GATEWAY_PREFIX and CMS_PREFIX of one origin).
 * - State changes: each provider state of an interaction is POSTed to the state change URL as
 *   JSON { state, params, action: "setup" | "teardown" }; the JSON object a setup answers with
 *   holds the values the pact injects (fromProviderState). The v17 Verifier runs the Rust
 *   verifier behind a proxy of its own, which calls `stateHandlers`; each handler here
 *   forwards to the URL. The proxy only logs a handler's error and carries on, so errors are
 *   collected and the run fails with them.
 * - Tokens: the pacts send fixed bearer tokens (PACT_TOKENS); a replacement given for one is
 *   put in its place on every request (requestFilter), for providers whose login states cannot
 *   make a session with a given token.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Verifier } from "@pact-foundation/pact";
import { CMS_PREFIX, GATEWAY_PREFIX, PROVIDER_STATES_PATH, serveMockBackendOverHttp } from "../../mocks/http-provider.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

export type VerifiedProvider = "gateway" | "cms";
export const VERIFIED_PROVIDERS: readonly VerifiedProvider[] = ["gateway", "cms"];
export const CONSUMER = "group-visits-web";

/** The bearer tokens the consumer's pacts send, by whose session they are. */
export const PACT_TOKENS = { demo: "pact-demo-session-token", group: "pact-group-session-token" } as const;
export type TokenReplacements = Partial<Record<keyof typeof PACT_TOKENS, string>>;

export function committedPactFile(provider: VerifiedProvider): string {
  return `${ROOT}pacts/${CONSUMER}-${provider}.json`;
}

export interface VerifyOptions {
  provider: VerifiedProvider;
  /** Where the provider serves its API (the base its paths are relative to). */
  providerBaseUrl: string;
  /** Where provider states are set up; without it, states are not set up. */
  stateChangeUrl?: string;
  tokens?: TokenReplacements;
  /** Defaults to the committed pacts/group-visits-web-<provider>.json. */
  pactFile?: string;
  logLevel?: "trace" | "debug" | "info" | "warn" | "error";
}

export interface VerifyResult {
  provider: VerifiedProvider;
  interactions: number;
}

interface PactStates { interactions: { providerStates?: { name: string }[] }[] }

/** Rewrites `Authorization: Bearer <pact token>` to the replacement given for that token. */
export function tokenFilter(tokens: TokenReplacements = {}) {
  const byPactToken = new Map<string, string>();
  for (const [who, replacement] of Object.entries(tokens)) {
    if (replacement) byPactToken.set(PACT_TOKENS[who as keyof typeof PACT_TOKENS], replacement);
  }
  return (req: { headers: Record<string, string | string[] | undefined> }, _res: unknown, next: () => void): void => {
    const header = req.headers.authorization;
    const match = typeof header === "string" ? /^Bearer (.+)$/.exec(header) : null;
    const replacement = match ? byPactToken.get(match[1]!) : undefined;
    if (replacement) req.headers.authorization = `Bearer ${replacement}`;
    next();
  };
}

function stateHandlers(stateNames: readonly string[], stateChangeUrl: string, errors: string[]) {
  const change = async (state: string, params: unknown, action: "setup" | "teardown") => {
    const response = await fetch(stateChangeUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ state, params: params ?? {}, action }),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    let body: unknown = {};
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      // Not JSON: no values to inject.
    }
    if (!response.ok) {
      const message = `${action} of "${state}" ${JSON.stringify(params ?? {})}: HTTP ${response.status} ${text.slice(0, 500)}`;
      errors.push(message);
      throw new Error(message);
    }
    return (typeof body === "object" && body !== null && !Array.isArray(body) ? body : {}) as Record<string, string>;
  };
  return Object.fromEntries(
    stateNames.map((state) => [
      state,
      {
        setup: (params?: unknown) => change(state, params, "setup"),
        teardown: async (params?: unknown) => void (await change(state, params, "teardown")),
      },
    ]),
  );
}

/** Verifies one provider's pact; rejects when an interaction or a state change fails. */
export async function verifyPacts(options: VerifyOptions): Promise<VerifyResult> {
  const pactFile = options.pactFile ?? committedPactFile(options.provider);
  const pact = JSON.parse(readFileSync(pactFile, "utf8")) as PactStates;
  const stateNames = [...new Set(pact.interactions.flatMap((i) => (i.providerStates ?? []).map((s) => s.name)))];
  const errors: string[] = [];
  try {
    await new Verifier({
      provider: options.provider,
      providerBaseUrl: options.providerBaseUrl,
      pactUrls: [pactFile],
      ...(options.stateChangeUrl ? { stateHandlers: stateHandlers(stateNames, options.stateChangeUrl, errors) } : {}),
      requestFilter: tokenFilter(options.tokens),
      failIfNoPactsFound: true,
      logLevel: options.logLevel ?? "warn",
    }).verifyProvider();
  } catch (error) {
    // The verifier has printed its report; its error repeats all of it as JSON.
    const failures = /There were (\d+) pact failures/.exec(String(error))?.[1];
    const states = errors.length > 0 ? `; state changes failed:\n  ${errors.join("\n  ")}` : "";
    throw new Error(`the ${options.provider} pact failed verification${failures ? ` (${failures} interactions)` : ""}: see the report above${states}`, { cause: error });
  }
  if (errors.length > 0) throw new Error(`Provider state changes failed:\n  ${errors.join("\n  ")}`);
  return { provider: options.provider, interactions: pact.interactions.length };
}

/**
 * Serves the in-repo provider (the mock backend, mocks/http-provider.ts) over HTTP and verifies
 * the pacts against it, with its state change endpoint: what `npm run pact:verify` does
 * without --provider-base-url.
 */
export async function verifyInRepoProvider(
  providers: readonly VerifiedProvider[] = VERIFIED_PROVIDERS,
  options: Pick<VerifyOptions, "logLevel"> & { pactFile?: (provider: VerifiedProvider) => string } = {},
): Promise<VerifyResult[]> {
  const server = await serveMockBackendOverHttp();
  const prefix: Record<VerifiedProvider, string> = { gateway: GATEWAY_PREFIX, cms: CMS_PREFIX };
  try {
    const results: VerifyResult[] = [];
    for (const provider of providers) {
      results.push(await verifyPacts({
        provider,
        providerBaseUrl: `${server.url}${prefix[provider]}`,
        stateChangeUrl: `${server.url}${PROVIDER_STATES_PATH}`,
        pactFile: options.pactFile?.(provider),
        logLevel: options.logLevel,
      }));
    }
    return results;
  } finally {
    await server.close();
  }
}
