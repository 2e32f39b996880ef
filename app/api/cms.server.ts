import type { operations } from "../../generated/cms";
import type { CmsClient } from "./client.server";
import { cmsCall } from "./operation.server";
import type { GroupType, TermsKind } from "../../generated/schemas";

export function getSite(client: CmsClient) {
  return cmsCall(client, "get", "/site", {});
}

export function getPage(client: CmsClient, slug: string) {
  return cmsCall(client, "get", "/pages/{slug}", { params: { path: { slug } } });
}

/** The venues in display order (names, summaries, access information), optionally those taking this group type. */
export function listVenues(client: CmsClient, query: { groupType?: GroupType } = {}) {
  return cmsCall(client, "get", "/venues", { params: { query } });
}

/** Content for every group type, in display order (registration's first step). */
export function listGroupTypes(client: CmsClient) {
  return cmsCall(client, "get", "/group-types", {});
}

/** The version of a set of terms in force now; its `version` goes back to the gateway when accepted. */
export function getCurrentTerms(client: CmsClient, termsKind: TermsKind) {
  return cmsCall(client, "get", "/terms/{termsKind}", { params: { path: { termsKind } } });
}

export type AdvisoriesQuery = NonNullable<operations["listAdvisories"]["parameters"]["query"]>;

/** Practical advice (hall size, power, parking, access, safety), e.g. for outreach (`appliesTo`) or one activity. */
export function listAdvisories(client: CmsClient, query: AdvisoriesQuery = {}) {
  return cmsCall(client, "get", "/advisories", { params: { query } });
}
