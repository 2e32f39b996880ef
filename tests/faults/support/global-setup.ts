import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { FAULTS_BUILD_DIR, ROOT } from "./paths";

/**
 * The route-level suites run the production server build in-process: build it first, into
 * its own directory (a few seconds), so they never test a stale or someone else's build.
 */
export default function setup() {
  const started = performance.now();
  const cli = join(ROOT, "node_modules", "@react-router", "dev", "bin.cjs");
  const result = spawnSync(process.execPath, [cli, "build"], {
    cwd: ROOT,
    env: { ...process.env, BUILD_DIR: FAULTS_BUILD_DIR, NODE_ENV: "production" },
    encoding: "utf8",
  });
  if (result.status !== 0) {
    throw new Error(`react-router build (BUILD_DIR=${FAULTS_BUILD_DIR}) failed:\n${result.stdout}\n${result.stderr}`);
  }
  console.log(`faults: production build in ${FAULTS_BUILD_DIR}/ (${Math.round(performance.now() - started)} ms)`);
}
