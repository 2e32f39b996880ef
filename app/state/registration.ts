import { proxy, snapshot, subscribe } from "valtio";
import { GROUP_TYPES } from "../organisations/group-types";
import type { GroupType } from "../../generated/schemas";

// Unsaved registration typing only (docs/requirements.md §7: sub-areas per group type). What a step has
// saved lives in the server's encrypted draft cookie (app/registration/draft.server.ts);
// this keeps what is typed but not yet submitted, persisted to sessionStorage for the tab
// so a reload mid-typing loses nothing. Passwords are never kept here. Made per render
// root by StoresProvider, never shared module state.

export type RegistrationArea = "organisation" | "user";

export type TypedValues = Record<string, string>;

export interface RegistrationState {
  /** Whether sessionStorage has been read into the store (browser only). */
  loaded: boolean;
  groups: Record<GroupType, Record<RegistrationArea, TypedValues>>;
}

export const REGISTRATION_STORAGE_KEY = "group-visits.registration";

/** Fields never written to the store or sessionStorage. */
export const NEVER_KEPT: ReadonlySet<string> = new Set(["password", "passwordConfirmation"]);

const emptyGroups = () =>
  Object.fromEntries(GROUP_TYPES.map((g) => [g, { organisation: {}, user: {} }])) as RegistrationState["groups"];

export function createRegistrationStore(): RegistrationState {
  return proxy<RegistrationState>({ loaded: false, groups: emptyGroups() });
}

function isTypedValues(value: unknown): value is TypedValues {
  return (
    typeof value === "object" && value !== null && !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === "string")
  );
}

export const registrationState = {
  type(s: RegistrationState, group: GroupType, area: RegistrationArea, name: string, value: string) {
    if (NEVER_KEPT.has(name)) return;
    s.groups[group][area][name] = value;
  },

  /** After a successful registration (or when starting again): nothing typed is kept. */
  clear(s: RegistrationState) {
    s.groups = emptyGroups();
  },

  /** Reads what this tab kept, ignoring anything malformed; once per store. */
  load(s: RegistrationState, stored: string | null) {
    if (s.loaded) return;
    s.loaded = true;
    if (!stored) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(stored);
    } catch {
      return;
    }
    if (typeof parsed !== "object" || parsed === null) return;
    for (const group of GROUP_TYPES) {
      const areas = (parsed as Record<string, unknown>)[group];
      if (typeof areas !== "object" || areas === null) continue;
      for (const area of ["organisation", "user"] as const) {
        const values = (areas as Record<string, unknown>)[area];
        if (!isTypedValues(values)) continue;
        for (const [name, value] of Object.entries(values)) {
          if (!NEVER_KEPT.has(name)) s.groups[group][area][name] = value;
        }
      }
    }
  },
};

/** Loads the tab's kept typing and writes every change back; returns the unsubscribe. */
export function persistRegistration(s: RegistrationState, storage: Pick<Storage, "getItem" | "setItem">): () => void {
  try {
    registrationState.load(s, storage.getItem(REGISTRATION_STORAGE_KEY));
  } catch {
    // Storage can be unavailable (privacy modes): typing is then only kept until reload.
    s.loaded = true;
  }
  return subscribe(s, () => {
    try {
      storage.setItem(REGISTRATION_STORAGE_KEY, JSON.stringify(snapshot(s).groups));
    } catch {
      // Full or unavailable storage: nothing more to do.
    }
  });
}
