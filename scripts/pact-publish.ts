/**
 * Publishes the committed pacts to a Pact Broker or PactFlow (docs/decisions/
 * 0016-pacts-as-artefacts.md):
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
 *   PACT_CONSUMER_BRANCH     the branch, when git's is unknown (CI checkouts on a detached HEAD)
 *
 * The consumer version is `git rev-parse HEAD` and the branch `git rev-parse --abbrev-ref HEAD`,
 * so a published pact is the one in that commit: from pacts/ the script refuses to publish
 * while pacts/ has uncommitted changes.
 *
 * Uses the broker's HTTP API with fetch rather than the pact-cli binary (the ADR says why):
 *   PUT /pacts/provider/{provider}/consumer/{consumer}/version/{version}   each pact file
 *   PUT /pacticipants/{consumer}/branches/{branch}/versions/{version}     the version's branch
 */
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const DEFAULT_DIR = join(ROOT, "pacts");

export interface PublishTarget {
  brokerBaseUrl: string;
  /** The Authorization header, if the broker needs one. */
  authorization?: string;
  version: string;
  branch?: string;
}

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

async function put(target: PublishTarget, path: string, body: string): Promise<void> {
  const url = `${target.brokerBaseUrl.replace(/\/+$/, "")}${path}`;
  const response = await fetch(url, {
    method: "PUT",
    headers: {
      "Content-Type": "application/json",
      Accept: "application/hal+json, application/json",
      ...(target.authorization ? { Authorization: target.authorization } : {}),
    },
    body,
    signal: AbortSignal.timeout(30_000),
  });
  if (!response.ok) {
    const text = await response.text().catch(() => "");
    throw new Error(`PUT ${url}: HTTP ${response.status} ${text.slice(0, 500)}`);
  }
}

/** Publishes each pact under the version, then records the version's branch. */
export async function publish(target: PublishTarget, pacts: readonly PactToPublish[], log = console.log): Promise<void> {
  const e = encodeURIComponent;
  for (const pact of pacts) {
    await put(target, `/pacts/provider/${e(pact.provider)}/consumer/${e(pact.consumer)}/version/${e(target.version)}`, pact.content);
    log(`published ${pact.consumer} -> ${pact.provider} (version ${target.version})`);
  }
  if (target.branch) {
    for (const consumer of new Set(pacts.map((p) => p.consumer))) {
      await put(target, `/pacticipants/${e(consumer)}/branches/${e(target.branch)}/versions/${e(target.version)}`, "{}");
      log(`${consumer} version ${target.version} is on branch ${target.branch}`);
    }
  }
}

const git = (...args: string[]) => execFileSync("git", args, { cwd: ROOT, encoding: "utf8" }).trim();

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { dir: { type: "string" }, optional: { type: "boolean", default: false } },
  });
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

  const dir = values.dir ? resolve(values.dir) : DEFAULT_DIR;
  if (dir === DEFAULT_DIR) {
    const dirty = git("status", "--porcelain", "--untracked-files=all", "--", "pacts");
    if (dirty) {
      console.error(`pact:publish: pacts/ has uncommitted changes; commit them first, so the version (the commit) names these pacts:\n${dirty}`);
      return 1;
    }
  }
  const pacts = pactsIn(dir);
  if (pacts.length === 0) {
    console.error(`pact:publish: no pact file in ${dir}`);
    return 1;
  }
  const gitBranch = git("rev-parse", "--abbrev-ref", "HEAD");
  const branch = env.PACT_CONSUMER_BRANCH || (gitBranch === "HEAD" ? undefined : gitBranch);
  if (!branch) console.warn("pact:publish: detached HEAD and no PACT_CONSUMER_BRANCH: publishing without a branch");
  await publish(
    { brokerBaseUrl: env.PACT_BROKER_BASE_URL, authorization: authorizationFrom(env), version: git("rev-parse", "HEAD"), branch },
    pacts,
  );
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
