import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Service } from "../../../app/api/validation.server";

/** One backend call site in app/api/*.server.ts: `call("<service>", "<operationId>", () => client.<METHOD>("<path>", …))`. */
export interface AppCall {
  file: string;
  service: Service;
  operationId: string;
  method: string;
  path: string;
}

const API_DIR = fileURLToPath(new URL("../../../app/api/", import.meta.url));
const CALL = /call\(\s*"(gateway|cms)",\s*"(\w+)",\s*\(\)\s*=>\s*client\.(GET|PUT|POST|DELETE|PATCH)\(\s*"([^"]+)"/g;

/**
 * Every call the app makes, read from its source (as tests/contract/support/operations.ts
 * reads them for Pact coverage). `unread` counts `call("…` sites this could not read, so
 * a call written another way cannot slip past the suites that rely on this list.
 */
export function readAppCalls(): { calls: AppCall[]; unread: string[] } {
  const calls: AppCall[] = [];
  const unread: string[] = [];
  for (const file of readdirSync(API_DIR).filter((f) => f.endsWith(".server.ts")).sort()) {
    const source = readFileSync(join(API_DIR, file), "utf8");
    const found = [...source.matchAll(CALL)].map((m) => ({
      file: `app/api/${file}`, service: m[1] as Service, operationId: m[2] ?? "", method: m[3] ?? "", path: m[4] ?? "",
    }));
    const sites = source.match(/\bcall\(\s*"/g)?.length ?? 0;
    if (sites !== found.length) unread.push(`app/api/${file}: ${sites - found.length} call() site(s) not in the expected form`);
    calls.push(...found);
  }
  return { calls, unread };
}
