import type { components } from "../../generated/cms";
import type { CmsClient } from "./client.server";
import { call } from "./result.server";

export type Site = components["schemas"]["Site"];
export type Page = components["schemas"]["Page"];
export type Link = components["schemas"]["Link"];

export function getSite(client: CmsClient) {
  return call("cms", () => client.GET("/site", {}));
}

export function getPage(client: CmsClient, slug: string) {
  return call("cms", () => client.GET("/pages/{slug}", { params: { path: { slug } } }));
}
