/**
 * The Dockerfile's runtime image, without Docker (`npm run test:image`; part of `npm test`,
 * after the production build). This machine has no Docker engine and no registry, so the
 * image is assembled the way its stages would assemble it, and then run:
 *
 *   node scripts/check-image.ts                         the repository's Dockerfile and build/
 *   node scripts/check-image.ts --dockerfile <path>     another Dockerfile (e.g. a scratch copy)
 *   node scripts/check-image.ts --context <dir>         another build context (package.json…)
 *
 * 1. Reads the Dockerfile: the runtime stage (the last) and the stages it builds on or copies
 *    from. Only what this script models is accepted (FROM/WORKDIR/ENV in base stages;
 *    COPY, ENV and npm commands in an install stage; ENV, COPY [--from], USER, EXPOSE,
 *    HEALTHCHECK, STOPSIGNAL, CMD in the runtime stage): anything else stops it with the line.
 * 2. Assembles the runtime stage's WORKDIR in a fresh directory under the system's temp
 *    directory: each COPY in order, from the build context (honouring .dockerignore), from an
 *    install stage (its COPYs and its npm command run in a directory of its own, e.g.
 *    `npm ci --omit=dev --ignore-scripts`, from the npm cache), or from the stage that runs
 *    `npm run build`, which is the production build already in BUILD_DIR (default build/;
 *    build it first: `npx react-router build`).
 * 3. Runs the CMD there with the repository's Node 24 (the image's node), with only the
 *    image's environment (the Dockerfile's ENV, a PATH, HOME; PORT a free port), as an
 *    unprivileged user when run as root (the image's USER; here nobody), in a directory that
 *    user cannot write to, and with no node_modules above it: modules resolve from the
 *    assembled node_modules alone.
 * 4. Checks /healthz, /readyz, the home page, the organisation search page (rendered on the
 *    server), a static asset, the HEALTHCHECK command, that nothing was written and nothing
 *    logged as an error, and that STOPSIGNAL ends the process with 0 within the shutdown
 *    grace. Prints each check; exits 1 when one fails. The temporary directory and the
 *    process go in every case.
 *
 * What it cannot show: that node:24-slim (its Node, its entrypoint, its `node` user) and
 * `docker build` itself behave as modelled here.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, renameSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { createPages, createSite } from "../mocks/backend/cms-content.ts";
import { readServerOptions } from "../server/options.ts";
import {
  type Copy,
  dockerignore,
  type Healthcheck,
  type Instruction,
  parseCommand,
  parseCopy,
  parseEnv,
  parseHealthcheck,
  parseStages,
  type Stage,
  unsupported,
  UnsupportedDockerfile,
} from "./support/dockerfile.ts";
import { BUILD_DIR, freePort, ROOT } from "./support/production-server.ts";
import { sleep } from "./support/report.ts";

const { values: args } = parseArgs({
  options: {
    dockerfile: { type: "string", default: path.join(ROOT, "Dockerfile") },
    context: { type: "string", default: ROOT },
  },
});
const DOCKERFILE = path.resolve(args.dockerfile);
const CONTEXT = path.resolve(args.context);
/** The organisation search (app/routes.ts: registration/:group/organisation; a group type of app/group-types.ts). */
const SEARCH_PAGE = "/registration/education/organisation";
/** The image's PATH, with this Node's directory first: its `node` is the image's node. */
const IMAGE_PATH = `${path.dirname(process.execPath)}:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin`;
const START_TIMEOUT_MS = 60_000;
const REQUEST_TIMEOUT_MS = 15_000;

// ---------------------------------------------------------------- the report

let failures = 0;
function report(pass: boolean, what: string, detail = ""): boolean {
  if (!pass) failures++;
  console.log(`${pass ? "✔" : "✘"} ${what}${detail ? ` — ${detail}` : ""}`);
  return pass;
}
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

// ---------------------------------------------------------------- the plan, from the Dockerfile

/** A stage whose files are made here by its own COPYs and npm commands. */
interface InstallStage {
  kind: "install";
  name: string;
  workdir: string;
  env: Map<string, string>;
  steps: ({ copy: Copy } | { run: string; skipped: string[] })[];
}

