// Structured logs: one JSON object per line, the same shape server.ts writes for each
// request, so a log pipeline can join an error to its request by requestId.

type Fields = Record<string, unknown>;

function errorFields(error: unknown): Fields {
  if (error instanceof Error) return { error: error.message, errorName: error.name, stack: error.stack };
  return { error: String(error) };
}

export function logError(message: string, error: unknown, fields: Fields = {}): void {
  const line = { time: new Date().toISOString(), level: "error", msg: message, ...fields, ...errorFields(error) };
  process.stderr.write(`${JSON.stringify(line)}\n`);
}

/** A state change worth a line of its own (not an error of one request): info or warn, on stdout. */
export function logEvent(level: "info" | "warn", message: string, fields: Fields = {}): void {
  const line = { time: new Date().toISOString(), level, msg: message, ...fields };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}
