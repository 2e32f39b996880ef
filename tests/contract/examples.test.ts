import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsPlugin from "ajv-formats";
import { describe, expect, it } from "vitest";
import { isObject, parseOpenApiDocument, resolve as follow, rewriteRefs, type Json, type JsonObject } from "../../scripts/support/openapi-refs.ts";

// Every example in contracts/*.yaml is valid against its schema: media type `example` /
// `examples` (request and response bodies), parameter and header examples, and schema
// `examples`. And every operation has examples where a reader looks for them: its request
// body, its main success response, and at least one 4xx
// (docs/decisions/0015-contract-completeness.md).


const METHODS = ["get", "put", "post", "delete", "patch"];

const load = (contract: string): JsonObject => parseOpenApiDocument(readFileSync(contract, "utf8"), contract);


/** A referenced object (parameter, header, response, media type) followed to its definition. */
function resolve(doc: JsonObject, node: Json): JsonObject {
  const { node: found, at } = follow(doc, node, "#");
  if (!isObject(found)) throw new Error(`${at}: not an object`);
  return found;
}

interface Example {
  where: string;
  schema: Json;
  value: Json;
}

/** The examples of a media type, parameter or header object. */
function examplesOf(holder: JsonObject, doc: JsonObject): Json[] {
  const out: Json[] = [];
  if ("example" in holder) out.push(holder.example ?? null);
  if (isObject(holder.examples)) for (const e of Object.values(holder.examples)) out.push(resolve(doc, e).value ?? null);
  return out;
}

function collect(doc: JsonObject): Example[] {
  const found: Example[] = [];
  const components = isObject(doc.components) ? doc.components : {};
  const fromHolder = (where: string, holder: JsonObject) => {
    for (const value of examplesOf(holder, doc)) found.push({ where, schema: holder.schema ?? {}, value });
  };
  const fromContent = (where: string, content: Json) => {
    if (isObject(content)) for (const [type, media] of Object.entries(content)) fromHolder(`${where} ${type}`, resolve(doc, media));
  };
  for (const [name, schema] of Object.entries(isObject(components.schemas) ? components.schemas : {})) {
    if (isObject(schema) && Array.isArray(schema.examples)) {
      for (const value of schema.examples) found.push({ where: `schema ${name}`, schema: { $ref: `#/components/schemas/${name}` }, value });
    }
  }
  // Schema `examples` nested in properties (e.g. a postcode's examples).
  const nested = (where: string, schema: Json) => {
    if (Array.isArray(schema)) return schema.forEach((s, i) => nested(`${where}/${i}`, s));
    if (!isObject(schema)) return;
    for (const [key, value] of Object.entries(schema)) {
      if (key === "examples" && Array.isArray(value) && where.includes("/properties/")) {
        const { examples: _, ...own } = schema;
        for (const example of value) found.push({ where, schema: own, value: example });
      } else nested(`${where}/${key}`, value);
    }
  };
  nested("#/components/schemas", isObject(components.schemas) ? components.schemas : {});
  for (const [name, p] of Object.entries(isObject(components.parameters) ? components.parameters : {})) fromHolder(`parameter ${name}`, resolve(doc, p));
  for (const [name, h] of Object.entries(isObject(components.headers) ? components.headers : {})) fromHolder(`header ${name}`, resolve(doc, h));
  for (const [name, r] of Object.entries(isObject(components.responses) ? components.responses : {})) fromContent(`response ${name}`, resolve(doc, r).content ?? null);
  for (const [path, item] of Object.entries(isObject(doc.paths) ? doc.paths : {})) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const where = `${String(op.operationId)}`;
      for (const p of [...(Array.isArray(item.parameters) ? item.parameters : []), ...(Array.isArray(op.parameters) ? op.parameters : [])]) {
        if (!isObject(p) || "$ref" in p) continue; // shared parameters are checked once above
        fromHolder(`${where} parameter ${String(p.name)}`, p);
      }
      if (isObject(op.requestBody) && !("$ref" in op.requestBody)) fromContent(`${where} request`, op.requestBody.content ?? null);
      for (const [status, r] of Object.entries(isObject(op.responses) ? op.responses : {})) {
        if (isObject(r) && !("$ref" in r)) fromContent(`${where} ${status}`, r.content ?? null);
      }
      void path;
    }
  }
  return found;
}

const addFormats = ((addFormatsPlugin as unknown as { default?: typeof addFormatsPlugin }).default ?? addFormatsPlugin) as typeof addFormatsPlugin;

function validator(doc: JsonObject, contract: string) {
  const components = isObject(doc.components) ? doc.components : {};
  const defs = rewriteRefs(isObject(components.schemas) ? components.schemas : {}, contract);
  // Strict as app/api/validation.server.ts, except strictRequired: a request's "exactly one
  // of" (oneOf of `required`) names properties its parent declares.
  const ajv = addFormats(new Ajv2020({ strict: true, strictRequired: false, allErrors: true }), ["date", "date-time", "email", "uri"]);
  return (schema: Json, value: Json) => {
    const validate = ajv.compile({ ...(rewriteRefs(schema, contract) as JsonObject), $defs: defs });
    return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || "(root)"} ${e.message ?? ""}`);
  };
}

/** Whether an operation's response (resolved) has an example on every media type it has. */
function hasExamples(doc: JsonObject, response: Json): boolean {
  const content = resolve(doc, response).content;
  if (!isObject(content)) return true; // no body: nothing to show
  return Object.values(content).every((media) => examplesOf(resolve(doc, media), doc).length > 0);
}

describe.each(["gateway", "cms"])("examples in contracts/%s.yaml", (service) => {
  const doc = load(`contracts/${service}.yaml`);
  const examples = collect(doc);

  it("are all valid against their schemas", () => {
    expect(examples.length).toBeGreaterThan(service === "gateway" ? 100 : 20);
    const check = validator(doc, `contracts/${service}.yaml`);
    const invalid = examples.flatMap(({ where, schema, value }) => check(schema, value).map((error) => `${where}: ${error}`));
    expect(invalid).toEqual([]);
  });

  it("cover every operation's request body, main success and a 4xx", () => {
    const missing: string[] = [];
    for (const item of Object.values(isObject(doc.paths) ? doc.paths : {})) {
      if (!isObject(item)) continue;
      for (const method of METHODS) {
        const op = item[method];
        if (!isObject(op)) continue;
        const id = String(op.operationId);
        const body = isObject(op.requestBody) ? resolve(doc, op.requestBody) : undefined;
        if (body && !hasExamples(doc, body)) missing.push(`${id} request body`);
        const responses = Object.entries(isObject(op.responses) ? op.responses : {});
        const success = responses.find(([status]) => /^2\d\d$/.test(status));
        if (!success) missing.push(`${id}: no 2xx`);
        else if (!hasExamples(doc, success[1])) missing.push(`${id} ${success[0]}`);
        const clientErrors = responses.filter(([status]) => /^4\d\d$/.test(status));
        if (!clientErrors.some(([, r]) => isObject(resolve(doc, r).content) && hasExamples(doc, r))) missing.push(`${id} 4xx`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("would catch an invalid example (the check is not vacuous)", () => {
    const check = validator(doc, `contracts/${service}.yaml`);
    expect(check({ $ref: "#/components/schemas/Problem" }, { title: "no type or status" })).not.toEqual([]);
  });
});
