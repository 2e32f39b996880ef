import { describe, expect, it } from "vitest";
import { createSeed } from "./seed";

// Branches add seeded users and organisations for their own e2e journeys; two that pick the
// same id would silently merge into one record (the later wins), and a journey would run as
// someone else. Ids and emails are unique across the whole seed.

const duplicates = (values: readonly string[]) => values.filter((v, i) => values.indexOf(v) !== i);

describe("the seed", () => {
  const seed = createSeed("2026-11-27");

  it("gives every user an id and an email of their own", () => {
    expect(duplicates(seed.users.map((u) => u.user.id))).toEqual([]);
    expect(duplicates(seed.users.map((u) => u.user.email.toLowerCase()))).toEqual([]);
  });

  it("gives every organisation, venue and order an id of its own", () => {
    expect(duplicates(seed.organisations.map((o) => o.id))).toEqual([]);
    expect(duplicates(seed.venues.map((v) => v.id))).toEqual([]);
    expect(duplicates(seed.orders.map((o) => o.id))).toEqual([]);
  });

  it("links every association to a seeded user and organisation", () => {
    const users = new Set(seed.users.map((u) => u.user.id));
    const organisations = new Set(seed.organisations.map((o) => o.id));
    expect(seed.associations.filter((a) => !users.has(a.userId) || !organisations.has(a.organisationId))).toEqual([]);
  });
});
