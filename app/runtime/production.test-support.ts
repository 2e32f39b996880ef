import { vi } from "vitest";

/**
 * The environment of a production server, for tests that import a module afresh (after
 * vi.resetModules()) to see what it does in production: the label, a secret of its own, and
 * the real services a production label needs (ADR 30; nothing is called at these URLs).
 * Undo with vi.unstubAllEnvs().
 */
export function stubProductionEnvironment(): void {
  vi.stubEnv("ENVIRONMENT_LABEL", "production");
  vi.stubEnv("GATEWAY_BASE_URL", "https://gateway.example.org/live");
  vi.stubEnv("CMS_BASE_URL", "https://cms.example.org/groups/api/v1");
  vi.stubEnv("SESSION_SECRET", "a-production-secret-of-at-least-32-characters");
}
