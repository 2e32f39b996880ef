/**
 * A parsed OpenAPI document: its JSON shapes, JSON pointers and local `$ref` resolution,
 * shared by the type generator, the contract compatibility check (ADR 0017) and the
 * examples test. Parsed with the YAML parser openapi-typescript itself uses, so every
 * reader sees the same document.
 */
import { makeDocumentFromString } from "@redocly/openapi-core";

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A contract's text as a JSON object; `label` names it in errors. */
export function parseOpenApiDocument(text: string, label: string): JsonObject {
  const parsed: unknown = makeDocumentFromString(text, label).parsed;
  if (!isObject(parsed)) throw new Error(`${label} is not an OpenAPI document`);
  return parsed;
}

/** One reference token of a JSON pointer (RFC 6901): `~` as `~0`, `/` as `~1`. */
export const escapeToken = (token: string): string => token.replace(/~/g, "~0").replace(/\//g, "~1");

const unescapeToken = (token: string): string => token.replace(/~1/g, "/").replace(/~0/g, "~");

/** `pointer` extended by one token. */
export const child = (pointer: string, token: string | number): string => `${pointer}/${escapeToken(String(token))}`;

/** The value at a local reference (`#/components/schemas/X`), or undefined. */
export function valueAt(doc: JsonObject, ref: string): Json | undefined {
  if (!ref.startsWith("#")) return undefined;
  let node: Json | undefined = doc;
  for (const token of ref.slice(1).split("/").slice(1).map(unescapeToken)) {
    if (Array.isArray(node)) node = node[Number(token)];
    else if (isObject(node)) node = node[token];
    else return undefined;
  }
  return node;
}

/** A node with its location in the document: the pointer of where it is written. */
export interface Located {
  node: Json;
  /** Where the node is written (a JSON pointer): its own, or that of the last `$ref` followed to reach it. */
  at: string;
}

/**
 * Follows `$ref`s until a node that is not a reference. For the OpenAPI objects that may be
 * references (parameters, request bodies, responses, headers) the siblings of `$ref` are only
 * `summary` and `description`, so dropping them loses nothing the check compares. (Schemas
 * keep their siblings: see schema-compat.ts.) Only local references are supported: our
 * contracts are single files (ADR 0001).
 */
export function resolve(doc: JsonObject, node: Json, at: string): Located {
  const seen = new Set<string>();
  while (isObject(node) && typeof node.$ref === "string") {
    const ref = node.$ref;
    if (seen.has(ref)) throw new Error(`${at}: $ref cycle through ${ref}`);
    seen.add(ref);
    const target = valueAt(doc, ref);
    if (target === undefined) throw new Error(`${at}: cannot resolve $ref ${ref} (only local references are supported)`);
    node = target;
    at = ref.slice(1);
  }
  return { node, at };
}

/** JSON equality of two parsed documents (object key order does not matter). */
export function jsonEqual(a: Json | undefined, b: Json | undefined): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((v, i) => jsonEqual(v, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => k in b && jsonEqual(a[k], b[k]));
  }
  return false;
}

/**
 * A schema with its `#/components/schemas/X` references turned into `#/$defs/X`, so that with
 * the components as `$defs` it compiles on its own (JSON Schema 2020-12). Any other reference
 * in a schema is refused: `label` names the document in the error.
 */
export function rewriteRefs(value: Json, contract: string): Json {
  if (Array.isArray(value)) return value.map((v) => rewriteRefs(v, contract));
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === "$ref" && typeof v === "string") {
      const match = /^#\/components\/schemas\/([^/]+)$/.exec(v);
      if (!match) throw new Error(`${contract}: unsupported $ref ${v} in a schema`);
      out[key] = `#/$defs/${match[1]}`;
    } else out[key] = rewriteRefs(v, contract);
  }
  return out;
}
