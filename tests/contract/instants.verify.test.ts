import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MockBackendServer, GATEWAY_PREFIX, PROVIDER_STATES_PATH, serveMockBackendOverHttp } from "../../mocks/http-provider";
import { VerificationFailed, verifyPacts } from "../../scripts/support/pact-verification";
import { RFC3339_DATE_TIME, RFC3339_FULL_DATE } from "./support/matchers";
import { readPactFile, writeAllPactFiles } from "./support/pact-files";

// The pacts accept every instant the contract allows (RFC 3339 date-time), not only the
// reference provider's `Date#toISOString`: the gateway pact is verified against the mock
// backend behind a proxy that re-serialises each instant in its answers, as another
// provider's serialiser would write the same moment. One form outside RFC 3339 must fail,
// in exactly the interactions whose answers carry an instant.
//
// Pact files are rewritten first: see support/pact-files.ts for why.

/** What `Date#toISOString` writes: the only form the reference provider sends. */
const ISO = /^(\d{4}-\d\d-\d\d)T(\d\d):(\d\d):(\d\d)\.(\d{3})Z$/;

type Rewrite = (iso: RegExpExecArray) => string;
const REWRITES: Record<string, Rewrite> = {
  "whole seconds, Z": ([, date, h, m, s]) => `${date}T${h}:${m}:${s}Z`,
  "six fractional digits": ([, date, h, m, s, ms]) => `${date}T${h}:${m}:${s}.${ms}000Z`,
  "+00:00 for Z": ([, date, h, m, s, ms]) => `${date}T${h}:${m}:${s}.${ms}+00:00`,
  "the same moment at +05:30": ([whole]) => {
    const shifted = new Date(Date.parse(whole) + 330 * 60_000).toISOString();
    return `${shifted.slice(0, 23)}+05:30`;
  },
  "lower-case t and z": ([, date, h, m, s, ms]) => `${date}t${h}:${m}:${s}.${ms}z`,
};
/** A local time without an offset, as a serialiser of a zone-less type writes it: not RFC 3339. */
const OUTSIDE: Rewrite = ([, date, h, m, s, ms]) => `${date}T${h}:${m}:${s}.${ms}`;

function rewriteInstants(value: unknown, rewrite: Rewrite, count: { n: number }): unknown {
  if (typeof value === "string") {
    const match = ISO.exec(value);
    if (!match) return value;
    count.n++;
    return rewrite(match);
  }
  if (Array.isArray(value)) return value.map((v) => rewriteInstants(v, rewrite, count));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rewriteInstants(v, rewrite, count)]));
  }
  return value;
}

/** Pact's regex matchers run in Rust; these are the same patterns in JavaScript's dialect, which agrees for these. */
describe("the grammar the instant and date matchers carry", () => {
  it("accepts RFC 3339's own examples (section 5.8) and refuses forms outside it", () => {
    const dateTime = new RegExp(RFC3339_DATE_TIME);
    for (const ok of ["1985-04-12T23:20:50.52Z", "1996-12-19T16:39:57-08:00", "1990-12-31T23:59:60Z", "1990-12-31T15:59:60-08:00", "1937-01-01T12:00:27.87+00:20"]) {
      expect(dateTime.test(ok), ok).toBe(true);
    }
    for (const bad of ["1985-04-12 23:20:50Z", "1985-04-12T23:20:50", "1985-04-12T23:20Z", "1985-04-12T23:20:50+0100", "1985-13-12T23:20:50Z", "85-04-12T23:20:50Z", "1985-04-12T24:00:00Z"]) {
      expect(dateTime.test(bad), bad).toBe(false);
    }
    const fullDate = new RegExp(RFC3339_FULL_DATE);
    expect(["2026-11-27", "2028-02-29"].every((d) => fullDate.test(d))).toBe(true);
    expect(["2026-11-7", "2026-1-27", "26-11-27", "2026-11-27T00:00:00Z", "2026-00-01", "2026-11-32"].some((d) => fullDate.test(d))).toBe(false);
  });
});

describe("the gateway pact against a provider that writes instants its own way", () => {
  let mock: MockBackendServer;
  let proxy: Server;
  let proxyUrl: string;
  let rewrite: Rewrite = (m) => m[0];
  const count = { n: 0 };
  /** The interactions whose answer has an instant, by their matchers. */
  let withInstants: string[];

  beforeAll(async () => {
    await writeAllPactFiles();
    withInstants = readPactFile("gateway").interactions
      .filter((i) => JSON.stringify((i.response as { matchingRules?: unknown }).matchingRules ?? {}).includes(JSON.stringify(RFC3339_DATE_TIME)))
      .map((i) => i.description)
      .sort();
    mock = await serveMockBackendOverHttp();
    proxy = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", async () => {
        const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => name !== "host" && name !== "content-length")) as Record<string, string>;
        const method = req.method ?? "GET";
        const answer = await fetch(`${mock.url}${req.url}`, { method, headers, ...(method === "GET" || method === "HEAD" ? {} : { body: Buffer.concat(chunks) }) });
        const type = answer.headers.get("content-type") ?? "";
        let body = await answer.text();
        if (/json/.test(type) && body) body = JSON.stringify(rewriteInstants(JSON.parse(body), rewrite, count));
        res.writeHead(answer.status, { ...Object.fromEntries(answer.headers), "content-length": String(Buffer.byteLength(body)) });
        res.end(body);
      });
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => proxy?.close(() => resolve()));
    await mock?.close();
  });

  const verify = () => verifyPacts({
    provider: "gateway",
    providerBaseUrl: `${proxyUrl}${GATEWAY_PREFIX}`,
    stateChangeUrl: `${mock.url}${PROVIDER_STATES_PATH}`,
    echo: () => {},
  });

  it("has interactions with instants in their answers", () => {
    expect(withInstants.length).toBeGreaterThan(30);
  });

  it.each(Object.keys(REWRITES))("verifies with instants written with %s", async (name) => {
    rewrite = REWRITES[name]!;
    count.n = 0;
    const result = await verify();
    expect(result.interactions.every((i) => i.result === "OK")).toBe(true);
    // Every interaction with an instant got one rewritten (at least one per answer).
    expect(count.n).toBeGreaterThanOrEqual(withInstants.length);
  });

  it("fails, in exactly the interactions with an instant, when they are written without an offset", async () => {
    rewrite = OUTSIDE;
    const error = await verify().then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(VerificationFailed);
    const failed = (error as VerificationFailed).result.interactions.filter((i) => i.result !== "OK").map((i) => i.description).sort();
    expect(failed).toEqual(withInstants);
  });
});
