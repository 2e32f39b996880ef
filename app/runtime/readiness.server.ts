import { config } from "./config.server";

// Readiness (/readyz, answered by server.ts through the server build's entry module): can
// this process serve pages, i.e. are the gateway and CMS reachable? On the embedded
// default they are in this process, so always. Liveness (/healthz) is server.ts's own.

export interface Readiness {
  ready: boolean;
  embedded: boolean;
  checks: Record<"gateway" | "cms", { ok: boolean; ms: number; detail: string }>;
}

/** Short: a load balancer probes often, and a slow backend is as good as a missing one here. */
const READINESS_TIMEOUT_MS = 2_000;

async function probe(url: string, requestId: string, isOk: (status: number) => boolean) {
  const started = performance.now();
  try {
    const response = await fetch(url, {
      headers: { Accept: "application/json", "X-Request-Id": requestId },
      signal: AbortSignal.timeout(Math.min(READINESS_TIMEOUT_MS, config.gatewayTimeoutMs)),
    });
    await response.body?.cancel();
    return { ok: isOk(response.status), ms: Math.round(performance.now() - started), detail: `HTTP ${response.status}` };
  } catch (error) {
    const detail = error instanceof Error ? error.name : "error";
    return { ok: false, ms: Math.round(performance.now() - started), detail };
  }
}

export async function checkReadiness(requestId: string): Promise<Readiness> {
  if (config.embedded) {
    const inProcess = { ok: true, ms: 0, detail: "embedded default" };
    return { ready: true, embedded: true, checks: { gateway: inProcess, cms: inProcess } };
  }
  const [gateway, cms] = await Promise.all([
    // Unauthenticated on purpose: a 401 proves the gateway is up and answering; a 5xx or no answer does not.
    probe(`${config.gatewayBaseUrl}/users/me`, requestId, (status) => status < 500),
    probe(`${config.cmsBaseUrl}/site`, requestId, (status) => status >= 200 && status < 300),
  ]);
  return { ready: gateway.ok && cms.ok, embedded: false, checks: { gateway, cms } };
}
