import { describe, expect, it } from "vitest";
import { SCHEMA_DOCUMENTS } from "../../app/api/validation.server";
import { readAppCalls } from "../faults/support/app-calls";

// call() validates an answer with the schema of the operation it is told; this checks that
// every client function names the operation its request really is (method and path as in
// the contract), so no answer is checked against another operation's schema.

describe("client functions name their operations", () => {
  const { calls, unread } = readAppCalls();

  it("reads every call the app makes", () => {
    expect(unread).toEqual([]);
    expect(calls.length).toBeGreaterThan(40);
  });

  it.each(calls.map((c) => [`${c.service} ${c.operationId}`, c] as const))("%s is the contract's operation for its request", (_, c) => {
    const operation = SCHEMA_DOCUMENTS[c.service].operations[c.operationId];
    expect(operation, `${c.file}: ${c.operationId} is not in contracts/${c.service}.yaml`).toBeDefined();
    expect(`${operation?.method} ${operation?.path}`).toBe(`${c.method} ${c.path}`);
  });
});
