import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compareContracts, deprecationFindings, releaseFindings } from "../../scripts/support/contract-compat.ts";
import { parseOpenApiDocument, type JsonObject } from "../../scripts/support/openapi-refs.ts";

// The compatibility rules of contracts/README.md ("Versioning"), on a small document: each
// breaking change is found (with its rule and where it shows), each compatible one is not.

type Doc = any;

function base(): Doc {
  return {
    openapi: "3.1.0",
    info: { title: "Things", version: "1.0.0" },
    security: [{ sessionToken: [] }],
    paths: {
      "/things/{thingId}": {
        parameters: [{ $ref: "#/components/parameters/ThingId" }],
        post: {
          operationId: "updateThing",
          parameters: [
            { name: "kind", in: "query", schema: { type: "string", enum: ["a", "b"] } },
            { name: "X-Trace", in: "header", schema: { type: "string" } },
          ],
          requestBody: {
            required: true,
            content: { "application/json": { schema: { $ref: "#/components/schemas/ThingInput" } } },
          },
          responses: {
            "200": {
              description: "The thing.",
              headers: { "Retry-After": { $ref: "#/components/headers/RetryAfter" } },
              content: { "application/json": { schema: { $ref: "#/components/schemas/Thing" } } },
            },
            "404": { $ref: "#/components/responses/NotFound" },
            default: { $ref: "#/components/responses/Unexpected" },
          },
        },
      },
      "/public": {
        get: {
          operationId: "getPublic",
          security: [],
          responses: {
            "200": {
              description: "Public data.",
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    properties: { when: { oneOf: [{ type: "string", format: "date" }, { type: "null" }] } },
                  },
                },
              },
            },
          },
        },
      },
    },
    components: {
      securitySchemes: { sessionToken: { type: "http", scheme: "bearer" } },
      parameters: {
        ThingId: { name: "thingId", in: "path", required: true, schema: { type: "string", pattern: "^t-" } },
      },
      headers: { RetryAfter: { required: true, schema: { type: "integer", minimum: 0 } } },
      responses: {
        NotFound: {
          description: "Not found.",
          content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } },
        },
        Unexpected: {
          description: "Anything else.",
          content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } },
        },
      },
      schemas: {
        ThingInput: {
          type: "object",
          required: ["name"],
          properties: {
            name: { type: "string", minLength: 1, maxLength: 50, example: "A thing" },
            count: { type: "integer", minimum: 0 },
            tags: { type: "array", items: { type: "string" }, maxItems: 5 },
            when: { oneOf: [{ type: "string", format: "date" }, { type: "integer" }] },
          },
        },
        Thing: {
          allOf: [
            { $ref: "#/components/schemas/ThingSummary" },
            {
              type: "object",
              required: ["status"],
              properties: {
                status: { type: "string", enum: ["open", "closed"] },
                note: { type: ["string", "null"] },
                // Recursive: the check must not loop.
                parts: { type: "array", items: { $ref: "#/components/schemas/Thing" } },
              },
            },
          ],
        },
        ThingSummary: {
          type: "object",
          required: ["id"],
          properties: { id: { type: "string" }, size: { type: "integer", maximum: 10 } },
        },
        Problem: {
          type: "object",
          required: ["code"],
          properties: { code: { type: "string" }, detail: { type: "string" } },
        },
      },
    },
  };
}

const UPDATE = "/paths/~1things~1{thingId}/post";
const SCHEMAS = "/components/schemas";

function changed(mutate: (doc: Doc) => void): JsonObject {
  const doc = base();
  mutate(doc);
  return doc;
}

const findingsAfter = (mutate: (doc: Doc) => void) => compareContracts(base(), changed(mutate));