/** The stage that runs `npm run build`: stood in for by the build already made in BUILD_DIR. */
interface BuildStage {
  kind: "build";
  name: string;
  workdir: string;
}

interface Plan {
  /** The external image at the root of the runtime stage. */
  image: string;
  workdir: string;
  env: Map<string, string>;
  copies: Copy[];
  sources: Map<string, InstallStage | BuildStage>;
  user: string | null;
  exposed: string[];
  healthcheck: Healthcheck | null;
  stopSignal: NodeJS.Signals;
  cmd: string[];
}

function plan(text: string): Plan {
  const stages = parseStages(text);
  /** A stage named `name` before `stage` (Docker's FROM and --from refer to earlier stages only). */
  const named = (name: string, stage: Stage) =>
    stages.slice(0, stages.indexOf(stage)).find((earlier) => earlier.name?.toLowerCase() === name.toLowerCase());

  /** The image, WORKDIR and ENV a stage starts with: its FROM chain's, where only WORKDIR and ENV are modelled. */
  const inherited = (stage: Stage) => {
    const chain: Stage[] = [];
    let from = stage.from;
    for (let base = named(from, stage); base; base = named(from, base)) {
      chain.unshift(base);
      from = base.from;
    }
    let workdir = "/";
    const env = new Map<string, string>();
    for (const base of chain) {
      for (const instruction of base.instructions) {
        if (instruction.keyword === "WORKDIR") {
          if (!instruction.args.startsWith("/") || instruction.args.includes("$")) throw unsupported(instruction, "only an absolute WORKDIR");
          workdir = path.posix.normalize(instruction.args);
        } else if (instruction.keyword === "ENV") {
          for (const [key, value] of parseEnv(instruction)) env.set(key, value);
        } else {
          throw unsupported(instruction, `stage "${base.name}" is a base of "${stage.name}": only WORKDIR and ENV are modelled there`);
        }
      }
    }
    return { image: from, workdir, env };
  };

  const runtime = stages.at(-1);
  if (!runtime) throw new UnsupportedDockerfile("no FROM: not a Dockerfile");
  const start = inherited(runtime);
  const result: Plan = {
    image: start.image,
    workdir: start.workdir,
    env: start.env,
    copies: [],
    sources: new Map(),
    user: null,
    exposed: [],
    healthcheck: null,
    stopSignal: "SIGTERM",
    cmd: [],
  };
  const only = (keywords: string[], where: string) => (instruction: Instruction) => {
    if (!keywords.includes(instruction.keyword)) throw unsupported(instruction, `in ${where} only ${keywords.join(", ")} are modelled`);
  };

  const source = (name: string, instruction: Instruction): InstallStage | BuildStage => {
    const stage = named(name, runtime);
    if (!stage) throw unsupported(instruction, `--from=${name} is not an earlier stage (an image would need a registry)`);
    const known = result.sources.get(stage.name!);
    if (known) return known;
    const { workdir, env } = inherited(stage);
    const builds = stage.instructions.some((i) => i.keyword === "RUN" && /^npm run build$/.test(i.args.trim()));
    if (builds) {
      const build: BuildStage = { kind: "build", name: stage.name!, workdir };
      result.sources.set(stage.name!, build);
      return build;
    }
    const install: InstallStage = { kind: "install", name: stage.name!, workdir, env, steps: [] };
    for (const step of stage.instructions) {
      only(["COPY", "ENV", "RUN"], `an install stage ("${stage.name}")`)(step);
      if (step.keyword === "ENV") for (const [key, value] of parseEnv(step)) env.set(key, value);
      else if (step.keyword === "COPY") {
        const copy = parseCopy(step);
        if (copy.from) throw unsupported(step, "an install stage copies from the build context only");
        install.steps.push({ copy });
      } else install.steps.push(npmCommand(step));
    }
    result.sources.set(stage.name!, install);
    return install;
  };

  for (const instruction of runtime.instructions) {
    only(["ENV", "COPY", "USER", "EXPOSE", "HEALTHCHECK", "STOPSIGNAL", "CMD"], "the runtime stage")(instruction);
    switch (instruction.keyword) {
      case "ENV":
        for (const [key, value] of parseEnv(instruction)) result.env.set(key, value);
        break;
      case "COPY": {
        const copy = parseCopy(instruction);
        if (copy.from) source(copy.from, instruction);
        result.copies.push(copy);
        break;
      }
      case "USER":
        result.user = instruction.args.trim();
        break;
      case "EXPOSE":
        result.exposed.push(...instruction.args.split(/\s+/));
        break;
      case "HEALTHCHECK":
        result.healthcheck = parseHealthcheck(instruction);
        break;
      case "STOPSIGNAL": {
        const signal = instruction.args.trim().toUpperCase();
        const name = (signal.startsWith("SIG") ? signal : `SIG${signal}`) as NodeJS.Signals;
        if (!(name in os.constants.signals)) throw unsupported(instruction, "a signal by name");
        result.stopSignal = name;
        break;
      }
      case "CMD":
        result.cmd = parseCommand(instruction).argv;
        break;
    }
  }
  if (result.cmd.length === 0) throw new UnsupportedDockerfile("the runtime stage has no CMD (the base image's would run)");
  return result;
}

