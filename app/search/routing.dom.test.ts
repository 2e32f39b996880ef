// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { URL_WRITE_DELAY_MS } from "./constants";
import { createSearchRouting } from "./routing";

// The history router in a browser: when its delayed URL write happens, and that choosing a
// hit (which leaves the page) can never be undone by a write still waiting.

const INDEX = "dev_organisations";
const SEARCH = "/registration/education/organisation";
const DETAILS = "/registration/education/organisation/edit";

/** React Router's navigation to another page: its own history entry. */
function navigate(path: string) {
  const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
  window.history.pushState({ usr: null, key: "rr", idx: idx + 1 }, "", path);
}

const here = () => window.location.pathname + window.location.search;

beforeEach(() => {
  vi.useFakeTimers();
  window.history.replaceState({ usr: null, key: "default", idx: 0 }, "", SEARCH);
});

afterEach(() => {
  vi.useRealTimers();
});

describe("the search's URL writes", () => {
  it("write the search state after the write delay, not before", () => {
    const routing = createSearchRouting(INDEX, `http://localhost${SEARCH}`);
    routing.router!.write({ q: "riverside" });
    vi.advanceTimersByTime(URL_WRITE_DELAY_MS - 1);
    expect(here()).toBe(SEARCH);
    vi.advanceTimersByTime(1);
    expect(here()).toBe(`${SEARCH}?q=riverside`);
    expect(window.history.state).toMatchObject({ idx: 1 });
  });

  it("never take the URL back to the search once the page has moved on", () => {
    const routing = createSearchRouting(INDEX, `http://localhost${SEARCH}`);
    routing.router!.write({});
    routing.router!.write({ q: "riverside" });
    const length = window.history.length;
    navigate(DETAILS);
    vi.advanceTimersByTime(URL_WRITE_DELAY_MS * 2);
    expect(here()).toBe(DETAILS);
    expect(window.history.length).toBe(length + 1);
  });

  it("flush: the waiting write happens at once, and only once", () => {
    const routing = createSearchRouting(INDEX, `http://localhost${SEARCH}`);
    routing.router!.write({ q: "riverside" });
    routing.flush();
    expect(here()).toBe(`${SEARCH}?q=riverside`);
    expect(window.history.state).toMatchObject({ idx: 1 });
    const length = window.history.length;
    navigate(DETAILS);
    vi.advanceTimersByTime(URL_WRITE_DELAY_MS * 2);
    expect(here()).toBe(DETAILS);
    expect(window.history.length).toBe(length + 1);
    // Back goes to the search as the user left it.
    routing.flush();
    expect(here()).toBe(DETAILS);
  });

  it("flush with nothing waiting writes nothing", () => {
    const routing = createSearchRouting(INDEX, `http://localhost${SEARCH}?q=york`);
    window.history.replaceState({ usr: null, key: "default", idx: 0 }, "", `${SEARCH}?q=york`);
    const length = window.history.length;
    routing.flush();
    routing.router!.write({ q: "york" });
    vi.advanceTimersByTime(URL_WRITE_DELAY_MS);
    expect(here()).toBe(`${SEARCH}?q=york`);
    expect(window.history.length).toBe(length);
  });
});
