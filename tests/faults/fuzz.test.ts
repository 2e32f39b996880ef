import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { inspect } from "node:util";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DEMO_USER } from "../../mocks/backend";
import { actionRoutes } from "../support/route-table";
import { startApp, type App } from "./support/app";
import { ROOT } from "./support/paths";

// Fuzzed input into every route action of the production build, and into the search
// endpoint: arbitrary form fields (the app's own field names and intents, and any others),
// unicode, huge and missing values, files, repeated keys, every body encoding, document
// and `.data` posts, with and without a logged-in session. Not one answer may be a 5xx.
// Bounded runs (RUNS per action) keep the suite under a minute on two cores; fast-check
// prints the seed and the shrunk input of any failure, to replay it.

const RUNS = Number(process.env.FUZZ_RUNS ?? 100);

/** The names and intent values the app's forms use, read from app/ (new fields are fuzzed too). */
function formVocabulary(): { names: string[]; intents: string[] } {
  const names = new Set<string>(["intent", "idempotencyKey"]);
  const intents = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry) && !/\.test\./.test(entry)) {
        const source = readFileSync(path, "utf8");
        for (const m of source.matchAll(/\bname="([\w.[\]-]+)"/g)) if (m[1]) names.add(m[1]);
        for (const m of source.matchAll(/name="intent" value="([\w-]+)"|intent"?\)? === "([\w-]+)"/g)) {
          const v = m[1] ?? m[2];
          if (v) intents.add(v);
        }
      }
    }
  };
  walk(join(ROOT, "app"));
  return { names: [...names].sort(), intents: [...intents].sort() };
}

const { names: FIELD_NAMES, intents: INTENTS } = formVocabulary();
const HUGE = "x".repeat(1_000_000);
const logged: string[] = [];

const tricky = fc.constantFrom(
  "", " ", "on", "yes", "true", "0", "-1", "1e309", "NaN", "Infinity", "9007199254740993", "2026-02-30", "2026-13-01",
  "__proto__", "constructor", "<script>alert(1)</script>", "javascript:alert(1)", "//evil.example", "/\\evil", "%00", "\u0000",
  "\uD800", "👩‍👩‍👧‍👦", "Ω≈ç√∫", "a@b", "teacher@example.org", "../../etc/passwd", "null", "[]", "{}", "visit", "card", "invoice",
);
const value = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 3, arbitrary: tricky },
  { weight: 2, arbitrary: fc.constantFrom(...INTENTS) },
  { weight: 1, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.string({ minLength: 2_000, maxLength: 20_000 }) },
);
const key = fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...FIELD_NAMES) }, { weight: 1, arbitrary: fc.string({ maxLength: 20 }) });
const field = fc.tuple(key, value, fc.boolean());

const formInput = fc.record({
  fields: fc.array(field, { maxLength: 14 }),
  /** Now and then one field of a megabyte (kept rare: it dominates the run time). */
  huge: fc.option(fc.constantFrom(...FIELD_NAMES), { freq: 12, nil: undefined }),
  encoding: fc.constantFrom("urlencoded", "urlencoded", "multipart", "multipart", "broken multipart", "json", "text", "none"),
  data: fc.boolean(),
  session: fc.boolean(),
});
type FormInput = typeof formInput extends fc.Arbitrary<infer T> ? T : never;

function body(original: FormInput): { body?: BodyInit; headers: Record<string, string> } {
  const input = original.huge ? { ...original, fields: [...original.fields, [original.huge, HUGE, false] as [string, string, boolean]] } : original;
  switch (input.encoding) {
    case "none":
      return { headers: {} };
    case "text":
      return { body: input.fields.map(([k, v]) => `${k}=${v}`).join("\n"), headers: { "Content-Type": "text/plain" } };
    case "json":
      return { body: JSON.stringify(Object.fromEntries(input.fields.map(([k, v]) => [k, v]))), headers: { "Content-Type": "application/json" } };
    case "broken multipart":
      return { body: input.fields.map(([k, v]) => `--b\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}`).join("\r\n"), headers: { "Content-Type": "multipart/form-data; boundary=not-the-one" } };
    case "urlencoded": {
      const params = new URLSearchParams();
      for (const [k, v] of input.fields) params.append(k, v);
      return { body: params, headers: {} };
    }
    case "multipart": {
      const form = new FormData();
      // A field may arrive as a file, as a hostile client can send it.
      for (const [k, v, asFile] of input.fields) {
        if (asFile) form.append(k, new Blob([v]), "upload.txt");
        else form.append(k, v);
      }
      return { body: form, headers: {} };
    }
  }
}