/** RUN in an install stage: npm commands joined by &&; `npm cache clean` is left out (it empties the npm cache, not the stage's directory). */
function npmCommand(instruction: Instruction): { run: string; skipped: string[] } {
  const { shell } = parseCommand(instruction);
  if (!shell) throw unsupported(instruction, "only the shell form of RUN");
  const commands = instruction.args.split("&&").map((command) => command.trim());
  const kept: string[] = [];
  const skipped: string[] = [];
  for (const command of commands) {
    if (!/^npm\s/.test(command) || /[;|&<>`$(){}\\'"]/.test(command)) throw unsupported(instruction, "only npm commands, joined by &&");
    if (/^npm\s+cache\s+clean\b/.test(command)) skipped.push(command);
    else kept.push(command);
  }
  if (kept.length === 0) throw unsupported(instruction, "no npm command to run");
  return { run: kept.join(" && "), skipped };
}

// ---------------------------------------------------------------- assembling the directories

const ignored = (() => {
  const beside = `${DOCKERFILE}.dockerignore`;
  const file = existsSync(beside) ? beside : path.join(CONTEXT, ".dockerignore");
  return dockerignore(existsSync(file) ? readFileSync(file, "utf8") : "");
})();

/** Where an image path in a stage whose WORKDIR is `workdir` lies in `directory` (which stands for that WORKDIR). */
function underWorkdir(imagePath: string, workdir: string, directory: string, what: string): string {
  const relative = path.posix.relative(workdir, imagePath);
  if (relative.startsWith("..") || path.posix.isAbsolute(relative)) throw new UnsupportedDockerfile(`${what} ${imagePath} is outside WORKDIR ${workdir}`);
  return path.join(directory, relative);
}

/** Docker's COPY of one source: a directory's contents into the destination, a file to it (or into it when it ends in /). */
function place(source: string, destination: string, intoDirectory: boolean, filter?: (file: string) => boolean): void {
  if (statSync(source).isDirectory()) {
    cpSync(source, destination, { recursive: true, verbatimSymlinks: true, filter });
  } else {
    const target = intoDirectory ? path.join(destination, path.basename(source)) : destination;
    mkdirSync(path.dirname(target), { recursive: true });
    cpSync(source, target);
  }
}

function copyFromContext(copy: Copy, workdir: string, directory: string): void {
  const destination = underWorkdir(path.posix.resolve(workdir, copy.destination), workdir, directory, "destination");
  for (const source of copy.sources) {
    const relative = path.posix.normalize(source).replace(/^\/+/, "");
    if (relative.startsWith("..")) throw new UnsupportedDockerfile(`COPY source ${source} is outside the build context`);
    const absolute = path.join(CONTEXT, relative);
    if (relative !== "." && ignored(relative)) {
      throw new Error(`COPY ${source}: excluded by .dockerignore (docker build would fail: not found)`);
    }
    if (!existsSync(absolute)) throw new Error(`COPY ${source}: not in the build context ${CONTEXT} (docker build would fail)`);
    const filter = (file: string) => {
      const inContext = path.relative(CONTEXT, file).split(path.sep).join("/");
      return inContext === "" || !ignored(inContext);
    };
    place(absolute, destination, copy.destination.endsWith("/") || copy.sources.length > 1, filter);
  }
}

/** Runs an install stage in a directory of its own, once. */
function install(stage: InstallStage, directory: string): void {
  mkdirSync(directory, { recursive: true });
  for (const step of stage.steps) {
    if ("copy" in step) {
      copyFromContext(step.copy, stage.workdir, directory);
      continue;
    }
    const started = performance.now();
    const env = { ...buildEnv(), ...Object.fromEntries(stage.env) };
    const version = spawnSync("npm", ["--version"], { cwd: directory, env, encoding: "utf8" }).stdout?.trim() || "?";
    console.log(`  ${stage.name}: $ ${step.run}   (npm ${version}, Node ${process.version})`);
    for (const command of step.skipped) {
      console.log(`  ${stage.name}: left out \`${command}\`: it empties the npm cache, which no later stage copies (here: this machine's)`);
    }
    const result = spawnSync("/bin/sh", ["-c", step.run], { cwd: directory, env, stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });
    const output = `${result.stdout ?? ""}${result.stderr ?? ""}`.trim();
    if (result.status !== 0) throw new Error(`\`${step.run}\` in the ${stage.name} stage failed (exit ${result.status}):\n${output.slice(-3000)}`);
    const summary = output.split("\n").filter((line) => /^added /.test(line)).join(" ") || "done";
    report(true, `${stage.name} stage: \`${step.run}\``, `${seconds(started)}; ${summary}`);
  }
}

