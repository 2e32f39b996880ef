import path from "node:path";

// Just enough of the Dockerfile and .dockerignore formats for scripts/check-image.ts to do
// what a Dockerfile's stages do without Docker. Anything outside that subset throws
// (UnsupportedDockerfile) rather than being skipped: a check that ignores an instruction
// would pass for an image that differs from what it assembled.

export class UnsupportedDockerfile extends Error {}

export interface Instruction {
  /** Upper case: FROM, COPY, RUN… */
  keyword: string;
  /** The rest of the instruction, continuation lines joined with a space. */
  args: string;
  /** 1-based line of the instruction's first line. */
  line: number;
}

export interface Stage {
  /** The name after AS, if any. */
  name: string | null;
  /** The image or earlier stage it starts from. */
  from: string;
  instructions: Instruction[];
  line: number;
}

/** The instructions, continuation lines (a trailing backslash) joined; comment and blank lines dropped, also inside a continuation, as Docker does. */
export function parseInstructions(text: string): Instruction[] {
  const lines = text.split("\n").map((line) => line.replace(/\r$/, ""));
  const directive = lines.find((line) => /^#\s*escape\s*=/i.test(line));
  if (directive) throw new UnsupportedDockerfile(`parser directive "${directive}": only the default escape character (\\) is supported`);
  const instructions: Instruction[] = [];
  let pending: { text: string; line: number } | null = null;
  const finish = () => {
    if (!pending) return;
    const match = /^(\S+)\s*(.*)$/s.exec(pending.text.trim())!;
    instructions.push({ keyword: match[1]!.toUpperCase(), args: match[2]!.trim(), line: pending.line });
    pending = null;
  };
  lines.forEach((raw, index) => {
    const trimmed = raw.trim();
    if (trimmed === "" || trimmed.startsWith("#")) return;
    const continued = /\\\s*$/.test(raw);
    const body = continued ? raw.replace(/\\\s*$/, "") : raw;
    if (pending) pending.text += ` ${body.trim()}`;
    else pending = { text: body.trim(), line: index + 1 };
    if (!continued) finish();
  });
  finish();
  return instructions;
}

/** The stages, in order; instructions before the first FROM are refused (ARG there would need substituting). */
export function parseStages(text: string): Stage[] {
  const stages: Stage[] = [];
  for (const instruction of parseInstructions(text)) {
    if (instruction.keyword === "FROM") {
      const match = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(instruction.args);
      if (!match || match[1]!.startsWith("--")) throw unsupported(instruction, "only `FROM <image> [AS <name>]`");
      stages.push({ from: match[1]!, name: match[2] ?? null, instructions: [], line: instruction.line });
    } else if (stages.length === 0) {
      throw unsupported(instruction, "nothing is supported before the first FROM");
    } else {
      stages.at(-1)!.instructions.push(instruction);
    }
  }
  return stages;
}

export function unsupported(instruction: Instruction, why: string): UnsupportedDockerfile {
  return new UnsupportedDockerfile(`line ${instruction.line}: ${instruction.keyword} ${instruction.args}\n  not modelled by this check (${why})`);
}

function refuseVariables(instruction: Instruction): void {
  if (instruction.args.includes("$")) throw unsupported(instruction, "variable substitution is not supported");
}

/** Words split on blanks; double and single quotes group and are removed, a backslash escapes the next character outside single quotes. */
function words(text: string): string[] {
  const result: string[] = [];
  let word: string | null = null;
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = null;
      else if (c === "\\" && quote === '"' && i + 1 < text.length) word += text[++i]!;
      else word += c;
    } else if (/\s/.test(c)) {
      if (word !== null) result.push(word);
      word = null;
    } else {
      word ??= "";
      if (c === '"' || c === "'") quote = c;
      else if (c === "\\" && i + 1 < text.length) word += text[++i]!;
      else word += c;
    }
  }
  if (quote) throw new UnsupportedDockerfile(`unterminated quote in: ${text}`);
  if (word !== null) result.push(word);
  return result;
}

/** ENV key=value … (or the legacy ENV key value). */
export function parseEnv(instruction: Instruction): [string, string][] {
  refuseVariables(instruction);
  const first = /^(\S+)(\s+(.*))?$/s.exec(instruction.args);
  if (!first) throw unsupported(instruction, "ENV without a variable");
  if (!first[1]!.includes("=")) return [[first[1]!, words(first[3] ?? "").join(" ")]];
  return words(instruction.args).map((word) => {
    const equals = word.indexOf("=");
    if (equals <= 0) throw unsupported(instruction, `"${word}" is not key=value`);
    return [word.slice(0, equals), word.slice(equals + 1)];
  });
}

export interface Copy {
  /** The stage given with --from, or null: the build context. */
  from: string | null;
  sources: string[];
  destination: string;
}

