import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppCalls, appProgram, readAppCalls } from "../support/app-calls";
import { type AppReads, readAppReads } from "../support/app-reads";
import { VerificationFailed, verifyPacts } from "../../scripts/support/pact-verification";
import { PROVIDERS, ROOT } from "./support/pact";
import { type PactFile, readPactFile, writeAllPactFiles } from "./support/pact-files";
import { exactAssertions, formatPath } from "./support/pact-assertions";
import { findOverspecified } from "./support/overspecified";

// The pacts assert only what the app needs (docs/decisions/0036-broker-loop-and-portable-pacts.md):
// a value exactly only where the app acts on it (tests/support/app-reads.ts reads which
// fields it acts on, tests/support/app-calls.ts which codes it branches on), no array held to
// its example's length unless the app acts on it, no minimum asked of every element of a list,
// and no id assumed absent without a state saying so. The checks are shown failing on the
// over-specifications they were written for, and their reading of matching rules is checked
// against the Pact verifier's.
//
// Pact files are rewritten first: see support/pact-files.ts for why.

type Interaction = PactFile["interactions"][number];

describe("what the pacts assert against what the app acts on", () => {
  const source = { root: ROOT, appDir: "app", apiDir: "app/api" };
  let reads: AppReads;
  let calls: AppCalls;

  beforeAll(async () => {
    await writeAllPactFiles();
    const program = appProgram(source);
    reads = readAppReads(source, program);
    calls = readAppCalls(source, program);
    // The compiler's two readings take seconds on a quiet machine, minutes on a loaded one.
  }, 600_000);

  it("tells the fields the app acts on from those it only shows", () => {
    expect(reads.fields.size).toBeGreaterThan(200);
    // out[e.field] ??= e.message (app/api/result.server.ts): a key, and a text shown.
    expect(reads.actedOn.has("FieldError.field")).toBe(true);
    expect(reads.fields.has("FieldError.message") && !reads.actedOn.has("FieldError.message")).toBe(true);
    // <OrderList orders={page.items} /> then orders.length === 0: through a component's prop.
    expect(reads.actedOn.has("OrderPage.items")).toBe(true);
    // Compared in a switch or with ===.
    expect(reads.actedOn.has("Basket.nextStep") && reads.actedOn.has("OutreachEligibility.eligible")).toBe(true);
  });

  it.each(PROVIDERS)("the %s pact asserts no value the app does not act on", (provider) => {
    expect(findOverspecified(provider, readPactFile(provider).interactions, reads, calls.branches)).toEqual([]);
  });

  it("reports the over-specifications it was written for", () => {
    const problem = (code: string, extra: Record<string, unknown> = {}) => ({
      type: "https://groups.westridingmuseums.example.org/problems/x", title: "t", status: 422, code, detail: "d", ...extra,
    });
    const typed = (...paths: string[]) => Object.fromEntries(paths.map((p) => [p, { combine: "AND", matchers: [{ match: "type" }] }]));
    const interaction = (description: string, method: string, path: string, status: number, content: unknown, body: Record<string, unknown>): Interaction => ({
      type: "Synchronous/HTTP", description, request: { method, path }, response: { status, body: { content }, matchingRules: { body } as never },
    });
    const found = findOverspecified("gateway", [
      interaction("exact English and exactly one error", "PUT", "/baskets/b/information", 422,
        problem("validation_failed", { errors: [{ field: "adults", message: "Add 1 more adult" }] }), typed("$.type", "$.title", "$.detail", "$.status", "$.code")),
      interaction("a code the app never reads", "POST", "/baskets", 403, { ...problem("kind_not_allowed"), status: 403 }, typed("$.type", "$.title", "$.detail", "$.status")),
      interaction("every activity has a slot", "GET", "/venues/v/activities", 200,
        { venueId: "v", date: "2026-09-15", items: [{ id: "a", slots: [{ id: "s" }] }] },
        { ...typed("$.venueId", "$.date"), "$.items": { combine: "AND", matchers: [{ match: "type", min: 1 }] }, "$.items[*].slots": { combine: "AND", matchers: [{ match: "type", min: 1 }] } } as never),
    ], reads, calls.branches);
    expect(found).toEqual([
      'gateway: "exact English and exactly one error" asserts an array of exactly 1 at $.errors, and the app only reads Problem.errors (shows or passes it on)',
      'gateway: "exact English and exactly one error" asserts $.errors[0].message = "Add 1 more adult", and the app only reads FieldError.message (shows or passes it on)',
      'gateway: "a code the app never reads" asserts code "kind_not_allowed", on which the app does not branch for createBasket',
      'gateway: "every activity has a slot" asks every element for at least 1 at $.items[*].slots (the contract: 0)',
    ]);
  });
});

