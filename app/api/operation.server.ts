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
type OperationOf<S extends keyof Table, P, M> = Extract<P extends keyof Table[S] ? (M extends keyof Table[S][P] ? Table[S][P][M] : never) : never, string>;
type Answer<Paths, P extends keyof Paths, M extends HttpMethod, Init> =
  Paths[P] extends Record<M, infer Operation extends Record<string | number, any>> ? NonNullable<FetchResponse<Operation, Init, MediaType>["data"]> : never;

function operationId(service: keyof Table, path: string, method: HttpMethod): string {
  const id = (operationIds[service] as Record<string, Partial<Record<HttpMethod, string>>>)[path]?.[method];
  if (!id) throw new Error(`${method.toUpperCase()} ${path} is not an operation of contracts/${service}.yaml`);
  return id;
}

/**
 * The caller of one backend's operations, by method and path: the typed request and its
 * answer as an ApiResult. `onResponse` is shown the HTTP response (its headers: the public
 * cache keeps a CMS answer as long as its Cache-Control allows,
 * docs/decisions/0027-cache-control-from-the-cms-and-one-cache.md); not called when none came.
 */
function operationCaller<S extends keyof Table, Paths extends { [Path in keyof Paths]: { [K in HttpMethod]?: unknown } }, Client extends { request: unknown }>(service: S) {
  return function <M extends HttpMethod, P extends PathsWithMethod<Paths, M>, Init extends MaybeOptionalInit<Paths[P], M>>(
    client: Client,
    method: M,
    path: P,
    init: Init,
    onResponse?: (response: Response) => void,
  ): Promise<ApiResult<Answer<Paths, P, M, Init>, OperationOf<S, P, M>>> {
    const id = operationId(service, path as string, method) as OperationOf<S, P, M>;
    const request = client.request as (method: M, path: P, init: Init) => Promise<{ response: Response }>;
    return call(service, id, async () => {
      const outcome = await request.call(client, method, path, init);
      onResponse?.(outcome.response);
      return outcome;
    }) as never;
  };
}

/** One gateway operation, by its method and path. */
export const gatewayCall = operationCaller<"gateway", GatewayPaths, GatewayClient>("gateway");

/** One CMS operation, by its method and path (its answer's headers to `onResponse`). */
export const cmsCall = operationCaller<"cms", CmsPaths, CmsClient>("cms");