describe("compareContracts: breaking changes are found", () => {
  const cases: [string, (doc: Doc) => void, string, string, ((doc: Doc) => void)?][] = [
    // name, change, rule, the finding's pointer (where the consumer meets it) or `at` (where it
    // is written), and a change to the base document made on both sides first
    ["an operation removed", (d) => delete d.paths["/public"].get, "operation-removed", "/paths/~1public/get"],
    ["a path renamed", (d) => { d.paths["/public-data"] = d.paths["/public"]; delete d.paths["/public"]; }, "operation-removed", "/paths/~1public/get"],
    ["a method changed", (d) => { d.paths["/public"].put = d.paths["/public"].get; delete d.paths["/public"].get; }, "operation-removed", "/paths/~1public/get"],
    ["an operationId renamed", (d) => (d.paths["/public"].get.operationId = "getPublicData"), "operation-renamed", "/paths/~1public/get/operationId"],
    ["authentication now required", (d) => delete d.paths["/public"].get.security, "security-added", "/paths/~1public/get/security"],
    ["a parameter removed", (d) => d.paths["/things/{thingId}"].post.parameters.splice(0, 1), "parameter-removed", `${UPDATE}/parameters`],
    ["a header parameter removed", (d) => d.paths["/things/{thingId}"].post.parameters.splice(1, 1), "parameter-removed", `${UPDATE}/parameters`],
    ["a path parameter renamed", (d) => {
      d.paths["/things/{id}"] = d.paths["/things/{thingId}"];
      delete d.paths["/things/{thingId}"];
      d.components.parameters.ThingId.name = "id";
    }, "parameter-renamed", "/components/parameters/ThingId/name"],
    ["a required parameter added", (d) => d.paths["/things/{thingId}"].post.parameters.push({ name: "page", in: "query", required: true, schema: { type: "integer" } }), "parameter-added-required", `${UPDATE}/parameters/2`],
    ["an optional parameter made required", (d) => (d.paths["/things/{thingId}"].post.parameters[0].required = true), "parameter-required", `${UPDATE}/parameters/0/required`],
    ["a parameter's serialisation changed", (d) => (d.paths["/things/{thingId}"].post.parameters[0].explode = false), "parameter-serialisation", `${UPDATE}/parameters/0/explode`],
    ["a parameter enum value removed", (d) => (d.paths["/things/{thingId}"].post.parameters[0].schema.enum = ["a"]), "request-narrowed", `${UPDATE}/parameters/0/schema/enum`],
    ["a shared path parameter's pattern changed", (d) => (d.components.parameters.ThingId.schema.pattern = "^thing-"), "request-narrowed", "/components/parameters/ThingId/schema/pattern"],
    ["a required request property added", (d) => d.components.schemas.ThingInput.required.push("count"), "request-narrowed", `${SCHEMAS}/ThingInput/required`],
    ["a request property removed", (d) => delete d.components.schemas.ThingInput.properties.count, "request-property-removed", `${SCHEMAS}/ThingInput/properties/count`],
    ["a request property's type changed", (d) => (d.components.schemas.ThingInput.properties.count.type = "string"), "request-narrowed", `${SCHEMAS}/ThingInput/properties/count/type`],
    ["a request number made an integer", (d) => (d.components.schemas.ThingInput.properties.count.type = "integer"), "request-narrowed", `${SCHEMAS}/ThingInput/properties/count/type`, (d) => (d.components.schemas.ThingInput.properties.count.type = "number")],
    ["a request enum added", (d) => (d.components.schemas.ThingInput.properties.name.enum = ["x"]), "request-narrowed", `${SCHEMAS}/ThingInput/properties/name/enum`],
    ["a request minLength raised", (d) => (d.components.schemas.ThingInput.properties.name.minLength = 3), "request-narrowed", `${SCHEMAS}/ThingInput/properties/name/minLength`],
    ["a request maxLength lowered", (d) => (d.components.schemas.ThingInput.properties.name.maxLength = 20), "request-narrowed", `${SCHEMAS}/ThingInput/properties/name/maxLength`],
    ["a request pattern added", (d) => (d.components.schemas.ThingInput.properties.name.pattern = "^[A-Z]"), "request-narrowed", `${SCHEMAS}/ThingInput/properties/name/pattern`],
    ["a request maxItems lowered", (d) => (d.components.schemas.ThingInput.properties.tags.maxItems = 3), "request-narrowed", `${SCHEMAS}/ThingInput/properties/tags/maxItems`],
    ["a request item type changed", (d) => (d.components.schemas.ThingInput.properties.tags.items.type = "integer"), "request-narrowed", `${SCHEMAS}/ThingInput/properties/tags/items/type`],
    ["a request minimum raised", (d) => (d.components.schemas.ThingInput.properties.count.minimum = 1), "request-narrowed", `${SCHEMAS}/ThingInput/properties/count/minimum`],
    ["request additionalProperties closed", (d) => (d.components.schemas.ThingInput.additionalProperties = false), "request-narrowed", `${SCHEMAS}/ThingInput/additionalProperties`],
    ["a request oneOf alternative removed", (d) => d.components.schemas.ThingInput.properties.when.oneOf.pop(), "request-narrowed", `${SCHEMAS}/ThingInput/properties/when`],
    ["a required request body added", (d) => (d.paths["/public"].get.requestBody = { required: true, content: { "application/json": { schema: { type: "object" } } } }), "request-body-added-required", "/paths/~1public/get/requestBody"],
    ["an optional request body made required", (d) => (d.paths["/things/{thingId}"].post.requestBody.required = true), "request-body-required", `${UPDATE}/requestBody/required`, (d) => (d.paths["/things/{thingId}"].post.requestBody.required = false)],
    ["the request body removed", (d) => delete d.paths["/things/{thingId}"].post.requestBody, "request-body-removed", `${UPDATE}/requestBody`],
    ["a request media type removed", (d) => {
      const body = d.paths["/things/{thingId}"].post.requestBody;
      body.content = { "application/x-www-form-urlencoded": body.content["application/json"] };
    }, "request-media-type-removed", `${UPDATE}/requestBody/content/application~1json`],
    ["a response status removed", (d) => delete d.paths["/things/{thingId}"].post.responses["404"], "response-status-removed", `${UPDATE}/responses/404`],
    ["a response status added with no default to cover it", (d) => (d.paths["/public"].get.responses["409"] = { description: "Conflict." }), "response-status-added", "/paths/~1public/get/responses/409"],
    ["a response status added whose body the default did not allow", (d) => (d.paths["/things/{thingId}"].post.responses["409"] = { description: "Conflict.", content: { "application/problem+json": { schema: { type: "string" } } } }), "response-widened", `${UPDATE}/responses/409/content/application~1problem+json/schema/type`],
    ["a response status added that the default covers, in another media type", (d) => (d.paths["/things/{thingId}"].post.responses["403"] = { description: "Refused by the gateway.", content: { "application/json": { schema: { type: "object", properties: { message: { type: "string" } } } } } }), "response-media-type-added", `${UPDATE}/responses/403/content/application~1json`],
    ["a response property removed (from an allOf part)", (d) => delete d.components.schemas.ThingSummary.properties.size, "response-property-removed", `${SCHEMAS}/ThingSummary/properties/size`],
    ["a response property no longer required", (d) => (d.components.schemas.Thing.allOf[1].required = []), "response-widened", `${SCHEMAS}/Thing/allOf/1/required`],
    ["a response enum value added", (d) => d.components.schemas.Thing.allOf[1].properties.status.enum.push("pending"), "response-widened", `${SCHEMAS}/Thing/allOf/1/properties/status/enum`],
    ["a response enum dropped", (d) => delete d.components.schemas.Thing.allOf[1].properties.status.enum, "response-widened", `${SCHEMAS}/Thing/allOf/1/properties/status/enum`],
    ["a response type widened to null", (d) => (d.components.schemas.ThingSummary.properties.size.type = ["integer", "null"]), "response-widened", `${SCHEMAS}/ThingSummary/properties/size/type`],
    ["a response maximum raised", (d) => (d.components.schemas.ThingSummary.properties.size.maximum = 20), "response-widened", `${SCHEMAS}/ThingSummary/properties/size/maximum`],
    ["a response oneOf alternative added", (d) => d.paths["/public"].get.responses["200"].content["application/json"].schema.properties.when.oneOf.push({ type: "integer" }), "response-widened", "/paths/~1public/get/responses/200/content/application~1json/schema/properties/when/oneOf/2"],
    ["a response header removed", (d) => delete d.paths["/things/{thingId}"].post.responses["200"].headers, "response-header-removed", "/components/headers/RetryAfter"],
    ["a response header no longer required", (d) => (d.components.headers.RetryAfter.required = false), "response-header-optional", "/components/headers/RetryAfter/required"],
    ["a response header's type widened", (d) => (d.components.headers.RetryAfter.schema.type = "string"), "response-widened", "/components/headers/RetryAfter/schema/type"],
    ["a response media type added", (d) => (d.components.responses.NotFound.content["text/html"] = { schema: { type: "string" } }), "response-media-type-added", "/components/responses/NotFound/content/text~1html"],
    ["a response body removed", (d) => delete d.paths["/things/{thingId}"].post.responses["200"].content, "response-body-removed", `${UPDATE}/responses/200/content`],
    ["a change deep in a recursive schema", (d) => (d.components.schemas.Thing.allOf[1].properties.note.type = ["string", "null", "integer"]), "response-widened", `${SCHEMAS}/Thing/allOf/1/properties/note/type`],
    ["an unanalysed keyword changed", (d) => (d.components.schemas.ThingInput.properties.name.not = { const: "x" }), "request-narrowed", `${SCHEMAS}/ThingInput/properties/name/not`],
  ];

  it.each(cases)("%s", (_name, mutate, rule, where, before = () => {}) => {
    const findings = compareContracts(changed(before), changed((d) => { before(d); mutate(d); }));
    expect(findings.map((f) => f.rule)).toContain(rule);
    const match = findings.find((f) => f.rule === rule && (f.pointer === where || f.at === where));
    expect(match, `a ${rule} finding at ${where}; got ${JSON.stringify(findings, null, 2)}`).toBeDefined();
  });

  it("reports where the consumer meets a shared change as well as where it is written", () => {
    const [finding, ...others] = findingsAfter((d) => d.components.schemas.Thing.allOf[1].properties.status.enum.push("pending"));
    expect(others).toHaveLength(0);
    expect(finding).toMatchObject({
      rule: "response-widened",
      pointer: `${UPDATE}/responses/200/content/application~1json/schema/properties/status/enum`,
      at: `${SCHEMAS}/Thing/allOf/1/properties/status/enum`,
      message: 'response: enum value added: "pending"',
    });
  });

  it("says whether a removed operation was deprecated first", () => {
    const [undeprecated] = findingsAfter((d) => delete d.paths["/public"].get);
    expect(undeprecated?.message).toContain("it was not deprecated first");
    const old = changed((d) => Object.assign(d.paths["/public"].get, { deprecated: true, "x-sunset": "2027-06-30" }));
    const [deprecated] = compareContracts(old, changed((d) => delete d.paths["/public"].get));
    expect(deprecated?.message).toContain("(deprecated, x-sunset 2027-06-30)");
  });

  it("finds a response property added where the old schema closed additionalProperties", () => {
    const old = changed((d) => (d.components.schemas.Problem.additionalProperties = false));
    const findings = compareContracts(old, changed((d) => {
      d.components.schemas.Problem.additionalProperties = false;
      d.components.schemas.Problem.properties.hint = { type: "string" };
    }));
    expect(findings.map((f) => f.rule)).toContain("response-widened");
    expect(findings[0]?.message).toContain('property "hint" added where additionalProperties was false');
  });
});

