// The request id: accepted from the load balancer when it looks like one, otherwise made
// here; logged with every request and sent to the gateway and CMS as X-Request-Id, so one
// id follows a request through every tier. Shared by server.ts (which sets it on each
// incoming request) and the app (which forwards it); no imports, so Node can load it
// directly with type stripping.

export const REQUEST_ID_HEADER = "x-request-id";

/**
 * What we accept from outside: 8–128 characters of letters, digits and `-_.:/+=`, which
 * covers UUIDs, AWS ALB trace ids ("Root=1-67891233-abcdef012345678912345678") and most
 * tracing formats, and keeps anything that could break a log line or a header out.
 */
const VALID = /^[A-Za-z0-9._:/+=-]{8,128}$/;

export function isValidRequestId(value: string | null | undefined): value is string {
  return typeof value === "string" && VALID.test(value);
}

export function newRequestId(): string {
  return crypto.randomUUID();
}

/** The incoming id when valid, otherwise a new one. */
export function requestIdFrom(value: string | null | undefined): string {
  return isValidRequestId(value) ? value : newRequestId();
}
