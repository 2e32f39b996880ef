import { useEffect } from "react";
import { useNavigation } from "react-router";
import { useSnapshot } from "valtio";
import { createLoadingStore, loading, LOADING_BAR } from "../state/loading";
import { useStore } from "../state/stores";

/**
 * Top progress bar: starts on any route or parameter change, after the throttle. Only
 * navigations in the browser start it, so the server renders nothing and makes no store
 * for it (a store and its snapshot on every request, for nothing: ADR 26); in the browser
 * the bar starts hidden, so hydration finds the same empty markup.
 */
export function LoadingBar() {
  return typeof document === "undefined" ? null : <Bar />;
}

function Bar() {
  const store = useStore(createLoadingStore);
  const snap = useSnapshot(store);
  const busy = useNavigation().state !== "idle";

  useEffect(() => {
    if (!busy) {
      if (store.status === "loading" || store.status === "paused") loading.finish(store);
      return;
    }
    // Quick navigations never show the bar.
    const show = setTimeout(() => {
      loading.start(store);
      requestAnimationFrame(() => loading.increase(store, 85));
    }, LOADING_BAR.throttleMs);
    return () => clearTimeout(show);
  }, [busy, store]);

  useEffect(() => {
    if (snap.status !== "finished" && snap.status !== "failed") return;
    const hide = setTimeout(() => loading.hide(store), LOADING_BAR.hideDelayMs);
    return () => clearTimeout(hide);
  }, [snap.status, store]);

  if (!snap.visible) return null;
  const failed = snap.status === "failed";
  return (
    <div
      className="loading-bar"
      data-status={snap.status}
      aria-hidden="true"
      style={{
        height: LOADING_BAR.heightPx,
        width: `${snap.percent}%`,
        background: failed ? LOADING_BAR.failedColor : LOADING_BAR.color,
        transition: `width ${snap.status === "loading" ? LOADING_BAR.durationMs : 200}ms ease-out`,
      }}
    />
  );
}
