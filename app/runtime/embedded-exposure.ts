// Who may reach the embedded default (docs/decisions/0030-embedded-default-kept-private-and-neutral-answers.md).
// It is a demonstration: it prints its demo password, shows password-reset links on the
// page (so whoever reaches it can take over any account on it) and its stand-in payment
// page pays on request. So it never runs labelled as production, and it answers on the
// loopback interface only unless its operator says, with a variable of its own, that it
// is a demo for others.

/** Set to `true` to show the embedded default to other machines on purpose. */
export const PUBLIC_OPT_IN = "EMBEDDED_DEFAULT_PUBLIC";

export interface ExposureIssue {
  variable: string;
  message: string;
}

const DEMO = "the embedded default (no GATEWAY_BASE_URL and CMS_BASE_URL) is a demonstration: it shows password-reset links on the page, so anyone who reaches it can take over any account on it";

/** 127.0.0.0/8, ::1 (also IPv4-mapped) and the name localhost. */
export function isLoopback(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[(.*)\]$/, "$1");
  return h === "localhost" || h === "::1" || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/** Where the embedded default listens when HOST is unset: the loopback interface, unless opted in (then every interface, as before). */
export function embeddedDefaultHost(env: Record<string, string | undefined>): string | undefined {
  return env.GATEWAY_BASE_URL || env[PUBLIC_OPT_IN] === "true" ? undefined : "127.0.0.1";
}

/** What this environment may not do with the embedded default, each naming the variable to change. */
export function embeddedExposureIssues(env: Record<string, string | undefined>): ExposureIssue[] {
  const optIn = env[PUBLIC_OPT_IN];
  if (optIn !== undefined && optIn !== "" && optIn !== "true" && optIn !== "false") {
    return [{ variable: PUBLIC_OPT_IN, message: "true or false" }];
  }
  // A real gateway and CMS: none of this applies (a half-configured pair is refused by the schema).
  if (env.GATEWAY_BASE_URL || env.CMS_BASE_URL) return [];
  const issues: ExposureIssue[] = [];
  if ((env.ENVIRONMENT_LABEL ?? "").toLowerCase() === "production") {
    issues.push({
      variable: "ENVIRONMENT_LABEL",
      message: `production needs the real services: set GATEWAY_BASE_URL and CMS_BASE_URL (and SEARCH_HOSTS, SEARCH_APP_ID, SEARCH_API_KEY, SESSION_SECRET); ${DEMO}. For a demonstration, leave ENVIRONMENT_LABEL unset or name it otherwise`,
    });
  }
  if (optIn === "true") return issues;
  const reachable = `; to show the demonstration to others on purpose, set ${PUBLIC_OPT_IN}=true`;
  if (env.HOST && !isLoopback(env.HOST)) {
    issues.push({ variable: "HOST", message: `the embedded default answers on the loopback interface only (127.0.0.1, ::1, localhost): ${DEMO}${reachable}` });
  }
  if (Number(env.TRUST_PROXY_HOPS ?? 0) > 0) {
    issues.push({ variable: "TRUST_PROXY_HOPS", message: `a proxy in front would let others reach the embedded default: ${DEMO}${reachable}` });
  }
  return issues;
}
