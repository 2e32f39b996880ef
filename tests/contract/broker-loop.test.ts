import { execFile, execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CMS_PREFIX, GATEWAY_PREFIX, type MockBackendServer, PROVIDER_STATES_PATH, serveMockBackendOverHttp } from "../../mocks/http-provider";
import { publish } from "../../scripts/pact-publish";
import { CONSUMER, PROVIDER_NAMES, runPact } from "../../scripts/support/pact-cli";
import { type VerifyOptions, verifyPacts } from "../../scripts/support/pact-verification";
import { type BrokerDouble, startBrokerDouble } from "./support/broker-double";
import { ROOT, pactFile, writePactFile } from "./support/pact";
import { writeAllPactFiles } from "./support/pact-files";
import { searchCases } from "./support/search-cases";

// The broker loop of PactFlow's example consumer and provider, against a broker double that
// answers the Pact Broker's HAL resources (support/broker-double.ts): this consumer publishes
// (npm run pact:publish), a provider verifies what the broker selects for its branch with
// pending and WIP pacts and publishes its results (pact:verify's code, the standard
// verifier), then can-i-deploy and record-deployment (npm run pact:can-i-deploy,
// pact:record-deployment, the Pact CLI's broker client) read and write the matrix.
// Each step is a test; they run in order and build on each other.

const TOKEN = "broker-token";
const HEAD = execFileSync("git", ["rev-parse", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();
const GITHUB_PUSH = {
  GITHUB_ACTIONS: "true", GITHUB_REF_TYPE: "branch", GITHUB_REF_NAME: "main",
  GITHUB_SERVER_URL: "https://github.example", GITHUB_REPOSITORY: "museum/group-visits", GITHUB_RUN_ID: "4242",
};

/** Runs a script of this repository as npm would, with only these CI and broker variables. */
function node(args: string[], env: Record<string, string>) {
  const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(PACT_|GITHUB_|CI_|BUILD|BRANCH_NAME|GIT_BRANCH|CHANGE_BRANCH|BITBUCKET_|CIRCLE_|TRAVIS_|SYSTEM_)/.test(name)));
  return new Promise<{ code: number; output: string }>((resolve) => {
    execFile(process.execPath, args, { cwd: ROOT, env: { ...base, ...env } }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, output: stdout + stderr }));
  });
}

