import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { RouteEntry } from "./route-table.ts";
import { BUILD_DIR, ROOT } from "../../scripts/support/production-server.ts";

/**
 * The production build's route table (tests/support/route-table.ts), read in a process of
 * its own: importing the build starts its embedded default, whose MSW would intercept this
 * process's own requests.
 */
export function productionRoutes(): RouteEntry[] {
  const script = `
    const { routeTable } = await import(${JSON.stringify(pathToFileURL(join(ROOT, "tests/support/route-table.ts")).href)});
    const build = await import(${JSON.stringify(pathToFileURL(join(ROOT, BUILD_DIR, "server", "index.js")).href)});
    process.stdout.write("\\nROUTES " + JSON.stringify(routeTable(build)) + "\\n");
    process.exit(0);`;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: ROOT, env: { ...process.env, NODE_ENV: "production" }, stdio: ["ignore", "pipe", "ignore"] });
  // The embedded default writes notices of its own on stdout: the table is the marked line.
  const line = out.toString("utf8").split("\n").find((l) => l.startsWith("ROUTES "));
  if (!line) throw new Error("the build's route table was not printed");
  return JSON.parse(line.slice("ROUTES ".length)) as RouteEntry[];
}