/** The environment of a build stage's RUN: a PATH whose node is this one, HOME (the npm cache), the network's settings. */
function buildEnv(): Record<string, string> {
  const env: Record<string, string> = {
    PATH: IMAGE_PATH,
    HOME: os.homedir(),
  };
  const passed = ["npm_config_cache", "npm_config_userconfig", "npm_config_registry", "NODE_EXTRA_CA_CERTS", "SSL_CERT_FILE"];
  for (const name of [...passed, "HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY", "http_proxy", "https_proxy", "no_proxy"]) {
    const value = process.env[name];
    if (value) env[name] = value;
  }
  return env;
}

/** The build the build stage stands for: BUILD_DIR, made beforehand. */
function productionBuild(): string {
  const build = path.resolve(ROOT, BUILD_DIR);
  if (!existsSync(path.join(build, "server", "index.js")) || !existsSync(path.join(build, "client"))) {
    throw new Error(`no production build in ${build}: build it first (\`npx react-router build\` or \`npm run build\`)`);
  }
  return build;
}

function assemble(image: Plan, top: string): string {
  // Before the slow part (npm ci).
  if ([...image.sources.values()].some((stage) => stage.kind === "build")) productionBuild();
  const app = path.join(top, "app");
  mkdirSync(app);
  const moved = new Set<string>();
  for (const copy of image.copies) {
    if (!copy.from) {
      copyFromContext(copy, image.workdir, app);
      continue;
    }
    const stage = [...image.sources.values()].find((s) => s.name.toLowerCase() === copy.from!.toLowerCase())!;
    const destination = underWorkdir(path.posix.resolve(image.workdir, copy.destination), image.workdir, app, "destination");
    for (const source of copy.sources) {
      const imagePath = path.posix.resolve("/", source);
      if (stage.kind === "build") {
        if (imagePath !== path.posix.join(stage.workdir, "build")) {
          throw new UnsupportedDockerfile(`COPY --from=${stage.name} ${source}: only the build's output (${stage.workdir}/build) is taken from the build stage`);
        }
        place(productionBuild(), destination, copy.destination.endsWith("/"));
        continue;
      }
      const stageDirectory = path.join(top, `stage-${stage.name}`);
      if (!existsSync(stageDirectory)) install(stage, stageDirectory);
      const from = underWorkdir(imagePath, stage.workdir, stageDirectory, `COPY --from=${stage.name}`);
      if (moved.has(from)) throw new UnsupportedDockerfile(`COPY --from=${stage.name} ${source} twice`);
      if (!existsSync(from)) throw new Error(`COPY --from=${stage.name} ${source}: the stage made no such file (docker build would fail)`);
      if (statSync(from).isDirectory() && !existsSync(destination)) {
        // The stage's directory is used once: moving it is the copy, without copying 160 MB.
        mkdirSync(path.dirname(destination), { recursive: true });
        renameSync(from, destination);
        moved.add(from);
      } else place(from, destination, copy.destination.endsWith("/"));
    }
  }
  return app;
}

