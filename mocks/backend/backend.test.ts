import { describe, expect, it, vi } from "vitest";
import { DEMO_USER, createBackend } from "./index";
import { validateLoginRequest } from "./validation";

const today = new Date("2026-03-10T12:00:00Z");
const make = () => createBackend({ today });

function loggedIn() {
  const backend = make();
  const result = backend.login(DEMO_USER.email, DEMO_USER.password);
  if (!result.ok) throw new Error("demo login failed");
  return { backend, userId: result.user.id, token: result.token };
}

describe("seed", () => {
  it("has the documented demo account", () => {
    const backend = make();
    const user = backend.state.users.get(DEMO_USER.id)?.user;
    expect(user).toMatchObject({
      email: "teacher@example.org", title: "Ms", firstName: "Amara", lastName: "Okafor",
      jobTitle: "Year 4 teacher", groupType: "education", currentOrganisationId: "org-1001",
    });
    expect(backend.listAssociations(DEMO_USER.id)).toEqual([
      expect.objectContaining({
        status: "approved", role: "lead",
        organisation: expect.objectContaining({ name: "Riverside Primary School", town: "Leeds" }),
      }),
    ]);
  });

  it("gives the demo school upcoming, past, held and cancelled orders with consistent totals", () => {
    const backend = make();
    const upcoming = backend.listOrders(DEMO_USER.id, { when: "upcoming" }).items;
    const past = backend.listOrders(DEMO_USER.id, { when: "past" }).items;
    expect(upcoming.length).toBeGreaterThanOrEqual(2);
    expect(past.length).toBeGreaterThanOrEqual(2);
    const all = [...upcoming, ...past];
    expect(all.some((o) => o.status === "held")).toBe(true);
    expect(all.some((o) => o.status === "cancelled")).toBe(true);
    for (const { id } of all) {
      const order = backend.getOrder(DEMO_USER.id, id)!;
      expect(order.total.amount).toBe(order.lines.reduce((sum, l) => sum + l.total.amount, 0));
      for (const l of order.lines) expect(l.total.amount).toBe(l.unitPrice.amount * l.quantity);
      expect(order.timeline.length).toBeGreaterThan(0);
    }
  });

  it("has organisations of all four group types and is the same on every creation", () => {
    const a = make();
    const types = new Set([...a.state.organisations.values()].map((o) => o.groupType));
    expect(types).toEqual(new Set(["education", "home-education", "tour-operator", "other-group"]));
    expect([...make().state.orders.values()]).toEqual([...a.state.orders.values()]);
  });
});

describe("login", () => {
  it("returns a random token for the right password, case-insensitively by email", () => {
    const backend = make();
    const first = backend.login("Teacher@Example.org ", DEMO_USER.password);
    const second = backend.login(DEMO_USER.email, DEMO_USER.password);
    expect(first.ok && second.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    expect(first.token).not.toBe(second.token);
    expect(first.token).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(first.expiresAt).getTime()).toBeGreaterThan(Date.now());
    expect(backend.authenticate(first.token)?.id).toBe(DEMO_USER.id);
  });

  it("fails the same way for a wrong password and an unknown email", () => {
    const backend = make();
    expect(backend.login(DEMO_USER.email, "wrong")).toEqual({ ok: false, reason: "invalid-credentials" });
    expect(backend.login("nobody@example.org", DEMO_USER.password)).toEqual({ ok: false, reason: "invalid-credentials" });
    expect(backend.login("", "")).toEqual({ ok: false, reason: "invalid-credentials" });
  });

  it("treats a missing email or password as a malformed request, not a failed login", () => {
    expect(validateLoginRequest({ email: DEMO_USER.email })).toEqual({
      ok: false, errors: [{ field: "password", message: "Enter your password" }],
    });
    expect(validateLoginRequest(null).ok).toBe(false);
  });

  it("locks an email after ten failures within 15 minutes, for what is left of the 15 minutes since the first", () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 27, 9, 0), toFake: ["Date"] });
    try {
      const backend = make();
      backend.login(DEMO_USER.email, "wrong");
      vi.advanceTimersByTime(5 * 60_000);
      for (let i = 0; i < 9; i++) backend.login(DEMO_USER.email, "wrong");
      // Locked, the right password included, until the first failure is 15 minutes old: 10 minutes yet.
      expect(backend.login(DEMO_USER.email, DEMO_USER.password)).toEqual({ ok: false, reason: "locked", retryAfterMs: 10 * 60_000 });
      vi.advanceTimersByTime(4 * 60_000);
      expect(backend.login(DEMO_USER.email, DEMO_USER.password)).toEqual({ ok: false, reason: "locked", retryAfterMs: 6 * 60_000 });
      // An unknown email is locked the same way; other emails are not affected.
      for (let i = 0; i < 10; i++) backend.login("nobody.here@example.org", "wrong");
      expect(backend.login("nobody.here@example.org", "wrong")).toEqual({ ok: false, reason: "locked", retryAfterMs: 15 * 60_000 });
      expect(backend.login("home@example.org", DEMO_USER.password).ok).toBe(true);
      vi.advanceTimersByTime(6 * 60_000);
      expect(backend.login(DEMO_USER.email, DEMO_USER.password).ok).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it("ends the session on logout", () => {
    const { backend, token } = loggedIn();
    backend.logout(token);
    expect(backend.authenticate(token)).toBeUndefined();
  });
});

