import { data, type RouterContext, type RouterContextProvider } from "react-router";
import type { GatewayClient } from "../api/client.server";
import type { User } from "../../generated/schemas";

/** The problem a flow's guard leaves when the user has no approved organisation to book for (booking and outreach alike). */
export const ASSOCIATION_REQUIRED = "association_required";

/** Why the user cannot book yet; shown on the explanation page. */
export interface AssociationRequired {
  code: typeof ASSOCIATION_REQUIRED;
  /** pending: asked to join and waiting; none: no organisation to book for. */
  reason: "pending" | "none";
  organisationName: string | null;
}

export function isAssociationRequired(value: unknown): value is AssociationRequired {
  return Boolean(value && typeof value === "object" && (value as { code?: unknown }).code === ASSOCIATION_REQUIRED);
}

/**
 * What a flow's guard (booking, outreach) decided, once, for the flow's layout and steps:
 * the user may go on, with everything a step needs, or may not yet, and why.
 */
export type FlowAccess<Scope> =
  | { ok: true; user: User; gateway: GatewayClient; scope: Scope }
  | { ok: false; problem: AssociationRequired };

/**
 * The one road from a flow's guard to its routes: read what the guard left, without
 * checking again. A user who may not go on yet is a 403 that the flow layout's boundary
 * explains; a route without the guard is a programming error (500).
 */
export function readFlow<Scope>(
  context: Readonly<RouterContextProvider>,
  flow: RouterContext<FlowAccess<Scope> | null>,
  guard: string,
): Extract<FlowAccess<Scope>, { ok: true }> {
  const access = context.get(flow);
  if (!access) throw new Error(`The route reads the ${guard} guard's decision, but the ${guard} guard is not on it`);
  if (!access.ok) throw data(access.problem, { status: 403 });
  return access;
}
