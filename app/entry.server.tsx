import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { ServerRouter, type EntryContext, type HandleErrorFunction } from "react-router";
import { documentCompressor, preferredEncoding } from "./runtime/compression.server";
import { config } from "./runtime/config.server";
import { DocumentBatches, hasPendingData } from "./runtime/document-stream.server";
import { startEmbeddedDefault } from "./runtime/embedded.server";
import { logError } from "./runtime/log.server";
import { REQUEST_ID_HEADER } from "./runtime/request-id";
import { createNonce, documentPolicy } from "./security/csp";
import { NonceProvider } from "./security/nonce";
import { tagManagerFor } from "./shell/tracking.server";
import { isPrivateUrl } from "./shell/private-url";

// For server.ts's /readyz: the app knows its backends, the server does not.
export { checkReadiness } from "./runtime/readiness.server";
export { getLoadContext } from "./runtime/arrival";
// For the server's METRICS_PORT endpoint: the app's own metrics beside the server's (ADR 0022).
export { metricsRegistry } from "./runtime/metrics.server";

// Must finish before the first request: API clients are made per request after this.
if (config.embedded) await startEmbeddedDefault(config);

export const streamTimeout = 5_000;

/** `Link: <…>; rel=preload; as=style` for every stylesheet of the matched routes (their `links` and the CSS they import), root first. */
function stylesheetPreloads(context: Pick<EntryContext, "manifest" | "routeModules" | "staticHandlerContext">): string[] {
  const hrefs = new Set<string>();
  for (const match of context.staticHandlerContext.matches) {
    const id = match.route.id;
    for (const link of context.routeModules[id]?.links?.() ?? []) {
      if ("rel" in link && link.rel === "stylesheet" && typeof link.href === "string") hrefs.add(link.href);
    }
    for (const href of context.manifest.routes[id]?.css ?? []) hrefs.add(href);
  }
  return [...hrefs].filter((href) => href.startsWith("/") && !href.startsWith("//")).map((href) => `<${href}>; rel=preload; as=style`);
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  // Every document gets its own nonce and an enforced policy (ADR 0008). The tag manager's
  // origin is allowed only when this document loads it (the root decides the same way: not
  // on a page whose URL holds a secret, app/shell/private-url.ts).
  const nonce = createNonce();
  const handles = routerContext.staticHandlerContext.matches.map((m) => routerContext.routeModules[m.route.id]?.handle);
  responseHeaders.set(
    "Content-Security-Policy",
    documentPolicy({
      nonce,
      tagManager: tagManagerFor(request, config.gtmId) !== null && !isPrivateUrl(handles),
      searchHosts: config.search.hosts,
      formActionOrigins: config.paymentPageOrigins,
      production: config.isProduction,
      development: import.meta.env.DEV,
    }),
  );

  // The document's stylesheets block its first paint: preloaded from the headers, the browser
  // fetches them at once, ahead of the module scripts that React puts first in the head.
  for (const preload of stylesheetPreloads(routerContext)) responseHeaders.append("Link", preload);

  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // The shell goes first only when there is something to stream after it: data a loader
    // left pending (none does today) for a browser. Otherwise the whole document is ready a
    // few microtasks after the shell, and waiting for it sends it in one piece (ADR 26).
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode || !hasPendingData(routerContext) ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const finished = () => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          };
          // Documents are compressed when the browser accepts it (ADR 0011): React writes into the compressor.
          const encoding = preferredEncoding(request.headers.get("accept-encoding"));
          const body = (encoding ? documentCompressor(encoding) : new DocumentBatches()).once("finish", finished);
          responseHeaders.set("Content-Type", "text/html");
          responseHeaders.append("Vary", "Accept-Encoding");
          if (encoding) responseHeaders.set("Content-Encoding", encoding);
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logError("render failed after the shell", error, requestFields(request));
        },
      },
    );
  });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  // Aborted requests (the user navigated away) are not failures worth logging.
  if (request.signal.aborted) return;
  logError("request failed", error, requestFields(request));
};

// No path: a path can hold a secret (the password-reset token); the server's access line
// with the same requestId names the route's pattern (server/routes.ts, docs/security.md).
function requestFields(request: Request) {
  return { requestId: request.headers.get(REQUEST_ID_HEADER), method: request.method };
}