// ---------------------------------------------------------------- running it

interface Account {
  name: string;
  uid: number;
  gid: number;
  home: string;
}

/** The unprivileged account to run as when this runs as root: nobody. */
function unprivileged(): Account | null {
  if (process.getuid?.() !== 0) return null;
  const entry = readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .map((line) => line.split(":"))
    .find((fields) => fields[0] === "nobody");
  if (!entry) throw new Error("running as root and there is no `nobody` account to run the server as");
  return { name: "nobody", uid: Number(entry[2]), gid: Number(entry[3]), home: entry[5] || "/nonexistent" };
}

/** As the account, when there is one: setpriv sets the ids and execs, so the process is the command itself. */
function asAccount(account: Account | null, argv: string[]): [string, string[]] {
  if (!account) return [argv[0]!, argv.slice(1)];
  return ["setpriv", [`--reuid=${account.uid}`, `--regid=${account.gid}`, "--clear-groups", "--no-new-privs", "--", ...argv]];
}

/** The image's `node` is this Node 24; other programs are not modelled. */
function withNode(argv: string[], what: string): string[] {
  if (argv[0] !== "node") throw new UnsupportedDockerfile(`${what} runs ${argv[0]}: only node is modelled`);
  return [process.execPath, ...argv.slice(1)];
}

/** Each file's size and mtime, to see that the server wrote nothing. */
function snapshot(directory: string): Map<string, string> {
  const files = new Map<string, string>();
  const visit = (entry: string) => {
    const info = statSync(entry, { throwIfNoEntry: false });
    if (!info) return;
    files.set(path.relative(directory, entry), `${info.size}:${info.mtimeMs}`);
    if (info.isDirectory()) for (const child of readdirSync(entry)) visit(path.join(entry, child));
  };
  visit(directory);
  return files;
}

function changes(before: Map<string, string>, after: Map<string, string>): string[] {
  const changed = [...after].filter(([file, state]) => before.get(file) !== state).map(([file]) => file || ".");
  const removed = [...before.keys()].filter((file) => !after.has(file));
  return [...changed, ...removed.map((file) => `${file} (removed)`)];
}

/** No directory a module lookup from `app` could reach besides app/node_modules: no node_modules above it, nor Node's global folders. */
function reachableNodeModules(app: string, home: string): string[] {
  const found: string[] = [];
  for (let directory = path.dirname(app); ; directory = path.dirname(directory)) {
    if (existsSync(path.join(directory, "node_modules"))) found.push(path.join(directory, "node_modules"));
    if (directory === path.dirname(directory)) break;
  }
  // CommonJS's global folders (NODE_PATH is not set).
  for (const global of [path.join(home, ".node_modules"), path.join(home, ".node_libraries"), path.resolve(path.dirname(process.execPath), "..", "lib", "node")]) {
    if (existsSync(global)) found.push(global);
  }
  return found;
}

