import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "react-router";
import { DEMO_USER } from "../../../mocks/backend";
import { startEmbeddedBackend, type EmbeddedBackend } from "../../../mocks/server";
import { FAULT_ORIGINS, FAULTS_BUILD_DIR, ROOT } from "./paths";

// The production server build (tests/faults/support/global-setup.ts made it), answered
// in-process by React Router's request handler, with the suite's own MSW backend standing
// in for the gateway and CMS so each test can override single operations.

export const ORIGIN = "http://localhost";

export interface App {
  build: ServerBuild;
  embedded: EmbeddedBackend;
  /** One request to the app, as a browser without JavaScript would send it (same-origin form posts). */
  request: (path: string, init?: { method?: string; form?: Record<string, string> | URLSearchParams | FormData; body?: BodyInit; headers?: Record<string, string>; cookie?: string }) => Promise<Response>;
  /** A session cookie for the demo teacher (logged in through the login action). */
  logIn: (email?: string, password?: string) => Promise<string>;
  close: () => void;
}

/**
 * Imports the build (its configuration is read then, from the environment: each test file
 * runs in its own module graph) with the gateway and CMS time-out given.
 */
export async function startApp({ timeoutMs }: { timeoutMs: number }): Promise<App> {
  if (process.env.GATEWAY_BASE_URL !== FAULT_ORIGINS.gateway || process.env.CMS_BASE_URL !== FAULT_ORIGINS.cms) {
    throw new Error("Run the faults suites through their vitest project, which points the build at the suite's backend");
  }
  process.env.GATEWAY_TIMEOUT_MS = String(timeoutMs);
  const embedded = startEmbeddedBackend({
    gatewayBaseUrl: FAULT_ORIGINS.gateway,
    cmsBaseUrl: FAULT_ORIGINS.cms,
    onUnhandledRequest: "error",
  });
  const entry = pathToFileURL(join(ROOT, FAULTS_BUILD_DIR, "server", "index.js")).href;
  const build = (await import(/* @vite-ignore */ entry)) as ServerBuild;
  const handle = createRequestHandler(build, "production");

  const request: App["request"] = (path, init = {}) => {
    const headers = new Headers(init.headers);
    let body = init.body;
    if (init.form) {
      body = init.form instanceof FormData ? init.form : new URLSearchParams(init.form);
    }
    const method = init.method ?? (body ? "POST" : "GET");
    if (method !== "GET" && method !== "HEAD") {
      headers.set("Origin", ORIGIN);
      headers.set("Sec-Fetch-Site", "same-origin");
    }
    if (init.cookie) headers.set("Cookie", init.cookie);
    return handle(new Request(new URL(path, ORIGIN), { method, headers, body }));
  };

  const logIn: App["logIn"] = async (email = DEMO_USER.email, password = DEMO_USER.password) => {
    const response = await request("/login", { form: { email, password, redirectTo: "/account" } });
    const cookie = cookieFrom(response);
    if (response.status !== 302 || !cookie) throw new Error(`log in failed: ${response.status}`);
    return cookie;
  };

  return { build, embedded, request, logIn, close: () => embedded.close() };
}

/** The name=value pairs a response sets, as a Cookie header (attributes dropped). */
export function cookieFrom(response: Response, previous = ""): string {
  const jar = new Map(previous.split(/;\s*/).filter(Boolean).map((pair) => pair.split("=", 2) as [string, string]));
  for (const line of response.headers.getSetCookie()) {
    const [pair = ""] = line.split(";");
    const eq = pair.indexOf("=");
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    if (/expires=Thu, 01 Jan 1970/i.test(line) || /max-age=0/i.test(line)) jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}
