// @vitest-environment happy-dom
import type { SearchClient } from "instantsearch.js";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { advance, onFakeTimers } from "../../shell/fake-timers.test-support";
import { MIN_PENDING_MS } from "../../shell/pending";
import { STALLED_SEARCH_DELAY_MS } from "../constants";
import { cannedSearchClient } from "../hits.test-support";
import { OrganisationSearch } from "../organisation-search";

// The search box's loading indicator shows when a search stalls (no answer within 200 ms)
// and, once shown, stays 200 ms at least (docs/requirements.md §5.3), on fake timers.

const PAGE = { groupType: "education", ruleContexts: ["registration"], config: { indexName: "dev_organisations", hosts: null } };
const { container } = onFakeTimers();
const wait = advance;

beforeEach(() => {
  vi.stubGlobal("fetch", vi.fn(() => Promise.resolve(new Response("{}", { status: 200 }))));
  window.history.replaceState(null, "", "/registration/education/organisation");
});
afterEach(() => vi.unstubAllGlobals());

const indicator = () => container().querySelector("[data-testid=search-loading]");

/** The search page with a provider answering each search `answerMs` after it is asked. */
async function searchAnsweringAfter(answerMs: () => number) {
  const provider = cannedSearchClient();
  const slow = {
    ...provider.client,
    search: (requests: Parameters<typeof provider.client.search>[0]) =>
      new Promise((resolve) => setTimeout(resolve, answerMs())).then(() => provider.client.search(requests)),
  };
  await act(async () => {
    createRoot(container()).render(<OrganisationSearch searchClient={slow as unknown as SearchClient} {...PAGE} serverUrl={window.location.href} />);
  });
  await wait(1000);
  expect(indicator()).toBeNull();
}

async function type(text: string) {
  const input = container().querySelector<HTMLInputElement>("input[type=search]")!;
  await act(async () => {
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
    setValue.call(input, text);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

/** For each millisecond from now until `ms`: whether the indicator showed. */
async function timeline(ms: number): Promise<boolean[]> {
  const shown: boolean[] = [];
  for (let t = 0; t < ms; t++) {
    await wait(1);
    shown.push(indicator() !== null);
  }
  return shown;
}

describe("the search box's loading indicator", () => {
  it(`shows after the stalled delay and stays ${MIN_PENDING_MS} ms although the answer follows 100 ms later`, async () => {
    let answerMs = 0;
    await searchAnsweringAfter(() => answerMs);
    answerMs = STALLED_SEARCH_DELAY_MS + 100;
    await type("Leeds");
    const line = await timeline(1000);
    const first = line.indexOf(true);
    const last = line.lastIndexOf(true);
    expect(first).toBeGreaterThanOrEqual(STALLED_SEARCH_DELAY_MS - 2);
    expect(first).toBeLessThanOrEqual(STALLED_SEARCH_DELAY_MS + 2);
    expect(line.slice(first, last + 1).every(Boolean), "shown without a gap").toBe(true);
    expect(last - first + 1).toBeGreaterThanOrEqual(MIN_PENDING_MS);
    expect(last - first + 1).toBeLessThan(MIN_PENDING_MS + 20);
  });

  it("never shows for an answer within the stalled delay", async () => {
    let answerMs = 0;
    await searchAnsweringAfter(() => answerMs);
    answerMs = STALLED_SEARCH_DELAY_MS - 50;
    await type("York");
    expect((await timeline(800)).some(Boolean)).toBe(false);
  });
});
