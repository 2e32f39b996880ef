import { expect } from "vitest";
import { confirmRegistration, requestRegistration } from "../../../app/api/account.server";
import { fieldErrors } from "../../../app/api/result.server";
import {
  DEMO_EMAIL, DEMO_USER_EXISTS, GROUP_TYPES, MISSING, NO_SUCH_ORGANISATION, OTHER, OTHER_EXISTS, client, noUser, otherId, summary,
} from "./gateway-account-cases";
import {
  ACCEPTED_BODY, JSON_CONTENT, PROBLEM_CONTENT, arrayContaining, boolean, email, expectOk, expectProblem, fromState, instant, like, oneOf,
  problemBody, reify,
} from "./matchers";
import type { ConsumerCase, State } from "./pact";
import type { RegistrationRequest } from "../../../generated/schemas";

// Registration (docs/decisions/0030-embedded-default-kept-private-and-neutral-answers.md):
// asked for with requestRegistration, whose answer is the same whether or not the email
// has an account, and made with confirmRegistration from the emailed link's token.

const TERMS_VERSION = "registration-2026-01";
const TERMS_IN_FORCE: State = ["the registration terms in force are version {version}", { version: TERMS_VERSION }];

const newUser = (address: string) => ({
  email: address,
  password: "correct horse battery staple",
  title: "Mr",
  firstName: "Sam",
  lastName: "Okoye",
  phone: "0113 496 0777",
  jobTitle: "Year 6 teacher",
  marketingConsent: false,
});

const JOINER = "joining.teacher@example.org";
const joinRequest = {
  groupType: "education",
  user: newUser(JOINER),
  organisationId: OTHER,
  acceptedTermsVersion: TERMS_VERSION,
} satisfies RegistrationRequest;
/** The join request as the pact has it: the organisation is the one the provider's state returns. */
const joinRequestBody = { ...joinRequest, organisationId: otherId };

const CREATOR = "new.operator@example.org";
const createRequest = {
  groupType: "tour-operator",
  user: { ...newUser(CREATOR), jobTitle: "Groups manager" },
  organisation: {
    name: "Ridings Heritage Tours Ltd",
    kind: "Tour company",
    address: { line1: "4 Museum Street", town: "York", postcode: "YO1 7DJ" },
    phone: "01904 496 000",
    companyNumber: "12345678",
    countryOfOperation: "GB",
  },
  acceptedTermsVersion: TERMS_VERSION,
} satisfies RegistrationRequest;

const registeredUser = (address: string, groupType: string, currentOrganisationId: unknown) => ({
  id: like("usr-3c9d1f0a"),
  email: email(address),
  title: like("Mr"),
  firstName: like("Sam"),
  lastName: like("Okoye"),
  phone: like("0113 496 0777"),
  jobTitle: like("Year 6 teacher"),
  marketingConsent: boolean(false),
  groupType: oneOf(GROUP_TYPES, groupType),
  currentOrganisationId,
});

const joinResult = {
  token: like("3f1c2a9e-5b7d-4e8f-9a6b-0c1d2e3f4a5b"),
  expiresAt: instant("2026-05-01T17:00:00.000Z"),
  // Not linked to any organisation until the museum approves the request.
  user: registeredUser(JOINER, "education", null),
  association: {
    organisation: summary(OTHER, "St Aidan's Church of England Primary School"),
    status: "pending",
    role: "member",
    requestedAt: instant("2026-03-10T10:00:00.000Z"),
  },
};

/** A registration the joiner asked for and has not confirmed: its link's token comes from the state. */
const PENDING: State = ["{email} has asked to register and join another organisation, and not yet followed the emailed link", { email: JOINER }];
const registrationToken = "pact-registration-token-0001";
const confirmation = fromState("/registration-requests/${registrationToken}/confirmation", { registrationToken });
/** A token no request was given (or one used, or expired): the consumer chooses it. */
const UNKNOWN_TOKEN = "pact-unknown-registration-token";

