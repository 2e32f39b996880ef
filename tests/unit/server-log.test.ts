import { afterEach, describe, expect, it, vi } from "vitest";
import { log } from "../../server/log.ts";

// The server's JSON lines (server/log.ts): stdout's leave together once per event-loop turn,
// in order; an error goes at once, after whatever was pending.

const written = () => {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(process.stdout, "write").mockImplementation((chunk) => (out.push(String(chunk)), true));
  vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (err.push(String(chunk)), true));
  return { out, err };
};
const turn = () => new Promise((resolve) => setImmediate(resolve));
const messages = (chunks: string[]) => chunks.join("").trim().split("\n").map((line) => (JSON.parse(line) as { msg: string }).msg);

afterEach(() => vi.restoreAllMocks());

describe("server log lines", () => {
  it("leave in one write per event-loop turn, in order, one JSON object a line", async () => {
    const { out } = written();
    log("info", "first");
    log("warn", "second", { requestId: "r-1" });
    log("info", "third");
    expect(out).toEqual([]);
    await turn();
    expect(out).toHaveLength(1);
    expect(messages(out)).toEqual(["first", "second", "third"]);
  });

  it("write an error at once, after the lines before it", async () => {
    const { out, err } = written();
    log("info", "before");
    log("error", "broken", { requestId: "r-2" });
    expect(messages(out)).toEqual(["before"]);
    expect(messages(err)).toEqual(["broken"]);
    await turn();
    expect(out).toHaveLength(1);
  });
});
