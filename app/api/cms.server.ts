import type { operations } from "../../generated/cms";
import type { CmsClient } from "./client.server";
import { config } from "../runtime/config.server";
import { countCacheLookup } from "../runtime/metrics.server";
import { cmsCall } from "./operation.server";
import { createPublicCache } from "./public-cache.server";
import type { GroupType, TermsKind } from "../../generated/schemas";

// The CMS's answers are the same for everyone (its operations take no session): each is read
// through this process's public cache, keyed on the operation and its inputs only.
const cache = createPublicCache({ ...config.publicCache, onLookup: (_, outcome) => countCacheLookup("cms", outcome) });

export function getSite(client: CmsClient) {
  return cache.read("getSite", {}, () => cmsCall(client, "get", "/site", {}));
}

export function getPage(client: CmsClient, slug: string) {
  return cache.read("getPage", { slug }, () => cmsCall(client, "get", "/pages/{slug}", { params: { path: { slug } } }));
}

/** The venues in display order (names, summaries, access information), optionally those taking this group type. */
export function listVenues(client: CmsClient, query: { groupType?: GroupType } = {}) {
  return cache.read("listVenues", { query }, () => cmsCall(client, "get", "/venues", { params: { query } }));
}

/** Content for every group type, in display order (registration's first step). */
export function listGroupTypes(client: CmsClient) {
  return cache.read("listGroupTypes", {}, () => cmsCall(client, "get", "/group-types", {}));
}

/** The version of a set of terms in force now; its `version` goes back to the gateway when accepted. */
export function getCurrentTerms(client: CmsClient, termsKind: TermsKind) {
  return cache.read("getCurrentTerms", { termsKind }, () => cmsCall(client, "get", "/terms/{termsKind}", { params: { path: { termsKind } } }));
}

export type AdvisoriesQuery = NonNullable<operations["listAdvisories"]["parameters"]["query"]>;

/** Practical advice (hall size, power, parking, access, safety), e.g. for outreach (`appliesTo`) or one activity. */
export function listAdvisories(client: CmsClient, query: AdvisoriesQuery = {}) {
  return cache.read("listAdvisories", { query }, () => cmsCall(client, "get", "/advisories", { params: { query } }));
}
