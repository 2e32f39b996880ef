import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createCmsClient, createGatewayClient } from "../../app/api/client.server";
import { SCHEMA_DOCUMENTS } from "../../app/api/validation.server";
import { startEmbeddedBackend, type EmbeddedBackend } from "../../mocks/server";
import { readAppCalls } from "../support/app-calls";
import { ROOT } from "./support/paths";
import { FAULTS, expectedMessage, faultHandler } from "./support/faults";
import { INVOCATIONS, type Clients } from "./support/operations";
import { ResultTable } from "./support/table";

// Every gateway and CMS operation the app calls, through its own client function and
// call(), with MSW answering that one operation with each fault. Each must end as an
// upstream failure returned as a value (the error page or the form shows it): its status
// (502, 503, 504, or the API Gateway's 403, 413, 429) and a sentence for the user; never
// a thrown exception, an unhandled rejection or a hang.

const GATEWAY = "http://gateway.faults.invalid/qa";
const CMS = "http://cms.faults.invalid/api/v1";
/** Shorter than the 5 s delay, so the delay must end as a time-out. */
const TIMEOUT_MS = 150;
/** How long a timed-out call may take in all (a loaded machine schedules timers late). */
const BUDGET_MS = TIMEOUT_MS + 1_500;

const { wrappers: calls, problems } = readAppCalls({ root: ROOT, appDir: "app", apiDir: "app/api" });
const table = new ResultTable("Fault injection: each operation the app calls × fault (client functions through call())", FAULTS.map((f) => f.name));
let embedded: EmbeddedBackend;
let clients: Clients;

beforeAll(() => {
  embedded = startEmbeddedBackend({ gatewayBaseUrl: GATEWAY, cmsBaseUrl: CMS, onUnhandledRequest: "error" });
  clients = {
    gateway: createGatewayClient({ baseUrl: GATEWAY, timeoutMs: TIMEOUT_MS, token: "no-session-needed" }),
    cms: createCmsClient({ baseUrl: CMS, timeoutMs: TIMEOUT_MS }),
  };
  // call() logs each upstream failure; the lines are checked below, not printed.
  vi.spyOn(console, "error").mockImplementation(() => {});
});

afterAll(() => {
  embedded?.close();
  console.log(table.format());
});

it("knows how to call every operation the app calls, and only those", () => {
  expect(problems).toEqual([]);
  expect(Object.keys(INVOCATIONS).sort()).toEqual([...new Set(calls.map((c) => c.operationId))].sort());
});

describe.each(calls.map((c) => [`${c.service} ${c.operationId}`, c] as const))("%s", (row, op) => {
  const operation = SCHEMA_DOCUMENTS[op.service].operations[op.operationId];
  const success = Number(Object.keys(operation?.responses ?? {}).find((s) => /^2\d\d$/.test(s)) ?? 200);
  const base = op.service === "gateway" ? GATEWAY : CMS;

  it.each(FAULTS.map((f) => [f.name, f] as const))("%s", async (_, fault) => {
    const invoke = INVOCATIONS[op.operationId];
    if (!invoke) throw new Error(`no invocation for ${op.operationId}`);
    embedded.server.use(faultHandler(base, op.method, op.path, fault, success));
    let passed = false;
    try {
      const started = performance.now();
      const outcome = await invoke(clients).then(
        (result) => ({ threw: false as const, result }),
        (error: unknown) => ({ threw: true as const, error }),
      );
      const elapsed = performance.now() - started;
      // Returned, never thrown: an upstream failure naming the operation, its status and message.
      expect(outcome.threw, `${row} threw ${String(outcome.threw && outcome.error)}`).toBe(false);
      const result = outcome.threw ? null : outcome.result;
      expect(result, `${row} returned ${JSON.stringify(result)}`).toMatchObject({ ok: false, upstream: true, operation: op.operationId });
      const failure = result && !result.ok && result.upstream ? result : null;
      expect(failure?.status).toBe(fault.expected);
      expect(failure?.problem.detail).toMatch(expectedMessage(op.service, fault));
      expect(elapsed).toBeLessThan(BUDGET_MS);
      // And the cause is logged for operators, naming the operation.
      expect(console.error).toHaveBeenLastCalledWith(expect.stringMatching(new RegExp(`^\\{.*"msg":"\\[upstream\\] ${op.service} ${op.operationId}: `)));
      passed = true;
    } finally {
      table.record(row, fault.name, passed);
      embedded.server.resetHandlers();
    }
  });
});
