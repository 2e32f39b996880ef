// @vitest-environment happy-dom
import type { SearchClient } from "instantsearch.js";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cannedSearchClient } from "./hits.test-support";
import { OrganisationSearch } from "./organisation-search";

// In the browser (no first results from the server: its search failed, or Back came to an
// address whose page the index no longer has), an answer for a page past the last is
// followed by the last page, and the address is corrected in place: Back is not sent to
// the address that asked (it would be corrected again, and Back would never get past it).

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

const PATH = "/registration/education/organisation";
const PAGE = { groupType: "education", ruleContexts: ["registration"], config: { indexName: "dev_organisations", hosts: null } };
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 600)));
const here = () => window.location.pathname + window.location.search;

let container: HTMLElement;
beforeEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  vi.stubGlobal("fetch", vi.fn(() => Promise.resolve(new Response("{}", { status: 200 }))));
  container = document.body.appendChild(document.createElement("div"));
});
afterEach(() => {
  container.remove();
  vi.unstubAllGlobals();
});

async function openAt(address: string, nbPages: number) {
  window.history.replaceState({ usr: null, key: "start", idx: 0 }, "", address);
  const provider = cannedSearchClient({ nbPages });
  await act(async () => {
    createRoot(container).render(<OrganisationSearch searchClient={provider.client as unknown as SearchClient} {...PAGE} serverUrl={window.location.href} />);
  });
  await settle();
  return provider;
}

const pagesAsked = (provider: ReturnType<typeof cannedSearchClient>) => provider.calls.map(([main]) => Number(main?.params?.page ?? 0));

describe("a page past the last, in the browser", () => {
  it("shows the last page, its link current, at the last page's address, replacing the one that asked", async () => {
    const entries = window.history.length;
    const provider = await openAt(`${PATH}?q=river&page=40`, 3);
    expect(pagesAsked(provider)).toEqual([39, 2]);
    expect(container.textContent).toContain("Riverside Primary School");
    expect(container.querySelector('[aria-current="page"]')?.textContent).toBe("3");
    expect(container.querySelector(".pagination-next")?.getAttribute("aria-disabled")).toBe("true");
    expect(here()).toBe(`${PATH}?q=river&page=3`);
    expect(window.history.length).toBe(entries);
    expect(window.history.state).toMatchObject({ key: "start", idx: 0 });
  });

  it("with nothing found, the first page: the page leaves the address", async () => {
    const provider = await openAt(`${PATH}?q=zzz&page=7`, 0);
    expect(pagesAsked(provider)).toEqual([6, 0]);
    expect(here()).toBe(`${PATH}?q=zzz`);
  });

  it("(the control) a page within the results is searched once and left as asked", async () => {
    const provider = await openAt(`${PATH}?q=river&page=2`, 3);
    expect(pagesAsked(provider)).toEqual([1]);
    expect(here()).toBe(`${PATH}?q=river&page=2`);
  });

  it("a page chosen afterwards is a new history entry again", async () => {
    await openAt(`${PATH}?q=river&page=40`, 3);
    const entries = window.history.length;
    await act(async () => container.querySelector<HTMLAnchorElement>('a[aria-label="Page 1"]')?.click());
    await settle();
    expect(here()).toBe(`${PATH}?q=river`);
    expect(window.history.length).toBe(entries + 1);
  });
});