describe("the broker loop against a Pact Broker double", () => {
  let broker: BrokerDouble;
  let mock: MockBackendServer;
  let dir: string;
  const brokerEnv = () => ({ PACT_BROKER_BASE_URL: broker.url, PACT_BROKER_TOKEN: TOKEN });
  const providerVerification = (provider: "gateway" | "cms", version: string, branch: string): VerifyOptions => ({
    provider,
    providerBaseUrl: `${mock.url}${provider === "gateway" ? GATEWAY_PREFIX : CMS_PREFIX}`,
    stateChangeUrl: `${mock.url}${PROVIDER_STATES_PATH}`,
    source: { brokerUrl: broker.url, auth: { token: TOKEN }, enablePending: true, includeWipPactsSince: "2026-01-01" },
    providerVersion: { version, branch, buildUrl: "https://ci.example/provider/1" },
    publish: true,
    echo: () => {},
  });
  const canIDeploy = (environment: string) => node(["scripts/pact-broker.ts", "can-i-deploy", "--to-environment", environment], brokerEnv());

  beforeAll(async () => {
    await writeAllPactFiles();
    await writePactFile("search", searchCases);
    dir = mkdtempSync(join(tmpdir(), "pact-broker-loop-"));
    for (const provider of ["gateway", "cms", "search"] as const) copyFileSync(pactFile(provider), join(dir, `${CONSUMER}-${PROVIDER_NAMES[provider]}.json`));
    broker = await startBrokerDouble({ token: TOKEN });
    mock = await serveMockBackendOverHttp();
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await broker?.close();
    await mock?.close();
  });

  it("publishes through pb:publish-contracts with the branch and build URL from CI, not the search pact", async () => {
    const { code, output } = await node(["scripts/pact-publish.ts", "--dir", dir], { ...brokerEnv(), ...GITHUB_PUSH });
    expect(code, output).toBe(0);
    expect(output).toContain("not publishing the pact with group-visits-search");
    expect(broker.requests.map((r) => `${r.method} ${r.path}`)).toEqual(["GET /", "POST /contracts/publish"]);
    const body = broker.requests[1]!.body as { contracts: { providerName: string; content: string }[] } & Record<string, unknown>;
    expect(broker.requests[1]!.authorization).toBe(`Bearer ${TOKEN}`);
    expect(body).toMatchObject({
      pacticipantName: CONSUMER, pacticipantVersionNumber: HEAD, branch: "main", buildUrl: "https://github.example/museum/group-visits/actions/runs/4242",
    });
    expect(body.contracts.map((c) => c.providerName)).toEqual([PROVIDER_NAMES.cms, PROVIDER_NAMES.gateway]);
    expect(JSON.parse(Buffer.from(body.contracts[1]!.content, "base64").toString("utf8"))).toEqual(JSON.parse(readFileSync(pactFile("gateway"), "utf8")));
    expect(broker.store.pacticipants.get(CONSUMER)?.mainBranch).toBe("main");
  });

  it("refuses the same version with other content, as a broker does", async () => {
    const gateway = JSON.parse(readFileSync(pactFile("gateway"), "utf8")) as { interactions: unknown[] };
    const changed = { file: "", consumer: CONSUMER, provider: PROVIDER_NAMES.gateway, content: JSON.stringify({ ...gateway, interactions: gateway.interactions.slice(1) }) };
    await expect(publish({ baseUrl: broker.url, authorization: `Bearer ${TOKEN}` }, { version: HEAD, branch: "main" }, [changed], () => {}))
      .rejects.toThrow(/HTTP 409/);
  });

  it("a provider verifies what the broker selects for its branch and publishes its results", async () => {
    broker.requests.length = 0;
    for (const provider of ["gateway", "cms"] as const) {
      const result = await verifyPacts(providerVerification(provider, `${provider}-v1`, "main"));
      expect(result.interactions.length).toBeGreaterThan(5);
    }
    const selection = broker.requests.find((r) => r.method === "POST" && r.path === `/pacts/provider/${PROVIDER_NAMES.gateway}/for-verification`);
    expect(selection?.body).toMatchObject({
      consumerVersionSelectors: [{ mainBranch: true }, { matchingBranch: true }, { deployedOrReleased: true }],
      providerVersionBranch: "main", includePendingStatus: true, includeWipPactsSince: "2026-01-01",
    });
    const results = broker.store.verifications.map((v) => ({ provider: v.provider, version: v.providerVersion, success: v.success }));
    expect(results).toEqual([
      { provider: PROVIDER_NAMES.gateway, version: "gateway-v1", success: true },
      { provider: PROVIDER_NAMES.cms, version: "cms-v1", success: true },
    ]);
    expect(broker.store.findVersion(PROVIDER_NAMES.gateway, "gateway-v1")?.branch).toBe("main");
  });

  it("npm run pact:verify takes the broker, the provider's version and branch, and publishes", async () => {
    const { code, output } = await node(["--import", "./scripts/support/ts-resolve.ts", "scripts/pact-verify.ts",
      "--provider", "cms", "--provider-base-url", `${mock.url}${CMS_PREFIX}`, "--state-change-url", `${mock.url}${PROVIDER_STATES_PATH}`,
      "--broker-url", broker.url, "--provider-version", "cms-v1b", "--provider-branch", "main", "--publish"], { PACT_BROKER_TOKEN: TOKEN });
    expect(code, output).toBe(0);
    expect(output.trim().split("\n").at(-1)).toMatch(/^pact:verify: group-visits-cms: \d+ interactions verified against http:\/\/.+ \(results published\)$/);
    expect(broker.store.verifications.at(-1)).toMatchObject({ provider: PROVIDER_NAMES.cms, providerVersion: "cms-v1b", success: true });
  });

  it("can-i-deploy answers no while a provider is not in the environment, yes once verified versions are", async () => {
    const before = await canIDeploy("production");
    expect(before.code, before.output).toBe(1);
    expect(before.output).toContain(`the version of ${PROVIDER_NAMES.gateway} currently in production (no version is currently recorded as deployed`);
    for (const [provider, version] of [[PROVIDER_NAMES.gateway, "gateway-v1"], [PROVIDER_NAMES.cms, "cms-v1"]] as const) {
      const recorded = await runPact(["broker", "record-deployment", "--pacticipant", provider, "--version", version, "--environment", "production", "--broker-base-url", broker.url, "--broker-token", TOKEN]);
      expect(recorded.code, recorded.output).toBe(0);
    }
    const after = await canIDeploy("production");
    expect(after.code, after.output).toBe(0);
    expect(after.output).toContain("All required verification results are published and successful");
  });

  it("can-i-deploy answers no when a provider version that never verified this consumer is deployed", async () => {
    const recorded = await runPact(["broker", "record-deployment", "--pacticipant", PROVIDER_NAMES.cms, "--version", "cms-v1", "--environment", "test", "--broker-base-url", broker.url, "--broker-token", TOKEN]);
    expect(recorded.code, recorded.output).toBe(0);
    broker.store.version(PROVIDER_NAMES.gateway, "gateway-v2", "main");
    broker.store.recordDeployment(PROVIDER_NAMES.gateway, "gateway-v2", broker.store.environments.find((e) => e.name === "test")!);
    const answer = await canIDeploy("test");
    expect(answer.code, answer.output).toBe(1);
    expect(answer.output).toContain(`There is no verified pact between ${CONSUMER} (${HEAD}) and ${PROVIDER_NAMES.gateway} (gateway-v2)`);
  });

  it("record-deployment makes the deployed consumer version one a provider's deployedOrReleased selector verifies", async () => {
    const recorded = await node(["scripts/pact-broker.ts", "record-deployment", "--environment", "production"], brokerEnv());
    expect(recorded.code, recorded.output).toBe(0);
    // A newer consumer version on main: the main branch selector takes it, deployedOrReleased the deployed one.
    const gateway = JSON.parse(readFileSync(pactFile("gateway"), "utf8")) as { interactions: unknown[] };
    await publish({ baseUrl: broker.url, authorization: `Bearer ${TOKEN}` }, { version: "consumer-v2", branch: "main" },
      [{ file: "", consumer: CONSUMER, provider: PROVIDER_NAMES.gateway, content: JSON.stringify({ ...gateway, interactions: gateway.interactions.slice(0, 5) }) }], () => {});
    const selected = broker.store.forVerification(PROVIDER_NAMES.gateway, { consumerVersionSelectors: [{ mainBranch: true }, { deployedOrReleased: true }] });
    expect(selected.map((s) => s.publication.consumerVersion).sort()).toEqual([HEAD, "consumer-v2"].sort());
  });

  it("a consumer branch's new pact is verified as work in progress: its failure is reported, not failing the provider's build", async () => {
    const gateway = JSON.parse(readFileSync(pactFile("gateway"), "utf8")) as { interactions: { response: { status: number } }[] };
    const [first] = gateway.interactions;
    const broken = { ...gateway, interactions: [{ ...first, response: { ...first!.response, status: 299 } }] };
    await publish({ baseUrl: broker.url, authorization: `Bearer ${TOKEN}` }, { version: "consumer-feature-1", branch: "feature/new-thing" },
      [{ file: "", consumer: CONSUMER, provider: PROVIDER_NAMES.gateway, content: JSON.stringify(broken) }], () => {});
    const result = await verifyPacts(providerVerification("gateway", "gateway-v3", "main"));
    expect(result.pendingFailures.length).toBe(1);
    // Its failed result is published; the pacts the selectors chose passed and stay verified.
    expect(broker.store.verifications.filter((v) => v.providerVersion === "gateway-v3").map((v) => v.success).sort()).toEqual([false, true, true]);
    expect(broker.store.isPending(PROVIDER_NAMES.gateway, broker.store.publications.at(-1)!.sha, "main")).toBe(true);
  });

  it("was asked for nothing the double does not serve", () => {
    expect(broker.requests.filter((r) => r.status === 404 || r.status === undefined).map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });
});
