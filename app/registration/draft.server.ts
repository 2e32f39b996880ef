import { data } from "react-router";
import { z } from "zod";
import type { GatewayClient } from "../api/client.server";
import { getOrganisation } from "../api/account.server";
import { problemText } from "../api/result.server";
import { config } from "../runtime/config.server";
import { cookieValue, sealer } from "../security/sealed-cookie.server";
import { GROUP_TYPE_LABELS, GROUP_TYPES } from "../organisations/group-types";
import type { OrganisationDetails } from "../organisations/organisation-options";
import type { RegistrationUser } from "./user";
import type { GroupType } from "../../generated/schemas";

// The registration draft (ADR 0006): what the user has saved of each step, in an
// encrypted, httpOnly, SameSite=Lax session cookie, so the server guard can enforce the
// step order and every step works without JavaScript (sealed as security/sealed-cookie
// says). The password is inside the encrypted payload and nowhere else.

export const DRAFT_COOKIE = "registration_draft";
/** Only registration's own pages (and their .data requests) receive it. */
const COOKIE_PATH = "/registration";
/** A session cookie, but browsers that restore sessions keep those for ever: the payload expires too. */
const MAX_AGE_MS = 12 * 60 * 60 * 1000;
/** Browsers keep cookies of up to 4096 bytes (name, value and attributes). */
const MAX_COOKIE_BYTES = 4000;
const VERSION = 1;

export interface RegistrationDraft {
  group: GroupType;
  /** An existing organisation picked in the search: the user asks to join it. */
  organisationId?: string;
  /** A new organisation's details: the user becomes its lead. */
  organisation?: OrganisationDetails;
  /** The user's details, password included. Kept when the group type changes. */
  user?: RegistrationUser;
}

const payloadSchema = z.object({
  v: z.literal(VERSION),
  iat: z.number(),
  group: z.enum(GROUP_TYPES),
  organisationId: z.string().min(1).optional(),
  // Written by saveDraft after validation and authenticated by GCM: the shape is ours.
  organisation: z.custom<OrganisationDetails>((v) => typeof v === "object" && v !== null).optional(),
  user: z.custom<RegistrationUser>((v) => typeof v === "object" && v !== null).optional(),
});

const draftSealer = sealer({ salt: "group-visits registration draft", info: "aes-256-gcm v1", cookieName: DRAFT_COOKIE });

export function encryptDraft(draft: RegistrationDraft, now = Date.now()): string {
  return draftSealer.seal(Buffer.from(JSON.stringify({ v: VERSION, iat: now, ...draft })));
}

/** The draft, or null when the value is missing, tampered with, from another key or expired. */
export function decryptDraft(value: string | undefined, now = Date.now()): RegistrationDraft | null {
  const plaintext = draftSealer.open(value);
  if (!plaintext) return null;
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(plaintext.toString("utf8")));
    if (!parsed.success || now - parsed.data.iat > MAX_AGE_MS || parsed.data.iat > now + 60_000) return null;
    const { v: _v, iat: _iat, ...draft } = parsed.data;
    return draft;
  } catch {
    return null;
  }
}

function serialize(value: string, expire = false): string {
  const attributes = [`${DRAFT_COOKIE}=${value}`, `Path=${COOKIE_PATH}`, "HttpOnly", "SameSite=Lax"];
  if (config.isProduction) attributes.push("Secure");
  if (expire) attributes.push("Max-Age=0", "Expires=Thu, 01 Jan 1970 00:00:00 GMT");
  return attributes.join("; ");
}

export async function readDraft(request: Request): Promise<RegistrationDraft | null> {
  return decryptDraft(cookieValue(request.headers.get("Cookie"), DRAFT_COOKIE));
}

/** The Set-Cookie header that stores the draft. */
export async function saveDraft(draft: RegistrationDraft): Promise<string> {
  const header = serialize(encryptDraft(draft));
  if (Buffer.byteLength(header) > MAX_COOKIE_BYTES) {
    throw data("What you entered is too long to keep. Shorten the longest answers and try again.", { status: 413 });
  }
  return header;
}

/** The Set-Cookie header that removes the draft (after a successful registration). */
export async function clearDraft(): Promise<string> {
  return serialize("", true);
}

/**
 * The draft for this group type: the same one, or a new one when the group type changed.
 * The user's own details do not depend on the group type, so they are kept; the
 * organisation does, so it is dropped.
 */
export function draftFor(draft: RegistrationDraft | null, group: GroupType): RegistrationDraft {
  if (draft?.group === group) return draft;
  return { group, ...(draft?.user ? { user: draft.user } : {}) };
}


/** An organisation picked and kept in the draft (its Set-Cookie), or why it cannot be, to show with its status. */
export type Picked = { ok: true; setCookie: string } | { ok: false; message: string; status: number };

/**
 * Records an organisation picked in the organisation search (the user will ask to join
 * it). It must exist at the gateway and be of the registration's group type. `gateway`
 * is the request's own client (its request id; directory details need no session).
 */
export async function pickOrganisation(gateway: GatewayClient, request: Request, group: GroupType, organisationId: string): Promise<Picked> {
  if (!/^[\w-]{1,100}$/.test(organisationId)) return { ok: false, message: "Choose an organisation from the search results.", status: 422 };
  const result = await getOrganisation(gateway, organisationId);
  // No usable answer says so: the organisation may well exist.
  if (!result.ok && result.upstream) return { ok: false, message: problemText(result.problem), status: result.status };
  if (!result.ok) {
    return { ok: false, message: "We could not find that organisation. Search again, or choose “My organisation is not listed”.", status: 422 };
  }
  if (result.data.groupType !== group) {
    const [picked, wanted] = [GROUP_TYPE_LABELS[result.data.groupType], GROUP_TYPE_LABELS[group]].map((label) => label.toLowerCase());
    return { ok: false, message: `${result.data.name} is registered as a ${picked}, not a ${wanted}. Choose an organisation of your group type.`, status: 422 };
  }
  const { organisation: _replaced, ...draft } = draftFor(await readDraft(request), group);
  return { ok: true, setCookie: await saveDraft({ ...draft, organisationId }) };
}
