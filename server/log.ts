// One JSON object per line on stdout (errors on stderr), the shape app/runtime/log.server.ts
// writes too: time, level, msg, then fields (requestId joins a request's lines).

type Level = "info" | "warn" | "error";

export function log(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  const line = `${JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields })}\n`;
  if (level === "error") process.stderr.write(line);
  else process.stdout.write(line);
}

export function errorFields(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return { error: error.message, errorName: error.name, stack: error.stack };
  return { error: String(error) };
}
