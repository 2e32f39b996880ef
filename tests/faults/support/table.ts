import type { FaultName } from "./faults";

/** Results by row (an operation or a route) and fault, printed as a table of ✓ and ✗ at the end of a suite. */
export class ResultTable {
  private readonly rows = new Map<string, Map<FaultName, boolean>>();

  constructor(
    private readonly title: string,
    private readonly columns: readonly FaultName[],
  ) {}

  record(row: string, fault: FaultName, passed: boolean): void {
    const cells = this.rows.get(row) ?? new Map<FaultName, boolean>();
    cells.set(fault, passed);
    this.rows.set(row, cells);
  }

  get failures(): string[] {
    return [...this.rows].flatMap(([row, cells]) =>
      [...cells].filter(([, ok]) => !ok).map(([fault]) => `${row} × ${fault}`),
    );
  }

  /** A fixed-width text table (console.table quotes every cell), with a summary line. */
  format(): string {
    const header = ["", ...this.columns];
    const body = [...this.rows].sort(([a], [b]) => a.localeCompare(b)).map(([row, cells]) => [
      row,
      ...this.columns.map((c) => (cells.has(c) ? (cells.get(c) ? "✓" : "✗") : "·")),
    ]);
    const widths = header.map((_, i) => Math.max(...[header, ...body].map((r) => (r[i] ?? "").length)));
    const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join("  ").trimEnd();
    const cells = body.length * this.columns.length;
    const passed = [...this.rows.values()].reduce((n, m) => n + [...m.values()].filter(Boolean).length, 0);
    return [
      `\n${this.title}`,
      line(header),
      line(widths.map((w) => "─".repeat(w))),
      ...body.map(line),
      `${passed}/${cells} green${passed === cells ? "" : ` — failing: ${this.failures.join(", ")}`}`,
    ].join("\n");
  }
}
