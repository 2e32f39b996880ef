import { defineConfig } from "@playwright/test";
import { freePort, proxyUrl } from "./cluster";

// The cluster test (npm run test:cluster, ADR 0023): one spec, one worker, no retries. Its
// tests share one deployment (Redis, the mock backend, two SSR processes, HAProxy) that
// they change as they go (a process stopped and restarted, Redis stopped), so they run
// in order, and a retry would not start from the same state.
// The proxy's port, chosen once here so the workers (which inherit the environment) and
// baseURL agree on it.
process.env.CLUSTER_PORT ??= String(await freePort());

export default defineConfig({
  testDir: ".",
  testMatch: "cluster.spec.ts",
  outputDir: "../../test-results/cluster",
  globalSetup: "./global-setup.ts",
  timeout: 120_000,
  expect: { timeout: 10_000 },
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"]],
  use: {
    baseURL: proxyUrl(),
    browserName: "chromium",
    // Debian's Chromium (scripts/ensure-chromium.sh), as the main e2e config uses it.
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
    trace: "retain-on-failure",
  },
});
