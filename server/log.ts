// One JSON object per line on stdout (errors on stderr), the shape app/runtime/log.server.ts
// writes too: time, level, msg, then fields (requestId joins a request's lines).

type Level = "info" | "warn" | "error";

// Lines to stdout leave together once per turn of the event loop: a busy process answers
// many requests a turn, and a write to a pipe or file is a system call each (ADR 0037).
// Errors go at once, after what is pending, and whatever is pending goes when the process exits.
let pending = "";
let scheduled = false;

function flush(): void {
  scheduled = false;
  if (!pending) return;
  const lines = pending;
  pending = "";
  process.stdout.write(lines);
}
process.once("exit", flush);

export function log(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  const line = `${JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields })}\n`;
  if (level === "error") {
    flush();
    process.stderr.write(line);
    return;
  }
  pending += line;
  if (pending.length >= 65_536) flush();
  else if (!scheduled) {
    scheduled = true;
    setImmediate(flush);
  }
}

export function errorFields(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return { error: error.message, errorName: error.name, stack: error.stack };
  return { error: String(error) };
}
