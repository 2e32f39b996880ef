/**
 * Compatibility of a contract with its last released copy (contracts/README.md, "Versioning";
 * ADR 0017). Pure functions over parsed documents; scripts/contract-compat.ts is the CLI.
 *
 * - compareContracts(old, new): the breaking changes, walking every operation of the old
 *   document: operationId, security, parameters and request bodies (request direction),
 *   responses, their headers and bodies (response direction). Schemas: schema-compat.ts.
 * - deprecationFindings(doc): `deprecated: true` without an `x-sunset` date.
 * - releaseFindings(old, new): all of the above plus the version rule.
 */
import { child, isObject, jsonEqual, resolve, type Json, type JsonObject } from "./openapi-refs.ts";
import { compareSchemas, deprecationNote, type Direction, type Finding, type Place, type SchemaDocuments } from "./schema-compat.ts";

export type { Finding } from "./schema-compat.ts";

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

interface Walk {
  docs: SchemaDocuments;
  out: Finding[];
}

const objectAt = (value: Json | undefined): JsonObject => (isObject(value) ? value : {});

function push(walk: Walk, pointer: string, at: string, rule: string, message: string): void {
  walk.out.push({ pointer, at, rule, message });
}

/** `/orders/{orderId}` and `/orders/{id}` are one path: parameter names are compared as parameters. */
const pathShape = (path: string) => path.replace(/\{[^}]*\}/g, "{}");

/** The breaking changes from `oldDoc` to `newDoc` for a consumer written against `oldDoc`. */
export function compareContracts(oldDoc: JsonObject, newDoc: JsonObject): Finding[] {
  const walk: Walk = { docs: { old: oldDoc, new: newDoc }, out: [] };
  const oldPaths = objectAt(oldDoc.paths);
  const newPaths = objectAt(newDoc.paths);
  const newPathByShape = new Map(Object.keys(newPaths).map((path) => [pathShape(path), path]));

  for (const [oldPath, oldItemRaw] of Object.entries(oldPaths)) {
    const oldItemAt = child(child("", "paths"), oldPath);
    const oldItem = resolve(oldDoc, oldItemRaw, oldItemAt);
    const newPath = newPathByShape.get(pathShape(oldPath));
    const newItemAt = newPath === undefined ? undefined : child(child("", "paths"), newPath);
    const newItem = newPath === undefined || newItemAt === undefined ? undefined : resolve(newDoc, newPaths[newPath] ?? null, newItemAt);
    for (const method of METHODS) {
      const oldOperation = objectAt(oldItem.node)[method];
      if (!isObject(oldOperation)) continue;
      const newOperation = newItem === undefined ? undefined : objectAt(newItem.node)[method];
      const oldAt = child(oldItem.at, method);
      if (!isObject(newOperation) || newItem === undefined) {
        const id = typeof oldOperation.operationId === "string" ? ` (${oldOperation.operationId})` : "";
        push(walk, child(oldItemAt, method), oldAt, "operation-removed", `operation ${method.toUpperCase()} ${oldPath}${id} removed${deprecationNote(oldDoc, oldOperation)}`);
        continue;
      }
      compareOperation(walk, {
        pointer: child(newItemAt ?? oldItemAt, method),
        oldAt,
        newAt: child(newItem.at, method),
      }, { item: objectAt(oldItem.node), operation: oldOperation, path: oldPath }, { item: objectAt(newItem.node), operation: newOperation, path: newPath ?? oldPath });
    }
  }
  return walk.out;
}

interface OperationSide {
  item: JsonObject;
  operation: JsonObject;
  path: string;
}

function compareOperation(walk: Walk, place: Place, oldSide: OperationSide, newSide: OperationSide): void {
  const oldId = oldSide.operation.operationId;
  const newId = newSide.operation.operationId;
  if (oldId !== newId) {
    push(walk, child(place.pointer, "operationId"), child(place.newAt, "operationId"), "operation-renamed", `operationId ${JSON.stringify(oldId)} → ${JSON.stringify(newId)}`);
  }
  compareSecurity(walk, place, oldSide.operation, newSide.operation);
  compareParameters(walk, place, oldSide, newSide);
  compareRequestBody(walk, place, oldSide.operation.requestBody, newSide.operation.requestBody);
  compareResponses(walk, place, objectAt(oldSide.operation.responses), objectAt(newSide.operation.responses));
}

