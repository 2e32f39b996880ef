import { describe, expect, it } from "vitest";
import { createRegistrationStore, persistRegistration, REGISTRATION_STORAGE_KEY, registrationState } from "./registration";

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), items };
}
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("registration store", () => {
  it("keeps typing per group type and area, never passwords", () => {
    const s = createRegistrationStore();
    registrationState.type(s, "education", "user", "firstName", "Sam");
    registrationState.type(s, "education", "user", "password", "secret words here");
    registrationState.type(s, "tour-operator", "organisation", "name", "Ridings Tours");
    expect(s.groups.education.user).toEqual({ firstName: "Sam" });
    expect(s.groups["tour-operator"].organisation).toEqual({ name: "Ridings Tours" });
  });

  it("persists to storage for the tab and reads it back", async () => {
    const storage = memoryStorage();
    const s = createRegistrationStore();
    const stop = persistRegistration(s, storage);
    registrationState.type(s, "other-group", "organisation", "description", "A walking club");
    await tick();
    stop();
    const again = createRegistrationStore();
    persistRegistration(again, storage)();
    expect(again.groups["other-group"].organisation).toEqual({ description: "A walking club" });
  });

  it("ignores malformed or password-bearing storage", () => {
    const s = createRegistrationStore();
    registrationState.load(s, JSON.stringify({ education: { user: { password: "x", firstName: "Sam", age: 3 } }, pirates: {} }));
    expect(s.groups.education.user).toEqual({});
    const t = createRegistrationStore();
    registrationState.load(t, JSON.stringify({ education: { user: { password: "x", firstName: "Sam" } } }));
    expect(t.groups.education.user).toEqual({ firstName: "Sam" });
    const u = createRegistrationStore();
    registrationState.load(u, "{not json");
    expect(u.loaded).toBe(true);
  });

  it("forgets everything when cleared, in storage too", async () => {
    const storage = memoryStorage();
    const s = createRegistrationStore();
    const stop = persistRegistration(s, storage);
    registrationState.type(s, "education", "user", "firstName", "Sam");
    registrationState.clear(s);
    await tick();
    stop();
    expect(JSON.parse(storage.items.get(REGISTRATION_STORAGE_KEY)!).education.user).toEqual({});
  });
});
