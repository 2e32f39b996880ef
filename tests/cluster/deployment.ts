import { readFileSync } from "node:fs";
import path from "node:path";
import { makeDocumentFromString } from "@redocly/openapi-core";
import { HAPROXY_CFG, ROOT } from "../support/haproxy";

// What the cluster test takes from the deployment files (deploy/), so the processes it
// runs are configured as the compose file configures them and cannot drift from it.

export { HAPROXY_CFG, ROOT };
export const COMPOSE_FILE = path.join(ROOT, "deploy", "compose.yaml");

export interface ComposeService {
  environment?: Record<string, string>;
  stop_grace_period?: string;
  volumes?: string[];
  deploy?: { replicas?: number };
  [key: string]: unknown;
}

export function composeServices(): Record<string, ComposeService> {
  const parsed = makeDocumentFromString(readFileSync(COMPOSE_FILE, "utf8"), COMPOSE_FILE).parsed as { services?: Record<string, ComposeService> };
  if (!parsed?.services) throw new Error(`${COMPOSE_FILE} has no services`);
  return parsed.services;
}

/**
 * The SSR service's settings that are plain values (no `${…}` from the operator's
 * environment, no address of another container): the cluster test gives its processes
 * these as they are, and its own addresses for the rest.
 */
export function composeSsrSettings(): Record<string, string> {
  const environment = composeServices().ssr?.environment ?? {};
  return Object.fromEntries(Object.entries(environment).filter(([, value]) => !String(value).includes("${") && !String(value).includes("://")));
}

/** "2s", "500ms", "1m" (HAProxy's and Compose's time units) in ms. */
export function durationMs(text: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(text.trim());
  if (!match) throw new Error(`not a duration: ${text}`);
  const value = Number(match[1]);
  return match[2] === "ms" ? value : match[2] === "m" ? value * 60_000 : value * 1000;
}

/**
 * The longest a process whose /readyz fails can stay in HAProxy's rotation, from
 * deploy/haproxy.cfg: the check interval, then (fall − 1) faster checks, each up to the
 * check's time-out.
 */
export function haproxyWorstDetectionMs(): number {
  const text = readFileSync(HAPROXY_CFG, "utf8");
  const serverDefaults = /^\s*default-server\s+(.*)$/m.exec(text)?.[1] ?? "";
  const option = (name: string, fallback: string) => new RegExp(`\\b${name}\\s+(\\S+)`).exec(serverDefaults)?.[1] ?? fallback;
  const inter = durationMs(option("inter", "2s"));
  const fastinter = durationMs(option("fastinter", option("inter", "2s")));
  const fall = Number(option("fall", "3"));
  const checkTimeout = durationMs(/^\s*timeout check\s+(\S+)/m.exec(text)?.[1] ?? option("inter", "2s"));
  return inter + (fall - 1) * fastinter + checkTimeout;
}
