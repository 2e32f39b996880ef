/**
 * Compares an old and a new JSON schema (OpenAPI 3.1 = JSON Schema 2020-12) in one direction
 * and reports what would break a consumer written against the old one (contracts/README.md,
 * "Versioning"; ADR 0017):
 *
 * - request schemas (the consumer writes): the new schema must accept every value the old one
 *   accepted, so a narrowing is breaking;
 * - response schemas (the consumer reads and validates, ADR 0009): the new schema may only
 *   allow values the old one allowed, so a widening is breaking.
 *
 * Both are one test, "is every value of the wider side still a value of the narrower side",
 * with the sides swapped: for a request the old schema is the wider side, for a response the
 * new one. Removing a property is breaking in both directions (the consumer sends or reads it).
 */
import { child, isObject, jsonEqual, valueAt, type Json, type JsonObject } from "./openapi-refs.ts";

export type Direction = "request" | "response";

export interface Finding {
  /** The change as the consumer meets it: a JSON pointer from the document root through the operation. */
  pointer: string;
  /** Where the change is written, after `$ref`s: a pointer into the new document (the old one for a removal). */
  at: string;
  /** The policy rule, e.g. `request-narrowed`, `response-widened`, `operation-removed`. */
  rule: string;
  message: string;
}

/** Where two compared nodes are: the pointer through the operation, and where each is written. */
export interface Place {
  pointer: string;
  oldAt: string;
  newAt: string;
}

export const childPlace = (place: Place, ...tokens: (string | number)[]): Place =>
  tokens.reduce<Place>(
    (p, t) => ({ pointer: child(p.pointer, t), oldAt: child(p.oldAt, t), newAt: child(p.newAt, t) }),
    place,
  );

// ---- Normal form: `$ref` and `allOf` folded into one schema --------------------------------

/** A schema with its `$ref` and `allOf` merged in, and where each of its keywords and properties is written. */
interface Normal {
  /** `false`: the schema that allows nothing. `true` and a missing schema become `{}`. */
  schema: JsonObject | false;
  at: string;
  keyAt: Record<string, string>;
  propertyAt: Record<string, string>;
  /** For each required property name, the `required` list that names it. */
  requiredAt: Record<string, string>;
}

const ANNOTATIONS = new Set(["description", "title", "summary", "example", "examples", "deprecated", "default", "$comment", "externalDocs", "readOnly", "writeOnly"]);
const isAnnotation = (key: string) => ANNOTATIONS.has(key) || key.startsWith("x-");

const LOWER_BOUNDS = ["minLength", "minItems", "minProperties", "minimum", "exclusiveMinimum"] as const;
const UPPER_BOUNDS = ["maxLength", "maxItems", "maxProperties", "maximum", "exclusiveMaximum"] as const;
/** Keywords whose value must stay the same on the narrower side. */
const EXACT = ["pattern", "format", "multipleOf"] as const;
/**
 * Keywords the check does not analyse: any change to them is reported as breaking in both
 * directions (conservative), so a contract using them is never let through unread.
 */
const UNANALYSED = [
  "not", "if", "then", "else", "patternProperties", "dependentRequired", "dependentSchemas", "propertyNames",
  "contains", "minContains", "maxContains", "unevaluatedItems", "contentEncoding", "contentMediaType",
  "contentSchema", "discriminator", "$dynamicRef",
] as const;
/** Subschemas two `allOf` parts can both constrain: they merge as an `allOf` of the two. */
const SUBSCHEMAS = ["items", "additionalProperties", "unevaluatedProperties"] as const;

const ownPart = (node: JsonObject, at: string): Normal => {
  const schema: JsonObject = {};
  const keyAt: Record<string, string> = {};
  const propertyAt: Record<string, string> = {};
  const requiredAt: Record<string, string> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "$ref" || key === "allOf") continue;
    // `const: x` is `enum: [x]` for every rule below.
    if (key === "const") {
      schema.enum = [value];
      keyAt.enum = at;
      continue;
    }
    schema[key] = value;
    keyAt[key] = at;
  }
  if (isObject(schema.properties)) {
    for (const name of Object.keys(schema.properties)) propertyAt[name] = child(child(at, "properties"), name);
  }
  if (Array.isArray(schema.required)) for (const name of schema.required) requiredAt[String(name)] = child(at, "required");
  return { schema, at, keyAt, propertyAt, requiredAt };
};

