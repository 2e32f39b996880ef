import type { IncomingMessage, ServerResponse } from "node:http";
import { createHeaders, sendResponse } from "@remix-run/node-fetch-server";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { REQUEST_ID_HEADER } from "../app/runtime/request-id.ts";

// React Router's turn (ADR 0029): the fetch Request is made here from the URL the server
// built (server/request-target.ts) and the body it has already read (server/body.ts), not
// from the raw Host header and socket as @react-router/node's listener makes it; the
// Response goes back through node-fetch-server's sendResponse (the listener's own), which
// honours backpressure and stops when the client goes away.

/** The server build's (app/entry.server.tsx): the request's context from what the server saw. */
export type GetLoadContext = (arrival: { socketAddress: string; requestId: string }) => RouterContextProvider;

export interface AppRequest {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  body: Buffer | null;
}

/** Answers one request with React Router; rejects only when it could not answer at all (the caller answers 500). */
export type AppHandler = (request: AppRequest) => Promise<void>;

export function createAppHandler(build: ServerBuild, getLoadContext: GetLoadContext | undefined): AppHandler {
  const handle = createRequestHandler(build, "production");
  return async ({ req, res, url, body }) => {
    // The work stops when the client goes away before the answer ends (loaders see request.signal).
    const controller = new AbortController();
    res.once("close", () => {
      if (!res.writableFinished) controller.abort();
    });
    const method = req.method ?? "GET";
    const request = new Request(url, {
      method,
      headers: createHeaders(req),
      signal: controller.signal,
      ...(method !== "GET" && method !== "HEAD" && body && { body: new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength) }),
    });
    const context = getLoadContext?.({ socketAddress: req.socket.remoteAddress ?? "", requestId: request.headers.get(REQUEST_ID_HEADER) ?? "" });
    const response = await handle(request, context);
    if (controller.signal.aborted) return;
    await sendResponse(res, response);
  };
}
