import type { Config } from "./config.server";

export const DEMO_ACCOUNT = { email: "teacher@example.org", password: "museum-visit-2026" } as const;

/**
 * The embedded default (DESIGN.md §2): MSW answers the gateway and CMS from an in-memory
 * backend inside this process. Imported dynamically so production never loads the mocks.
 */
export async function startEmbeddedDefault(config: Config): Promise<void> {
  const { startEmbeddedBackend } = await import("../mocks/server");
  startEmbeddedBackend({
    gatewayBaseUrl: config.gatewayBaseUrl,
    cmsBaseUrl: config.cmsBaseUrl,
    onUnhandledRequest: "error",
  });
  console.log(
    [
      "Embedded default: gateway and CMS answered in-process (no backend configured).",
      `Demo account: ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}`,
    ].join("\n"),
  );
}
