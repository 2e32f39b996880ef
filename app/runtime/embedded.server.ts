import type { Mail } from "../../mocks/backend/index";
import type { EmbeddedBackend } from "../../mocks/server";
import type { Config } from "./config.server";
import { logEvent } from "./log.server";

/** The one in-process backend of the embedded default (process-wide by nature: it is the demo's "gateway"). */
let embedded: EmbeddedBackend | null = null;

/**
 * The latest email the embedded default's gateway "sent" to this address since `since`, as
 * the link it holds on this origin and its subject: for the demo notices of the pages that
 * say an email was sent (password reset, registration). Always null with a real gateway.
 */
export function embeddedMailTo(email: string, since: Date, origin: string): { link: string; subject: string } | null {
  const to = email.trim().toLowerCase();
  const mail: Mail | undefined = embedded?.backend.state.outbox
    .filter((m) => m.to.toLowerCase() === to && new Date(m.sentAt) >= since)
    .at(-1);
  return mail ? { link: `${origin}${mail.path}`, subject: mail.subject } : null;
}

export const DEMO_ACCOUNT = { email: "teacher@example.org", password: "museum-visit-2026" } as const;

/**
 * The embedded default (docs/architecture.md §3): MSW answers the gateway and CMS from an in-memory
 * backend inside this process. Imported dynamically so production never loads the mocks.
 */
export async function startEmbeddedDefault(config: Config): Promise<void> {
  const { startEmbeddedBackend } = await import("../../mocks/server");
  embedded = startEmbeddedBackend({
    gatewayBaseUrl: config.gatewayBaseUrl,
    cmsBaseUrl: config.cmsBaseUrl,
    onUnhandledRequest: "error",
    // The stand-in gateway "sends" email by logging it (and keeping it, see embeddedMailTo).
    // One JSON line, as every log line (docs/security.md); the link is the stand-in's email itself.
    onMail: (mail) => logEvent("info", "embedded default: email sent", { to: mail.to, subject: mail.subject, link: mail.path }),
  });
  if (!config.search.hosts) {
    // Build the local search index now (about a second) rather than on the first search.
    const { getSearchEngine } = await import("../../mocks/search/index");
    getSearchEngine();
  }
  logEvent("info", "Embedded default: gateway and CMS answered in-process (no backend configured).", { demoAccount: `${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}` });
}