export const gatewayRegistrationCases: readonly ConsumerCase[] = [
  {
    description: "ask to register a new user who joins an existing organisation",
    states: [noUser(JOINER), OTHER_EXISTS, TERMS_IN_FORCE],
    define: (i) =>
      i
        .withRequest("POST", "/registration-requests", (b) => b.headers(JSON_CONTENT).jsonBody(joinRequestBody))
        .willRespondWith(202, (b) => b.headers(JSON_CONTENT).jsonBody(ACCEPTED_BODY)),
    async exercise(url) {
      expect(expectOk(await requestRegistration(client(url, null), joinRequest))).toEqual(reify(ACCEPTED_BODY));
    },
  },
  {
    description: "ask to register a new user with a new organisation",
    states: [noUser(CREATOR), TERMS_IN_FORCE],
    define: (i) =>
      i
        .withRequest("POST", "/registration-requests", (b) => b.headers(JSON_CONTENT).jsonBody(createRequest))
        .willRespondWith(202, (b) => b.headers(JSON_CONTENT).jsonBody(ACCEPTED_BODY)),
    async exercise(url) {
      expect(expectOk(await requestRegistration(client(url, null), createRequest))).toEqual(reify(ACCEPTED_BODY));
    },
  },
  {
    description: "ask to register with an email address that already has an account: the same answer",
    // The gateway emails the account's owner instead; nothing in the answer tells them apart.
    states: [DEMO_USER_EXISTS, OTHER_EXISTS, TERMS_IN_FORCE],
    define: (i) =>
      i
        .withRequest("POST", "/registration-requests", (b) =>
          b.headers(JSON_CONTENT).jsonBody({ ...joinRequestBody, user: newUser(DEMO_EMAIL) }))
        .willRespondWith(202, (b) => b.headers(JSON_CONTENT).jsonBody(ACCEPTED_BODY)),
    async exercise(url) {
      expect(expectOk(await requestRegistration(client(url, null), { ...joinRequest, user: newUser(DEMO_EMAIL) }))).toEqual(reify(ACCEPTED_BODY));
    },
  },
  {
    description: "ask to register with a postcode that is not a UK postcode and a common password",
    // Valid against the schemas (lengths), refused by the gateway's rules.
    states: [noUser(CREATOR), TERMS_IN_FORCE],
    define: (i) =>
      i
        .withRequest("POST", "/registration-requests", (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            ...createRequest,
            user: { ...createRequest.user, password: "password1234" },
            organisation: { ...createRequest.organisation, address: { ...createRequest.organisation.address, postcode: "NOT A CODE" } },
          }))
        .willRespondWith(422, (b) =>
          b.headers(PROBLEM_CONTENT).jsonBody(
            problemBody(422, like("validation_failed"), {
              errors: arrayContaining(
                { field: "user.password", message: like("Choose a password that is harder to guess") },
                { field: "organisation.address.postcode", message: like("Enter a UK postcode, like LS1 4DY") },
              ),
            }),
          )),
    async exercise(url) {
      const problem = expectProblem(
        await requestRegistration(client(url, null), {
          ...createRequest,
          user: { ...createRequest.user, password: "password1234" },
          organisation: { ...createRequest.organisation, address: { ...createRequest.organisation.address, postcode: "NOT A CODE" } },
        }),
        422,
      );
      expect(Object.keys(fieldErrors(problem)).sort()).toEqual(["organisation.address.postcode", "user.password"]);
    },
  },
  {
    description: "ask to register a new organisation whose company number is already registered",
    // The review page sends the user to find the organisation and ask to join it.
    states: [noUser(CREATOR), TERMS_IN_FORCE, ["a tour operator with company number {companyNumber} is registered", { companyNumber: "12345678" }]],
    define: (i) =>
      i
        .withRequest("POST", "/registration-requests", (b) => b.headers(JSON_CONTENT).jsonBody(createRequest))
        .willRespondWith(409, (b) => b.headers(PROBLEM_CONTENT).jsonBody(problemBody(409, "organisation_exists"))),
    async exercise(url) {
      const problem = expectProblem(await requestRegistration(client(url, null), createRequest), 409);
      expect(problem.code).toBe("organisation_exists");
      expect(problem.detail).toEqual(expect.any(String));
    },
  },
  {
    description: "ask to register a new user who joins an organisation that does not exist",
    states: [noUser(JOINER), NO_SUCH_ORGANISATION, TERMS_IN_FORCE],
    define: (i) =>
      i
        .withRequest("POST", "/registration-requests", (b) => b.headers(JSON_CONTENT).jsonBody({ ...joinRequest, organisationId: MISSING }))
        .willRespondWith(404, (b) => b.headers(PROBLEM_CONTENT).jsonBody(problemBody(404, "organisation_not_found"))),
    async exercise(url) {
      const problem = expectProblem(await requestRegistration(client(url, null), { ...joinRequest, organisationId: MISSING }), 404);
      expect(problem.code).toBe("organisation_not_found");
    },
  },
  {
    description: "ask to register while registrations for the email address are rate limited",
    states: [noUser(CREATOR), TERMS_IN_FORCE, ["registrations for {email} are rate limited", { email: CREATOR }]],
    define: (i) =>
      i
        .withRequest("POST", "/registration-requests", (b) => b.headers(JSON_CONTENT).jsonBody(createRequest))
        .willRespondWith(429, (b) => b.headers(PROBLEM_CONTENT).jsonBody(problemBody(429, like("rate_limited")))),
    async exercise(url) {
      const problem = expectProblem(await requestRegistration(client(url, null), createRequest), 429);
      expect(problem.code).toBe("rate_limited");
    },
  },
  {
    description: "confirm a registration request from its emailed link",
    // The account is made, its request to join pending, and the user logged in.
    states: [noUser(JOINER), OTHER_EXISTS, PENDING],
    define: (i) =>
      i.withRequest("POST", confirmation).willRespondWith(201, (b) => b.headers(JSON_CONTENT).jsonBody(joinResult)),
    async exercise(url) {
      const result = expectOk(await confirmRegistration(client(url, null), registrationToken));
      expect(result).toEqual(reify(joinResult));
      expect(result.association.status).toBe("pending");
      expect(result.user.currentOrganisationId).toBeNull();
    },
  },
  {
    description: "confirm a registration with a link that has expired or been used",
    // The confirmation page says so and offers to register again.
    states: [["no registration request has token {registrationToken}", { registrationToken: UNKNOWN_TOKEN }]],
    define: (i) =>
      i
        .withRequest("POST", `/registration-requests/${UNKNOWN_TOKEN}/confirmation`)
        .willRespondWith(404, (b) => b.headers(PROBLEM_CONTENT).jsonBody(problemBody(404, "invalid_registration_token"))),
    async exercise(url) {
      const problem = expectProblem(await confirmRegistration(client(url, null), UNKNOWN_TOKEN), 404);
      expect(problem.code).toBe("invalid_registration_token");
    },
  },
];
