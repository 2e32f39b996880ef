import { SCHEMA_DOCUMENTS, type Service } from "../../../app/api/validation.server";

type JsonSchema = Record<string, unknown>;

// What a pact interaction's response asserts beyond shape, read from its matching rules as
// Pact's matcher applies them: a rule at a path covers that path and everything under it
// (`$.items` covers `$.items[3].name`; `*` matches any key or index). A value no rule covers
// is compared for equality; an array no rule covers must have exactly the example's length.
// tests/contract/overspecified.test.ts checks what it finds against what the app reads, and
// that this reading agrees with the Pact verifier's.

export type PathToken = string;

interface RuleSet {
  matchers: { match: string; min?: number; max?: number; variants?: { index: number; rules: Record<string, RuleSet> }[] }[];
}

/** `$.a[*].b`, `$['x-y'][0]`, `$.*` as tokens: ["a", "*", "b"], ["x-y", "0"], ["*"]. */
export function parseRulePath(expression: string): PathToken[] {
  const tokens: PathToken[] = [];
  const pattern = /\.([^.[\]]+)|\['([^']*)'\]|\[(\d+|\*)\]/g;
  let match: RegExpExecArray | null;
  let end = 1;
  if (!expression.startsWith("$")) throw new Error(`Not a Pact path expression: ${expression}`);
  while ((match = pattern.exec(expression)) !== null) {
    if (match.index !== end) throw new Error(`Cannot read the Pact path expression ${expression}`);
    tokens.push(match[1] ?? match[2] ?? match[3]!);
    end = pattern.lastIndex;
  }
  if (end !== expression.length) throw new Error(`Cannot read the Pact path expression ${expression}`);
  return tokens;
}

const covers = (rule: PathToken[], path: PathToken[]) =>
  rule.length <= path.length && rule.every((token, i) => token === "*" || token === path[i]);

export interface ExactAssertion {
  path: PathToken[];
  /** A value compared for equality, or an array whose length is fixed. */
  kind: "value" | "length";
  value: unknown;
}

/**
 * The values and array lengths of a response body that no matching rule covers. An
 * `arrayContains` rule asks for elements like each of its variants, which its own rules
 * (relative to the element) cover: those are read in turn.
 */
export function exactAssertions(content: unknown, rules: Record<string, RuleSet> = {}): ExactAssertion[] {
  const parsed = Object.entries(rules).map(([expression, rule]) => ({ path: parseRulePath(expression), rule }));
  const isCovered = (path: PathToken[]) => parsed.some(({ path: rule }) => covers(rule, path));
  const found: ExactAssertion[] = [];
  (function walk(value: unknown, path: PathToken[]) {
    const contains = parsed.find((p) => p.path.join(".") === path.join("."))?.rule.matchers.find((m) => m.match === "arrayContains");
    if (Array.isArray(value) && contains) {
      for (const variant of contains.variants ?? []) {
        for (const inner of exactAssertions(value[variant.index], variant.rules)) found.push({ ...inner, path: [...path, String(variant.index), ...inner.path] });
      }
    } else if (Array.isArray(value)) {
      if (!isCovered(path)) found.push({ path, kind: "length", value: value.length });
      value.forEach((item, index) => walk(item, [...path, String(index)]));
    } else if (value !== null && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) walk(item, [...path, key]);
    } else if (value !== undefined && !isCovered(path)) {
      found.push({ path, kind: "value", value });
    }
  })(content, []);
  return found;
}

/** Rules that ask every element of an array for at least `min` items of its own (a `min` under a `*`). */
export function minimumsForEveryElement(rules: Record<string, RuleSet> = {}): { path: PathToken[]; min: number }[] {
  return Object.entries(rules).flatMap(([expression, rule]) => {
    const path = parseRulePath(expression);
    const min = Math.max(0, ...rule.matchers.map((m) => m.min ?? 0));
    return min > 0 && path.slice(0, -1).includes("*") ? [{ path, min }] : [];
  });
}

export const formatPath = (path: PathToken[]) => `$${path.map((t) => (/^(\d+|\*)$/.test(t) ? `[${t}]` : `.${t}`)).join("")}`;

/** A place in a response schema: the schema there, and the field it is, named as the app-reads reader names fields. */
interface Place {
  schema: JsonSchema;
  /** The nearest named schema ($defs) and the property path from it. */
  owner?: string;
  trail: string[];
}

/** The documented response for a status: the exact code, then its range (4XX), then `default` (as the app's validator picks it). */
function responseSchema(service: Service, operationId: string, status: number): JsonSchema | null | undefined {
  const responses = SCHEMA_DOCUMENTS[service].operations[operationId]?.responses ?? {};
  for (const key of [String(status), `${String(status)[0]}XX`, "default"]) if (key in responses) return responses[key];
  return undefined;
}

function expand(service: Service, place: Place, seen = new Set<JsonSchema>()): Place[] {
  if (seen.has(place.schema)) return [];
  seen.add(place.schema);
  const { schema } = place;
  const out: Place[] = [place];
  const ref = schema.$ref;
  if (typeof ref === "string") {
    const name = ref.replace("#/$defs/", "");
    const target = SCHEMA_DOCUMENTS[service].$defs[name];
    if (target) out.push(...expand(service, { schema: target, owner: name, trail: [] }, seen));
  }
  for (const key of ["allOf", "anyOf", "oneOf"]) {
    for (const part of (schema[key] as JsonSchema[] | undefined) ?? []) out.push(...expand(service, { ...place, schema: part }, seen));
  }
  for (const key of ["then", "else"]) {
    const part = schema[key] as JsonSchema | undefined;
    if (part) out.push(...expand(service, { ...place, schema: part }, seen));
  }
  return out;
}

/** The fields (as "Schema.path") and schemas at a path of an operation's response body. */
export function placesAt(service: Service, operationId: string, status: number, path: PathToken[]): { fields: string[]; schemas: JsonSchema[] } {
  const root = responseSchema(service, operationId, status);
  if (!root) return { fields: [], schemas: [] };
  let places = expand(service, { schema: root, trail: [] });
  let lastWasProperty = false;
  for (const token of path) {
    const next: Place[] = [];
    for (const place of places) {
      const { schema } = place;
      const properties = schema.properties as Record<string, JsonSchema> | undefined;
      if (/^(\d+|\*)$/.test(token) && schema.items && typeof schema.items === "object") {
        next.push(...expand(service, { ...place, schema: schema.items as JsonSchema }));
      } else if (properties?.[token]) {
        next.push(...expand(service, { ...place, schema: properties[token], trail: [...place.trail, token] }));
      }
    }
    lastWasProperty = !/^(\d+|\*)$/.test(token);
    places = next;
  }
  const named = places.filter((p) => p.owner && p.trail.length > 0);
  const fields = lastWasProperty ? [...new Set(named.map((p) => `${p.owner}.${p.trail.join(".")}`))] : [];
  return { fields, schemas: places.map((p) => p.schema) };
}
