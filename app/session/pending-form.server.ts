import { deflateRawSync, inflateRawSync } from "node:zlib";
import { z } from "zod";
import { config } from "../runtime/config.server";
import { cookieValue, sealer } from "../security/sealed-cookie.server";

// What a user had typed on a page when their session timed out (ADR 35): a form posted
// after the time-out, or the page's form sent by the time-out warning when nobody answered
// it. It waits for them, encrypted, in the browser, never in the server process (docs/
// architecture.md §4.1), and only the same user gets it back, on the same page, once,
// after logging in again (app/session/restore-form.server.ts).

export const PENDING_FORM_COOKIE = "pending_form";
/** Only the pages behind login (and their .data requests) receive it: the ones that time out. */
const COOKIE_PATH = "/account";
/** Long enough to log in again (or to come back after lunch); then it is dropped unread. */
export const PENDING_FORM_MAX_AGE_MS = 60 * 60_000;
/** A value per cookie, below browsers' 4096 bytes with the name and attributes. */
const CHUNK_CHARS = 3800;
/** Cookies it may take: two full free-text answers (2,000 characters each) with the rest of a step fit, compressed. */
const MAX_CHUNKS = 3;
/** Never kept, even encrypted: what a password field held. */
const SECRET_FIELD = /password/i;
const VERSION = 1;

export interface PendingForm {
  /** The gateway's id of the user who typed it. */
  userId: string;
  /** The page it was typed on (a path), where it is given back. */
  path: string;
  /** The form's text fields, in order (repeated names kept, as a form sends them). */
  entries: [name: string, value: string][];
}

const payloadSchema = z.object({
  v: z.literal(VERSION),
  iat: z.number(),
  userId: z.string().min(1),
  path: z.string().startsWith("/"),
  entries: z.array(z.tuple([z.string(), z.string()])),
});

const formSealer = sealer({ salt: "group-visits pending form", info: "aes-256-gcm v1", cookieName: PENDING_FORM_COOKIE });

const chunkName = (index: number) => `${PENDING_FORM_COOKIE}.${index}`;

function serialize(name: string, value: string, maxAgeSeconds: number): string {
  const attributes = [`${name}=${value}`, `Path=${COOKIE_PATH}`, "HttpOnly", "SameSite=Lax", `Max-Age=${maxAgeSeconds}`];
  if (maxAgeSeconds === 0) attributes.push("Expires=Thu, 01 Jan 1970 00:00:00 GMT");
  if (config.isProduction) attributes.push("Secure");
  return attributes.join("; ");
}

/** The text fields worth giving back: no password, no file. */
export function keptEntries(form: FormData): [string, string][] {
  return [...form].flatMap(([name, value]) => (typeof value === "string" && !SECRET_FIELD.test(name) ? [[name, value] as [string, string]] : []));
}

function sealed(form: PendingForm, now: number): string {
  return formSealer.seal(deflateRawSync(Buffer.from(JSON.stringify({ v: VERSION, iat: now, ...form }))));
}

/**
 * The Set-Cookie headers that keep the form. A form too long for the cookies loses its
 * longest answers first, so the rest still comes back; an empty form keeps nothing.
 */
export function keepPendingForm(form: PendingForm, now = Date.now()): string[] {
  let entries = form.entries;
  let value = sealed({ ...form, entries }, now);
  while (value.length > CHUNK_CHARS * MAX_CHUNKS && entries.length > 0) {
    const longest = entries.reduce((at, [, v], i) => (v.length > entries[at]![1].length ? i : at), 0);
    entries = entries.filter((_, i) => i !== longest);
    value = sealed({ ...form, entries }, now);
  }
  if (entries.length === 0) return dropPendingForm();
  const maxAge = PENDING_FORM_MAX_AGE_MS / 1000;
  const chunks = Array.from({ length: MAX_CHUNKS }, (_, i) => value.slice(i * CHUNK_CHARS, (i + 1) * CHUNK_CHARS));
  // Chunks left over from a longer form before are expired, so they are not read with this one.
  return chunks.map((chunk, i) => serialize(chunkName(i), chunk, chunk ? maxAge : 0));
}

/** The form kept in the request's cookies, or null when there is none, or it is tampered with, foreign or too old. */
export function readPendingForm(request: Request, now = Date.now()): PendingForm | null {
  const header = request.headers.get("Cookie");
  if (!header?.includes(PENDING_FORM_COOKIE)) return null;
  const value = Array.from({ length: MAX_CHUNKS }, (_, i) => cookieValue(header, chunkName(i)) ?? "").join("");
  const plaintext = formSealer.open(value);
  if (!plaintext) return null;
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(inflateRawSync(plaintext, { maxOutputLength: 1 << 20 }).toString("utf8")));
    if (!parsed.success || now - parsed.data.iat > PENDING_FORM_MAX_AGE_MS || parsed.data.iat > now + 60_000) return null;
    const { userId, path, entries } = parsed.data;
    return { userId, path, entries };
  } catch {
    return null;
  }
}

/** The Set-Cookie headers that remove it (given back, or found to be another user's). */
export function dropPendingForm(): string[] {
  return Array.from({ length: MAX_CHUNKS }, (_, i) => serialize(chunkName(i), "", 0));
}

/** Whether the request carries any of its cookies (worth dropping). */
export function hasPendingForm(request: Request): boolean {
  return (request.headers.get("Cookie") ?? "").includes(`${PENDING_FORM_COOKIE}.`);
}