function typeList(value: Json | undefined): string[] | undefined {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string");
  return undefined;
}

/** The values both type lists allow (`integer` is within `number`). */
function intersectTypes(a: string[], b: string[]): string[] {
  const inB = (t: string) => b.includes(t) || (t === "integer" && b.includes("number"));
  const inA = (t: string) => a.includes(t) || (t === "integer" && a.includes("number"));
  return [...new Set([...a.filter(inB), ...b.filter(inA)])];
}

function mergeSubschema(a: Json, b: Json): Json {
  if (a === false || b === false) return false;
  if (a === true) return b;
  if (b === true) return a;
  return { allOf: [a, b] };
}

/** One schema allowing what both allow (the `allOf` of the two), as far as the rules below read it. */
function merge(a: Normal, b: Normal): Normal {
  if (a.schema === false || b.schema === false) return { schema: false, at: a.at, keyAt: {}, propertyAt: {}, requiredAt: {} };
  const schema: JsonObject = { ...a.schema };
  const keyAt = { ...a.keyAt };
  const propertyAt = { ...a.propertyAt };
  const requiredAt = { ...b.requiredAt, ...a.requiredAt };
  for (const [key, value] of Object.entries(b.schema)) {
    const previous = schema[key];
    if (previous === undefined) {
      schema[key] = value;
      keyAt[key] = b.keyAt[key] ?? b.at;
      if (key === "properties") Object.assign(propertyAt, b.propertyAt);
      continue;
    }
    if (key === "properties" && isObject(previous) && isObject(value)) {
      const properties: JsonObject = { ...previous };
      for (const [name, property] of Object.entries(value)) {
        const earlier = properties[name];
        properties[name] = earlier === undefined ? property : mergeSubschema(earlier, property);
        propertyAt[name] ??= b.propertyAt[name] ?? b.at;
      }
      schema.properties = properties;
    } else if (key === "required" && Array.isArray(previous) && Array.isArray(value)) {
      schema.required = [...new Set([...previous, ...value].map(String))];
    } else if (key === "type") {
      schema.type = intersectTypes(typeList(previous) ?? [], typeList(value) ?? []);
    } else if (key === "enum" && Array.isArray(previous) && Array.isArray(value)) {
      schema.enum = previous.filter((v) => value.some((w) => jsonEqual(v, w)));
    } else if ((LOWER_BOUNDS as readonly string[]).includes(key) && typeof previous === "number" && typeof value === "number") {
      schema[key] = Math.max(previous, value);
    } else if ((UPPER_BOUNDS as readonly string[]).includes(key) && typeof previous === "number" && typeof value === "number") {
      schema[key] = Math.min(previous, value);
    } else if ((SUBSCHEMAS as readonly string[]).includes(key)) {
      schema[key] = mergeSubschema(previous, value);
    }
    // Anything else both parts set (an annotation, or two `oneOf`s): the first part's stands.
  }
  return { schema, at: a.at, keyAt, propertyAt, requiredAt };
}