// ---- Security ------------------------------------------------------------------------------

/** Each alternative requirement as its scheme names; `[]` is "no authentication". */
function securityAlternatives(doc: JsonObject, operation: JsonObject): string[][] {
  const security = operation.security ?? doc.security ?? [];
  if (!Array.isArray(security)) return [[]];
  if (security.length === 0) return [[]];
  return security.map((requirement) => Object.keys(objectAt(requirement)).sort());
}

/** A consumer meeting an old requirement must meet a new one with the schemes it already uses. */
function compareSecurity(walk: Walk, place: Place, oldOperation: JsonObject, newOperation: JsonObject): void {
  const oldAlternatives = securityAlternatives(walk.docs.old, oldOperation);
  const newAlternatives = securityAlternatives(walk.docs.new, newOperation);
  for (const schemes of oldAlternatives) {
    const stillMet = newAlternatives.some((required) => required.every((scheme) => schemes.includes(scheme)));
    if (!stillMet) {
      const was = schemes.length === 0 ? "no authentication" : schemes.join(" + ");
      push(walk, child(place.pointer, "security"), child(place.newAt, "security"), "security-added", `a request with ${was} no longer meets the operation's security (now ${JSON.stringify(newOperation.security ?? walk.docs.new.security ?? [])})`);
    }
  }
}

// ---- Parameters ----------------------------------------------------------------------------

interface Parameter {
  node: JsonObject;
  /** Where it is listed (`…/parameters/2`) and where it is written (after `$ref`). */
  listedAt: string;
  at: string;
  key: string;
  name: string;
}

/**
 * The parameters of an operation: its path item's, overridden by its own (by `in` and name).
 * Path parameters are keyed by their position in the path, so a renamed one is a rename, not
 * a removal and an addition; header names are case-insensitive.
 */
function parametersOf(doc: JsonObject, side: OperationSide, operationAt: string): Map<string, Parameter> {
  const itemAt = operationAt.slice(0, operationAt.lastIndexOf("/"));
  const pathNames = [...side.path.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]);
  const byKey = new Map<string, Parameter>();
  const add = (list: Json | undefined, listAt: string) => {
    if (!Array.isArray(list)) return;
    list.forEach((raw, index) => {
      const listedAt = child(child(listAt, "parameters"), index);
      const { node, at } = resolve(doc, raw, listedAt);
      if (!isObject(node)) return;
      const name = String(node.name);
      const location = String(node.in);
      const key =
        location === "path" ? `path #${pathNames.indexOf(name)}` : location === "header" ? `header ${name.toLowerCase()}` : `${location} ${name}`;
      // The identity used to override a path-level parameter is `in` + name.
      for (const [k, p] of byKey) if (p.name === name && p.node.in === node.in) byKey.delete(k);
      byKey.set(key, { node, listedAt, at, key, name });
    });
  };
  add(side.item.parameters, itemAt);
  add(side.operation.parameters, operationAt);
  return byKey;
}

