import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
/** Gitignored (build-*), apart from `build` (npm start) and the e2e runs' BUILD_DIRs. */
export const FAULTS_BUILD_DIR = "build-faults-suite";

/**
 * Where the server build under test sends its gateway and CMS calls (set as
 * GATEWAY_BASE_URL / CMS_BASE_URL for the faults project in vitest.config.ts, so the build
 * does not start its own embedded default): the suite's MSW server answers them.
 */
export const FAULT_ORIGINS = {
  gateway: "http://gateway.faults.invalid/qa",
  cms: "http://cms.faults.invalid/groups/api/v1",
} as const;
