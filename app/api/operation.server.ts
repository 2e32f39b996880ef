import type { FetchResponse, MaybeOptionalInit } from "openapi-fetch";
import type { HttpMethod, MediaType, PathsWithMethod } from "openapi-typescript-helpers";
import type { paths as CmsPaths } from "../../generated/cms";
import type { paths as GatewayPaths } from "../../generated/gateway";
import { operationIds } from "../../generated/operation-ids";
import type { CmsClient, GatewayClient } from "./client.server";
import { call, type ApiResult } from "./result.server";

// A client function names its backend operation by what it sends, the method and path
// template of the contract; the operationId (for logs, response validation and the
// failure's `operation`) is looked up in the table generated from the contract, at the
// type level too, so it is never written beside the path (docs/decisions/0001-contracts-first-generated-types.md).

type Table = typeof operationIds;
type OperationOf<S extends keyof Table, P, M> = P extends keyof Table[S] ? (M extends keyof Table[S][P] ? Table[S][P][M] : never) : never;
type Answer<Paths, P extends keyof Paths, M extends HttpMethod, Init> =
  Paths[P] extends Record<M, infer Operation extends Record<string | number, any>> ? NonNullable<FetchResponse<Operation, Init, MediaType>["data"]> : never;

function operationId(service: keyof Table, path: string, method: HttpMethod): string {
  const id = (operationIds[service] as Record<string, Partial<Record<HttpMethod, string>>>)[path]?.[method];
  if (!id) throw new Error(`${method.toUpperCase()} ${path} is not an operation of contracts/${service}.yaml`);
  return id;
}

/** One gateway operation, by its method and path: the typed request and its answer as an ApiResult. */
export function gatewayCall<
  M extends HttpMethod,
  P extends PathsWithMethod<GatewayPaths, M>,
  Init extends MaybeOptionalInit<GatewayPaths[P], M>,
>(client: GatewayClient, method: M, path: P, init: Init): Promise<ApiResult<Answer<GatewayPaths, P, M, Init>, OperationOf<"gateway", P, M>>> {
  const id = operationId("gateway", path, method) as OperationOf<"gateway", P, M>;
  return call("gateway", id, () => client.request(method, path, init as never)) as never;
}

/**
 * One CMS operation, by its method and path. `onResponse` is shown the HTTP response (its
 * headers: the public cache keeps an answer as long as its Cache-Control allows,
 * docs/decisions/0027-cache-control-from-the-cms-and-one-cache.md); not called when none came.
 */
export function cmsCall<
  M extends HttpMethod,
  P extends PathsWithMethod<CmsPaths, M>,
  Init extends MaybeOptionalInit<CmsPaths[P], M>,
>(client: CmsClient, method: M, path: P, init: Init, onResponse?: (response: Response) => void): Promise<ApiResult<Answer<CmsPaths, P, M, Init>, OperationOf<"cms", P, M>>> {
  const id = operationId("cms", path, method) as OperationOf<"cms", P, M>;
  return call("cms", id, async () => {
    const outcome = await client.request(method, path, init as never);
    onResponse?.(outcome.response);
    return outcome;
  }) as never;
}
