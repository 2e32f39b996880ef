import type { IncomingMessage, ServerResponse } from "node:http";
import { sendJson } from "./answers.ts";

// /healthz (liveness) and /readyz (readiness) of the production server (ADR 0010): never
// shed, and answered whatever Host a load balancer's probe names (ADR 0023).

interface Readiness {
  ready: boolean;
}
export type CheckReadiness = (requestId: string) => Promise<Readiness>;

export const PROBES = new Set(["/healthz", "/readyz"]);

export function createHealth(checkReadiness: CheckReadiness | undefined, shuttingDown: () => boolean) {
  let pending: Promise<Readiness & Record<string, unknown>> | null = null;
  return async function health(req: IncomingMessage, res: ServerResponse, pathname: string, requestId: string): Promise<void> {
    const head = req.method === "HEAD";
    if (req.method !== "GET" && !head) {
      res.setHeader("Allow", "GET, HEAD");
      sendJson(res, 405, { status: "method not allowed" }, head);
      return;
    }
    // Liveness: the process is up and its event loop turns. Still true while draining.
    if (pathname === "/healthz") {
      sendJson(res, 200, { status: "ok" }, head);
      return;
    }
    // Readiness: send traffic here? Not while shutting down, nor when a backend is unreachable.
    if (shuttingDown()) {
      sendJson(res, 503, { status: "shutting down" }, head);
      return;
    }
    if (!checkReadiness) {
      sendJson(res, 200, { status: "ready", detail: "the server build has no readiness check" }, head);
      return;
    }
    // Probes arriving together share one check rather than each calling the backends.
    pending ??= checkReadiness(requestId)
      .then((result) => ({ ...result }))
      .finally(() => {
        pending = null;
      });
    const result = await pending;
    sendJson(res, result.ready ? 200 : 503, { status: result.ready ? "ready" : "not ready", ...result }, head);
  };
}