/** Absolute paths of this checkout the build names (they would resolve here and not in the image). */
function checkoutPathsInBuild(build: string): string[] {
  const checkout = new Set([ROOT, ...[ROOT, path.join(ROOT, "node_modules")].filter((p) => existsSync(p)).map((p) => realpathSync(p))]);
  const hits = new Set<string>();
  const visit = (entry: string) => {
    if (statSync(entry).isDirectory()) for (const child of readdirSync(entry)) visit(path.join(entry, child));
    else if (/\.(js|mjs|cjs|json)$/.test(entry)) {
      const text = readFileSync(entry, "utf8");
      for (const prefix of checkout) if (text.includes(prefix)) hits.add(`${path.relative(build, entry)} names ${prefix}`);
    }
  };
  visit(path.join(build, "server"));
  return [...hits];
}

async function get(origin: string, pathname: string): Promise<{ status: number; text: string; body: Buffer; headers: Headers }> {
  const response = await fetch(`${origin}${pathname}`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS), redirect: "manual" });
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, text: body.toString("utf8"), body, headers: response.headers };
}

/** Runs a check; an exception is its failure. */
async function attempt(what: string, check: () => Promise<string> | string): Promise<boolean> {
  try {
    return report(true, what, await check());
  } catch (error) {
    return report(false, what, error instanceof Error ? error.message : String(error));
  }
}

/** A running process's real uid (Linux), as it shows it. */
function uidOf(pid: number | undefined): string {
  try {
    return /^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? "?";
  } catch {
    return "?";
  }
}

/** The first and last lines of a process's output, indented under a report line. */
function excerpt(output: string, first: number, last: number): string {
  const lines = output.trim().split("\n");
  const shown = lines.length > first + last + 1 ? [...lines.slice(0, first), `… (${lines.length - first - last} lines)`, ...lines.slice(-last)] : lines;
  return shown.join("\n            ");
}

function expect(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

function exited(child: ChildProcess, timeoutMs: number): Promise<{ code: number | null; signal: NodeJS.Signals | null } | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), timeoutMs);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal });
    });
  });
}

// ---------------------------------------------------------------- main

const started = performance.now();
let top: string | null = null;
let server: ChildProcess | null = null;
let readOnly: string | null = null;

/** Everything this made goes, however it ends (synchronous: it also runs on exit). */
function cleanUp(): void {
  if (server && server.exitCode === null && server.signalCode === null) server.kill("SIGKILL");
  server = null;
  if (readOnly) {
    // Not root: the tree was made read-only for its owner, who needs write access to remove it.
    spawnSync("chmod", ["-R", "u+w", readOnly]);
    readOnly = null;
  }
  if (top) rmSync(top, { recursive: true, force: true });
  top = null;
}
process.on("exit", cleanUp);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(signal === "SIGINT" ? 130 : 143));