/** `node` with its `$ref` (and the `$ref` siblings, as in JSON Schema 2020-12) and `allOf` parts merged. */
function normalise(doc: JsonObject, node: Json | undefined, at: string, depth = 0): Normal {
  if (depth > 64) throw new Error(`${at}: $ref/allOf nested too deep (a cycle?)`);
  if (node === false) return { schema: false, at, keyAt: {}, propertyAt: {}, requiredAt: {} };
  if (!isObject(node)) return { schema: {}, at, keyAt: {}, propertyAt: {}, requiredAt: {} };
  const own = ownPart(node, at);
  const parts: Normal[] = [];
  if (typeof node.$ref === "string") {
    const target = valueAt(doc, node.$ref);
    if (target === undefined) throw new Error(`${at}: cannot resolve $ref ${node.$ref} (only local references are supported)`);
    parts.push(normalise(doc, target, node.$ref.slice(1), depth + 1));
  }
  parts.push(own);
  if (Array.isArray(node.allOf)) node.allOf.forEach((part, i) => parts.push(normalise(doc, part, child(child(at, "allOf"), i), depth + 1)));
  const merged = parts.reduce(merge);
  // A bare reference (with at most a description beside it) is written where it points.
  const onlyReference = typeof node.$ref === "string" && node.allOf === undefined && Object.keys(node).every((k) => k === "$ref" || isAnnotation(k));
  return onlyReference ? merged : { ...merged, at };
}

// ---- Comparison -----------------------------------------------------------------------------

export interface SchemaDocuments {
  old: JsonObject;
  new: JsonObject;
}

interface Context {
  docs: SchemaDocuments;
  direction: Direction;
  out: Finding[];
  /** Pairs being compared further up (by where they are written): recursive schemas stop here. */
  stack: Set<string>;
}

const show = (value: Json | undefined): string => (value === undefined ? "none" : JSON.stringify(value));

/**
 * Appends to `out` what breaks between `oldNode` and `newNode` (raw schemas, `$ref`s allowed) in
 * `direction`. `place.oldAt` / `place.newAt` are where the two nodes are written.
 */
export function compareSchemas(
  docs: SchemaDocuments,
  oldNode: Json | undefined,
  newNode: Json | undefined,
  direction: Direction,
  place: Place,
  out: Finding[],
): void {
  const context: Context = { docs, direction, out, stack: new Set() };
  compareNormal(context, normalise(docs.old, oldNode, place.oldAt), normalise(docs.new, newNode, place.newAt), place.pointer);
}

function compareRaw(context: Context, oldNode: Json | undefined, newNode: Json | undefined, place: Place): void {
  compareNormal(context, normalise(context.docs.old, oldNode, place.oldAt), normalise(context.docs.new, newNode, place.newAt), place.pointer);
}

function report(context: Context, pointer: string, at: string, message: string): void {
  const rule = context.direction === "request" ? "request-narrowed" : "response-widened";
  context.out.push({ pointer, at, rule, message: `${context.direction}: ${message}` });
}

function compareNormal(context: Context, oldN: Normal, newN: Normal, pointer: string): void {
  const key = `${oldN.at}|${newN.at}`;
  if (context.stack.has(key)) return;
  context.stack.add(key);
  try {
    compareKeywords(context, oldN, newN, pointer);
  } finally {
    context.stack.delete(key);
  }
}

