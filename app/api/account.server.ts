import type { GatewayClient } from "./client.server";
import { gatewayCall } from "./operation.server";
import type { ApiResult } from "./result.server";
import type { LoginLocked, OrganisationUpdate, RegistrationRequest, UserUpdate } from "../../generated/schemas";

// The gateway's account operations: logging in and out, the user, their associations and
// organisations, registration, password resets, the newsletter. One function per operation,
// named as its operationId; Pact consumer tests call these same functions, so what is
// verified is what runs. Bookings are in booking.server.ts, orders in orders.server.ts,
// outreach in outreach.server.ts.

export function login(client: GatewayClient, body: { email: string; password: string }) {
  return gatewayCall(client, "post", "/auth/login", { body });
}

/**
 * How long the email's logins stay locked, in seconds, when login refused them after too
 * many failures (its own 429, LoginLocked in contracts/gateway.yaml); null for any other
 * answer, the API Gateway's throttling (an upstream failure) included.
 */
export function loginLockSeconds(result: ApiResult<unknown, "login">): number | null {
  if (result.ok || result.upstream || result.status !== 429) return null;
  // Checked against login's 429 schema when it arrived (result.server.ts): it is LoginLocked.
  return (result.problem as LoginLocked).retryAfterSeconds;
}

export function logout(client: GatewayClient) {
  return gatewayCall(client, "post", "/auth/logout", {});
}

export function getCurrentUser(client: GatewayClient) {
  return gatewayCall(client, "get", "/users/me", {});
}

export function updateCurrentUser(client: GatewayClient, body: UserUpdate) {
  return gatewayCall(client, "patch", "/users/me", { body });
}

export function listMyAssociations(client: GatewayClient) {
  return gatewayCall(client, "get", "/users/me/associations", {});
}

export function getOrganisation(client: GatewayClient, organisationId: string) {
  return gatewayCall(client, "get", "/organisations/{organisationId}", { params: { path: { organisationId } } });
}

export function updateOrganisation(client: GatewayClient, organisationId: string, body: OrganisationUpdate) {
  return gatewayCall(client, "patch", "/organisations/{organisationId}", { params: { path: { organisationId } }, body });
}

export function requestAssociation(client: GatewayClient, body: { organisationId: string; message?: string }) {
  return gatewayCall(client, "post", "/users/me/associations", { body });
}

export function leaveAssociation(client: GatewayClient, organisationId: string) {
  return gatewayCall(client, "delete", "/users/me/associations/{organisationId}", { params: { path: { organisationId } } });
}

export function setCurrentOrganisation(client: GatewayClient, organisationId: string) {
  return gatewayCall(client, "put", "/users/me/current-organisation", { body: { organisationId } });
}

/**
 * Needs no session. The same answer whether or not the email has an account: the gateway
 * emails either a link to confirm (then confirmRegistration) or a note to the account's
 * owner (ADR 30). (The app no longer calls the deprecated createRegistration.)
 */
export function requestRegistration(client: GatewayClient, body: RegistrationRequest) {
  return gatewayCall(client, "post", "/registration-requests", { body });
}

/** The emailed link's token: makes the account and answers with a session, as login does. */
export function confirmRegistration(client: GatewayClient, registrationToken: string) {
  return gatewayCall(client, "post", "/registration-requests/{registrationToken}/confirmation", { params: { path: { registrationToken } } });
}

/** The same answer whether or not the email belongs to an account. */
export function requestPasswordReset(client: GatewayClient, body: { email: string }) {
  return gatewayCall(client, "post", "/auth/password-resets", { body });
}

export function completePasswordReset(client: GatewayClient, body: { token: string; password: string }) {
  return gatewayCall(client, "post", "/auth/password-resets/complete", { body });
}

export function subscribeToNewsletter(client: GatewayClient, body: { email: string; consent: true }) {
  return gatewayCall(client, "post", "/newsletter/subscriptions", { body });
}
