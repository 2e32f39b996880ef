import { HttpResponse } from "msw";
import type { components } from "../../generated/gateway";

type Problem = components["schemas"]["Problem"];

const TITLES: Record<number, string> = {
  400: "Bad request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not found",
  409: "Conflict",
  422: "Unprocessable content",
  429: "Too many requests",
};

/** An RFC 9457 problem, as both the gateway and the CMS send errors; `P` for one with members of its own (LoginLocked). */
export function problem<P extends Problem = Problem>(
  status: number,
  fields: Partial<Omit<P, "status">> = {},
  headers: Record<string, string> = {},
): Response {
  const body: Problem = {
    type: fields.code ? `https://groups.westridingmuseums.example.org/problems/${fields.code}` : "about:blank",
    title: TITLES[status] ?? "Error",
    ...fields,
    status,
  };
  return HttpResponse.json(body, {
    status,
    headers: { "Content-Type": "application/problem+json", ...headers },
  });
}

/** Joins a base URL that may carry a path prefix (".../qa") with an operation path. */
export function joinUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, "")}${path}`;
}

export async function readJson(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    return undefined;
  }
}
