import type { GatewayClient } from "./client.server";
import { call } from "./result.server";
import type { OrganisationUpdate, RegistrationRequest, UserUpdate } from "../../generated/schemas";

// One function per gateway operation the app calls (operationId in the name). Pact
// consumer tests call these same functions, so what is verified is what runs.

export function login(client: GatewayClient, body: { email: string; password: string }) {
  return call("gateway", "login", () => client.POST("/auth/login", { body }));
}

export function logout(client: GatewayClient) {
  return call("gateway", "logout", () => client.POST("/auth/logout", {}));
}

export function getCurrentUser(client: GatewayClient) {
  return call("gateway", "getCurrentUser", () => client.GET("/users/me", {}));
}

export function updateCurrentUser(client: GatewayClient, body: UserUpdate) {
  return call("gateway", "updateCurrentUser", () => client.PATCH("/users/me", { body }));
}

export function listMyAssociations(client: GatewayClient) {
  return call("gateway", "listMyAssociations", () => client.GET("/users/me/associations", {}));
}

export function getOrganisation(client: GatewayClient, organisationId: string) {
  return call("gateway", "getOrganisation", () =>
    client.GET("/organisations/{organisationId}", { params: { path: { organisationId } } }),
  );
}

export function updateOrganisation(client: GatewayClient, organisationId: string, body: OrganisationUpdate) {
  return call("gateway", "updateOrganisation", () =>
    client.PATCH("/organisations/{organisationId}", { params: { path: { organisationId } }, body }),
  );
}

export function requestAssociation(client: GatewayClient, body: { organisationId: string; message?: string }) {
  return call("gateway", "requestAssociation", () => client.POST("/users/me/associations", { body }));
}

export function leaveAssociation(client: GatewayClient, organisationId: string) {
  return call("gateway", "leaveAssociation", () =>
    client.DELETE("/users/me/associations/{organisationId}", { params: { path: { organisationId } } }),
  );
}

export function setCurrentOrganisation(client: GatewayClient, organisationId: string) {
  return call("gateway", "setCurrentOrganisation", () => client.PUT("/users/me/current-organisation", { body: { organisationId } }));
}

/** Needs no session: answers with one, as login does. */
export function createRegistration(client: GatewayClient, body: RegistrationRequest) {
  return call("gateway", "createRegistration", () => client.POST("/registrations", { body }));
}

/** The same answer whether or not the email belongs to an account. */
export function requestPasswordReset(client: GatewayClient, body: { email: string }) {
  return call("gateway", "requestPasswordReset", () => client.POST("/auth/password-resets", { body }));
}

export function completePasswordReset(client: GatewayClient, body: { token: string; password: string }) {
  return call("gateway", "completePasswordReset", () => client.POST("/auth/password-resets/complete", { body }));
}

export function listOrders(
  client: GatewayClient,
  query: { when: "upcoming" | "past"; page?: number; pageSize?: number },
) {
  return call("gateway", "listOrders", () => client.GET("/orders", { params: { query } }));
}

export function getOrder(client: GatewayClient, orderId: string) {
  return call("gateway", "getOrder", () => client.GET("/orders/{orderId}", { params: { path: { orderId } } }));
}

export function subscribeToNewsletter(client: GatewayClient, body: { email: string; consent: true }) {
  return call("gateway", "subscribeToNewsletter", () => client.POST("/newsletter/subscriptions", { body }));
}