function compareKeywords(context: Context, oldN: Normal, newN: Normal, pointer: string): void {
  if (alternativesKeyword(oldN) !== undefined || alternativesKeyword(newN) !== undefined) {
    compareAlternatives(context, oldN, newN, pointer);
    return;
  }
  const request = context.direction === "request";
  const oldS = oldN.schema;
  const newS = newN.schema;
  // The wider side must stay within the narrower one: old within new for a request, new within old for a response.
  if (oldS === false || newS === false) {
    const narrowerIsFalse = request ? newS === false : oldS === false;
    const widerIsFalse = request ? oldS === false : newS === false;
    if (narrowerIsFalse && !widerIsFalse) {
      const keyword = pointer.slice(pointer.lastIndexOf("/") + 1);
      const what = keyword === "additionalProperties" || keyword === "unevaluatedProperties" ? keyword : "schema";
      report(context, pointer, request ? newN.at : oldN.at, request ? `${what} closed (now false)` : `${what} opened (was false)`);
    }
    return;
  }
  const wide = request ? oldS : newS;
  const narrow = request ? newS : oldS;
  const at = (keyword: string) => child(newN.keyAt[keyword] ?? oldN.keyAt[keyword] ?? newN.at, keyword);

  // type
  const wideTypes = typeList(wide.type);
  const narrowTypes = typeList(narrow.type);
  if (narrowTypes !== undefined) {
    const within = (t: string) => narrowTypes.includes(t) || (t === "integer" && narrowTypes.includes("number"));
    const lost = wideTypes === undefined ? ["any"] : wideTypes.filter((t) => !within(t));
    if (lost.length > 0) report(context, child(pointer, "type"), at("type"), `type ${show(oldS.type)} → ${show(newS.type)}`);
  }

  // enum (and const)
  if (Array.isArray(narrow.enum)) {
    const narrowEnum = narrow.enum;
    if (!Array.isArray(wide.enum)) {
      report(context, child(pointer, "enum"), at("enum"), request ? `enum added: ${show(narrowEnum)}` : `enum dropped (was ${show(narrowEnum)})`);
    } else {
      const outside = wide.enum.filter((v) => !narrowEnum.some((w) => jsonEqual(v, w)));
      if (outside.length > 0) report(context, child(pointer, "enum"), at("enum"), `enum value${outside.length > 1 ? "s" : ""} ${request ? "removed" : "added"}: ${outside.map((v) => show(v)).join(", ")}`);
    }
  }

  // bounds and exact keywords
  for (const keyword of [...LOWER_BOUNDS, ...UPPER_BOUNDS]) {
    const n = narrow[keyword];
    const w = wide[keyword];
    if (typeof n !== "number") continue;
    const lower = (LOWER_BOUNDS as readonly string[]).includes(keyword);
    if (typeof w !== "number" || (lower ? n > w : n < w)) report(context, child(pointer, keyword), at(keyword), `${keyword} ${show(oldS[keyword])} → ${show(newS[keyword])}`);
  }
  for (const keyword of EXACT) {
    if (narrow[keyword] !== undefined && !jsonEqual(narrow[keyword], wide[keyword])) report(context, child(pointer, keyword), at(keyword), `${keyword} ${show(oldS[keyword])} → ${show(newS[keyword])}`);
  }
  if (narrow.uniqueItems === true && wide.uniqueItems !== true) report(context, child(pointer, "uniqueItems"), at("uniqueItems"), `uniqueItems ${show(oldS.uniqueItems)} → ${show(newS.uniqueItems)}`);
  for (const keyword of UNANALYSED) {
    if (!jsonEqual(oldS[keyword], newS[keyword])) report(context, child(pointer, keyword), at(keyword), `${keyword} changed (not analysed by the check, so treated as breaking)`);
  }

  compareObjects(context, oldN, newN, pointer);

  // arrays
  if (oldS.items !== undefined || newS.items !== undefined) {
    compareChild(context, oldN, newN, pointer, "items", oldS.items ?? true, newS.items ?? true);
  }
  const oldPrefix = Array.isArray(oldS.prefixItems) ? oldS.prefixItems : [];
  const newPrefix = Array.isArray(newS.prefixItems) ? newS.prefixItems : [];
  for (let i = 0; i < Math.max(oldPrefix.length, newPrefix.length); i++) {
    compareChild(context, oldN, newN, pointer, "prefixItems", oldPrefix[i] ?? true, newPrefix[i] ?? true, i);
  }
}

function compareChild(context: Context, oldN: Normal, newN: Normal, pointer: string, keyword: string, oldNode: Json, newNode: Json, index?: number): void {
  const tokens = index === undefined ? [keyword] : [keyword, index];
  const place = childPlace(
    { pointer, oldAt: oldN.keyAt[keyword] ?? oldN.at, newAt: newN.keyAt[keyword] ?? newN.at },
    ...tokens,
  );
  compareRaw(context, oldNode, newNode, place);
}