function compareParameters(walk: Walk, place: Place, oldSide: OperationSide, newSide: OperationSide): void {
  const oldParameters = parametersOf(walk.docs.old, oldSide, place.oldAt);
  const newParameters = parametersOf(walk.docs.new, newSide, place.newAt);
  for (const [key, oldParameter] of oldParameters) {
    const label = `${String(oldParameter.node.in)} parameter "${oldParameter.name}"`;
    const newParameter = newParameters.get(key);
    if (newParameter === undefined) {
      push(walk, child(place.pointer, "parameters"), oldParameter.at, "parameter-removed", `${label} removed${deprecationNote(walk.docs.old, oldParameter.node)}`);
      continue;
    }
    const pointer = newParameter.listedAt;
    if (newParameter.name !== oldParameter.name) {
      push(walk, child(pointer, "name"), child(newParameter.at, "name"), "parameter-renamed", `${label} renamed to "${newParameter.name}"`);
    }
    if (newParameter.node.required === true && oldParameter.node.required !== true) {
      push(walk, child(pointer, "required"), child(newParameter.at, "required"), "parameter-required", `${label} is now required`);
    }
    for (const keyword of ["style", "explode", "allowReserved"] as const) {
      if (!jsonEqual(oldParameter.node[keyword], newParameter.node[keyword])) {
        push(walk, child(pointer, keyword), child(newParameter.at, keyword), "parameter-serialisation", `${label}: ${keyword} ${JSON.stringify(oldParameter.node[keyword] ?? null)} → ${JSON.stringify(newParameter.node[keyword] ?? null)}`);
      }
    }
    const parameterPlace: Place = { pointer, oldAt: oldParameter.at, newAt: newParameter.at };
    if (oldParameter.node.schema !== undefined || newParameter.node.schema !== undefined) {
      compareSchemas(walk.docs, oldParameter.node.schema, newParameter.node.schema, "request", { pointer: child(pointer, "schema"), oldAt: child(oldParameter.at, "schema"), newAt: child(newParameter.at, "schema") }, walk.out);
    }
    if (oldParameter.node.content !== undefined || newParameter.node.content !== undefined) {
      compareContent(walk, parameterPlace, oldParameter.node.content, newParameter.node.content, "request");
    }
  }
  for (const [key, newParameter] of newParameters) {
    if (oldParameters.has(key) || newParameter.node.required !== true) continue;
    push(walk, newParameter.listedAt, newParameter.at, "parameter-added-required", `required ${String(newParameter.node.in)} parameter "${newParameter.name}" added`);
  }
}

// ---- Bodies --------------------------------------------------------------------------------

/**
 * Media types and their schemas. Request: every old media type must stay (the consumer sends
 * it). Response: every old one must stay (the consumer may read it) and none may be added (the
 * consumer may not understand it), unless the old response had no body at all.
 */
function compareContent(walk: Walk, place: Place, oldContentRaw: Json | undefined, newContentRaw: Json | undefined, direction: Direction, fallback = false): void {
  const oldContent = objectAt(oldContentRaw);
  const newContent = objectAt(newContentRaw);
  const pointer = child(place.pointer, "content");
  for (const [type, oldMedia] of Object.entries(oldContent)) {
    const newMedia = newContent[type];
    const mediaPlace: Place = { pointer: child(pointer, type), oldAt: child(child(place.oldAt, "content"), type), newAt: child(child(place.newAt, "content"), type) };
    if (!isObject(newMedia)) {
      if (fallback) continue;
      push(walk, mediaPlace.pointer, mediaPlace.oldAt, `${direction}-media-type-removed`, `${direction}: media type ${type} removed`);
      continue;
    }
    const oldSchema = objectAt(oldMedia).schema;
    if (oldSchema === undefined && newMedia.schema === undefined) continue;
    compareSchemas(walk.docs, oldSchema, newMedia.schema, direction, { pointer: child(mediaPlace.pointer, "schema"), oldAt: child(mediaPlace.oldAt, "schema"), newAt: child(mediaPlace.newAt, "schema") }, walk.out);
  }
  if (direction === "response" && Object.keys(oldContent).length > 0) {
    for (const type of Object.keys(newContent).filter((t) => !(t in oldContent))) {
      push(walk, child(pointer, type), child(child(place.newAt, "content"), type), "response-media-type-added", `response: media type ${type} added`);
    }
  }
}

function compareRequestBody(walk: Walk, operationPlace: Place, oldRaw: Json | undefined, newRaw: Json | undefined): void {
  const pointer = child(operationPlace.pointer, "requestBody");
  const oldBody = oldRaw === undefined ? undefined : resolve(walk.docs.old, oldRaw, child(operationPlace.oldAt, "requestBody"));
  const newBody = newRaw === undefined ? undefined : resolve(walk.docs.new, newRaw, child(operationPlace.newAt, "requestBody"));
  const required = (body: typeof oldBody) => body !== undefined && objectAt(body.node).required === true;
  if (oldBody === undefined) {
    if (newBody !== undefined && required(newBody)) push(walk, pointer, newBody.at, "request-body-added-required", "required request body added");
    return;
  }
  if (newBody === undefined) {
    push(walk, pointer, oldBody.at, "request-body-removed", "request body removed");
    return;
  }
  if (required(newBody) && !required(oldBody)) push(walk, child(pointer, "required"), child(newBody.at, "required"), "request-body-required", "request body is now required");
  compareContent(walk, { pointer, oldAt: oldBody.at, newAt: newBody.at }, objectAt(oldBody.node).content, objectAt(newBody.node).content, "request");
}

