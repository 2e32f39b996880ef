import type { Backend } from "./index";
import { hashPassword } from "./passwords";
import { DEMO_USER, createSeed } from "./seed";

// What the provider states outside booking share (provider-states.ts,
// account-provider-states.ts, cms-provider-states.ts): reading their params, the demo user
// restored, and the organisation they pick as "another organisation".

export type Params = Record<string, unknown>;

/** The organisation the mock picks as "another organisation": St Aidan's, a seeded school. */
export const OTHER_ORGANISATION_ID = "org-1002";

/** A state's text params: `text` is undefined when one is missing or empty, `required` throws. */
export function paramReaders(state: string, params: Params) {
  const text = (key: string): string | undefined => {
    const value = params[key];
    return typeof value === "string" && value !== "" ? value : undefined;
  };
  const required = (key: string): string => {
    const value = text(key);
    if (!value) throw new Error(`Provider state "${state}" needs params.${key}`);
    return value;
  };
  return { text, required };
}

/** An organisation with this id: the seeded one, or a copy of a seeded school under the id. */
export function ensureOrganisation(backend: Backend, organisationId: string): string {
  const s = backend.state;
  if (!s.organisations.has(organisationId)) {
    const template = s.organisations.get("org-1002");
    if (!template) throw new Error("Seed organisation org-1002 is missing");
    s.organisations.set(organisationId, { ...template, id: organisationId });
  }
  return organisationId;
}

/** Restores the demo user if a previous state in the same interaction removed it. */
export function ensureDemoUser(backend: Backend): void {
  const s = backend.state;
  if (s.users.has(DEMO_USER.id)) return;
  const seed = createSeed(backend.today());
  const seeded = seed.users.find((u) => u.user.id === DEMO_USER.id);
  if (!seeded) throw new Error("Seed has no demo user");
  s.users.set(DEMO_USER.id, { user: seeded.user, passwordHash: hashPassword(seeded.password) });
  for (const association of seed.associations.filter((a) => a.userId === DEMO_USER.id)) {
    s.associations.push(association);
  }
}
