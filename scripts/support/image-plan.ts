import os from "node:os";
import path from "node:path";
import {
  type Copy,
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
} from "./dockerfile.ts";

// For scripts/check-image.ts: the plan of the runtime image, from the Dockerfile's runtime
// stage (the last) and the stages it builds on or copies from, as far as they are modelled
// (anything else throws UnsupportedDockerfile).

/** A stage whose files are made here by its own COPYs and npm commands. */
export interface InstallStage {
  kind: "install";
  name: string;
  workdir: string;
  env: Map<string, string>;
  steps: ({ copy: Copy } | { run: string; skipped: string[] })[];
}

/** The stage that runs `npm run build`: stood in for by the build already made in BUILD_DIR. */
export interface BuildStage {
  kind: "build";
  name: string;
  workdir: string;
}

export interface Plan {
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

export function plan(text: string): Plan {
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