function compareObjects(context: Context, oldN: Normal, newN: Normal, pointer: string): void {
  const request = context.direction === "request";
  const oldS = oldN.schema as JsonObject;
  const newS = newN.schema as JsonObject;
  const oldProperties = isObject(oldS.properties) ? oldS.properties : {};
  const newProperties = isObject(newS.properties) ? newS.properties : {};
  const propertyPointer = (name: string) => child(child(pointer, "properties"), name);

  const oldRequired = Array.isArray(oldS.required) ? oldS.required.map(String) : [];
  const newRequired = Array.isArray(newS.required) ? newS.required.map(String) : [];
  const [wideRequired, narrowRequired] = request ? [oldRequired, newRequired] : [newRequired, oldRequired];
  for (const name of narrowRequired.filter((n) => !wideRequired.includes(n))) {
    const where = newN.requiredAt[name] ?? oldN.requiredAt[name] ?? child(newN.at, "required");
    report(context, propertyPointer(name), where, request ? `property "${name}" is now required` : `property "${name}" is no longer required`);
  }

  for (const [name, oldProperty] of Object.entries(oldProperties)) {
    const newProperty = newProperties[name];
    const place: Place = {
      pointer: propertyPointer(name),
      oldAt: oldN.propertyAt[name] ?? child(child(oldN.at, "properties"), name),
      newAt: newN.propertyAt[name] ?? child(child(newN.at, "properties"), name),
    };
    if (newProperty === undefined) {
      const rule = request ? "request-property-removed" : "response-property-removed";
      context.out.push({ pointer: place.pointer, at: place.oldAt, rule, message: `${context.direction}: property "${name}" removed${deprecationNote(context.docs.old, oldProperty)}` });
      continue;
    }
    compareRaw(context, oldProperty, newProperty, place);
  }

  // A new property is covered by what the old schema said of properties it did not list.
  const oldAdditional = oldS.additionalProperties;
  for (const [name, newProperty] of Object.entries(newProperties)) {
    if (name in oldProperties) continue;
    const place: Place = {
      pointer: propertyPointer(name),
      oldAt: child(oldN.keyAt.additionalProperties ?? oldN.at, "additionalProperties"),
      newAt: newN.propertyAt[name] ?? child(child(newN.at, "properties"), name),
    };
    if (oldAdditional === false && !request) {
      report(context, place.pointer, place.newAt, `property "${name}" added where additionalProperties was false`);
    } else if (isObject(oldAdditional)) {
      compareRaw(context, oldAdditional, newProperty, place);
    }
  }

  for (const keyword of ["additionalProperties", "unevaluatedProperties"] as const) {
    if (oldS[keyword] === undefined && newS[keyword] === undefined) continue;
    compareChild(context, oldN, newN, pointer, keyword, oldS[keyword] ?? true, newS[keyword] ?? true);
  }
}

/** ` (deprecated, x-sunset …)` or ` (it was not deprecated first)`, for a removal. */
export function deprecationNote(doc: JsonObject, node: Json | undefined): string {
  let resolved = node;
  for (let i = 0; i < 16 && isObject(resolved) && typeof resolved.$ref === "string"; i++) {
    if (resolved.deprecated === true) break;
    resolved = valueAt(doc, resolved.$ref);
  }
  if (isObject(resolved) && resolved.deprecated === true) {
    return ` (deprecated${typeof resolved["x-sunset"] === "string" ? `, x-sunset ${resolved["x-sunset"]}` : ""})`;
  }
  return " (it was not deprecated first)";
}

interface Alternative {
  /** The alternative merged with the rest of its schema. */
  normal: Normal;
  /** Its `$ref`, to match it with the other side's. */
  ref: string | undefined;
  /** Index in its `oneOf`/`anyOf`; undefined for a schema without alternatives. */
  index: number | undefined;
  keyword: string;
}

const alternativesKeyword = (normal: Normal): "oneOf" | "anyOf" | undefined => {
  if (normal.schema === false) return undefined;
  if (Array.isArray(normal.schema.oneOf)) return "oneOf";
  if (Array.isArray(normal.schema.anyOf)) return "anyOf";
  return undefined;
};

