import { defineConfig } from "vitest/config";
import { FAULT_ORIGINS } from "./tests/faults/support/paths.ts";

// Separate from vite.config.ts: the React Router plugin is for the app build, not tests.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "mocks/**/*.test.ts", "tests/unit/**/*.test.{ts,tsx}"],
          environment: "node",
          // Each test's backend answers must reach the code under test; the public cache has
          // its own tests (app/api/public-cache.server.test.ts, tests/faults/public-cache.test.ts).
          env: { PUBLIC_CACHE_TTL_SECONDS: "0" },
        },
      },
      {
        extends: true,
        test: {
          name: "flows",
          // Whole journeys at loader and action level: the route modules from source, answered
          // as React Router's server answers them (tests/support/route-harness.tsx), against the
          // embedded default's backend in the test's process, the pages rendered and read.
          include: ["tests/flows/**/*.test.{ts,tsx}"],
          environment: "node",
          env: { PUBLIC_CACHE_TTL_SECONDS: "0" },
          testTimeout: 600_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "contract",
          include: ["tests/contract/**/*.test.ts"],
          // Pact mock servers and the verifier share ports and pact files: run files one at a time.
          fileParallelism: false,
          // Every interaction must reach its Pact mock server.
          env: { PUBLIC_CACHE_TTL_SECONDS: "0" },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "faults",
          // Fault injection, fuzzing and idempotency: client functions and the production
          // server build (made by the global setup) against the suite's own MSW backend.
          include: ["tests/faults/**/*.test.ts"],
          globalSetup: ["tests/faults/support/global-setup.ts"],
          env: {
            GATEWAY_BASE_URL: FAULT_ORIGINS.gateway,
            CMS_BASE_URL: FAULT_ORIGINS.cms,
            // The suite's MSW backend intercepts fetch, not the keep-alive pools a configured
            // backend is otherwise called through (app/api/transport.server.ts tests those over sockets).
            BACKEND_CONNECTIONS: "0",
            NODE_ENV: "production",
            // Every request comes from one address; the limits are tested on their own
            // (app/security/rate-limited-actions.test.ts, tests/e2e/rate-limit.spec.ts).
            RATE_LIMIT_LOGIN: "100000/60",
            RATE_LIMIT_REGISTRATION: "100000/60",
            RATE_LIMIT_PASSWORD_RESET: "100000/60",
            RATE_LIMIT_NEWSLETTER: "100000/60",
            // Each injected fault must reach the app; tests/faults/public-cache.test.ts turns the cache on.
            PUBLIC_CACHE_TTL_SECONDS: "0",
          },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "hostile",
          // Hostile traffic over real sockets against the production build on its embedded
          // default (and through HAProxy where the proxy matters): docs/security.md. Run by
          // `npm run test:hostile` after the build; each file starts the servers it needs.
          include: ["tests/hostile/**/*.test.ts"],
          globalSetup: ["tests/hostile/support/global-setup.ts"],
          // Files hold sockets open and time them: one file at a time.
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
