import { setupServer, type SetupServer } from "msw/node";
import { createBackend, type Backend, type BackendOptions } from "./backend";
import { cmsHandlers } from "./handlers/cms";
import { gatewayHandlers } from "./handlers/gateway";

export interface EmbeddedBackendOptions extends BackendOptions {
  gatewayBaseUrl: string;
  cmsBaseUrl: string;
  /**
   * What to do with a request neither backend answers (msw 3 calls this
   * `onUnhandledFrame`). Defaults to "bypass": the app's other calls go out as usual.
   */
  onUnhandledRequest?: "bypass" | "warn" | "error";
}

export interface EmbeddedBackend {
  backend: Backend;
  /** The MSW server: tests override single operations with `server.use(...)` (fault injection). */
  server: SetupServer;
  close: () => void;
}

/** Intercepts this process's calls to the gateway and the CMS and answers them in memory. */
export function startEmbeddedBackend(options: EmbeddedBackendOptions): EmbeddedBackend {
  const { gatewayBaseUrl, cmsBaseUrl, onUnhandledRequest = "bypass", ...backendOptions } = options;
  const backend = createBackend(backendOptions);
  const server = setupServer(
    ...gatewayHandlers(gatewayBaseUrl, backend),
    ...cmsHandlers(cmsBaseUrl, backend),
  );
  server.listen({ onUnhandledFrame: onUnhandledRequest });
  return { backend, server, close: () => server.close() };
}