// ---- Responses -----------------------------------------------------------------------------

/** The old response a status falls to, as the consumer reads it (ADR 0009): exact, range (`4XX`), `default`. */
function documentedKey(responses: JsonObject, status: string): string | undefined {
  const candidates = status === "default" ? ["default"] : /^\dXX$/i.test(status) ? [status.toUpperCase(), "default"] : [status, `${status[0]}XX`, "default"];
  return candidates.find((key) => key in responses);
}

function compareResponses(walk: Walk, operationPlace: Place, oldResponses: JsonObject, newResponses: JsonObject): void {
  const pointer = child(operationPlace.pointer, "responses");
  const oldAt = child(operationPlace.oldAt, "responses");
  const newAt = child(operationPlace.newAt, "responses");
  for (const [status, oldResponse] of Object.entries(oldResponses)) {
    const newResponse = newResponses[status];
    if (newResponse === undefined) {
      push(walk, child(pointer, status), child(oldAt, status), "response-status-removed", `response ${status} removed`);
      continue;
    }
    compareResponse(walk, { pointer: child(pointer, status), oldAt: child(oldAt, status), newAt: child(newAt, status) }, oldResponse, newResponse);
  }
  for (const [status, newResponse] of Object.entries(newResponses)) {
    if (status in oldResponses) continue;
    const covering = documentedKey(oldResponses, status);
    if (covering === undefined) {
      push(walk, child(pointer, status), child(newAt, status), "response-status-added", `response ${status} added, and the old document had no range or default response covering it`);
      continue;
    }
    // The consumer reads it as the old response it falls to. That response spoke for every
    // status it covered, so the new one need not keep all it had; it may only add nothing.
    compareResponse(walk, { pointer: child(pointer, status), oldAt: child(oldAt, covering), newAt: child(newAt, status) }, oldResponses[covering] ?? null, newResponse, true);
  }
}

/** `fallback`: the old response is the range or `default` response a new status falls to. */
function compareResponse(walk: Walk, place: Place, oldRaw: Json, newRaw: Json, fallback = false): void {
  const oldResponse = resolve(walk.docs.old, oldRaw, place.oldAt);
  const newResponse = resolve(walk.docs.new, newRaw, place.newAt);
  const resolved: Place = { pointer: place.pointer, oldAt: oldResponse.at, newAt: newResponse.at };
  const oldNode = objectAt(oldResponse.node);
  const newNode = objectAt(newResponse.node);

  const oldHeaders = objectAt(oldNode.headers);
  const newHeaders = objectAt(newNode.headers);
  const newHeaderByName = new Map(Object.keys(newHeaders).map((name) => [name.toLowerCase(), name]));
  for (const [name, oldHeaderRaw] of Object.entries(oldHeaders)) {
    const headerPointer = child(child(place.pointer, "headers"), name);
    const oldHeader = resolve(walk.docs.old, oldHeaderRaw, child(child(oldResponse.at, "headers"), name));
    const newName = newHeaderByName.get(name.toLowerCase());
    if (newName === undefined) {
      if (fallback) continue;
      push(walk, headerPointer, oldHeader.at, "response-header-removed", `response header ${name} removed${deprecationNote(walk.docs.old, oldHeaderRaw)}`);
      continue;
    }
    const newHeader = resolve(walk.docs.new, newHeaders[newName] ?? null, child(child(newResponse.at, "headers"), newName));
    if (!fallback && objectAt(oldHeader.node).required === true && objectAt(newHeader.node).required !== true) {
      push(walk, child(headerPointer, "required"), child(newHeader.at, "required"), "response-header-optional", `response header ${name} is no longer required`);
    }
    compareSchemas(walk.docs, objectAt(oldHeader.node).schema, objectAt(newHeader.node).schema, "response", { pointer: child(headerPointer, "schema"), oldAt: child(oldHeader.at, "schema"), newAt: child(newHeader.at, "schema") }, walk.out);
  }

  const oldContent = objectAt(oldNode.content);
  const newContent = objectAt(newNode.content);
  if (Object.keys(oldContent).length > 0 && Object.keys(newContent).length === 0) {
    if (fallback) return;
    push(walk, child(place.pointer, "content"), child(oldResponse.at, "content"), "response-body-removed", "response body removed");
    return;
  }
  compareContent(walk, resolved, oldContent, newContent, "response", fallback);
}

