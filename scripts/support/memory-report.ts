import { readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

// Where a server process's memory is, from Node's diagnostic report (`--report-on-signal`,
// written when the process gets SIGUSR2): resident memory, and V8's heap by space, so the
// memory section of `npm run bench` can tell the young generation from the old, code and
// large objects, and all of them from memory outside V8's heap (ADR 37).

interface HeapSpace {
  memorySize: number;
  committedMemory: number;
  used: number;
}

/** The parts of Node's diagnostic report read here (process.report.getReport()'s shape). */
export interface DiagnosticReport {
  header: { processId: number };
  javascriptHeap: {
    totalCommittedMemory: number;
    usedMemory: number;
    externalMemory: number;
    mallocedMemory: number;
    heapSpaces: Record<string, HeapSpace>;
  };
  resourceUsage: { rss: number | string };
}

/** Bytes. "young": new_space and new_large_object_space; "old": old_space. */
export interface MemorySummary {
  rss: number;
  heapCommitted: number;
  heapUsed: number;
  youngCommitted: number;
  youngUsed: number;
  oldCommitted: number;
  oldUsed: number;
  largeObjectsUsed: number;
  codeUsed: number;
  /** Array buffers and other memory V8 is told of, outside its heap. */
  external: number;
  /** Resident memory neither V8's heap nor external: Node's and the libraries' own, malloc's arenas, stacks. */
  outsideHeap: number;
}

const space = (report: DiagnosticReport, name: string): HeapSpace => report.javascriptHeap.heapSpaces[name] ?? { memorySize: 0, committedMemory: 0, used: 0 };

export function summariseReport(report: DiagnosticReport): MemorySummary {
  const heap = report.javascriptHeap;
  const young = [space(report, "new_space"), space(report, "new_large_object_space")];
  const rss = Number(report.resourceUsage.rss);
  return {
    rss,
    heapCommitted: heap.totalCommittedMemory,
    heapUsed: heap.usedMemory,
    youngCommitted: young.reduce((sum, s) => sum + s.committedMemory, 0),
    youngUsed: young.reduce((sum, s) => sum + s.used, 0),
    oldCommitted: space(report, "old_space").committedMemory,
    oldUsed: space(report, "old_space").used,
    largeObjectsUsed: space(report, "large_object_space").used,
    codeUsed: space(report, "code_space").used + space(report, "code_large_object_space").used,
    external: heap.externalMemory,
    outsideHeap: Math.max(0, rss - heap.totalCommittedMemory - heap.externalMemory),
  };
}

/**
 * The report `pid` wrote to `directory` (with --report-directory), parsed, then removed; null
 * while there is none or it is still being written. Node names reports
 * report.<date>.<time>.<pid>.<thread>.<sequence>.json.
 */
export function takeReport(directory: string, pid: number): DiagnosticReport | null {
  const name = readdirSync(directory).find((file) => file.startsWith("report.") && file.split(".")[3] === String(pid) && file.endsWith(".json"));
  if (!name) return null;
  const file = path.join(directory, name);
  let report: DiagnosticReport;
  try {
    report = JSON.parse(readFileSync(file, "utf8")) as DiagnosticReport;
  } catch {
    return null;
  }
  rmSync(file);
  return report;
}
