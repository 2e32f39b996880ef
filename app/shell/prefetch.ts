import { useSyncExternalStore } from "react";

// When links may prefetch (docs/requirements.md §5.3, navigation timings): once the
// browser is first idle (requestIdleCallback, at the latest after 2,000 ms), and not at all
// offline, with Save-Data, or on a 2G connection. Prefetching reads only: every page's loader
// sends only reads to the backends (docs/decisions/0021-failures-as-values-and-reads-without-effects.md,
// tests/faults/page-views.test.ts), so a prefetched page changes nothing.
// The state is the browser's (this tab's network and idleness): on the server, and while
// hydrating, links do not prefetch.

export const PREFETCH_IDLE_TIMEOUT_MS = 2_000;

/** What the Network Information API says, where the browser has it (Chromium). */
interface Connection extends EventTarget {
  saveData?: boolean;
  effectiveType?: string;
}

/** Whether this network may be spent on pages the user has not asked for. */
export function networkAllowsPrefetch(browser: { onLine: boolean; connection?: Connection }): boolean {
  if (!browser.onLine) return false;
  const connection = browser.connection;
  if (connection?.saveData) return false;
  return connection?.effectiveType !== "2g" && connection?.effectiveType !== "slow-2g";
}

let idle = false;
let watching = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function browserNavigator(): { onLine: boolean; connection?: Connection } {
  return navigator as Navigator & { connection?: Connection };
}

/** Starts, on the first link to ask, waiting for idleness and listening for network changes. */
function watch(): void {
  if (watching) return;
  watching = true;
  const becameIdle = () => {
    idle = true;
    notify();
  };
  if (typeof requestIdleCallback === "function") requestIdleCallback(becameIdle, { timeout: PREFETCH_IDLE_TIMEOUT_MS });
  else setTimeout(becameIdle, PREFETCH_IDLE_TIMEOUT_MS);
  window.addEventListener("online", notify);
  window.addEventListener("offline", notify);
  browserNavigator().connection?.addEventListener("change", notify);
}

function subscribe(listener: () => void): () => void {
  watch();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const allowedNow = () => idle && networkAllowsPrefetch(browserNavigator());

/** Whether links may prefetch now; false on the server and until the browser has been idle once. */
export function usePrefetchAllowed(): boolean {
  return useSyncExternalStore(subscribe, allowedNow, () => false);
}