// Loaded before the tests are collected, so each action gets its own test, named by its path.
vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void logged.push(args.map((a) => inspect(a, { depth: 3 })).join(" ")));
// React Router warns about paths it cannot decode (the search fuzz sends some): expected here.
vi.spyOn(console, "warn").mockImplementation(() => {});
// The production time-out: a loaded machine must not turn slow answers into 504s here.
const app: App = await startApp({ timeoutMs: 8_000 });
let cookie = "";
let orderIds: string[] = [];
const statuses = new Map<string, Map<number, number>>();

async function session(): Promise<string> {
  cookie ||= await app.logIn();
  return cookie;
}

/** Concrete paths for a template: known ids and arbitrary ones for each parameter. */
function pathFor(template: string): fc.Arbitrary<string> {
  const segments = template.split("/").filter(Boolean).map((segment) => {
    if (segment === "*") return fc.constantFrom("indexes/*/queries", "indexes/dev_organisations/query", "events");
    const param = /^:(\w+)(\?)?$/.exec(segment);
    if (!param) return fc.constant(segment);
    const [, name, optional] = param;
    const known: Record<string, string[]> = {
      group: ["education", "home-education", "tour-operator", "other-group"],
      orderId: orderIds,
      organisationId: ["org-riverside-primary"],
    };
    const choices = fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...(known[name ?? ""]?.length ? known[name ?? ""]! : ["x"])) },
      { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 30 }).map(encodeURIComponent) },
    );
    return optional ? fc.option(choices, { nil: "" }) : choices;
  });
  return fc.tuple(...segments).map((parts) => `/${parts.filter(Boolean).join("/")}`);
}

beforeAll(async () => {
  vi.spyOn(console, "log").mockImplementation(() => {});
  orderIds = app.embedded.backend.listOrders(DEMO_USER.id, { when: "upcoming" }).items.map((o) => o.id).slice(0, 2);
  // A booking in progress, so the booking steps' actions reach the gateway with a session.
  app.embedded.backend.applyProviderState("the demo user has an open visit basket at step {step}", { basketId: "b-fuzz", step: "review" });
}, 60_000);

afterAll(() => {
  app?.close();
  vi.mocked(console.log).mockRestore();
  const rows = [...statuses].map(([route, counts]) => `${route.padEnd(58)} ${[...counts].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(" ")}  slowest ${Math.round(slowest.get(route)?.ms ?? 0)} ms ${slowest.get(route)?.what}`);
  console.log(`\nFuzzed actions and search endpoint: statuses answered (no 5xx allowed)\n${rows.join("\n")}`);
});

/** Sends one fuzzed request; fails on a 5xx, reading the whole body (errors may come while streaming). */
const slowest = new Map<string, { ms: number; what: string }>();
async function send(label: string, path: string, init: { body?: BodyInit; headers: Record<string, string>; cookie?: string; method?: string }) {
  const started = performance.now();
  const response = await app.request(path, { method: init.method ?? "POST", body: init.body, headers: init.headers, cookie: init.cookie });
  const text = await response.text();
  const ms = performance.now() - started;
  if (ms > (slowest.get(label)?.ms ?? 0)) slowest.set(label, { ms, what: `${path} ${init.headers["Content-Type"] ?? ""} ${response.status} session=${Boolean(init.cookie)}` });
  const counts = statuses.get(label) ?? new Map<number, number>();
  counts.set(response.status, (counts.get(response.status) ?? 0) + 1);
  statuses.set(label, counts);
  // A request that logged the session out (logout, a refused token) needs a new one next time.
  if (response.headers.getSetCookie().some((c) => /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c))) cookie = "";
  if (response.status >= 500) {
    throw new Error(`${init.method ?? "POST"} ${path} answered ${response.status}: ${text.replace(/\s+/g, " ").slice(0, 400)}`);
  }
}

describe("fuzzed form posts into every route action", () => {
  it("finds the actions in the build", () => {
    const templates = actionRoutes(app.build).map((r) => r.template);
    expect(templates).toEqual(expect.arrayContaining(["/login", "/account/user/edit", "/account/book/review", "/newsletter", "/1/*"]));
    expect(templates.length).toBeGreaterThan(20);
  });

  it.each(actionRoutes(app.build).map((r) => [r.template, r] as const))("POST %s", async (_, route) => {
    const label = `POST ${route.template}`;
    await fc.assert(
      fc.asyncProperty(pathFor(route.template), formInput, async (path, input) => {
        const { body: payload, headers } = body(input);
        const target = input.data && !route.template.startsWith("/1/") ? `${path.replace(/\/$/, "") || "/_"}.data` : path;
        await send(label, target, { body: payload, headers, cookie: input.session ? await session() : undefined });
      }),
      { numRuns: RUNS },
    );
  });
});

