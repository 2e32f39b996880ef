import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type DiagnosticReport, summariseReport, takeReport } from "../../scripts/support/memory-report.ts";

// The memory section of `npm run bench` reads Node's diagnostic report (scripts/support/memory-report.ts):
// here a real one, of this process and of a child that writes it on SIGUSR2 as the SSR process does.

const directory = mkdtempSync(path.join(tmpdir(), "memory-report-test-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe("a diagnostic report's summary", () => {
  it("splits this process's heap into its spaces, within the totals, and resident memory beside it", () => {
    const m = summariseReport(process.report.getReport() as unknown as DiagnosticReport);
    const rss = process.memoryUsage.rss();
    expect(m.rss).toBeGreaterThan(rss * 0.5);
    expect(m.rss).toBeLessThan(rss * 2);
    expect(m.heapUsed).toBeGreaterThan(0);
    expect(m.heapUsed).toBeLessThanOrEqual(m.heapCommitted);
    expect(m.youngUsed).toBeLessThanOrEqual(m.youngCommitted);
    expect(m.oldUsed).toBeGreaterThan(0);
    expect(m.oldUsed).toBeLessThanOrEqual(m.oldCommitted);
    expect(m.youngUsed + m.oldUsed + m.largeObjectsUsed + m.codeUsed).toBeLessThanOrEqual(m.heapUsed);
    expect(m.outsideHeap).toBe(Math.max(0, m.rss - m.heapCommitted - m.external));
  });

  it("sees a larger old space once the process holds more", () => {
    const before = summariseReport(process.report.getReport() as unknown as DiagnosticReport);
    const held = Array.from({ length: 300_000 }, (_, i) => ({ i, name: `organisation ${i}` }));
    const after = summariseReport(process.report.getReport() as unknown as DiagnosticReport);
    expect(after.oldUsed + after.youngUsed).toBeGreaterThan(before.oldUsed + before.youngUsed + 10 * 2 ** 20);
    expect(held).toHaveLength(300_000);
  });

  it("missing spaces count as empty", () => {
    const m = summariseReport({
      header: { processId: 1 },
      javascriptHeap: { totalCommittedMemory: 100, usedMemory: 60, externalMemory: 10, mallocedMemory: 0, heapSpaces: { old_space: { memorySize: 80, committedMemory: 80, used: 50 } } },
      resourceUsage: { rss: "300" },
    });
    expect(m).toMatchObject({ rss: 300, oldUsed: 50, youngUsed: 0, codeUsed: 0, outsideHeap: 190 });
  });
});

describe("taking a report from the report directory", () => {
  it("finds the report a process wrote on SIGUSR2, by its pid, and removes it", () => {
    const child = spawnSync(process.execPath, ["--report-on-signal", `--report-directory=${directory}`, "-e", "process.kill(process.pid, 'SIGUSR2'); setTimeout(() => console.log(process.pid), 200)"], { encoding: "utf8" });
    const pid = Number(child.stdout.trim());
    expect(takeReport(directory, pid + 1)).toBeNull();
    const report = takeReport(directory, pid);
    expect(report?.header.processId).toBe(pid);
    expect(readdirSync(directory).filter((f) => f.includes(`.${pid}.`))).toEqual([]);
    expect(takeReport(directory, pid)).toBeNull();
  });

  it("leaves a report still being written for the next look", () => {
    const file = path.join(directory, "report.20261127.120000.4242.0.001.json");
    writeFileSync(file, '{"header": {"processId": 4242}, "javascriptHe');
    expect(takeReport(directory, 4242)).toBeNull();
    expect(existsSync(file)).toBe(true);
  });
});