describe("updateUser", () => {
  it("applies valid changes and trims text", () => {
    const { backend, userId } = loggedIn();
    const result = backend.updateUser(userId, { firstName: "  Amara Grace ", phone: "+44 113 496 0999", marketingConsent: false });
    expect(result).toMatchObject({ ok: true, value: { firstName: "Amara Grace", phone: "+44 113 496 0999", marketingConsent: false } });
    expect(backend.state.users.get(userId)?.user.firstName).toBe("Amara Grace");
  });

  it("clears an optional field given as an empty string", () => {
    const { backend, userId } = loggedIn();
    const result = backend.updateUser(userId, { phone: "", jobTitle: "" });
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.value).not.toHaveProperty("phone");
      expect(result.value).not.toHaveProperty("jobTitle");
    }
  });

  it("rejects empty or long names, a bad phone, wrong types and read-only fields, field by field", () => {
    const { backend, userId } = loggedIn();
    const result = backend.updateUser(userId, {
      firstName: " ", lastName: "x".repeat(51), phone: "12345", marketingConsent: "yes", email: "a@b.org",
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => e.field).sort()).toEqual(["email", "firstName", "lastName", "marketingConsent", "phone"]);
    expect(result.errors.find((e) => e.field === "firstName")?.message).toBe("Enter your first name");
    expect(backend.state.users.get(userId)?.user.firstName).toBe("Amara");
  });

  it("rejects a body that is not an object", () => {
    const { backend, userId } = loggedIn();
    expect(backend.updateUser(userId, ["firstName"]).ok).toBe(false);
    expect(backend.updateUser(userId, undefined).ok).toBe(false);
  });

  it("keeps the user's wish for more time to book, and refuses anything but true or false", () => {
    const { backend, userId } = loggedIn();
    expect(backend.updateUser(userId, { extendedHolds: true })).toMatchObject({ ok: true, value: { extendedHolds: true } });
    expect(backend.updateUser(userId, { extendedHolds: "yes" })).toMatchObject({ ok: false, errors: [{ field: "extendedHolds" }] });
    expect(backend.state.users.get(userId)?.user.extendedHolds).toBe(true);
  });

  it("accepts a 50-character name", () => {
    const { backend, userId } = loggedIn();
    expect(backend.updateUser(userId, { lastName: "y".repeat(50) }).ok).toBe(true);
  });
});

describe("orders", () => {
  it("splits upcoming (soonest first) from past (latest first) around today", () => {
    const backend = make();
    const upcoming = backend.listOrders(DEMO_USER.id, { when: "upcoming" }).items.map((o) => o.visitDate);
    const past = backend.listOrders(DEMO_USER.id, { when: "past" }).items.map((o) => o.visitDate);
    expect(upcoming.every((d) => d >= "2026-03-10")).toBe(true);
    expect(past.every((d) => d < "2026-03-10")).toBe(true);
    expect(upcoming).toEqual([...upcoming].sort());
    expect(past).toEqual([...past].sort().reverse());
  });

  it("paginates", () => {
    const backend = make();
    const all = backend.listOrders(DEMO_USER.id, {});
    const page2 = backend.listOrders(DEMO_USER.id, { page: 2, pageSize: 4 });
    expect(page2).toMatchObject({ page: 2, pageSize: 4, totalItems: all.totalItems, totalPages: Math.ceil(all.totalItems / 4) });
    expect(page2.items).toEqual(all.items.slice(4, 8));
    expect(backend.listOrders(DEMO_USER.id, { page: 99 }).items).toEqual([]);
  });

  it("shows only orders of the user's approved organisations", () => {
    const backend = make();
    const ids = backend.listOrders(DEMO_USER.id).items.map((o) => o.id);
    expect(ids).not.toContain("ord-5101");
    expect(backend.getOrder(DEMO_USER.id, "ord-5101")).toBeUndefined();
    expect(backend.getOrder("usr-1003", "ord-5101")?.reference).toBe("GV-260601");
    expect(backend.listOrders("usr-1004").totalItems).toBe(0); // pending association only
  });
});

describe("newsletter", () => {
  it("accepts a valid signup the same way twice", () => {
    const backend = make();
    const first = backend.subscribeToNewsletter({ email: "New@Example.org", consent: true });
    const again = backend.subscribeToNewsletter({ email: "new@example.org", consent: true });
    expect(first).toEqual(again);
    expect(backend.state.newsletterSubscribers.has("new@example.org")).toBe(true);
  });

  it("needs a valid email and consent", () => {
    const backend = make();
    const result = backend.subscribeToNewsletter({ email: "not-an-email", consent: false });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.map((e) => e.field)).toEqual(["email", "consent"]);
  });
});

describe("isolation and reset", () => {
  it("keeps backends apart and restores the seed on reset", () => {
    const a = make();
    const b = make();
    a.updateUser(DEMO_USER.id, { firstName: "Changed" });
    expect(b.state.users.get(DEMO_USER.id)?.user.firstName).toBe("Amara");
    a.reset();
    expect(a.state.users.get(DEMO_USER.id)?.user.firstName).toBe("Amara");
    expect(a.login(DEMO_USER.email, DEMO_USER.password).ok).toBe(true);
  });
});