/** COPY [--from=<stage>] <src>… <dest> (or the JSON form); other flags (--chown, --chmod, --link…) are refused. */
export function parseCopy(instruction: Instruction): Copy {
  refuseVariables(instruction);
  let rest = instruction.args;
  let from: string | null = null;
  for (let flag = /^--(\S+?)=(\S+)\s+/.exec(rest); flag; flag = /^--(\S+?)=(\S+)\s+/.exec(rest)) {
    if (flag[1] !== "from") throw unsupported(instruction, `only the --from flag (--${flag[1]} changes owners, modes or layers)`);
    from = flag[2]!;
    rest = rest.slice(flag[0].length);
  }
  const paths = execForm(rest) ?? rest.split(/\s+/);
  if (paths.length < 2) throw unsupported(instruction, "COPY needs a source and a destination");
  const sources = paths.slice(0, -1);
  const destination = paths.at(-1)!;
  if (sources.some((source) => /[*?[]/.test(source))) throw unsupported(instruction, "wildcards in sources");
  if (sources.length > 1 && !destination.endsWith("/")) throw unsupported(instruction, "several sources need a destination ending in /, as Docker requires");
  return { from, sources, destination };
}

/** A JSON array of strings (the exec form), or null when the text is not one (Docker then takes the shell form). */
function execForm(text: string): string[] | null {
  if (!text.startsWith("[")) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) && parsed.every((item) => typeof item === "string") ? parsed : null;
  } catch {
    return null;
  }
}

/** CMD, RUN or HEALTHCHECK's command as the argv Docker runs: the exec form as is, the shell form through /bin/sh -c. */
export function parseCommand(instruction: Instruction, text = instruction.args): { argv: string[]; shell: boolean } {
  const exec = execForm(text);
  if (exec) {
    if (exec.length === 0) throw unsupported(instruction, "an empty command");
    return { argv: exec, shell: false };
  }
  return { argv: ["/bin/sh", "-c", text], shell: true };
}

export interface Healthcheck {
  /** --timeout, ms (Docker's default 30 s). */
  timeoutMs: number;
  argv: string[];
}

/** HEALTHCHECK [--option=value…] CMD <command>; NONE gives null. */
export function parseHealthcheck(instruction: Instruction): Healthcheck | null {
  if (/^NONE$/i.test(instruction.args)) return null;
  const match = /^((?:--\S+=\S+\s+)*)CMD\s+(.+)$/is.exec(instruction.args);
  if (!match) throw unsupported(instruction, "only HEALTHCHECK [--option=value…] CMD <command> or NONE");
  const options = Object.fromEntries([...match[1]!.matchAll(/--(\S+?)=(\S+)/g)].map((m) => [m[1]!, m[2]!]));
  const known = ["interval", "timeout", "start-period", "start-interval", "retries"];
  const unknown = Object.keys(options).filter((name) => !known.includes(name));
  if (unknown.length > 0) throw unsupported(instruction, `unknown option --${unknown[0]}`);
  return { timeoutMs: options.timeout ? durationMs(options.timeout, instruction) : 30_000, argv: parseCommand(instruction, match[2]!).argv };
}

/** A Go duration as Docker takes it: 3s, 1m30s, 500ms. */
export function durationMs(text: string, instruction: Instruction): number {
  const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  const parts = [...text.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join("") !== text) throw unsupported(instruction, `duration "${text}"`);
  return parts.reduce((sum, p) => sum + Number(p[1]) * units[p[2]!]!, 0);
}

/**
 * A .dockerignore as a predicate on paths relative to the build context (with /): true when
 * excluded. Docker's rules: patterns are relative to the context root (`*.log` matches at the
 * root only; `**` crosses directories), a pattern matching a directory excludes what is
 * under it, `!` re-includes, and the last pattern that matches decides.
 */
export function dockerignore(text: string): (relativePath: string) => boolean {
  const patterns = text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"))
    .map((line) => {
      const negate = line.startsWith("!");
      const pattern = path.posix.normalize((negate ? line.slice(1) : line).trim()).replace(/^\/+/, "").replace(/\/+$/, "");
      return { negate, regex: globRegex(pattern) };
    });
  return (relativePath) => {
    const parts = relativePath.split("/").filter((part) => part !== "" && part !== ".");
    const prefixes = parts.map((_, i) => parts.slice(0, i + 1).join("/"));
    let excluded = false;
    for (const { negate, regex } of patterns) {
      if (prefixes.some((prefix) => regex.test(prefix))) excluded = !negate;
    }
    return excluded;
  };
}

function globRegex(pattern: string): RegExp {
  let source = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === "*" && pattern[i + 1] === "*") {
      // "**/" is any number of directories (none too); a trailing "**" anything below.
      if (pattern[i + 2] === "/") {
        source += "(?:.*/)?";
        i += 2;
      } else {
        source += ".*";
        i += 1;
      }
    } else if (c === "*") source += "[^/]*";
    else if (c === "?") source += "[^/]";
    else if (c === "\\" && i + 1 < pattern.length) source += escapeRegex(pattern[++i]!);
    else if (c === "[") {
      const end = pattern.indexOf("]", i + 1);
      if (end < 0) throw new UnsupportedDockerfile(`.dockerignore pattern "${pattern}": unterminated [`);
      source += `[${pattern.slice(i + 1, end).replace(/^!/, "^")}]`;
      i = end;
    } else source += escapeRegex(c);
  }
  return new RegExp(`^${source}$`);
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
