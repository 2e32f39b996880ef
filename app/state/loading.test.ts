import { describe, expect, it } from "vitest";
import { createLoadingStore, loading, LOADING_BAR } from "./loading";

describe("loading bar store", () => {
  it("has the spec's constants", () => {
    expect(LOADING_BAR).toMatchObject({ throttleMs: 200, durationMs: 5000, hideDelayMs: 500, heightPx: 5 });
  });

  it("starts, increases, pauses, finishes and hides", () => {
    const s = createLoadingStore();
    loading.start(s);
    expect(s).toMatchObject({ status: "loading", visible: true });
    loading.increase(s, 200);
    expect(s.percent).toBe(95);
    loading.pause(s);
    loading.increase(s, 1);
    expect(s).toMatchObject({ status: "paused", percent: 95 });
    loading.finish(s);
    expect(s).toMatchObject({ status: "finished", percent: 100 });
    loading.hide(s);
    expect(s).toMatchObject({ status: "idle", visible: false });
  });

  it("stays failed (red) when a finish follows a failure", () => {
    const s = createLoadingStore();
    loading.start(s);
    loading.fail(s);
    loading.finish(s);
    expect(s.status).toBe("failed");
  });

  it("keeps stores apart", () => {
    const a = createLoadingStore();
    const b = createLoadingStore();
    loading.start(a);
    expect(b.status).toBe("idle");
  });
});
