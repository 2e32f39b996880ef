import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ROOT } from "./support/pact";

// `npm run pact:publish` (scripts/pact-publish.ts) run as a process against a fake broker on
// the loopback: a node http server that records each call and answers as a broker does.

interface Call { method: string; url: string; authorization?: string; body: string }

const HEAD = execFileSync("git", ["rev-parse", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();
const GIT_BRANCH = execFileSync("git", ["rev-parse", "--abbrev-ref", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();

const pact = (provider: string) =>
  `${JSON.stringify({ consumer: { name: "group-visits-web" }, provider: { name: provider }, interactions: [], metadata: {} }, null, 2)}\n`;

describe("pact:publish against a fake Pact Broker", () => {
  let broker: Server;
  let brokerUrl: string;
  let calls: Call[];
  let answer = 201;
  let dir: string;

  beforeAll(async () => {
    broker = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
      req.on("end", () => {
        calls.push({ method: req.method ?? "", url: req.url ?? "", authorization: req.headers.authorization, body });
        res.writeHead(answer, { "Content-Type": "application/hal+json" });
        res.end(answer < 300 ? "{}" : JSON.stringify({ error: "Unauthorized" }));
      });
    });
    await new Promise<void>((resolve) => broker.listen(0, "127.0.0.1", resolve));
    brokerUrl = `http://127.0.0.1:${(broker.address() as AddressInfo).port}`;
    dir = mkdtempSync(join(tmpdir(), "pact-publish-"));
    writeFileSync(join(dir, "group-visits-web-cms.json"), pact("cms"));
    writeFileSync(join(dir, "group-visits-web-gateway.json"), pact("gateway"));
    // Not a pact: skipped.
    writeFileSync(join(dir, "provider-states.json"), JSON.stringify({ states: [] }));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await new Promise<void>((resolve) => broker.close(() => resolve()));
  });
  beforeEach(() => {
    calls = [];
    answer = 201;
  });

  /** Runs the script with only these PACT_* variables. */
  function run(env: Record<string, string>, args: string[] = ["--dir", dir]) {
    const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("PACT_")));
    return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(process.execPath, ["scripts/pact-publish.ts", ...args], { cwd: ROOT, env: { ...base, ...env } }, (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr }));
    });
  }

  it("without PACT_BROKER_BASE_URL publishes nothing, says why and exits 1 (0 with --optional)", async () => {
    const plain = await run({});
    expect(plain.code).toBe(1);
    expect(plain.stderr).toContain("PACT_BROKER_BASE_URL is not set");
    const optional = await run({}, ["--dir", dir, "--optional"]);
    expect(optional.code).toBe(0);
    expect(optional.stdout).toContain("nothing was published");
    expect(calls).toEqual([]);
  });

  it("PUTs each pact under the commit as consumer version, then the version's branch, with the bearer token", async () => {
    const { code, stderr } = await run({ PACT_BROKER_BASE_URL: `${brokerUrl}/`, PACT_BROKER_TOKEN: "secret-token" });
    expect(stderr).toBe(GIT_BRANCH === "HEAD" ? expect.stringContaining("detached HEAD") : "");
    expect(code).toBe(0);
    const pacts = [
      { method: "PUT", url: `/pacts/provider/cms/consumer/group-visits-web/version/${HEAD}`, authorization: "Bearer secret-token", body: pact("cms") },
      { method: "PUT", url: `/pacts/provider/gateway/consumer/group-visits-web/version/${HEAD}`, authorization: "Bearer secret-token", body: pact("gateway") },
    ];
    const branch = GIT_BRANCH === "HEAD" ? [] : [
      { method: "PUT", url: `/pacticipants/group-visits-web/branches/${encodeURIComponent(GIT_BRANCH)}/versions/${HEAD}`, authorization: "Bearer secret-token", body: "{}" },
    ];
    expect(calls).toEqual([...pacts, ...branch]);
  });

  it("uses basic auth and PACT_CONSUMER_BRANCH when given", async () => {
    const { code } = await run({
      PACT_BROKER_BASE_URL: brokerUrl, PACT_BROKER_USERNAME: "ci", PACT_BROKER_PASSWORD: "pw", PACT_CONSUMER_BRANCH: "release/2026",
    });
    expect(code).toBe(0);
    const basic = `Basic ${Buffer.from("ci:pw").toString("base64")}`;
    expect(calls.map((c) => c.authorization)).toEqual([basic, basic, basic]);
    expect(calls[2]?.url).toBe(`/pacticipants/group-visits-web/branches/release%2F2026/versions/${HEAD}`);
  });

  it("exits 1 with the broker's answer when the broker refuses", async () => {
    answer = 401;
    const { code, stderr } = await run({ PACT_BROKER_BASE_URL: brokerUrl, PACT_BROKER_TOKEN: "wrong" });
    expect(code).toBe(1);
    expect(stderr).toContain("HTTP 401");
    expect(calls).toHaveLength(1);
  });
});
