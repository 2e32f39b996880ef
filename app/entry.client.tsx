import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { reloadForChunkErrorInBrowser } from "./chunk-reload";

window.addEventListener("vite:preloadError", (event) => {
  if (reloadForChunkErrorInBrowser()) event.preventDefault();
});

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