// ---- Deprecation ---------------------------------------------------------------------------

const SUNSET = /^\d{4}-\d{2}-\d{2}$/;
/** Values, not OpenAPI or schema objects: a `deprecated` key in them is data. */
const VALUE_KEYS = new Set(["example", "examples", "enum", "const", "default"]);

/** Every `deprecated: true` in `doc` without an `x-sunset` date beside it (contracts/README.md, "Deprecation"). */
export function deprecationFindings(doc: JsonObject): Finding[] {
  const out: Finding[] = [];
  const visit = (node: Json, at: string, parentKey: string) => {
    if (Array.isArray(node)) node.forEach((v, i) => visit(v, child(at, i), parentKey));
    if (!isObject(node)) return;
    // Under `properties` the keys are property names, so a property may be called `example`.
    const namesAreData = parentKey === "properties";
    if (!namesAreData && node.deprecated === true) {
      const sunset = node["x-sunset"];
      if (typeof sunset !== "string" || !SUNSET.test(sunset)) {
        out.push({ pointer: at, at, rule: "deprecation-without-sunset", message: "deprecated: true needs an x-sunset date (YYYY-MM-DD) beside it" });
      }
    }
    for (const [key, value] of Object.entries(node)) {
      if (!namesAreData && VALUE_KEYS.has(key)) continue;
      visit(value, child(at, key), namesAreData ? "" : key);
    }
  };
  visit(doc, "", "");
  return out;
}

// ---- Versions ------------------------------------------------------------------------------

export interface Version {
  major: number;
  minor: number;
  patch: number;
}

export function parseVersion(value: Json | undefined): Version | undefined {
  const match = typeof value === "string" ? /^(\d+)\.(\d+)\.(\d+)$/.exec(value) : null;
  if (!match) return undefined;
  return { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3]) };
}

const compareVersions = (a: Version, b: Version) => a.major - b.major || a.minor - b.minor || a.patch - b.patch;

const withoutVersion = (doc: JsonObject): JsonObject => ({ ...doc, info: { ...objectAt(doc.info), version: null } });

export interface Release {
  /** Breaking changes (compareContracts). */
  breaking: Finding[];
  /** Policy failures: the version rule and deprecations without a sunset date. */
  problems: Finding[];
  /** Whether the document differs from the released one (besides `info.version`). */
  changed: boolean;
}

/**
 * Whether `newDoc` may follow `oldDoc`: `problems` is empty when it may. A breaking change
 * needs a higher MAJOR version; any change needs a higher version.
 */
export function releaseFindings(oldDoc: JsonObject, newDoc: JsonObject): Release {
  const breaking = compareContracts(oldDoc, newDoc);
  const problems = deprecationFindings(newDoc);
  const changed = !jsonEqual(withoutVersion(oldDoc), withoutVersion(newDoc));
  const oldVersionText = objectAt(oldDoc.info).version;
  const newVersionText = objectAt(newDoc.info).version;
  const oldVersion = parseVersion(oldVersionText);
  const newVersion = parseVersion(newVersionText);
  const versionProblem = (message: string) => problems.push({ pointer: "/info/version", at: "/info/version", rule: "version", message });
  if (oldVersion === undefined || newVersion === undefined) {
    versionProblem(`info.version must be MAJOR.MINOR.PATCH (released ${JSON.stringify(oldVersionText)}, now ${JSON.stringify(newVersionText)})`);
  } else if (compareVersions(newVersion, oldVersion) < 0) {
    versionProblem(`info.version went down: ${String(oldVersionText)} → ${String(newVersionText)}`);
  } else if (breaking.length > 0 && newVersion.major <= oldVersion.major) {
    versionProblem(`${breaking.length} breaking change${breaking.length > 1 ? "s need" : " needs"} a new MAJOR version (released ${String(oldVersionText)}, now ${String(newVersionText)})`);
  } else if (changed && compareVersions(newVersion, oldVersion) === 0) {
    versionProblem(`the document changed but info.version is still ${String(newVersionText)}`);
  }
  return { breaking, problems, changed };
}
