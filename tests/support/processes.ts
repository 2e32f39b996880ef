import { type ChildProcess, spawn } from "node:child_process";

// A child process of the cluster test, with every line it writes kept and timed: the SSR
// processes' and the mock backend's JSON lines carry their own `time`; HAProxy's lines
// start with an ISO date (deploy/haproxy.cfg: `format iso`); others are timed on arrival.

export interface LogLine {
  /** When it was written (ms since the epoch). */
  at: number;
  stream: "stdout" | "stderr";
  text: string;
  /** The line's JSON object, when it is one (after HAProxy's date). */
  json?: Record<string, unknown>;
}

export interface Proc {
  name: string;
  child: ChildProcess;
  lines: LogLine[];
  /** Resolves when the process has exited: its code, or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  running(): boolean;
  /** The first line (already written or to come) that matches. */
  waitFor(what: string, match: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
  /** SIGKILL if still running; resolves once it has exited. */
  kill(): Promise<void>;
}

const ISO_PREFIX = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d)) (.*)$/;

function parse(text: string, stream: LogLine["stream"]): LogLine {
  const arrived = Date.now();
  const dated = ISO_PREFIX.exec(text);
  const body = dated ? dated[2]! : text;
  let json: Record<string, unknown> | undefined;
  if (body.startsWith("{")) {
    try {
      json = JSON.parse(body) as Record<string, unknown>;
    } catch {
      json = undefined;
    }
  }
  const own = typeof json?.time === "string" ? Date.parse(json.time) : Number.NaN;
  const at = dated ? Date.parse(dated[1]!) : Number.isFinite(own) ? own : arrived;
  return { at, stream, text: body, ...(json && { json }) };
}

export function spawnProcess(name: string, command: string, args: string[], env: Record<string, string>, cwd: string): Proc {
  const child = spawn(command, args, { cwd, env: { PATH: process.env.PATH ?? "", ...env }, stdio: ["ignore", "pipe", "pipe"] });
  const lines: LogLine[] = [];
  const waiters = new Set<(line: LogLine) => void>();
  for (const stream of ["stdout", "stderr"] as const) {
    let buffered = "";
    child[stream]!.setEncoding("utf8").on("data", (chunk: string) => {
      buffered += chunk;
      let newline: number;
      while ((newline = buffered.indexOf("\n")) !== -1) {
        const text = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        if (text.trim() === "") continue;
        const line = parse(text, stream);
        lines.push(line);
        for (const waiter of waiters) waiter(line);
      }
    });
  }
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once("error", () => resolve({ code: null, signal: null }));
    child.once("exit", (code, signal) => resolve({ code, signal }));
  });
  let ended = false;
  void exited.then(() => (ended = true));

  return {
    name,
    child,
    lines,
    exited,
    running: () => !ended,
    waitFor(what, match, timeoutMs = 30_000) {
      const found = lines.find(match);
      if (found) return Promise.resolve(found);
      return new Promise<LogLine>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`${name}: no ${what} within ${timeoutMs} ms; its last lines:\n${lines.slice(-15).map((l) => l.text).join("\n")}`));
        }, timeoutMs);
        const check = (line: LogLine) => {
          if (!match(line)) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(line);
        };
        waiters.add(check);
        void exited.then(({ code, signal }) => {
          if (!waiters.has(check)) return;
          clearTimeout(timer);
          waiters.delete(check);
          reject(new Error(`${name} exited (${code ?? signal}) before ${what}; its last lines:\n${lines.slice(-15).map((l) => l.text).join("\n")}`));
        });
      });
    },
    async kill() {
      if (!ended) child.kill("SIGKILL");
      await exited;
    },
  };
}
