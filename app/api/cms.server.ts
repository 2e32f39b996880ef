import type { operations } from "../../generated/cms";
import type { CmsClient } from "./client.server";
import { config } from "../runtime/config.server";
import { countCacheLookup } from "../runtime/metrics.server";
import { cmsAnswerToKeep } from "./freshness.server";
import { cmsCall } from "./operation.server";
import { createPublicCache } from "./public-cache.server";
import type { ApiResult } from "./result.server";
import type { GroupType, TermsKind } from "../../generated/schemas";

// The CMS's answers are the same for everyone (its operations take no session): each is read
// through this process's public cache, keyed on the operation and its inputs only, and kept
// as long as its own Cache-Control allows within the configured limits (ADR 0027).
const cache = createPublicCache({ ...config.publicCache, onLookup: (_, outcome) => countCacheLookup("cms", outcome) });

/**
 * One CMS read through the cache, keyed on the operation and its inputs: `read` makes the
 * call, showing its response to `seen` (for the answer's Cache-Control). Only a successful
 * answer is kept; a refusal leaves a kept answer in place.
 */
function cached<T, Op extends string>(
  operation: Op,
  inputs: unknown,
  read: (seen: (response: Response) => void) => Promise<ApiResult<T, Op>>,
): Promise<ApiResult<T, Op>> {
  return cache.read(`${operation} ${JSON.stringify(inputs)}`, operation, async () => {
    let cacheControl: string | null = null;
    const result = await read((response) => (cacheControl = response.headers.get("Cache-Control")));
    return cmsAnswerToKeep({ result, cacheControl }, config.publicCache);
  });
}

export function getSite(client: CmsClient) {
  return cached("getSite", {}, (seen) => cmsCall(client, "get", "/site", {}, seen));
}

export function getPage(client: CmsClient, slug: string) {
  return cached("getPage", { slug }, (seen) => cmsCall(client, "get", "/pages/{slug}", { params: { path: { slug } } }, seen));
}

/** The venues in display order (names, summaries, access information), optionally those taking this group type. */
export function listVenues(client: CmsClient, query: { groupType?: GroupType } = {}) {
  return cached("listVenues", { query }, (seen) => cmsCall(client, "get", "/venues", { params: { query } }, seen));
}

/** Content for every group type, in display order (registration's first step). */
export function listGroupTypes(client: CmsClient) {
  return cached("listGroupTypes", {}, (seen) => cmsCall(client, "get", "/group-types", {}, seen));
}

/** The version of a set of terms in force now; its `version` goes back to the gateway when accepted. */
export function getCurrentTerms(client: CmsClient, termsKind: TermsKind) {
  return cached("getCurrentTerms", { termsKind }, (seen) => cmsCall(client, "get", "/terms/{termsKind}", { params: { path: { termsKind } } }, seen));
}

export type AdvisoriesQuery = NonNullable<operations["listAdvisories"]["parameters"]["query"]>;

/** Practical advice (hall size, power, parking, access, safety), e.g. for outreach (`appliesTo`) or one activity. */
export function listAdvisories(client: CmsClient, query: AdvisoriesQuery = {}) {
  return cached("listAdvisories", { query }, (seen) => cmsCall(client, "get", "/advisories", { params: { query } }, seen));
}
