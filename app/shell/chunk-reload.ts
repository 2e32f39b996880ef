// Vite's equivalent of webpack's "Loading chunk N failed": a deploy replaced the chunks this
// page was built against. One reload fetches the new ones; the 60 s guard stops a loop
// when the chunk is really gone.
export const CHUNK_RELOAD_KEY = "chunk-reload-at";
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;

const chunkErrorPattern =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk \S+ failed/i;

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === "string" ? error : "";
  return chunkErrorPattern.test(message);
}

/** Reloads unless a reload for this reason happened in the last 60 s; returns whether it did. */
export function reloadOnceForChunkError(
  storage: Pick<Storage, "getItem" | "setItem">,
  reload: () => void,
  now = Date.now(),
): boolean {
  const last = Number(storage.getItem(CHUNK_RELOAD_KEY) ?? 0);
  if (now - last < CHUNK_RELOAD_INTERVAL_MS) return false;
  storage.setItem(CHUNK_RELOAD_KEY, String(now));
  reload();
  return true;
}

export function reloadForChunkErrorInBrowser(): boolean {
  try {
    return reloadOnceForChunkError(window.sessionStorage, () => window.location.reload());
  } catch {
    return false; // sessionStorage blocked: never risk a reload loop
  }
}
