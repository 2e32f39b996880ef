import { defineConfig } from "@playwright/test";
import { EMBEDDED_TEST_CONTROLS } from "./tests/e2e/embedded-controls";

const port = Number(process.env.E2E_PORT ?? 3100);

// Debian's Chromium (scripts/ensure-chromium.sh), since Playwright cannot download browsers here.
const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: Boolean(process.env.CI),
  // One retry in CI, reported as "flaky" in the output so it is seen, not hidden.
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: "chromium",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: chromiumArgs },
    trace: "retain-on-failure",
  },
  projects: [
    { name: "chromium", testIgnore: "no-js/**" },
    // Every form posts to its route action, so the flows work with JavaScript off.
    { name: "no-js", testDir: "tests/e2e/no-js", use: { javaScriptEnabled: false } },
  ],
  webServer: {
    // The production server (server.ts) and build, on the embedded default: no backend configured.
    command: "node server.ts",
    url: `http://127.0.0.1:${port}/healthz`,
    // Rate limits relaxed by configuration (every test posts from 127.0.0.1); the limits
    // themselves are tested on a server of their own (tests/e2e/rate-limit.spec.ts).
    env: {
      PORT: String(port),
      BUILD_DIR: process.env.BUILD_DIR ?? "build",
      NODE_ENV: "production",
      GTM_ID: "GTM-TEST123",
      // Configured rather than the embedded default, so session tests can sign cookies with it.
      SESSION_SECRET: "e2e-session-secret-only-for-the-test-server",
      RATE_LIMIT_LOGIN: "10000/60",
      RATE_LIMIT_REGISTRATION: "10000/60",
      RATE_LIMIT_PASSWORD_RESET: "10000/60",
      RATE_LIMIT_NEWSLETTER: "10000/60",
      // A few seeded users' holds and free payments answered as a gateway sometimes would
      // (tests/e2e/booking-gateway-answers.spec.ts), and some of their calls refused by the
      // API Gateway in front (tests/e2e/gateway-refusals.spec.ts; ADR 28). Only this server sets it.
      EMBEDDED_TEST_CONTROLS: JSON.stringify(EMBEDDED_TEST_CONTROLS),
    },
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
  },
});
