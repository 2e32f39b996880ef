import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsPlugin from "ajv-formats";
import type { operations as CmsOperations } from "../../generated/cms";
import cmsSchemas from "../../generated/cms.schemas.json";
import type { operations as GatewayOperations } from "../../generated/gateway";
import gatewaySchemas from "../../generated/gateway.schemas.json";

// Backend answers are checked at the boundary against the contracts' response schemas
// (generated/*.schemas.json, from contracts/*.yaml by scripts/generate-contract-types.ts):
// a body of the wrong shape is refused here rather than crashing a render later.

export type Service = "gateway" | "cms";

/** The operationIds of a service's contract, so a typo in `call()` is a type error. */
export type OperationId<S extends Service> = S extends "gateway"
  ? keyof GatewayOperations & string
  : keyof CmsOperations & string;

type JsonSchema = Record<string, unknown>;

/** generated/<service>.schemas.json: per operation, per documented status, the body's schema (null: no body). */
export interface SchemaDocument {
  operations: Record<string, { method: string; path: string; responses: Record<string, JsonSchema | null> }>;
  $defs: Record<string, JsonSchema>;
}

export const SCHEMA_DOCUMENTS: Readonly<Record<Service, SchemaDocument>> = Object.freeze({
  gateway: gatewaySchemas as unknown as SchemaDocument,
  cms: cmsSchemas as unknown as SchemaDocument,
});

export type Verdict = { ok: true } | { ok: false; reason: string };

// ajv-formats is CommonJS: its default export arrives as the module object or the plugin.
const addFormats = ((addFormatsPlugin as unknown as { default?: typeof addFormatsPlugin }).default ??
  addFormatsPlugin) as typeof addFormatsPlugin;

let ajv: Ajv2020 | undefined;
function compiler(): Ajv2020 {
  // Strict: a contract keyword this build does not understand fails loudly, not silently.
  ajv ??= addFormats(new Ajv2020({ strict: true, allErrors: false }), ["date", "date-time", "email", "uri"]);
  return ajv;
}

/**
 * Compiled validators by "service operationId status", made on first use (compiling every
 * schema up front would cost about two seconds at start for operations a process may never
 * call). Filled once per key and never changed after: no request data is kept.
 */
const validators = new Map<string, ValidateFunction | null>();

/** The documented response for a status: the exact code, then its range (4XX), then `default`. */
function documentedResponse(
  responses: Record<string, JsonSchema | null>,
  status: number,
): { found: true; schema: JsonSchema | null } | { found: false } {
  for (const key of [String(status), `${String(status)[0]}XX`, "default"]) {
    if (key in responses) return { found: true, schema: responses[key] ?? null };
  }
  return { found: false };
}

function validatorFor(service: Service, operationId: string, status: number): ValidateFunction | null | undefined {
  const key = `${service} ${operationId} ${status}`;
  if (validators.has(key)) return validators.get(key);
  const doc = SCHEMA_DOCUMENTS[service];
  const operation = doc.operations[operationId];
  if (!operation) throw new Error(`No operation ${operationId} in contracts/${service}.yaml`);
  const response = documentedResponse(operation.responses, status);
  if (!response.found) return undefined;
  const validate = response.schema ? compiler().compile({ ...response.schema, $defs: doc.$defs }) : null;
  validators.set(key, validate);
  return validate;
}

/**
 * Whether a response body is what the contract says the operation answers with that
 * status. A status the contract does not document (with no `default`) is not readable;
 * a documented response without a body accepts anything (there is nothing to read).
 */
export function checkResponse(service: Service, operationId: string, status: number, body: unknown): Verdict {
  const validate = validatorFor(service, operationId, status);
  if (validate === undefined) return { ok: false, reason: `status ${status} is not documented` };
  if (validate === null || validate(body)) return { ok: true };
  const errors = (validate.errors ?? [])
    .slice(0, 3)
    .map((e) => `${e.instancePath || "(body)"} ${e.message ?? "is invalid"}`)
    .join("; ");
  return { ok: false, reason: errors || "does not match the schema" };
}
