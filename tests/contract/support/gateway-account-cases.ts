import { expect } from "vitest";
import { createGatewayClient } from "../../../app/api/client.server";
import { completePasswordReset, getOrganisation, leaveAssociation, requestAssociation, requestPasswordReset, setCurrentOrganisation, updateOrganisation } from "../../../app/api/account.server";
import { fieldErrors } from "../../../app/api/result.server";
import {
  ACCEPTED_BODY, JSON_CONTENT, PACT_TOKENS, PROBLEM_CONTENT, arrayContaining, bearer, boolean, email, expectOk,
  expectProblem, fromState, instant, integer, like, oneOf, problemBody, reify,
} from "./matchers";
import type { ConsumerCase, State } from "./pact";

// Registration, password reset, organisation updates and associations (issue 3): one or
// more interactions per function, each exercised through the app's real function.

export const DEMO_EMAIL = "teacher@example.org";
const TOKEN = PACT_TOKENS.demo;
const AUTHORIZATION = bearer(TOKEN);
const LOGGED_IN: State = ["the demo user is logged in"];
export const DEMO_USER_EXISTS: State = ["the demo user exists"];

export const client = (baseUrl: string, token: string | null = TOKEN) => createGatewayClient({ baseUrl, timeoutMs: 5000, token });

export const GROUP_TYPES = ["education", "home-education", "tour-operator", "other-group"];
const PHASES = ["nursery", "primary", "middle", "secondary", "all-through", "sixteen-plus"];

// Organisation ids are the provider's: the demo user's comes back from the login state as
// organisationId, another organisation's from its state as otherOrganisationId.
const OWN = "org-1001";
export const OTHER = "org-1002";
const ownId = fromState("${organisationId}", { organisationId: OWN });
export const otherId = fromState("${otherOrganisationId}", { otherOrganisationId: OTHER });
const ownPath = (prefix: string) => fromState(`${prefix}/\${organisationId}`, { organisationId: OWN });
const otherPath = (prefix: string) => fromState(`${prefix}/\${otherOrganisationId}`, { otherOrganisationId: OTHER });
export const OTHER_EXISTS: State = ["an organisation exists that the demo user does not belong to"];
const MEMBER_OF_OTHER: State = ["the demo user is a member, not the lead, of another organisation"];
const ASKED_TO_JOIN_OTHER: State = ["the demo user has asked to join another organisation"];
export const noUser = (address: string): State => ["no user has email {email}", { email: address }];
/** An organisation id the consumer chooses because no organisation has it. */
export const MISSING = "org-0000";
export const NO_SUCH_ORGANISATION: State = ["no organisation has id {organisationId}", { organisationId: MISSING }];
const RESET_TOKEN_EXISTS: State = ["a password reset token exists for the demo user"];
const resetToken = fromState("${resetToken}", { resetToken: "pact-reset-token" });

export const summary = (id: string, name: string, groupType = "education") => ({
  id: like(id),
  name: like(name),
  groupType: oneOf(GROUP_TYPES, groupType),
  town: like("Leeds"),
  postcode: like("LS9 7QR"),
});

/** A school's directory details, as registration and the organisation edit page show them. */
const school = (id: string) => ({
  ...summary(id, "St Aidan's Church of England Primary School"),
  kind: like("Primary school"),
  address: { line1: like("2 Harehills Lane"), town: like("Leeds"), postcode: like("LS9 7QR") },
  phone: like("0113 496 0456"),
  urn: like("107998"),
  numberOfPupils: integer(210),
  phase: oneOf(PHASES, "primary"),
  ageRange: { lowest: integer(4), highest: integer(11) },
  region: like("Yorkshire and the Humber"),
});



const pendingAssociation = (id: string, name: string) => ({
  organisation: summary(id, name),
  status: "pending",
  role: "member",
  requestedAt: instant("2026-03-10T10:00:00.000Z"),
});

