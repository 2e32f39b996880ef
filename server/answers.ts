import type { ServerResponse } from "node:http";
import { STATUS_CODES } from "node:http";
import { NON_DOCUMENT_POLICY, securityHeaders } from "../app/security/csp.ts";

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
