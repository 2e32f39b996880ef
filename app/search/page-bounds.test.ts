import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addressWithPage, lastPageIfPast } from "./page-bounds";
import { createSearchRouting } from "./routing";

const INDEX = "dev_organisations";

describe("lastPageIfPast (docs/requirements.md §6.4: the page between 0 and the last)", () => {
  it("is the last page exactly when the answer is for a page past it", () => {
    fc.assert(
      fc.property(fc.nat(2000), fc.nat(2000), (page, nbPages) => {
        const last = Math.max(0, nbPages - 1);
        expect(lastPageIfPast({ page, nbPages })).toBe(page > last ? last : undefined);
      }),
    );
  });

  it("leaves an answer without page numbers (none yet, or an error), or React InstantSearch's stand-in before the first, alone", () => {
    for (const answer of [undefined, {}, { page: 3 }, { nbPages: 2 }, { page: 3, nbPages: 0, __isArtificial: true }]) {
      expect(lastPageIfPast(answer)).toBeUndefined();
    }
  });
});

describe("addressWithPage", () => {
  // Read back as the search page reads its URL: the state mapping of routing.ts.
  const stateAt = (address: string) => {
    const { router, stateMapping } = createSearchRouting(INDEX, new URL(address, "http://localhost").href);
    return stateMapping.routeToState(router.read())[INDEX] ?? {};
  };
  const words = fc.constantFrom("", "leeds", "st mary's", "école", "a&b=c");

  it("asks for that page, and for the rest of the URL's search state unchanged", () => {
    fc.assert(
      fc.property(fc.nat(5000), fc.nat(5000), words, fc.subarray(["Academy", "Primary school"]), (asked, page, q, kinds) => {
        const query = new URLSearchParams([["q", q], ["page", String(asked + 1)], ...kinds.map((k) => ["kind", k]), ["junk", "1"]]);
        const url = new URL(`http://localhost/registration/education/organisation?${query}`);
        const address = addressWithPage(INDEX, url, page);
        expect(address.startsWith("/registration/education/organisation")).toBe(true);
        const { page: pageAsked, ...rest } = stateAt(address);
        const { page: _original, ...before } = stateAt(url.href);
        // The first page is left out of the URL state (its pages count from 1).
        expect(pageAsked).toBe(page > 0 ? page + 1 : undefined);
        expect(rest).toEqual(before);
      }),
    );
  });

  it("is the address the search's own page links have", () => {
    const url = new URL("http://localhost/registration/education/organisation?kind=Secondary%20school&q=leeds&page=90");
    expect(addressWithPage(INDEX, url, 4)).toBe("/registration/education/organisation?q=leeds&page=5&kind=Secondary%20school");
    expect(addressWithPage(INDEX, url, 0)).toBe("/registration/education/organisation?q=leeds&kind=Secondary%20school");
  });
});