describe("fuzzed JSON into the search endpoint", () => {
  const credentials = fc.oneof(
    { weight: 4, arbitrary: fc.constant({ "X-Algolia-Application-Id": "embedded", "X-Algolia-API-Key": "embedded-search-key" }) },
    { weight: 1, arbitrary: fc.dictionary(fc.constantFrom("X-Algolia-Application-Id", "X-Algolia-API-Key"), fc.string({ maxLength: 20 })) },
  );
  const params = fc.dictionary(
    fc.oneof(fc.constantFrom("query", "hitsPerPage", "page", "facets", "facetFilters", "numericFilters", "filters", "aroundLatLng", "aroundRadius", "insideBoundingBox", "attributesToRetrieve", "highlightPreTag", "maxValuesPerFacet", "ruleContexts", "clickAnalytics", "analyticsTags", "facetQuery", "maxFacetHits"), fc.string({ maxLength: 12 })),
    fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.string(), tricky),
    { maxKeys: 8 },
  );
  const request = fc.record({
    indexName: fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom("dev_organisations", "dev_organisations_name_asc", "") },
      { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }) },
    ),
    params: fc.oneof(params, params.map((p) => new URLSearchParams(Object.entries(p).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)])).toString()), fc.jsonValue({ maxDepth: 2 })),
    type: fc.option(fc.constantFrom("default", "facet", "other"), { nil: undefined }),
    facet: fc.option(fc.oneof(fc.constantFrom("groupType", "town", "phase"), fc.string({ maxLength: 10 })), { nil: undefined }),
  }, { requiredKeys: [] });
  // Well-formed query parameters with arbitrary text, pages and filters: these reach the engine itself.
  const queryParams = fc.record({
    query: fc.oneof(fc.string({ maxLength: 30 }), fc.string({ unit: "grapheme", maxLength: 30 }), tricky),
    hitsPerPage: fc.integer({ min: 0, max: 100 }),
    page: fc.integer({ min: 0, max: 1_000 }),
    facets: fc.constantFrom('["*"]', '["groupType"]', "[]"),
    facetFilters: fc.oneof(fc.constant("[]"), fc.string({ maxLength: 20 }).map((v) => JSON.stringify([[`groupType:${v}`]]))),
    filters: fc.oneof(fc.constant(""), fc.string({ maxLength: 30 }), fc.constantFrom("groupType:education", "groupType:education AND NOT groupType:other-group", "(a OR")),
    aroundLatLng: fc.oneof(fc.constant(""), fc.tuple(fc.double(), fc.double()).map(([a, b]) => `${a},${b}`)),
    facetQuery: fc.string({ maxLength: 10 }),
  }, { requiredKeys: [] }).map((p) => new URLSearchParams(Object.entries(p).map(([k, v]) => [k, String(v)])).toString());
  const indexName = fc.constantFrom("dev_organisations", "dev_organisations_name_asc", "dev_organisations_size_desc", "dev_organisations_relevant");
  const anyJson = fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v));

  // [path, body]: each endpoint with bodies of its own shape, and with anything at all.
  const call = fc.oneof(
    { weight: 5, arbitrary: fc.tuple(fc.constant("/1/indexes/*/queries"), fc.array(fc.record({ indexName, params: queryParams }), { minLength: 1, maxLength: 3 }).map((requests) => JSON.stringify({ requests }))) },
    { weight: 2, arbitrary: fc.tuple(indexName.map((i) => `/1/indexes/${i}/query`), queryParams.map((params) => JSON.stringify({ params }))) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom("groupType", "town", "name", "%E0%A4%A").map((f) => `/1/indexes/dev_organisations/facets/${f}/query`), queryParams.map((params) => JSON.stringify({ params }))) },
    { weight: 3, arbitrary: fc.tuple(fc.constant("/1/indexes/*/queries"), fc.record({ requests: fc.array(request, { maxLength: 4 }), strategy: fc.option(fc.string(), { nil: undefined }) }, { requiredKeys: [] }).map((b) => JSON.stringify(b))) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom("/1/events", "/1/indexes/*/queries", "/1/indexes/%E0%A4%A/query", "/1/indexes/dev_organisations/query"), fc.oneof(anyJson, fc.string({ unit: "binary", maxLength: 200 }))) },
    { weight: 1, arbitrary: fc.constant(["/1/indexes/*/queries", `{"requests":[{"indexName":"dev_organisations","params":"query=${HUGE.slice(0, 200_000)}"}]}`] as [string, string]) },
  );

  it("answers every query without a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(credentials, call, async (headers, [path, text]) =>
        send("POST /1/indexes/* (search)", path, { body: text, headers: { ...headers, "Content-Type": "text/plain" } }),
      ),
      { numRuns: RUNS * 3 },
    );
  }, 60_000);
});

it("logged no raw exception", () => {
  expect(logged).toEqual([]);
});
