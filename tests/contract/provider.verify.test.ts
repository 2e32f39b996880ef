import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { matchProviderState } from "../../mocks/backend/provider-states";
import { CONSUMER, PROVIDER_NAMES } from "../../scripts/support/pact-cli";
import { VerificationFailed, committedPactFile, verifyInRepoProvider, verifyPacts } from "../../scripts/support/pact-verification";
import { PROVIDERS, pactFile } from "./support/pact";
import { readPactFile, writeAllPactFiles } from "./support/pact-files";

// Provider verification of the in-repo provider: the mock backend (the same msw handlers e2e
// and the embedded default use), served over HTTP, must honour every interaction in the
// pacts. It goes through scripts/support/pact-verification.ts, the code `npm run pact:verify`
// runs against any provider: the standard Pact verifier, state changes POSTed to the
// provider's state change URL (the mock's POST /_pact/provider-states), the values they
// return injected into the requests, the session token among them (the mock issues its own).
//
// Pact files are rewritten first: see support/pact-files.ts for why.

const quiet = () => {};

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

    it("sends a session token only from a login state of the interaction, or one no provider issues", () => {
      const wrong = readPactFile(provider).interactions.flatMap((interaction) => {
        const request = interaction.request as { headers?: Record<string, string[]>; generators?: { header?: Record<string, { type: string; expression: string }> } };
        const sent = request.headers?.Authorization;
        if (!sent) return [];
        const injected = request.generators?.header?.Authorization;
        const loggedIn = (interaction.providerStates ?? []).some((s) => / is logged in$/.test(s.name));
        const ok = (injected?.type === "ProviderState" && injected.expression === "Bearer ${token}" && loggedIn) ||
          (sent.join() === "Bearer no-such-session" && !injected);
        return ok ? [] : [`${interaction.description}: ${sent.join()}`];
      });
      expect(wrong).toEqual([]);
    });

    it("the mock backend honours every interaction", async () => {
      const [result] = await verifyInRepoProvider([provider], { echo: quiet });
      const described = readPactFile(provider).interactions.map((i) => i.description).sort();
      expect(result?.interactions.map((i) => i.description).sort()).toEqual(described);
      expect(result?.interactions.filter((i) => i.result !== "OK")).toEqual([]);
      console.info(`${PROVIDER_NAMES[provider]}: ${result?.interactions.length} interactions verified against the mock backend`);
    });
  });
});

// The verification code against a provider it has never seen: a tiny HTTP service that issues
// its own session token in its login state, answers only that token, and records the state
// changes it is sent. One of its states can be made to fail while its API still answers.
describe("pact:verify's verification against another provider", () => {
  let provider: Server;
  let url: string;
  let dir: string;
  let file: string;
  const stateChanges: unknown[] = [];
  let failingState: string | undefined;

  beforeAll(async () => {
    provider = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
      req.on("end", () => {
        if (req.method === "POST" && req.url === "/state-changes") {
          const change = JSON.parse(body) as { state: string; action: string };
          stateChanges.push(change);
          const fails = change.action === "setup" && change.state === failingState;
          res.writeHead(fails ? 400 : 200, { "Content-Type": "application/json" });
          return res.end(JSON.stringify(fails ? { error: "no such fixture" } : { token: "the-provider's-own-token", basketId: "bkt-from-the-provider" }));
        }
        const ok = req.url === "/baskets/bkt-from-the-provider" && req.headers.authorization === "Bearer the-provider's-own-token";
        res.writeHead(ok ? 200 : 401, { "Content-Type": "application/json" });
        res.end(JSON.stringify(ok ? { id: "bkt-from-the-provider" } : { code: "unauthenticated" }));
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
    dir = mkdtempSync(join(tmpdir(), "pact-verify-"));
    file = join(dir, `${CONSUMER}-${PROVIDER_NAMES.gateway}.json`);
    // One interaction in the shape the consumer cases write: the token and the path from the states.
    writeFileSync(file, JSON.stringify({
      consumer: { name: CONSUMER },
      provider: { name: PROVIDER_NAMES.gateway },
      interactions: [{
        type: "Synchronous/HTTP",
        description: "get a basket",
        providerStates: [
          { name: "the demo user is logged in" },
          { name: "the demo user has an open visit basket at step {step}", params: { step: "review" } },
        ],
        request: {
          method: "GET",
          path: "/baskets/bkt-example-visit",
          headers: { Authorization: ["Bearer pact-demo-session-token"] },
          generators: {
            path: { type: "ProviderState", expression: "/baskets/${basketId}" },
            header: { Authorization: { type: "ProviderState", expression: "Bearer ${token}" } },
          },
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

  const verify = () => verifyPacts({
    provider: "gateway", providerBaseUrl: url, stateChangeUrl: `${url}/state-changes`, source: { files: [file] }, echo: quiet,
  });

  it("posts each state change as { state, params, action } and injects what setup returns, the session token included", async () => {
    stateChanges.length = 0;
    failingState = undefined;
    const result = await verify();
    expect(result.interactions).toEqual([{ description: "get a basket", result: "OK" }]);
    expect(stateChanges).toEqual([
      { state: "the demo user is logged in", params: {}, action: "setup" },
      { state: "the demo user has an open visit basket at step {step}", params: { step: "review" }, action: "setup" },
      { state: "the demo user is logged in", params: {}, action: "teardown" },
      { state: "the demo user has an open visit basket at step {step}", params: { step: "review" }, action: "teardown" },
    ]);
  });

  it("fails an interaction whose state setup failed, although the provider answers it as the pact expects", async () => {
    failingState = "the demo user has an open visit basket at step {step}";
    const error = await verify().then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(VerificationFailed);
    const { result, message } = error as VerificationFailed;
    expect(message).toContain("1 of 1 interactions failed verification");
    expect(result.interactions.map((i) => i.result)).not.toContain("OK");
    expect(result.output).toContain("setup state change handlers has failed");
  });
});
