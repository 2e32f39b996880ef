import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { SCHEMA_DOCUMENTS, type Service } from "./validation.server";

// call() validates an answer with the schema of the operation it is told; this checks that
// every client function names the operation its request really is (method and path as in
// the contract), so no answer is checked against another operation's schema.

const dir = fileURLToPath(new URL(".", import.meta.url));
const CALL = /call\(\s*"(gateway|cms)",\s*"(\w+)",\s*\(\)\s*=>\s*client\.(GET|PUT|POST|DELETE|PATCH)\(\s*"([^"]+)"/g;

function appCalls() {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".server.ts"))
    .flatMap((file) => {
      const source = readFileSync(join(dir, file), "utf8");
      const calls = [...source.matchAll(CALL)].map((m) => ({
        file, service: m[1] as Service, operationId: m[2] ?? "", method: m[3] ?? "", path: m[4] ?? "",
      }));
      // Every call( in the file must have been read, or a call could escape the check.
      const all = source.match(/\bcall\(\s*"/g)?.length ?? 0;
      expect(calls.length, `${file}: call() sites the check could not read`).toBe(all);
      return calls;
    });
}

describe("client functions name their operations", () => {
  const calls = appCalls();

  it("reads the app's calls", () => {
    expect(calls.length).toBeGreaterThan(40);
  });

  it.each(calls.map((c) => [`${c.service} ${c.operationId}`, c] as const))("%s is the contract's operation for its request", (_, c) => {
    const operation = SCHEMA_DOCUMENTS[c.service].operations[c.operationId];
    expect(operation, `${c.file}: ${c.operationId} is not in contracts/${c.service}.yaml`).toBeDefined();
    expect(`${operation?.method} ${operation?.path}`).toBe(`${c.method} ${c.path}`);
  });
});
