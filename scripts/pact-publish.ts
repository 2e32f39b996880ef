/**
 * Publishes this consumer's pacts to a Pact Broker or PactFlow, the way PactFlow's example
 * consumer does (docs/decisions/0036-broker-loop-and-portable-pacts.md):
 *
 *   PACT_BROKER_BASE_URL=https://broker.example PACT_BROKER_TOKEN=… npm run pact:publish
 *   npm run pact:publish -- --optional      exit 0 (nothing published) when no broker is set
 *   npm run pact:publish -- --dir <dir>     publish the pact files of another folder
 *
 * Environment:
 *   PACT_BROKER_BASE_URL     the broker; without it nothing is published and the script exits 1
 *                            (0 with --optional), saying so
 *   PACT_BROKER_TOKEN        bearer token (PactFlow), or
 *   PACT_BROKER_USERNAME / PACT_BROKER_PASSWORD   basic auth (a self-hosted broker)
 *   PACT_CONSUMER_BRANCH     the branch, where neither CI nor git can tell it
 *   PACT_BUILD_URL           the build, where the CI is not one scripts/support/ci-version.ts knows
 *
 * One request, the broker's "publish contracts" resource (found from its index, relation
 * pb:publish-contracts): the consumer version is the commit, with its branch (from the CI's
 * variables on a detached HEAD) and the CI build's URL. Only the pacts a provider verifies
 * from a broker are published: group-visits-gateway and group-visits-cms; the search pact
 * has no provider team (tests/contract/search.provider.verify.test.ts verifies it here).
 * From pacts/ the script refuses to publish while pacts/ has uncommitted changes.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { type VersionProperties, gitIn, versionProperties } from "./support/ci-version.ts";
import { CONSUMER, PROVIDER_NAMES, VERIFIED_PROVIDERS } from "./support/pact-cli.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const DEFAULT_DIR = join(ROOT, "pacts");
/** The providers whose teams verify from a broker. */
const PUBLISHED = new Set<string>(VERIFIED_PROVIDERS.map((p) => PROVIDER_NAMES[p]));

export interface PactToPublish {
  file: string;
  consumer: string;
  provider: string;
  content: string;
}

/** The pact files of a folder (any JSON with a consumer and a provider name; other JSON, such as provider-states.json, is skipped). */
export function pactsIn(dir: string): PactToPublish[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .flatMap((name) => {
      const file = join(dir, name);
      const content = readFileSync(file, "utf8");
      const pact = JSON.parse(content) as { consumer?: { name?: unknown }; provider?: { name?: unknown } };
      const consumer = pact.consumer?.name;
      const provider = pact.provider?.name;
      return typeof consumer === "string" && typeof provider === "string" ? [{ file, consumer, provider, content }] : [];
    });
}

/** Bearer token first (PactFlow), else basic auth, else none. */
export function authorizationFrom(env: NodeJS.ProcessEnv): string | undefined {
  if (env.PACT_BROKER_TOKEN) return `Bearer ${env.PACT_BROKER_TOKEN}`;
  if (env.PACT_BROKER_USERNAME) {
    return `Basic ${Buffer.from(`${env.PACT_BROKER_USERNAME}:${env.PACT_BROKER_PASSWORD ?? ""}`).toString("base64")}`;
  }
  return undefined;
}

interface Notice { type?: string; text?: string }

