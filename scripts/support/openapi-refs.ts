/**
 * The JSON shapes of a parsed OpenAPI document, JSON pointers, and local `$ref` resolution,
 * for the contract compatibility check (scripts/contract-compat.ts, ADR 0017).
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

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
