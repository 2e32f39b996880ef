import { proxy } from "valtio";

// docs/requirements.md §5.1: the loading bar's constants.
export const LOADING_BAR = {
  throttleMs: 200,
  durationMs: 5000,
  hideDelayMs: 500,
  heightPx: 5,
  color: "#1f5fbf",
  failedColor: "#c0262d",
} as const;

export type LoadingStatus = "idle" | "loading" | "paused" | "finished" | "failed";

export interface LoadingState {
  status: LoadingStatus;
  /** 0–100; the bar eases towards it over `durationMs` while loading. */
  percent: number;
  visible: boolean;
}

export function createLoadingStore(): LoadingState {
  return proxy<LoadingState>({ status: "idle", percent: 0, visible: false });
}

// The spec's operations: start, increase, pause, finish, fail.
export const loading = {
  start(s: LoadingState) {
    s.status = "loading";
    s.percent = 10;
    s.visible = true;
  },
  increase(s: LoadingState, by: number) {
    if (s.status === "loading") s.percent = Math.min(95, s.percent + by);
  },
  pause(s: LoadingState) {
    if (s.status === "loading") s.status = "paused";
  },
  finish(s: LoadingState) {
    if (s.status === "failed") return;
    s.status = "finished";
    s.percent = 100;
  },
  fail(s: LoadingState) {
    s.status = "failed";
    s.percent = 100;
    s.visible = true;
  },
  hide(s: LoadingState) {
    s.visible = false;
    s.status = "idle";
    s.percent = 0;
  },
};
