import type { operations } from "../../generated/cms";
import type { CmsClient } from "./client.server";
import { call } from "./result.server";
import type { GroupType, TermsKind } from "../../generated/schemas";

export function getSite(client: CmsClient) {
  return call("cms", "getSite", () => client.GET("/site", {}));
}

export function getPage(client: CmsClient, slug: string) {
  return call("cms", "getPage", () => client.GET("/pages/{slug}", { params: { path: { slug } } }));
}

/** The venues in display order (names, summaries, access information), optionally those taking this group type. */
export function listVenues(client: CmsClient, query: { groupType?: GroupType } = {}) {
  return call("cms", "listVenues", () => client.GET("/venues", { params: { query } }));
}

/** Content for every group type, in display order (registration's first step). */
export function listGroupTypes(client: CmsClient) {
  return call("cms", "listGroupTypes", () => client.GET("/group-types", {}));
}

/** The version of a set of terms in force now; its `version` goes back to the gateway when accepted. */
export function getCurrentTerms(client: CmsClient, termsKind: TermsKind) {
  return call("cms", "getCurrentTerms", () => client.GET("/terms/{termsKind}", { params: { path: { termsKind } } }));
}

export type AdvisoriesQuery = NonNullable<operations["listAdvisories"]["parameters"]["query"]>;

/** Practical advice (hall size, power, parking, access, safety), e.g. for outreach (`appliesTo`) or one activity. */
export function listAdvisories(client: CmsClient, query: AdvisoriesQuery = {}) {
  return call("cms", "listAdvisories", () => client.GET("/advisories", { params: { query } }));
}