describe("compareContracts: compatible changes are not breaking", () => {
  const cases: [string, (doc: Doc) => void][] = [
    ["nothing", () => {}],
    ["a new operation", (d) => (d.paths["/public"].post = { operationId: "createPublic", responses: { "201": { description: "Created." } } })],
    ["a new optional parameter", (d) => d.paths["/things/{thingId}"].post.parameters.push({ name: "page", in: "query", schema: { type: "integer" } })],
    ["a new optional request property", (d) => (d.components.schemas.ThingInput.properties.colour = { type: "string", enum: ["red"] })],
    ["a request enum value added", (d) => d.paths["/things/{thingId}"].post.parameters[0].schema.enum.push("c")],
    ["a request limit relaxed", (d) => Object.assign(d.components.schemas.ThingInput.properties.name, { minLength: 0, maxLength: 500 })],
    ["a request integer made a number", (d) => (d.components.schemas.ThingInput.properties.count.type = "number")],
    ["a request property made nullable", (d) => (d.components.schemas.ThingInput.properties.count.type = ["integer", "null"])],
    ["a request oneOf alternative added", (d) => d.components.schemas.ThingInput.properties.when.oneOf.push({ type: "null" })],
    ["a new optional request media type", (d) => (d.paths["/things/{thingId}"].post.requestBody.content["application/merge-patch+json"] = { schema: { type: "object" } })],
    ["a new response property", (d) => (d.components.schemas.ThingSummary.properties.colour = { type: "string" })],
    ["a response enum value removed", (d) => (d.components.schemas.Thing.allOf[1].properties.status.enum = ["open"])],
    ["a response oneOf alternative removed", (d) => d.paths["/public"].get.responses["200"].content["application/json"].schema.properties.when.oneOf.pop()],
    ["a response property made required", (d) => d.components.schemas.ThingSummary.required.push("size")],
    ["a new response header", (d) => (d.components.responses.NotFound.headers = { "X-Trace": { schema: { type: "string" } } })],
    ["a new status the default covers, with the same problem body", (d) => (d.paths["/things/{thingId}"].post.responses["429"] = { $ref: "#/components/responses/NotFound" })],
    ["a new status without a body that the default covers", (d) => (d.paths["/things/{thingId}"].post.responses["304"] = { description: "Not modified." })],
    ["descriptions, examples and a summary", (d) => {
      d.info.description = "Now documented.";
      d.paths["/public"].get.summary = "Public data";
      d.components.schemas.ThingInput.properties.name.example = "Another thing";
      d.components.schemas.ThingInput.properties.name.examples = ["One", "Two"];
    }],
    ["a schema split into a shared allOf part", (d) => {
      d.components.schemas.Named = { type: "object", required: ["name"], properties: { name: d.components.schemas.ThingInput.properties.name } };
      const { name: _name, ...rest } = d.components.schemas.ThingInput.properties;
      d.components.schemas.ThingInput = { allOf: [{ $ref: "#/components/schemas/Named" }, { type: "object", properties: rest }] };
    }],
    ["an inline schema moved to a component", (d) => {
      d.components.schemas.PublicData = d.paths["/public"].get.responses["200"].content["application/json"].schema;
      d.paths["/public"].get.responses["200"].content["application/json"].schema = { $ref: "#/components/schemas/PublicData" };
    }],
    ["a path parameter's shared definition inlined", (d) => (d.paths["/things/{thingId}"].parameters = [d.components.parameters.ThingId])],
    ["a deprecation", (d) => Object.assign(d.paths["/public"].get, { deprecated: true, "x-sunset": "2027-06-30" })],
  ];

  it.each(cases)("%s", (_name, mutate) => {
    expect(findingsAfter(mutate)).toEqual([]);
  });
});