/** A schema as a list of alternatives, each merged with the keywords beside its `oneOf`/`anyOf`. */
function expand(doc: JsonObject, normal: Normal): Alternative[] {
  const keyword = alternativesKeyword(normal);
  if (keyword === undefined || normal.schema === false) return [{ normal, ref: undefined, index: undefined, keyword: "" }];
  const { [keyword]: list, ...rest } = normal.schema;
  const base: Normal = { ...normal, schema: rest };
  const listAt = child(normal.keyAt[keyword] ?? normal.at, keyword);
  return (list as Json[]).map((node, index) => ({
    normal: merge(normalise(doc, node, child(listAt, index)), base),
    ref: isObject(node) && typeof node.$ref === "string" ? node.$ref : undefined,
    index,
    keyword,
  }));
}

/**
 * `oneOf` / `anyOf`: each alternative of the wider side (merged with the keywords beside it)
 * must fit within some alternative of the narrower side; a schema without alternatives is a
 * single one. Alternatives are tried by `$ref`, then by position, then any other.
 */
function compareAlternatives(context: Context, oldN: Normal, newN: Normal, pointer: string): void {
  const request = context.direction === "request";
  const oldList = expand(context.docs.old, oldN);
  const newList = expand(context.docs.new, newN);
  const [wideList, narrowList] = request ? [oldList, newList] : [newList, oldList];
  const pointerOf = (a: Alternative) => (a.index === undefined ? pointer : child(child(pointer, a.keyword), a.index));

  for (const wideAlternative of wideList) {
    const sameRef = wideAlternative.ref === undefined ? undefined : narrowList.find((n) => n.ref === wideAlternative.ref);
    // A schema without alternatives is the one to compare each alternative of the other side with.
    const single = narrowList.length === 1 && narrowList[0]?.index === undefined ? narrowList[0] : undefined;
    const samePosition = narrowList.find((n) => n.index === wideAlternative.index) ?? single;
    const preferred = sameRef ?? samePosition;
    const candidates = [...new Set([preferred, ...narrowList].filter((a): a is Alternative => a !== undefined))];
    let preferredFindings: Finding[] | undefined;
    let fits = false;
    for (const candidate of candidates) {
      const trial: Context = { ...context, out: [] };
      const [oldAlternative, newAlternative] = request ? [wideAlternative, candidate] : [candidate, wideAlternative];
      compareNormal(trial, oldAlternative.normal, newAlternative.normal, pointerOf(newAlternative));
      if (trial.out.length === 0) {
        fits = true;
        break;
      }
      if (candidate === preferred) preferredFindings = trial.out;
    }
    if (fits) continue;
    if (preferredFindings !== undefined && preferred === sameRef) {
      // The same component on both sides: its own differences say what changed.
      context.out.push(...preferredFindings);
    } else if (preferredFindings !== undefined) {
      // One finding for the alternative, naming how it differs from its nearest counterpart.
      const differences = preferredFindings.map((f) => f.message.replace(/^(request|response): /, "")).join("; ");
      const what = wideAlternative.index === undefined ? (request ? "the old schema" : "the new schema") : `${request ? "old" : "new"} ${wideAlternative.keyword} alternative ${wideAlternative.index}${wideAlternative.ref ? ` (${wideAlternative.ref})` : ""}`;
      const where = request ? newN.at : wideAlternative.normal.at;
      report(context, request ? pointer : pointerOf(wideAlternative), where, `${what} fits no alternative of the ${request ? "new" : "old"} schema (against the nearest: ${differences})`);
    } else if (request) {
      const what = wideAlternative.index === undefined ? "a value the old schema accepted" : `old ${wideAlternative.keyword} alternative ${wideAlternative.index}`;
      report(context, pointer, newN.at, `${what} is accepted by no alternative of the new schema`);
    } else {
      const what = wideAlternative.index === undefined ? "the new schema" : `new ${wideAlternative.keyword} alternative ${wideAlternative.index}`;
      report(context, pointerOf(wideAlternative), wideAlternative.normal.at, `${what} allows values no alternative of the old schema allowed`);
    }
  }
}
