// What the measuring scripts (bench, load test, Lighthouse) and the image check share to take and print their figures.

export const mark = (pass: boolean) => (pass ? "✔ pass" : "✘ FAIL");

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The time since `since` (a performance.now()), in seconds to a tenth: "1.6 s". */
export const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** This process's CPU time so far (user + system), ms. */
export const cpuNow = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** A plain-text table: the first column left-aligned, the others right-aligned. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

/** The p-th percentile of values sorted ascending (nearest rank); NaN when there are none. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
