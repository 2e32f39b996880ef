import { readFileSync, readdirSync } from "node:fs";
import { basename, join } from "node:path";
import { PROVIDERS, type Provider, ROOT, contractFile } from "./pact";

const METHODS = ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"] as const;
export type Method = (typeof METHODS)[number];

/** An operation as method and OpenAPI path template, e.g. "GET /orders/{orderId}". */
export type OperationKey = `${Method} ${string}`;

export interface AppCall {
  provider: Provider;
  key: OperationKey;
  /** Where the call is, for messages: app/api/gateway.server.ts:41. */
  at: string;
}

/**
 * Every backend call in app/api/*.server.ts, read from the source: openapi-fetch calls are
 * `<client>.<METHOD>("<path template>", ...)`. The provider is the file's name
 * (gateway.server.ts -> gateway) unless FILE_PROVIDERS says (booking.server.ts, outreach.server.ts -> gateway). A method call this cannot read (a path that is not a
 * string literal, `client["GET"]`, `client.request(...)`) is reported as unreadable, so
 * the check cannot pass by overlooking a call.
 */
/** Client files named after their subject rather than their provider. */
const FILE_PROVIDERS: Readonly<Record<string, Provider>> = { booking: "gateway", outreach: "gateway" };

export function readAppCalls(): { calls: AppCall[]; unreadable: string[] } {
  const dir = join(ROOT, "app", "api");
  const calls: AppCall[] = [];
  const unreadable: string[] = [];
  const call = new RegExp(String.raw`\.\s*(${METHODS.join("|")})\s*\(\s*(["'\`])(\/[^"'\`]*)\2`, "g");
  const anyMethodCall = new RegExp(String.raw`\.\s*(${METHODS.join("|")})\s*\(|\[\s*["'\`](${METHODS.join("|")})["'\`]\s*\]|\.\s*request\s*\(`, "g");
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".server.ts")).sort()) {
    const source = readFileSync(join(dir, file), "utf8");
    const lineOf = (index: number) => source.slice(0, index).split("\n").length;
    const readable = new Set<number>();
    const name = basename(file, ".server.ts");
    const provider = FILE_PROVIDERS[name] ?? name;
    for (const m of source.matchAll(call)) {
      readable.add(m.index);
      const at = `app/api/${file}:${lineOf(m.index)}`;
      if (!(PROVIDERS as readonly string[]).includes(provider)) {
        unreadable.push(`${at}: ${m[1]} ${m[3]} is in a file named after no provider (${PROVIDERS.join(", ")})`);
        continue;
      }
      calls.push({ provider: provider as Provider, key: `${m[1] as Method} ${m[3] ?? ""}`, at });
    }
    for (const m of source.matchAll(anyMethodCall)) {
      if (!readable.has(m.index)) unreadable.push(`app/api/${file}:${lineOf(m.index)}: ${m[0]}`);
    }
  }
  return { calls, unreadable };
}

/**
 * The operations of an OpenAPI document as "METHOD /template", read from the YAML's
 * `paths:` block (path keys indented two spaces, methods four, as contracts/*.yaml are
 * written and as `npm run generate` requires them to parse).
 */
export function readContractOperations(provider: Provider): OperationKey[] {
  const lines = readFileSync(contractFile(provider), "utf8").split("\n");
  const start = lines.indexOf("paths:");
  if (start < 0) throw new Error(`contracts/${provider}.yaml has no top-level paths:`);
  const operations: OperationKey[] = [];
  let path: string | undefined;
  for (const line of lines.slice(start + 1)) {
    if (/^\S/.test(line)) break;
    const pathKey = /^ {2}(["']?)(\/[^"':]*)\1:\s*$/.exec(line);
    if (pathKey) {
      path = pathKey[2];
      continue;
    }
    const method = /^ {4}(get|put|post|delete|options|head|patch|trace):\s*$/.exec(line);
    if (method && path) operations.push(`${method[1]?.toUpperCase() as Method} ${path}`);
  }
  return operations;
}

/**
 * The OpenAPI operation a concrete request (as a pact records it) is an instance of.
 * Where several templates match (/users/me and /users/{id}), the one with the fewest
 * parameters wins, as in OpenAPI path matching.
 */
export function operationOf(operations: readonly OperationKey[], method: string, path: string): OperationKey | undefined {
  const candidates = operations
    .map((key) => {
      const [m, template = ""] = key.split(" ");
      const params = template.match(/\{[^}]+\}/g)?.length ?? 0;
      const pattern = new RegExp(
        `^${template.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("[^/]+")}$`,
      );
      return { key, params, matches: m === method.toUpperCase() && pattern.test(path) };
    })
    .filter((c) => c.matches)
    .sort((a, b) => a.params - b.params);
  return candidates[0]?.key;
}
