import { createContext } from "react-router";
import type { CmsClient, GatewayClient } from "../api/client.server";
import type { AppSession } from "./session.server";
import type { User } from "../../generated/schemas";

// Request-scoped values set by middleware; a new RouterContextProvider per request keeps
// them apart between requests (SSR safety).

export interface Services {
  session: AppSession;
  /** The request came with a session past its idle or absolute time-out, now ended. */
  sessionTimedOut: boolean;
  /** Whose session that was (null when it did not say): a form it posted is kept for them (ADR 35). */
  timedOutUserId: string | null;
  /** Logged with the request and sent to the gateway and CMS as X-Request-Id. */
  requestId: string;
  /** The browser's prefetch of a link (app/shell/prefetch-request.ts), not the user's visit. */
  prefetch: boolean;
  gateway: GatewayClient;
  cms: CmsClient;
}
export const servicesContext = createContext<Services>();

/** Set by the auth guard: the logged-in user, or null. */
export const userContext = createContext<User | null>(null);

export type Theme = "default" | "account" | "booking" | "outreach" | "registration";
export const themeContext = createContext<Theme>("default");

/** What the datalayer guard tells the tag manager about this page; never personal data. */
export interface DataLayerPage {
  event: "page_view";
  pagePath: string;
  section: Theme;
  loggedIn: boolean;
  groupType: string | null;
}
export const dataLayerContext = createContext<DataLayerPage | null>(null);