async function hal(url: string, authorization: string | undefined, init: { method?: string; body?: unknown } = {}) {
  const response = await fetch(url, {
    method: init.method ?? "GET",
    headers: {
      Accept: "application/hal+json, application/json",
      ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
      ...(authorization ? { Authorization: authorization } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    // Not JSON: reported with the status below.
  }
  return { status: response.status, ok: response.ok, json, text };
}

/** Publishes the pacts as the consumer version, through the broker's publish-contracts resource. */
export async function publish(
  broker: { baseUrl: string; authorization?: string },
  version: VersionProperties,
  pacts: readonly PactToPublish[],
  log: (line: string) => void = console.log,
): Promise<void> {
  const index = await hal(broker.baseUrl.replace(/\/*$/, "/"), broker.authorization);
  if (!index.ok) throw new Error(`GET ${broker.baseUrl}: HTTP ${index.status} ${index.text.slice(0, 300)}`);
  const link = (index.json._links as Record<string, { href?: string }> | undefined)?.["pb:publish-contracts"]?.href;
  if (!link) throw new Error(`${broker.baseUrl} has no pb:publish-contracts relation: it is older than Pact Broker 2.86`);
  const consumers = new Set(pacts.map((p) => p.consumer));
  if (consumers.size !== 1 || !consumers.has(CONSUMER)) throw new Error(`the pacts must all be ${CONSUMER}'s, not ${[...consumers].join(", ")}`);
  const answer = await hal(link, broker.authorization, {
    method: "POST",
    body: {
      pacticipantName: CONSUMER,
      pacticipantVersionNumber: version.version,
      branch: version.branch,
      ...(version.buildUrl ? { buildUrl: version.buildUrl } : {}),
      contracts: pacts.map((p) => ({
        consumerName: p.consumer,
        providerName: p.provider,
        specification: "pact",
        contentType: "application/json",
        content: Buffer.from(p.content, "utf8").toString("base64"),
      })),
    },
  });
  for (const notice of (answer.json.notices as Notice[] | undefined) ?? []) {
    if (notice.text && notice.type !== "debug") log(notice.text);
  }
  if (!answer.ok) {
    const errors = answer.json.errors ? ` ${JSON.stringify(answer.json.errors)}` : answer.json.notices ? "" : ` ${answer.text.slice(0, 300)}`;
    throw new Error(`POST ${link}: HTTP ${answer.status}${errors}`);
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { dir: { type: "string" }, optional: { type: "boolean", default: false } } });
  const env = process.env;
  if (!env.PACT_BROKER_BASE_URL) {
    const say = values.optional ? console.log : console.error;
    say(
      "pact:publish: PACT_BROKER_BASE_URL is not set, so nothing was published.\n" +
        "  Set it to the Pact Broker or PactFlow URL, with PACT_BROKER_TOKEN (or PACT_BROKER_USERNAME and\n" +
        "  PACT_BROKER_PASSWORD). Provider teams can verify the committed pacts/ without a broker: see pacts/README.md.",
    );
    return values.optional ? 0 : 1;
  }
  const git = gitIn(ROOT);
  const dir = values.dir ? resolve(values.dir) : DEFAULT_DIR;
  if (dir === DEFAULT_DIR) {
    const dirty = git("status", "--porcelain", "--untracked-files=all", "--", "pacts");
    if (dirty) {
      console.error(`pact:publish: pacts/ has uncommitted changes; commit them first, so the version (the commit) names these pacts:\n${dirty}`);
      return 1;
    }
  }
  const all = pactsIn(dir);
  const pacts = all.filter((p) => PUBLISHED.has(p.provider));
  for (const p of all.filter((x) => !PUBLISHED.has(x.provider))) console.log(`pact:publish: not publishing the pact with ${p.provider}: no provider verifies it from a broker`);
  if (pacts.length === 0) {
    console.error(`pact:publish: no pact with ${[...PUBLISHED].join(" or ")} in ${dir}`);
    return 1;
  }
  let version: VersionProperties;
  try {
    version = versionProperties(git, env, env.PACT_CONSUMER_BRANCH);
  } catch (error) {
    console.error(`pact:publish: ${(error as Error).message}: set PACT_CONSUMER_BRANCH. A version without a branch is invisible to the mainBranch and matchingBranch selectors providers verify with.`);
    return 1;
  }
  await publish({ baseUrl: env.PACT_BROKER_BASE_URL, authorization: authorizationFrom(env) }, version, pacts);
  console.log(`pact:publish: ${pacts.map((p) => p.provider).join(", ")} published as ${CONSUMER} ${version.version} on branch ${version.branch}${version.buildUrl ? ` (build ${version.buildUrl})` : ""}`);
  return 0;
}

if (import.meta.main) {
  main().then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      console.error(`pact:publish: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    },
  );
}
