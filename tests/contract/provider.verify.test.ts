import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { matchProviderState } from "../../mocks/backend/provider-states";
import { PACT_TOKENS, committedPactFile, verifyInRepoProvider, verifyPacts } from "../../scripts/support/pact-verification";
import { PROVIDERS, pactFile } from "./support/pact";
import { readPactFile, writeAllPactFiles } from "./support/pact-files";

// Provider verification of the in-repo provider: the mock backend (the same msw handlers e2e
// and the embedded default use), served over HTTP, must honour every interaction in the
// pacts. It goes through scripts/support/pact-verification.ts, the code `npm run pact:verify`
// runs against any provider: state changes POSTed to the provider's state change URL (the
// mock's POST /_pact/provider-states), the values they return injected into the requests.
//
// Pact files are rewritten first: see support/pact-files.ts for why.

describe("provider verification of the mock backend", () => {
  beforeAll(() => writeAllPactFiles());

  it("verifies the pact files pact:verify reads (the committed pacts/)", () => {
    for (const provider of PROVIDERS) expect(committedPactFile(provider)).toBe(pactFile(provider));
  });

  describe.each(PROVIDERS)("%s", (provider) => {
    it("names only provider states the mock backend knows", () => {
      const unknown = readPactFile(provider).interactions.flatMap((interaction) =>
        (interaction.providerStates ?? [])
          .filter((s) => s.name === "" || !matchProviderState(s.name))
          .map((s) => `${interaction.description}: "${s.name}"`));
      expect(unknown).toEqual([]);
    });

    it("sends only bearer tokens the verifier can replace, or one no provider issues", () => {
      const tokens = new Set(readPactFile(provider).interactions.flatMap((interaction) => {
        const { headers } = interaction.request as { headers?: Record<string, string[]> };
        return (headers?.Authorization ?? []).map((value) => value.replace(/^Bearer /, ""));
      }));
      // no-such-session: the unknown-session interactions; it must stay invalid at any provider.
      const known = [...Object.values(PACT_TOKENS), "no-such-session"];
      expect([...tokens].filter((t) => !known.includes(t))).toEqual([]);
    });

    it("the mock backend honours every interaction", async () => {
      const [result] = await verifyInRepoProvider([provider]);
      expect(result).toEqual({ provider, interactions: readPactFile(provider).interactions.length });
      console.info(`${provider}: ${result?.interactions} interactions verified against the mock backend`);
    });
  });
});

// The verification code against a provider it has never seen: a tiny HTTP service that
// answers only the replaced token and records the state changes it is sent.
describe("pact:verify's verification against another provider", () => {
  let provider: Server;
  let url: string;
  let dir: string;
  let file: string;
  const stateChanges: unknown[] = [];

  beforeAll(async () => {
    provider = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
      req.on("end", () => {
        if (req.method === "POST" && req.url === "/state-changes") {
          stateChanges.push(JSON.parse(body));
          res.writeHead(200, { "Content-Type": "application/json" });
          return res.end(JSON.stringify({ basketId: "bkt-from-the-provider" }));
        }
        const ok = req.url === "/baskets/bkt-from-the-provider" && req.headers.authorization === "Bearer the-provider's-token";
        res.writeHead(ok ? 200 : 401, { "Content-Type": "application/json" });
        res.end(JSON.stringify(ok ? { id: "bkt-from-the-provider" } : { code: "unauthenticated" }));
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
    dir = mkdtempSync(join(tmpdir(), "pact-verify-"));
    file = join(dir, "group-visits-web-gateway.json");
    // One interaction in the shape the consumer cases write: a path and a body value from a state.
    writeFileSync(file, JSON.stringify({
      consumer: { name: "group-visits-web" },
      provider: { name: "gateway" },
      interactions: [{
        type: "Synchronous/HTTP",
        description: "get a basket",
        providerStates: [{ name: "the demo user has an open visit basket at step {step}", params: { step: "review" } }],
        request: {
          method: "GET",
          path: "/baskets/bkt-example-visit",
          headers: { Authorization: [`Bearer ${PACT_TOKENS.demo}`] },
          generators: { path: { type: "ProviderState", expression: "/baskets/${basketId}" } },
          matchingRules: { path: { combine: "AND", matchers: [{ match: "type" }] } },
        },
        response: {
          status: 200,
          headers: { "Content-Type": ["application/json"] },
          body: { content: { id: "bkt-example-visit" }, contentType: "application/json", encoded: false },
          generators: { body: { "$.id": { type: "ProviderState", expression: "${basketId}" } } },
          matchingRules: { body: { "$.id": { combine: "AND", matchers: [{ match: "type" }] } } },
        },
      }],
      metadata: { pactSpecification: { version: "4.0" } },
    }));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await new Promise<void>((resolve) => provider.close(() => resolve()));
  });

  it("posts each state change as { state, params, action }, injects what setup returns, and replaces the token", async () => {
    const result = await verifyPacts({
      provider: "gateway", providerBaseUrl: url, stateChangeUrl: `${url}/state-changes`, tokens: { demo: "the-provider's-token" }, pactFile: file,
    });
    expect(result).toEqual({ provider: "gateway", interactions: 1 });
    expect(stateChanges).toEqual([
      { state: "the demo user has an open visit basket at step {step}", params: { step: "review" }, action: "setup" },
      { state: "the demo user has an open visit basket at step {step}", params: { step: "review" }, action: "teardown" },
    ]);
  });

  it("fails when the pact's own token reaches the provider", async () => {
    await expect(verifyPacts({ provider: "gateway", providerBaseUrl: url, stateChangeUrl: `${url}/state-changes`, pactFile: file }))
      .rejects.toThrow(/the gateway pact failed verification \(1 interactions\)/);
  });
});
