// @vitest-environment happy-dom
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderInRouter } from "./render-in-router.test-support";

// The site's Link (app/components/link.tsx) asks React Router to prefetch when it comes into
// view (an IntersectionObserver on it) only once the browser has been idle, and never
// offline, with Save-Data or on 2G (app/shell/prefetch.ts). Each case loads the modules
// afresh: the gate's idleness is the page's, once.

let idleCallbacks: { run: () => void; timeout?: number }[] = [];
let observed: Element[] = [];
const connection = Object.assign(new EventTarget(), { saveData: false, effectiveType: "4g" as string | undefined });
let onLine = true;

beforeEach(() => {
  vi.resetModules();
  idleCallbacks = [];
  observed = [];
  Object.assign(connection, { saveData: false, effectiveType: "4g" });
  onLine = true;
  vi.stubGlobal("requestIdleCallback", (run: () => void, options?: { timeout?: number }) => idleCallbacks.push({ run, timeout: options?.timeout }));
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      observe(element: Element) {
        observed.push(element);
      }
      disconnect() {}
    },
  );
  Object.defineProperty(navigator, "connection", { configurable: true, get: () => connection });
  Object.defineProperty(navigator, "onLine", { configurable: true, get: () => onLine });
});
afterEach(() => vi.unstubAllGlobals());

async function renderLink(props: { reloadDocument?: boolean } = {}) {
  const { Link } = await import("./link");
  await renderInRouter(<Link to="/account/orders" {...props}>Your orders</Link>);
}
const becomeIdle = () => act(() => idleCallbacks.forEach((c) => c.run()));

describe("the site's Link", () => {
  it("waits for the browser's first idle time (at most 2,000 ms) before watching for the viewport", async () => {
    await renderLink();
    expect(observed).toEqual([]);
    expect(idleCallbacks.map((c) => c.timeout)).toEqual([2_000]);
    await becomeIdle();
    expect(observed.map((e) => e.textContent)).toEqual(["Your orders"]);
  });

  const networks = [false, true].flatMap((offline) =>
    [false, true].flatMap((saveData) => ["slow-2g", "2g", "3g", "4g", undefined].map((effectiveType) => ({ offline, saveData, effectiveType }))),
  );
  it.each(networks)("prefetches on %o only when online, without Save-Data and faster than 2G", async ({ offline, saveData, effectiveType }) => {
    Object.assign(connection, { saveData, effectiveType });
    onLine = !offline;
    await renderLink();
    await becomeIdle();
    const allowed = !offline && !saveData && effectiveType !== "2g" && effectiveType !== "slow-2g";
    expect(observed.length > 0).toBe(allowed);
  });

  it("stops when the browser goes offline or the connection slows, and starts again after", async () => {
    await renderLink();
    await becomeIdle();
    expect(observed).toHaveLength(1);
    // Only this test's link counts (earlier tests' links are out of the document).
    const watched = () => observed.filter((element) => element.isConnected).length;
    onLine = false;
    await act(() => window.dispatchEvent(new Event("offline")));
    connection.effectiveType = "2g";
    onLine = true;
    await act(() => window.dispatchEvent(new Event("online")));
    expect(watched()).toBe(1);
    connection.effectiveType = "4g";
    await act(() => connection.dispatchEvent(new Event("change")));
    expect(watched()).toBe(2);
  });

  it("never prefetches a link that reloads the document", async () => {
    await renderLink({ reloadDocument: true });
    await becomeIdle();
    expect(observed).toEqual([]);
  });
});