async function main(): Promise<void> {
  const shownPath = path.relative(process.cwd(), DOCKERFILE);
  console.log(`The runtime image of ${shownPath.startsWith("..") ? DOCKERFILE : shownPath}, assembled and run without Docker\n`);
  const dockerfileText = readFileSync(DOCKERFILE, "utf8");
  let image: Plan;
  try {
    image = plan(dockerfileText);
  } catch (error) {
    report(false, "Dockerfile", error instanceof Error ? error.message : String(error));
    return;
  }
  const nodeImage = /^node:(\d+)(?:[.-]|$)/.exec(image.image);
  report(
    nodeImage?.[1] === process.versions.node.split(".")[0],
    `base image ${image.image} has this Node's major version`,
    `Node ${process.version} stands in for it`,
  );

  // Assemble.
  top = mkdtempSync(path.join(os.tmpdir(), "check-image-"));
  chmodSync(top, 0o755); // mkdtemp's 0700 would keep the unprivileged user out
  const assembling = performance.now();
  let app: string;
  try {
    app = assemble(image, top);
  } catch (error) {
    report(false, `assembling ${image.workdir}`, error instanceof Error ? error.message : String(error));
    return;
  }
  const topLevel = readdirSync(app).sort().join(", ");
  report(true, `assembled ${image.workdir} in ${top}`, `${seconds(assembling)}; ${topLevel}`);

  const account = unprivileged();
  const home = account ? account.home : path.join(top, "home"); // a HOME that does not exist
  const reachable = reachableNodeModules(app, home);
  report(
    reachable.length === 0,
    "modules resolve from the assembled node_modules alone",
    reachable.length ? `also reachable: ${reachable.join(", ")}` : `no node_modules above ${app}, NODE_PATH unset`,
  );
  const named = checkoutPathsInBuild(path.join(app, "build"));
  report(named.length === 0, "the build names no path of this checkout", named.slice(0, 3).join("; "));

  // Run.
  const port = await freePort();
  const env: Record<string, string> = {
    PATH: IMAGE_PATH,
    HOME: home,
    ...Object.fromEntries(image.env),
    PORT: String(port),
  };
  const user = image.user ?? "root";
  report(
    !/^(root|0)(:|$)/.test(user),
    `USER ${user} (not root)`,
    account ? `run here as ${account.name} (uid ${account.uid})` : `run here as uid ${process.getuid?.()}, not root: no user to switch to`,
  );
  if (!account) {
    // Not root: the owner is the server's user, so take the write permission away.
    spawnSync("chmod", ["-R", "a-w", app]);
    readOnly = app;
  }
  const exposedPort = image.env.get("PORT");
  if (image.exposed.length > 0) {
    const matches = image.exposed.some((p) => p.replace(/\/tcp$/, "") === exposedPort);
    report(matches, `EXPOSE ${image.exposed.join(" ")} is the PORT the ENV sets (${exposedPort ?? "none"})`);
  }
  const shown = Object.entries(env)
    .filter(([key]) => key !== "PATH")
    .map(([key, value]) => `${key}=${value}`)
    .join(" ");
  console.log(`  $ ${image.cmd.join(" ")}   (env: ${shown}${env.PORT !== exposedPort ? `; PORT ${exposedPort} → ${port}` : ""})`);

  const before = snapshot(app);
  const [command, commandArgs] = asAccount(account, withNode(image.cmd, "CMD"));
  let stdout = "";
  let stderr = "";
  const child = spawn(command, commandArgs, { cwd: app, env, stdio: ["ignore", "pipe", "pipe"] });
  server = child;
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (stdout = (stdout + chunk).slice(-20_000)));
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr = (stderr + chunk).slice(-20_000)));
  const tail = () => `\n    stdout: ${excerpt(stdout, 0, 5)}\n    stderr: ${excerpt(stderr, 8, 4)}`;

  const origin = `http://127.0.0.1:${port}`;
  const starting = performance.now();
  let up = false;
  while (!up && performance.now() - starting < START_TIMEOUT_MS && child.exitCode === null && child.signalCode === null) {
    up = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(2000) }).then((r) => r.ok, () => false);
    if (!up) await sleep(100);
  }
  const uid = uidOf(child.pid);
  const expectedUid = String(account ? account.uid : process.getuid?.());
  const failure = child.exitCode !== null ? `exited with ${child.exitCode}` : `no answer in ${START_TIMEOUT_MS / 1000} s`;
  const startDetail = !up ? `${failure}${tail()}` : uid === expectedUid ? seconds(starting) : `but as uid ${uid}`;
  if (!report(up && uid === expectedUid, `\`${image.cmd.join(" ")}\` starts as uid ${expectedUid} and answers /healthz 200`, startDetail)) {
    console.log("  (the checks that need the running server were not run)");
    return;
  }

  await attempt("GET /readyz 200 (embedded default: ready)", async () => {
    const { status, text } = await get(origin, "/readyz");
    expect(status === 200, `HTTP ${status}: ${text.slice(0, 200)}`);
    return text.trim();
  });

  let homeHtml = "";
  await attempt("GET / 200 with the home page's heading and title", async () => {
    const site = createSite();
    const home = createPages().find((page) => page.slug === "home")!;
    const { status, text } = await get(origin, "/");
    homeHtml = text;
    expect(status === 200, `HTTP ${status}`);
    expect(text.includes(`<h1>${home.title}</h1>`), `no <h1>${home.title}</h1>`);
    expect(text.includes(`<title>${home.title} | ${site.title}</title>`), `no <title>${home.title} | ${site.title}</title>`);
    return `${(text.length / 1024).toFixed(0)} kB of HTML`;
  });

  await attempt(`GET ${SEARCH_PAGE} 200 with results rendered on the server`, async () => {
    const { status, text } = await get(origin, SEARCH_PAGE);
    expect(status === 200, `HTTP ${status}`);
    const stats = /(\d[\d,]* results|1 result) found in \d+ ms/.exec(text);
    expect(stats !== null, "no result count (…results found in … ms) in the HTML");
    const hits = text.match(/aria-label="Choose [^"]+"/g) ?? [];
    expect(hits.length > 0, "no hit with a Choose button in the HTML");
    return `${stats![0]}, ${hits.length} hits`;
  });

  await attempt("a static asset from /assets/ is served as built", async () => {
    const asset = /["'](\/assets\/[^"'?#]+\.(?:css|js))["']/.exec(homeHtml)?.[1];
    expect(asset !== undefined, "the home page names no /assets/ file");
    const { status, body, headers } = await get(origin, asset!);
    expect(status === 200, `${asset}: HTTP ${status}`);
    const built = readFileSync(path.join(app, "build", "client", asset!));
    expect(body.equals(built), `${asset}: the body differs from build/client${asset}`);
    expect(/immutable/.test(headers.get("cache-control") ?? ""), `${asset}: Cache-Control ${headers.get("cache-control")}`);
    return `${asset} (${headers.get("content-type")}, ${headers.get("cache-control")})`;
  });

  const healthcheck = image.healthcheck;
  if (healthcheck) {
    await attempt(`HEALTHCHECK command exits 0 within its --timeout (${healthcheck.timeoutMs / 1000} s)`, async () => {
      const [hcCommand, hcArgs] = asAccount(account, withNode(healthcheck.argv, "HEALTHCHECK"));
      const checking = performance.now();
      const result = spawnSync(hcCommand, hcArgs, { cwd: app, env, timeout: healthcheck.timeoutMs, encoding: "utf8" });
      const outcome = result.error ? result.error.message : `exit ${result.status}`;
      expect(!result.error && result.status === 0, `${outcome} ${result.stderr ?? ""}`.trim());
      return seconds(checking);
    });
  } else report(false, "HEALTHCHECK", "none: the orchestrator would not know the process is stuck");

  // Stop.
  const { shutdownTimeoutMs } = readServerOptions(env, app);
  const said = /SHUTDOWN_TIMEOUT_MS \((\d+) s\)/.exec(dockerfileText)?.[1];
  report(
    said === undefined || Number(said) * 1000 === shutdownTimeoutMs,
    `the Dockerfile's grace figure matches the server's SHUTDOWN_TIMEOUT_MS`,
    `${said === undefined ? "the Dockerfile gives none" : `the Dockerfile says ${said} s`}; the server uses ${shutdownTimeoutMs / 1000} s`,
  );
  const stopping = performance.now();
  child.kill(image.stopSignal);
  const end = await exited(child, shutdownTimeoutMs + 1000);
  report(
    end?.code === 0,
    `${image.stopSignal} ends it with exit 0 within ${shutdownTimeoutMs / 1000} s`,
    end ? `${end.signal ?? `exit ${end.code}`} after ${seconds(stopping)}` : `still running after ${seconds(stopping)}${tail()}`,
  );
  server = null;
  if (!end) child.kill("SIGKILL");

  const written = changes(before, snapshot(app));
  const protection = account ? `root-owned, read-only for ${account.name}` : "read-only";
  report(written.length === 0, `nothing written in ${image.workdir}`, written.length ? written.slice(0, 5).join(", ") : protection);
  const errors = stderr.trim();
  report(errors === "", "nothing logged on stderr (the error log)", errors.split("\n").slice(0, 3).join(" | "));
}

try {
  await main();
} catch (error) {
  report(false, "the check itself", error instanceof Error ? (error.stack ?? error.message) : String(error));
}
cleanUp();
console.log(failures === 0 ? `\nAll checks passed in ${seconds(started)}.` : `\n${failures} check(s) failed (${seconds(started)}).`);
process.exitCode = failures === 0 ? 0 : 1;
