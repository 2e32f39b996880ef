import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Copy, dockerignore, UnsupportedDockerfile } from "./dockerfile.ts";
import type { InstallStage, Plan } from "./image-plan.ts";
import { BUILD_DIR, ROOT } from "./production-server.ts";
import { seconds } from "./report.ts";

// For scripts/check-image.ts: the runtime stage's WORKDIR, assembled in a directory the way
// the image's stages would assemble it: each COPY in order, from the build context (honouring
// .dockerignore), from an install stage (run in a directory of its own) or from the build
// stage (the production build already in BUILD_DIR).

/** The image's PATH, with this Node's directory first: its `node` is the image's node. */
export const IMAGE_PATH = `${path.dirname(process.execPath)}:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin`;

/** The build context: its directory, and what its .dockerignore excludes (paths relative to it, with /). */
export interface BuildContext {
  directory: string;
  ignored: (relativePath: string) => boolean;
}

/** The context in `directory`, with the .dockerignore beside the Dockerfile (<Dockerfile>.dockerignore) or else the context's own. */
export function buildContext(dockerfile: string, directory: string): BuildContext {
  const beside = `${dockerfile}.dockerignore`;
  const file = existsSync(beside) ? beside : path.join(directory, ".dockerignore");
  return { directory, ignored: dockerignore(existsSync(file) ? readFileSync(file, "utf8") : "") };
}

/** Prints a check's line (counting it when it fails); returns `pass`. */
export type Report = (pass: boolean, what: string, detail?: string) => boolean;

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

function copyFromContext(copy: Copy, workdir: string, directory: string, context: BuildContext): void {
  const destination = underWorkdir(path.posix.resolve(workdir, copy.destination), workdir, directory, "destination");
  for (const source of copy.sources) {
    const relative = path.posix.normalize(source).replace(/^\/+/, "");
    if (relative.startsWith("..")) throw new UnsupportedDockerfile(`COPY source ${source} is outside the build context`);
    const absolute = path.join(context.directory, relative);
    if (relative !== "." && context.ignored(relative)) {
      throw new Error(`COPY ${source}: excluded by .dockerignore (docker build would fail: not found)`);
    }
    if (!existsSync(absolute)) throw new Error(`COPY ${source}: not in the build context ${context.directory} (docker build would fail)`);
    const filter = (file: string) => {
      const inContext = path.relative(context.directory, file).split(path.sep).join("/");
      return inContext === "" || !context.ignored(inContext);
    };
    place(absolute, destination, copy.destination.endsWith("/") || copy.sources.length > 1, filter);
  }
}

/** Runs an install stage in a directory of its own, once. */
function install(stage: InstallStage, directory: string, context: BuildContext, report: Report): void {
  mkdirSync(directory, { recursive: true });
  for (const step of stage.steps) {
    if ("copy" in step) {
      copyFromContext(step.copy, stage.workdir, directory, context);
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

/** Assembles the runtime stage's WORKDIR in `top`/app (install stages in `top`/stage-<name>); returns that directory. */
export function assemble(image: Plan, top: string, context: BuildContext, report: Report): string {
  // Before the slow part (npm ci).
  if ([...image.sources.values()].some((stage) => stage.kind === "build")) productionBuild();
  const app = path.join(top, "app");
  mkdirSync(app);
  const moved = new Set<string>();
  for (const copy of image.copies) {
    if (!copy.from) {
      copyFromContext(copy, image.workdir, app, context);
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
      if (!existsSync(stageDirectory)) install(stage, stageDirectory, context, report);
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
