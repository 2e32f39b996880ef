import { describe, expect, it } from "vitest";
import { clearDraft, decryptDraft, draftFor, encryptDraft, readDraft, saveDraft, type RegistrationDraft } from "./draft.server";

const user = {
  title: "", firstName: "Sam", lastName: "Okoye", email: "sam@example.org", phone: "", jobTitle: "",
  marketingConsent: false, password: "correct horse battery staple",
};
const draft: RegistrationDraft = { group: "education", organisationId: "org-1002", user };

const cookieOf = (setCookie: string) => setCookie.split(";")[0]!;
const requestWith = (cookie: string) => new Request("http://localhost/registration/education/review", { headers: { Cookie: cookie } });

describe("registration draft cookie", () => {
  it("round-trips through the encrypted cookie", async () => {
    const header = await saveDraft(draft);
    expect(await readDraft(requestWith(`other=1; ${cookieOf(header)}`))).toEqual(draft);
  });

  it("is httpOnly, SameSite=Lax, a session cookie, and scoped to /registration", async () => {
    const header = await saveDraft(draft);
    expect(header).toMatch(/^registration_draft=[A-Za-z0-9_-]+; Path=\/registration; HttpOnly; SameSite=Lax$/);
    expect(header).not.toMatch(/Max-Age|Expires/);
  });

  it("never carries the password, or any detail, in plaintext", () => {
    const value = encryptDraft(draft);
    const decoded = Buffer.from(value, "base64url").toString("latin1");
    for (const secret of ["correct horse", "sam@example.org", "org-1002", "Okoye"]) expect(decoded).not.toContain(secret);
    // A fresh IV each time.
    expect(encryptDraft(draft)).not.toBe(value);
  });

  it("rejects a tampered, truncated or foreign value", () => {
    const value = encryptDraft(draft);
    const flipped = Buffer.from(value, "base64url");
    flipped[20] = flipped[20]! ^ 1;
    expect(decryptDraft(flipped.toString("base64url"))).toBeNull();
    expect(decryptDraft(value.slice(0, 30))).toBeNull();
    expect(decryptDraft("not base64url!")).toBeNull();
    expect(decryptDraft(undefined)).toBeNull();
  });

  it("expires twelve hours after it was saved", () => {
    const savedAt = Date.parse("2026-03-10T09:00:00Z");
    const value = encryptDraft(draft, savedAt);
    expect(decryptDraft(value, savedAt + 11 * 3600_000)).toEqual(draft);
    expect(decryptDraft(value, savedAt + 13 * 3600_000)).toBeNull();
  });

  it("is cleared with an expired cookie on the same path", async () => {
    expect(await clearDraft()).toMatch(/^registration_draft=; Path=\/registration; HttpOnly; SameSite=Lax; Max-Age=0/);
  });

  it("keeps the user's details but not the organisation when the group type changes", () => {
    expect(draftFor(draft, "education")).toBe(draft);
    expect(draftFor(draft, "tour-operator")).toEqual({ group: "tour-operator", user });
    expect(draftFor(null, "other-group")).toEqual({ group: "other-group" });
  });
});
