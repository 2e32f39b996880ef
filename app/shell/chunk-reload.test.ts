import { describe, expect, it, vi } from "vitest";
import { CHUNK_RELOAD_KEY, isChunkLoadError, reloadOnceForChunkError } from "./chunk-reload";

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
}

describe("chunk load failure", () => {
  it("recognises Vite's and webpack's chunk errors, and nothing else", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/x.js"))).toBe(true);
    expect(isChunkLoadError(new Error("Unable to preload CSS for /assets/a.css"))).toBe(true);
    expect(isChunkLoadError(new Error("Loading chunk 42 failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Loading CSS chunk 7 failed"))).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
  });

  it("reloads at most once per 60 seconds", () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadOnceForChunkError(storage, reload, 1_000_000)).toBe(true);
    expect(reloadOnceForChunkError(storage, reload, 1_030_000)).toBe(false);
    expect(reloadOnceForChunkError(storage, reload, 1_059_999)).toBe(false);
    expect(reloadOnceForChunkError(storage, reload, 1_060_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
    expect(storage.getItem(CHUNK_RELOAD_KEY)).toBe("1060000");
  });
});