describe("ids the pacts assume absent", () => {
  beforeAll(() => writeAllPactFiles());

  it.each(PROVIDERS)("every 404 of the %s pact has a state saying what does not exist", (provider) => {
    const unstated = readPactFile(provider).interactions.filter((interaction) => {
      if (interaction.response.status !== 404) return false;
      const request = JSON.stringify([interaction.request.path, (interaction.request as { body?: unknown }).body ?? null]);
      return !(interaction.providerStates ?? []).some((s) =>
        /^no \w+( \w+)? has (id|slug|token)/.test(s.name) && Object.values(s.params ?? {}).some((v) => request.includes(String(v))));
    }).map((i) => i.description);
    expect(unstated).toEqual([]);
  });
});

// exactAssertions against the verifier: one interaction per leaf of a body, each answered
// with that leaf changed (an array: one element more); the verifier must fail exactly those
// whose leaf exactAssertions says is asserted exactly.
describe("the reading of matching rules against the Pact verifier", () => {
  const content = {
    code: "validation_failed",
    title: "Problem title",
    status: 422,
    errors: [{ field: "adults", message: "Add 1 more adult" }],
    tickets: [],
    items: [{ id: "a", tags: ["x"], slots: [{ id: "s", free: true }] }],
    reasons: [{ code: "outside_region", message: "Yorkshire only" }],
  };
  const rules = {
    "$.title": { combine: "AND", matchers: [{ match: "type" }] },
    "$.status": { combine: "AND", matchers: [{ match: "integer" }] },
    "$.tickets": { combine: "AND", matchers: [{ match: "type" }] },
    "$.items": { combine: "AND", matchers: [{ match: "type", min: 1 }] },
    "$.reasons": { combine: "AND", matchers: [{ match: "arrayContains", variants: [{ index: 0, rules: { "$.message": { combine: "AND", matchers: [{ match: "type" }] } } }] }] },
  };
  const leaves: { path: string[]; changed: unknown }[] = [];
  (function walk(value: unknown, path: string[]) {
    if (Array.isArray(value)) {
      leaves.push({ path, changed: [...value, value[0] ?? "more"] });
      value.forEach((v, i) => walk(v, [...path, String(i)]));
    } else if (value && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) walk(v, [...path, k]);
    } else {
      leaves.push({ path, changed: typeof value === "string" ? `${value} (changed)` : typeof value === "number" ? value + 1 : !value });
    }
  })(content, []);
  const changedAt = (path: string[], changed: unknown) => {
    const copy = structuredClone(content) as Record<string, unknown>;
    let node = copy as Record<string, unknown>;
    for (const token of path.slice(0, -1)) node = node[token] as Record<string, unknown>;
    node[path.at(-1)!] = changed;
    return copy;
  };

  let server: Server;
  let dir: string;
  let url: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      const leaf = leaves[Number(req.url?.slice(1))]!;
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify(changedAt(leaf.path, leaf.changed)));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    dir = mkdtempSync(join(tmpdir(), "pact-rules-"));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("fails exactly the changes to what exactAssertions calls exact", async () => {
    const file = join(dir, "pact.json");
    writeFileSync(file, JSON.stringify({
      consumer: { name: "c" },
      provider: { name: "group-visits-gateway" },
      interactions: leaves.map((leaf, i) => ({
        type: "Synchronous/HTTP",
        description: formatPath(leaf.path),
        request: { method: "GET", path: `/${i}` },
        response: { status: 200, headers: { "Content-Type": ["application/json"] }, body: { content, contentType: "application/json", encoded: false }, matchingRules: { body: rules } },
      })),
      metadata: { pactSpecification: { version: "4.0" } },
    }));
    const exact = new Set(exactAssertions(content, rules).map((a) => formatPath(a.path)));
    const error = await verifyPacts({ provider: "gateway", providerBaseUrl: url, source: { files: [file] }, echo: () => {} }).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(VerificationFailed);
    const failed = (error as VerificationFailed).result.interactions.filter((i) => i.result !== "OK").map((i) => i.description).sort();
    expect(failed).toEqual([...exact].sort());
    // Both kinds occur, so the agreement is not vacuous.
    expect([...exact]).toEqual(expect.arrayContaining(["$.code", "$.errors", "$.reasons[0].code"]));
    expect(leaves.length - failed.length).toBeGreaterThan(5);
  });
});