describe("deprecationFindings", () => {
  it("wants an x-sunset date beside deprecated: true", () => {
    const doc = changed((d) => {
      d.paths["/public"].get.deprecated = true;
      d.components.schemas.ThingInput.properties.count.deprecated = true;
      d.components.schemas.ThingInput.properties.tags = { ...d.components.schemas.ThingInput.properties.tags, deprecated: true, "x-sunset": "next year" };
    });
    expect(deprecationFindings(doc).map((f) => f.pointer).sort()).toEqual([
      `${SCHEMAS}/ThingInput/properties/count`,
      `${SCHEMAS}/ThingInput/properties/tags`,
      "/paths/~1public/get",
    ]);
  });

  it("accepts a dated deprecation, and reads examples as data", () => {
    const doc = changed((d) => {
      Object.assign(d.paths["/public"].get, { deprecated: true, "x-sunset": "2027-06-30" });
      d.components.schemas.ThingInput.example = { deprecated: true };
    });
    expect(deprecationFindings(doc)).toEqual([]);
  });
});

describe("releaseFindings: the version rule", () => {
  const release = (mutate: (doc: Doc) => void) => releaseFindings(base(), changed(mutate));
  const problems = (mutate: (doc: Doc) => void) => release(mutate).problems.map((p) => p.message);
  const describeIt = (d: Doc) => (d.paths["/public"].get.description = "Now described.");
  const breakIt = (d: Doc) => delete d.paths["/public"].get;

  it("lets an unchanged document keep its version", () => {
    expect(release(() => {})).toEqual({ breaking: [], problems: [], changed: false });
  });

  it("wants a higher version for any change", () => {
    expect(problems(describeIt)).toEqual(["the document changed but info.version is still 1.0.0"]);
    expect(problems((d) => { describeIt(d); d.info.version = "1.0.1"; })).toEqual([]);
  });

  it("wants a higher MAJOR version for a breaking change", () => {
    expect(problems((d) => { breakIt(d); d.info.version = "1.1.0"; })).toEqual([
      "1 breaking change needs a new MAJOR version (released 1.0.0, now 1.1.0)",
    ]);
    const major = release((d) => { breakIt(d); d.info.version = "2.0.0"; });
    expect(major.problems).toEqual([]);
    expect(major.breaking.map((f) => f.rule)).toEqual(["operation-removed"]);
  });

  it("refuses a version that goes down or is not MAJOR.MINOR.PATCH", () => {
    expect(problems((d) => (d.info.version = "0.9.0"))).toEqual(["info.version went down: 1.0.0 → 0.9.0"]);
    expect(problems((d) => (d.info.version = "v2"))[0]).toContain("info.version must be MAJOR.MINOR.PATCH");
  });

  it("counts a deprecation without a sunset date as a problem", () => {
    expect(problems((d) => { d.paths["/public"].get.deprecated = true; d.info.version = "1.1.0"; })).toEqual([
      "deprecated: true needs an x-sunset date (YYYY-MM-DD) beside it",
    ]);
  });
});

