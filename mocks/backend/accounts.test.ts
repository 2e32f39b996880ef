import { describe, expect, it } from "vitest";
import { DEMO_USER, createBackend } from "./index";

const make = () => createBackend({ today: new Date("2026-03-10T12:00:00Z") });
const TERMS = "registration-2026-01";

const newUser = (email: string) => ({
  email, password: "lantern meadow quiet river", firstName: "Sam", lastName: "Okoye", marketingConsent: false,
});
const school = {
  name: "Oakwood Primary School", kind: "Primary school",
  address: { line1: "1 Oak Road", town: "Leeds", postcode: "ls8 1aa" },
  phone: "0113 496 0001", urn: "999001", phase: "primary", ageRange: { lowest: 4, highest: 11 }, numberOfPupils: 200,
};

describe("registration", () => {
  it("joins an existing organisation as a pending member, logged in, with no current organisation", () => {
    const backend = make();
    const result = backend.createRegistration({ groupType: "education", user: newUser("Sam@Example.org"), organisationId: "org-1002", acceptedTermsVersion: TERMS });
    expect(result).toMatchObject({ ok: true, value: { association: { status: "pending", role: "member" }, user: { email: "sam@example.org", currentOrganisationId: null } } });
    if (!result.ok) return;
    expect(backend.authenticate(result.value.token)?.email).toBe("sam@example.org");
    expect(backend.login("sam@example.org", "lantern meadow quiet river").ok).toBe(true);
  });

  it("creates a new organisation with the user as its approved lead, region from the postcode", () => {
    const backend = make();
    const result = backend.createRegistration({ groupType: "education", user: newUser("lead@example.org"), organisation: school, acceptedTermsVersion: TERMS });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { association, user } = result.value;
    expect(association).toMatchObject({ status: "approved", role: "lead", organisation: { postcode: "LS8 1AA" } });
    expect(user.currentOrganisationId).toBe(association.organisation.id);
    expect(backend.getOrganisation(association.organisation.id)).toMatchObject({ region: "Yorkshire and the Humber", urn: "999001" });
  });

  it("refuses a registered email, an existing school and an unknown organisation", () => {
    const backend = make();
    const register = (body: Record<string, unknown>) =>
      backend.createRegistration({ groupType: "education", user: newUser("x@example.org"), acceptedTermsVersion: TERMS, ...body });
    expect(register({ user: newUser(DEMO_USER.email.toUpperCase()), organisationId: "org-1002" })).toMatchObject({ ok: false, code: "email_registered" });
    expect(register({ organisation: { ...school, urn: "107412" } })).toMatchObject({ ok: false, code: "organisation_exists" });
    expect(register({ organisationId: "org-nope" })).toMatchObject({ ok: false, code: "organisation_not_found" });
    expect(register({ organisationId: "org-3001" })).toMatchObject({ ok: false, code: "validation_failed", errors: [{ field: "organisationId" }] });
  });

  it("validates every part, with dotted field paths", () => {
    const result = make().createRegistration({
      groupType: "education",
      user: { ...newUser("not-an-email"), password: "password1234" },
      organisation: { ...school, address: { line1: "", town: "Leeds", postcode: "LS99" }, urn: "12" },
      organisationId: "org-1002",
      acceptedTermsVersion: "old",
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors?.map((e) => e.field).sort()).toEqual([
      "acceptedTermsVersion", "organisation", "organisation.address.line1", "organisation.address.postcode", "organisation.urn",
      "user.email", "user.password",
    ]);
  });
});

describe("password reset", () => {
  it("answers the same for any email, and mails a single-use link to an account's owner", () => {
    const mails: unknown[] = [];
    const backend = createBackend({ onMail: (m) => mails.push(m) });
    expect(backend.requestPasswordReset({ email: "nobody@example.org" })).toEqual({ ok: true, value: "accepted" });
    expect(backend.requestPasswordReset({ email: DEMO_USER.email })).toEqual({ ok: true, value: "accepted" });
    expect(mails).toHaveLength(1);
    const token = backend.state.outbox[0]!.path.replace("/login/reset/", "");
    const session = backend.login(DEMO_USER.email, DEMO_USER.password);

    expect(backend.completePasswordReset({ token, password: "short" })).toMatchObject({ ok: false, code: "validation_failed" });
    expect(backend.completePasswordReset({ token, password: "lantern meadow quiet river" })).toEqual({ ok: true, value: null });
    expect(backend.login(DEMO_USER.email, "lantern meadow quiet river").ok).toBe(true);
    // Old sessions end; the token works once.
    expect(session.ok && backend.authenticate(session.token)).toBeFalsy();
    expect(backend.completePasswordReset({ token, password: "another long password" })).toMatchObject({ code: "invalid_reset_token" });
  });
});

describe("organisations and associations", () => {
  it("lets only the lead update the organisation", () => {
    const backend = make();
    expect(backend.updateOrganisation(DEMO_USER.id, "org-1001", { phone: "0113 496 0999", address: { line1: "1 New Road", town: "Leeds", postcode: "ls1 4dy" } }))
      .toMatchObject({ ok: true, value: { phone: "0113 496 0999", postcode: "LS1 4DY", town: "Leeds" } });
    expect(backend.updateOrganisation("usr-1002", "org-1001", { phone: "0113 496 0999" })).toMatchObject({ ok: false, code: "not_lead" });
    expect(backend.updateOrganisation(DEMO_USER.id, "org-1001", { urn: "12" })).toMatchObject({ ok: false, code: "validation_failed" });
    expect(backend.updateOrganisation(DEMO_USER.id, "org-1001", { companyNumber: "12345678" })).toMatchObject({ ok: false, code: "validation_failed" });
  });

  it("asks to join (pending), refuses a second request, and withdraws", () => {
    const backend = make();
    expect(backend.requestAssociation("usr-1006", { organisationId: "org-1007" })).toMatchObject({ ok: true, value: { status: "pending" } });
    expect(backend.requestAssociation("usr-1006", { organisationId: "org-1007" })).toMatchObject({ ok: false, code: "already_associated" });
    expect(backend.setCurrentOrganisation("usr-1006", { organisationId: "org-1007" })).toMatchObject({ code: "association_not_approved" });
    expect(backend.leaveAssociation("usr-1006", "org-1007")).toEqual({ ok: true, value: null });
    expect(backend.listAssociations("usr-1006").map((a) => a.organisation.id)).toEqual(["org-1003"]);
  });

  it("keeps the only lead while others remain, and moves the current organisation on leaving", () => {
    const backend = make();
    expect(backend.leaveAssociation(DEMO_USER.id, "org-1001")).toMatchObject({ ok: false, code: "last_lead" });
    expect(backend.setCurrentOrganisation("usr-1005", { organisationId: "org-1006" })).toMatchObject({ ok: true, value: { currentOrganisationId: "org-1006" } });
    expect(backend.leaveAssociation("usr-1005", "org-1006").ok).toBe(true);
    expect(backend.state.users.get("usr-1005")?.user.currentOrganisationId).toBe("org-1005");
    expect(backend.leaveAssociation("usr-1005", "org-1005").ok).toBe(true);
    expect(backend.state.users.get("usr-1005")?.user.currentOrganisationId).toBeNull();
    expect(backend.setCurrentOrganisation("usr-1005", { organisationId: "org-1005" })).toMatchObject({ code: "not_associated" });
  });
});

describe("organisations found only in search", () => {
  it("are known to the gateway by their index id", () => {
    const backend = createBackend();
    const organisation = backend.getOrganisation("org-100042");
    expect(organisation).toMatchObject({ id: "org-100042", address: { line1: expect.any(String) }, region: expect.any(String) });
    expect(backend.getOrganisation("org-999999")).toBeUndefined();
  });
});
