import { type IncomingMessage, type Server, type ServerResponse, STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import { NON_DOCUMENT_POLICY, securityHeaders } from "../app/security/csp.ts";
import { log } from "./log.ts";

// The answers the server makes itself, before or instead of React Router (static files
// have their own, server/static.ts): every one carries the security headers the app's
// non-document responses get (docs/decisions/0008-security-headers-and-limits.md), so no
// response leaves the process without them (issue 21).

export type HeaderList = readonly (readonly [string, string])[];

/** nosniff, Referrer-Policy, Permissions-Policy, X-Frame-Options, COOP, HSTS in production, and a CSP allowing nothing. */
export function defaultHeaders(production: boolean): HeaderList {
  return [...securityHeaders({ production }), ["Content-Security-Policy", NON_DOCUMENT_POLICY]];
}

/**
 * Sets them on a response before anyone writes it: a response's own (a document's CSP, a
 * route's Referrer-Policy) given to writeHead take precedence over these (Node's rule).
 */
export function setDefaultHeaders(res: ServerResponse, headers: HeaderList): void {
  for (const [name, value] of headers) res.setHeader(name, value);
}

export function sendJson(res: ServerResponse, status: number, body: unknown, head: boolean): void {
  const json = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Content-Length": Buffer.byteLength(json), "Cache-Control": "no-store" });
  res.end(head ? undefined : json);
}

const TEXTS: Record<number, string> = {
  400: "This request could not be understood.",
  405: "This method is not allowed here.",
  408: "The request took too long to arrive.",
  413: "This request is too large.",
  500: "Something went wrong on our side.",
  503: "The site is busy. Please try again in a moment.",
};

/** A short plain-text answer of the server's own. `close`: the request's body was not read, so the connection cannot be reused. */
export function sendPlain(res: ServerResponse, status: number, options: { head: boolean; close?: boolean; headers?: Record<string, string> }): void {
  const body = `${TEXTS[status] ?? STATUS_CODES[status] ?? "Error"}\n`;
  res.writeHead(status, {
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
    ...(options.close && { Connection: "close" }),
    ...options.headers,
  });
  res.end(options.head ? undefined : body);
}

/** The same, as bytes for a socket Node's parser gave up on (its 'clientError': no ServerResponse exists). */
export function rawPlain(status: number, headers: HeaderList): string {
  const body = `${TEXTS[status] ?? STATUS_CODES[status] ?? "Error"}\n`;
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? "Error"}`,
    "Content-Type: text/plain; charset=utf-8",
    `Content-Length: ${Buffer.byteLength(body)}`,
    "Cache-Control: no-store",
    "Connection: close",
    ...headers.map(([name, value]) => `${name}: ${value}`),
  ];
  return `${lines.join("\r\n")}\r\n\r\n${body}`;
}

/** Node's refusals of what its parser could not take (its 'clientError'), as statuses. */
const PARSER_ERROR_STATUS: Record<string, number> = { ERR_HTTP_REQUEST_TIMEOUT: 408, HPE_HEADER_OVERFLOW: 431 };

/** The request a connection was being answered for when Node refused it: its response, and where to note why. */
type Answering = (socket: Socket) => { res: ServerResponse; refused(reason: string): void } | undefined;

/**
 * What Node's parser refuses (a malformed request, headers too large) or times out
 * (requestTimeout, headersTimeout) is answered by the server, as a JSON line and a response
 * with the security headers, rather than Node's bare 400 (Node's documented 'clientError'
 * use). CONNECT, no method of this site's, gets 405 (without a listener Node closes silently).
 */
export function answerParserRefusals(server: Server, headers: HeaderList, answering: Answering): void {
  server.on("connect", (_req: IncomingMessage, socket: Socket) => socket.end(rawPlain(405, headers)));
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Socket) => {
    const status = PARSER_ERROR_STATUS[error.code ?? ""] ?? 400;
    const current = answering(socket);
    if (error.code === "ECONNRESET" || !socket.writable || current?.res.headersSent) {
      socket.destroy();
      return;
    }
    if (current) {
      // A request whose body was still arriving: answered (and logged) as the server's own.
      current.refused(error.code ?? error.message);
      sendPlain(current.res, status, { head: false, close: true });
      return;
    }
    log("info", "request refused", { status, refused: error.code ?? error.message });
    socket.end(rawPlain(status, headers));
  });
}
