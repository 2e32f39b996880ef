import { type ChildProcess, execFile, spawn } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publish } from "../../scripts/pact-publish";
import { CONSUMER, PROVIDER_NAMES } from "../../scripts/support/pact-cli";
import { type BrokerDouble, startBrokerDouble } from "./support/broker-double";
import { ROOT, pactFile } from "./support/pact";
import { writeAllPactFiles } from "./support/pact-files";

// examples/provider-verification/ as a provider team runs it from its own repository: its
// verify.mjs, with only its environment, against the reference provider (scripts/mock-backend.ts,
// a process of its own) and the pacts a broker double holds (support/broker-double.ts).

const EXAMPLE = join(ROOT, "examples", "provider-verification");
const TOKEN = "provider-team-token";

describe("examples/provider-verification", () => {
  let broker: BrokerDouble;
  let provider: ChildProcess;
  let providerUrl: string;

  beforeAll(async () => {
    await writeAllPactFiles();
    broker = await startBrokerDouble({ token: TOKEN });
    await publish({ baseUrl: broker.url, authorization: `Bearer ${TOKEN}` }, { version: "web-1", branch: "main" },
      (["gateway", "cms"] as const).map((p) => ({ file: pactFile(p), consumer: CONSUMER, provider: PROVIDER_NAMES[p], content: readFileSync(pactFile(p), "utf8") })), () => {});
    provider = spawn(process.execPath, ["--import", "./scripts/support/ts-resolve.ts", "scripts/mock-backend.ts"], { cwd: ROOT, env: { ...process.env, PORT: "0" }, stdio: ["ignore", "pipe", "inherit"] });
    providerUrl = await new Promise<string>((resolve, reject) => {
      let out = "";
      provider.stdout!.on("data", (chunk: Buffer) => {
        out += chunk.toString("utf8");
        const url = /"url":"(http:\/\/[^"]+)"/.exec(out)?.[1];
        if (url) resolve(url);
      });
      provider.once("exit", (code) => reject(new Error(`the reference provider exited (${code}): ${out}`)));
    });
  }, 120_000);
  afterAll(async () => {
    if (provider && provider.exitCode === null) {
      const exited = new Promise((resolve) => provider.once("exit", resolve));
      provider.kill("SIGTERM");
      await exited;
    }
    await broker?.close();
  });

  it("imports nothing but Node's own modules and the Pact CLI", () => {
    const specifiers = readdirSync(EXAMPLE).filter((f) => /\.[cm]?js$/.test(f)).flatMap((f) =>
      [...readFileSync(join(EXAMPLE, f), "utf8").matchAll(/(?:from\s+|import\(|require\)?\()\s*["']([^"']+)["']/g)].map((m) => m[1]!));
    expect(specifiers.length).toBeGreaterThan(0);
    expect(specifiers.filter((s) => !s.startsWith("node:") && !s.startsWith("@pact-foundation/pact-cli"))).toEqual([]);
  });

  it("verifies the gateway from the broker and publishes the results under the provider's version and branch", async () => {
    const run = await new Promise<{ code: number; output: string }>((resolve) => {
      execFile(process.execPath, ["verify.mjs"], {
        cwd: EXAMPLE,
        env: {
          PATH: process.env.PATH ?? "",
          PACT_BROKER_BASE_URL: broker.url, PACT_BROKER_TOKEN: TOKEN,
          PACT_PROVIDER_NAME: PROVIDER_NAMES.gateway,
          PROVIDER_BASE_URL: `${providerUrl}/gateway`, PROVIDER_STATE_CHANGE_URL: `${providerUrl}/_pact/provider-states`,
          GIT_COMMIT: "gateway-abc123", GIT_BRANCH: "main",
          PACT_BROKER_PUBLISH_VERIFICATION_RESULTS: "true",
        },
      }, (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, output: stdout + stderr }));
    });
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain(`Verifying a pact between ${CONSUMER} and ${PROVIDER_NAMES.gateway}`);
    expect(run.output).not.toContain("\u001b[");
    expect(broker.store.verifications.map((v) => ({ provider: v.provider, version: v.providerVersion, success: v.success }))).toEqual([
      { provider: PROVIDER_NAMES.gateway, version: "gateway-abc123", success: true },
    ]);
    expect(broker.store.findVersion(PROVIDER_NAMES.gateway, "gateway-abc123")?.branch).toBe("main");
  });
});