export const gatewayAccountCases: readonly ConsumerCase[] = [
  {
    description: "get an organisation's directory details without a session",
    // Registration shows the organisation a new user asks to join before the account exists.
    states: [OTHER_EXISTS],
    define: (i) =>
      i.withRequest("GET", otherPath("/organisations")).willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody(school(OTHER))),
    async exercise(url) {
      const found = expectOk(await getOrganisation(client(url, null), OTHER));
      expect(found).toEqual(reify(school(OTHER)));
      expect(found.ageRange).toEqual({ lowest: 4, highest: 11 });
    },
  },
  {

    description: "ask for a password reset for the demo user's email",
    states: [DEMO_USER_EXISTS],
    define: (i) =>
      i
        .withRequest("POST", "/auth/password-resets", (b) => b.headers(JSON_CONTENT).jsonBody({ email: DEMO_EMAIL }))
        .willRespondWith(202, (b) => b.headers(JSON_CONTENT).jsonBody(ACCEPTED_BODY)),
    async exercise(url) {
      expect(expectOk(await requestPasswordReset(client(url, null), { email: DEMO_EMAIL }))).toEqual(reify(ACCEPTED_BODY));
    },
  },
  {
    description: "ask for a password reset for an email that has no account",
    // The same answer, so the form never reveals who has an account.
    states: [noUser("nobody.here@example.org")],
    define: (i) =>
      i
        .withRequest("POST", "/auth/password-resets", (b) => b.headers(JSON_CONTENT).jsonBody({ email: "nobody.here@example.org" }))
        .willRespondWith(202, (b) => b.headers(JSON_CONTENT).jsonBody(ACCEPTED_BODY)),
    async exercise(url) {
      expect(expectOk(await requestPasswordReset(client(url, null), { email: "nobody.here@example.org" }))).toEqual(reify(ACCEPTED_BODY));
    },
  },
  {
    description: "ask for a password reset while reset requests for the email are rate limited",
    // The gateway's own refusal (a problem), not the API gateway's: the form says to wait.
    states: [DEMO_USER_EXISTS, ["password reset requests for {email} are rate limited", { email: DEMO_EMAIL }]],
    define: (i) =>
      i
        .withRequest("POST", "/auth/password-resets", (b) => b.headers(JSON_CONTENT).jsonBody({ email: DEMO_EMAIL }))
        .willRespondWith(429, (b) => b.headers(PROBLEM_CONTENT).jsonBody(problemBody(429, like("rate_limited")))),
    async exercise(url) {
      // A 429 the gateway sent (a problem) is not upstream: the forgot-password action tells them apart.
      const result = await requestPasswordReset(client(url, null), { email: DEMO_EMAIL });
      expect(expectProblem(result, 429).code).toBe("rate_limited");
      expect(result.ok ? undefined : result.upstream).toBe(false);
    },
  },
  {
    description: "set a new password with a password reset token",
    // The token is the provider's (it mails it to the user): the state returns it.
    states: [RESET_TOKEN_EXISTS],
    define: (i) =>
      i
        .withRequest("POST", "/auth/password-resets/complete", (b) =>
          b.headers(JSON_CONTENT).jsonBody({ token: resetToken, password: "lantern meadow quiet river" }))
        .willRespondWith(204),
    async exercise(url) {
      const result = await completePasswordReset(client(url, null), { token: "pact-reset-token", password: "lantern meadow quiet river" });
      expect(result).toEqual({ ok: true, data: undefined });
    },
  },
  {
    description: "set a new password with a reset token that is unknown, used or expired",
    states: [DEMO_USER_EXISTS],
    define: (i) =>
      i
        .withRequest("POST", "/auth/password-resets/complete", (b) =>
          b.headers(JSON_CONTENT).jsonBody({ token: "no-such-reset-token", password: "lantern meadow quiet river" }))
        .willRespondWith(422, (b) => b.headers(PROBLEM_CONTENT).jsonBody(problemBody(422, "invalid_reset_token"))),
    async exercise(url) {
      const result = await completePasswordReset(client(url, null), { token: "no-such-reset-token", password: "lantern meadow quiet river" });
      expect(expectProblem(result, 422).code).toBe("invalid_reset_token");
    },
  },
  {
    description: "set a new password while attempts for the demo user are rate limited",
    // Refused even with a valid token.
    states: [RESET_TOKEN_EXISTS, ["setting a new password for the demo user is rate limited"]],
    define: (i) =>
      i
        .withRequest("POST", "/auth/password-resets/complete", (b) =>
          b.headers(JSON_CONTENT).jsonBody({ token: resetToken, password: "lantern meadow quiet river" }))
        .willRespondWith(429, (b) => b.headers(PROBLEM_CONTENT).jsonBody(problemBody(429, like("rate_limited")))),
    async exercise(url) {
      const result = await completePasswordReset(client(url, null), { token: "pact-reset-token", password: "lantern meadow quiet river" });
      expect(expectProblem(result, 429).code).toBe("rate_limited");
    },
  },
  {
    description: "update the phone and number of pupils of the organisation the demo user leads",
    states: [LOGGED_IN],
    define: (i) =>
      i
        .withRequest("PATCH", ownPath("/organisations"), (b) =>
          b.headers({ ...AUTHORIZATION, ...JSON_CONTENT }).jsonBody({ phone: "0113 496 0999", numberOfPupils: 430 }))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            ...school(OWN),
            name: like("Riverside Primary School"),
            phone: like("0113 496 0999"),
            numberOfPupils: integer(430),
          })),
    async exercise(url) {
      const updated = expectOk(await updateOrganisation(client(url), OWN, { phone: "0113 496 0999", numberOfPupils: 430 }));
      expect(updated.phone).toBe("0113 496 0999");
      expect(updated.numberOfPupils).toBe(430);
    },
  },
  {
    description: "update an organisation the demo user is a member but not the lead of",
    states: [LOGGED_IN, MEMBER_OF_OTHER],
    define: (i) =>
      i
        .withRequest("PATCH", otherPath("/organisations"), (b) =>
          b.headers({ ...AUTHORIZATION, ...JSON_CONTENT }).jsonBody({ phone: "0113 496 0999" }))
        .willRespondWith(403, (b) => b.headers(PROBLEM_CONTENT).jsonBody(problemBody(403, like("not_lead")))),
    async exercise(url) {
      expect(expectProblem(await updateOrganisation(client(url), OTHER, { phone: "0113 496 0999" }), 403).code).toBe("not_lead");
    },
  },
  {
    description: "update the demo user's organisation with a postcode that is not a UK postcode",
    states: [LOGGED_IN],
    define: (i) =>
      i
        .withRequest("PATCH", ownPath("/organisations"), (b) =>
          b.headers({ ...AUTHORIZATION, ...JSON_CONTENT }).jsonBody({
            address: { line1: "14 Canal Wharf Road", town: "Leeds", postcode: "LS99" },
          }))
        .willRespondWith(422, (b) =>
          b.headers(PROBLEM_CONTENT).jsonBody(
            problemBody(422, like("validation_failed"), {
              errors: arrayContaining({ field: "address.postcode", message: like("Enter a UK postcode, like LS1 4DY") }),
            }),
          )),
    async exercise(url) {
      const problem = expectProblem(
        await updateOrganisation(client(url), OWN, { address: { line1: "14 Canal Wharf Road", town: "Leeds", postcode: "LS99" } }),
        422,
      );
      expect(fieldErrors(problem)).toEqual({ "address.postcode": "Enter a UK postcode, like LS1 4DY" });
    },
  },
  {
    description: "ask to join another organisation",
    states: [LOGGED_IN, OTHER_EXISTS],
    define: (i) =>
      i
        .withRequest("POST", "/users/me/associations", (b) =>
          b.headers({ ...AUTHORIZATION, ...JSON_CONTENT }).jsonBody({ organisationId: otherId }))
        .willRespondWith(201, (b) =>
          b.headers(JSON_CONTENT).jsonBody(pendingAssociation(OTHER, "St Aidan's Church of England Primary School"))),
    async exercise(url) {
      const association = expectOk(await requestAssociation(client(url), { organisationId: OTHER }));
      expect(association).toMatchObject({ status: "pending", role: "member", organisation: { id: OTHER } });
    },
  },
  {
    description: "ask to join an organisation the demo user already belongs to",
    states: [LOGGED_IN],
    define: (i) =>
      i
        .withRequest("POST", "/users/me/associations", (b) =>
          b.headers({ ...AUTHORIZATION, ...JSON_CONTENT }).jsonBody({ organisationId: ownId }))
        .willRespondWith(409, (b) => b.headers(PROBLEM_CONTENT).jsonBody(problemBody(409, "already_associated"))),
    async exercise(url) {
      expect(expectProblem(await requestAssociation(client(url), { organisationId: OWN }), 409).code).toBe("already_associated");
    },
  },
  {
    description: "ask to join an organisation that does not exist",
    // E.g. removed since the user found it: the page asks them to search again.
    states: [LOGGED_IN, NO_SUCH_ORGANISATION],
    define: (i) =>
      i
        .withRequest("POST", "/users/me/associations", (b) =>
          b.headers({ ...AUTHORIZATION, ...JSON_CONTENT }).jsonBody({ organisationId: MISSING }))
        .willRespondWith(404, (b) => b.headers(PROBLEM_CONTENT).jsonBody(problemBody(404, like("not_found")))),
    async exercise(url) {
      expect(expectProblem(await requestAssociation(client(url), { organisationId: MISSING }), 404).code).toBe("not_found");
    },
  },
  {
    description: "leave an organisation the demo user is a member of",
    states: [LOGGED_IN, MEMBER_OF_OTHER],
    define: (i) =>
      i.withRequest("DELETE", otherPath("/users/me/associations"), (b) => b.headers(AUTHORIZATION)).willRespondWith(204),
    async exercise(url) {
      expect(await leaveAssociation(client(url), OTHER)).toEqual({ ok: true, data: undefined });
    },
  },
  {
    description: "leave the organisation the demo user is the only lead of, with other members",
    states: [LOGGED_IN],
    define: (i) =>
      i
        .withRequest("DELETE", ownPath("/users/me/associations"), (b) => b.headers(AUTHORIZATION))
        .willRespondWith(409, (b) => b.headers(PROBLEM_CONTENT).jsonBody(problemBody(409, "last_lead"))),
    async exercise(url) {
      expect(expectProblem(await leaveAssociation(client(url), OWN), 409).code).toBe("last_lead");
    },
  },
  {
    description: "switch the demo user's current organisation to another approved one",
    states: [LOGGED_IN, MEMBER_OF_OTHER],
    define: (i) =>
      i
        .withRequest("PUT", "/users/me/current-organisation", (b) =>
          b.headers({ ...AUTHORIZATION, ...JSON_CONTENT }).jsonBody({ organisationId: otherId }))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            id: like("usr-1001"),
            email: email(DEMO_EMAIL),
            firstName: like("Amara"),
            lastName: like("Okafor"),
            marketingConsent: boolean(true),
            groupType: oneOf(GROUP_TYPES, "education"),
            currentOrganisationId: otherId,
          })),
    async exercise(url) {
      expect(expectOk(await setCurrentOrganisation(client(url), OTHER)).currentOrganisationId).toBe(OTHER);
    },
  },
  {
    description: "switch to an organisation the demo user has only asked to join",
    states: [LOGGED_IN, ASKED_TO_JOIN_OTHER],
    define: (i) =>
      i
        .withRequest("PUT", "/users/me/current-organisation", (b) =>
          b.headers({ ...AUTHORIZATION, ...JSON_CONTENT }).jsonBody({ organisationId: otherId }))
        .willRespondWith(403, (b) => b.headers(PROBLEM_CONTENT).jsonBody(problemBody(403, "association_not_approved"))),
    async exercise(url) {
      expect(expectProblem(await setCurrentOrganisation(client(url), OTHER), 403).code).toBe("association_not_approved");
    },
  },
];
