import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { reloadForChunkErrorInBrowser } from "./shell/chunk-reload";
import { documentNonce, NonceProvider } from "./security/nonce";

window.addEventListener("vite:preloadError", (event) => {
  if (reloadForChunkErrorInBrowser()) event.preventDefault();
});

// The same nonce the server rendered, so the inline scripts hydrate unchanged.
const nonce = documentNonce();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <NonceProvider value={nonce}>
        <HydratedRouter />
      </NonceProvider>
    </StrictMode>,
  );
});
