// Wire shapes come from the contracts; only records the gateway never sends
// (password hashes, sessions, association rows) are defined here.
import type {
  components as GatewayComponents,
  operations as GatewayOperations,
  paths as GatewayPaths,
} from "../../generated/gateway";
import type { components as CmsComponents } from "../../generated/cms";

type GatewaySchemas = GatewayComponents["schemas"];
type CmsSchemas = CmsComponents["schemas"];

export type GroupType = GatewaySchemas["GroupType"];
export type User = GatewaySchemas["User"];
export type Organisation = GatewaySchemas["Organisation"];
export type OrganisationSummary = GatewaySchemas["OrganisationSummary"];
export type Association = GatewaySchemas["Association"];
export type Order = GatewaySchemas["Order"];
export type OrderSummary = GatewaySchemas["OrderSummary"];
export type PriceLine = GatewaySchemas["PriceLine"];
export type Money = GatewaySchemas["Money"];
export type Problem = GatewaySchemas["Problem"];
export type FieldError = GatewaySchemas["FieldError"];
export type OrderPage = GatewaySchemas["OrderPage"];
export type LoginRequest = GatewaySchemas["LoginRequest"];
export type OrderQuery = NonNullable<GatewayOperations["listOrders"]["parameters"]["query"]>;

export type Site = CmsSchemas["Site"];
export type Page = CmsSchemas["Page"];

export interface UserRecord {
  user: User;
  passwordHash: string;
}

export interface AssociationRecord {
  userId: string;
  organisationId: string;
  status: Association["status"];
  role: Association["role"];
  requestedAt: string;
}

export interface SessionRecord {
  userId: string;
  expiresAt: Date;
}

/** Museums of the group; the contracts only carry a VenueRef ({ id, name }). */
export interface Venue {
  id: string;
  name: string;
  town: string;
  address: { line1: string; town: string; postcode: string };
  summary: string;
}

/** An activity as catalogued; the gateway adds a date's slots when it answers. */
export type CatalogueActivity = Omit<GatewaySchemas["Activity"], "slots"> & {
  capacityPerSlot: number;
};

/** Outreach activities are run by a venue's team at the school. */
export type CatalogueOutreachActivity = GatewaySchemas["OutreachActivity"] & { venueId: string };

export type UpdateUserRequest = NonNullable<
  GatewayPaths["/users/me"]["patch"]["requestBody"]
>["content"]["application/json"];
