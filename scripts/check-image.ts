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
import { chmodSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { createPages, createSite } from "../mocks/backend/cms-content.ts";
import { readServerOptions } from "../server/options.ts";
import { UnsupportedDockerfile } from "./support/dockerfile.ts";
import { assemble, buildContext, IMAGE_PATH } from "./support/image-assembly.ts";
import { changes, checkoutPathsInBuild, reachableNodeModules, snapshot } from "./support/image-files.ts";
import { type Plan, plan } from "./support/image-plan.ts";
import { freePort, ROOT } from "./support/production-server.ts";
import { seconds, sleep } from "./support/report.ts";

const { values: args } = parseArgs({
  options: {
    dockerfile: { type: "string", default: path.join(ROOT, "Dockerfile") },
    context: { type: "string", default: ROOT },
  },
});
const DOCKERFILE = path.resolve(args.dockerfile);
const CONTEXT = buildContext(DOCKERFILE, path.resolve(args.context));
/** The organisation search (app/routes.ts: registration/:group/organisation; a group type of app/organisations/group-types.ts). */
const SEARCH_PAGE = "/registration/education/organisation";
const START_TIMEOUT_MS = 60_000;
const REQUEST_TIMEOUT_MS = 15_000;

// ---------------------------------------------------------------- the report

let failures = 0;
function report(pass: boolean, what: string, detail = ""): boolean {
  if (!pass) failures++;
  console.log(`${pass ? "✔" : "✘"} ${what}${detail ? ` — ${detail}` : ""}`);
  return pass;
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
    app = assemble(image, top, CONTEXT, report);
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