describe("the real contracts", () => {
  const ROOT = path.resolve(import.meta.dirname, "../..");
  const parse = (file: string): JsonObject => parseOpenApiDocument(readFileSync(path.join(ROOT, file), "utf8"), file);
  const names = readdirSync(path.join(ROOT, "contracts")).filter((n) => n.endsWith(".yaml")).sort();

  it("each has a released copy", () => {
    expect(names).toEqual(["cms.yaml", "gateway.yaml"]);
    expect(readdirSync(path.join(ROOT, "contracts/released")).filter((n) => n.endsWith(".yaml")).sort()).toEqual(names);
  });

  it.each(names)("%s may follow its released copy", (name) => {
    const { problems } = releaseFindings(parse(`contracts/released/${name}`), parse(`contracts/${name}`));
    expect(problems).toEqual([]);
  });

  it.each(names)("%s: the check reads every operation (removing any one is found)", (name) => {
    const doc = parse(`contracts/${name}`);
    const paths = doc.paths as Record<string, Record<string, unknown>>;
    const operations = Object.entries(paths).flatMap(([p, item]) =>
      Object.keys(item).filter((m) => ["get", "put", "post", "delete", "patch"].includes(m)).map((m) => [p, m] as const),
    );
    expect(operations.length).toBeGreaterThan(10);
    for (const [p, method] of operations) {
      const edited = structuredClone(doc) as Doc;
      delete edited.paths[p][method];
      const findings = compareContracts(doc, edited);
      expect(findings.map((f) => f.rule)).toEqual(["operation-removed"]);
    }
    // One full comparison per operation (about 60 of them): seconds on a loaded machine.
  }, 60_000);
});
