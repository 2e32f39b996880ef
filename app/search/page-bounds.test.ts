import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addressWithPage, lastPageIfPast } from "./page-bounds";
import { createStateMapping, QS_PARSE_OPTIONS } from "./routing";

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
  // The address is read back as the search page reads its URL: the state mapping of routing.ts.
  const pageAskedBy = (address: string) => {
    const query = Object.fromEntries(new URL(address, "http://localhost").searchParams);
    return createStateMapping(INDEX).routeToState(query)[INDEX]?.page;
  };

  it("asks for that page, by the URL state's own reading, and keeps every other parameter", () => {
    fc.assert(
      fc.property(fc.nat(5000), fc.nat(5000), fc.string({ maxLength: 20 }), (asked, page, q) => {
        const url = new URL(`http://localhost/registration/education/organisation?${new URLSearchParams({ q, page: String(asked + 1), kind: "Academy" })}`);
        const address = addressWithPage(url, page);
        expect(address.startsWith("/registration/education/organisation")).toBe(true);
        // The first page is left out of the URL state (uiState pages count from 1).
        expect(pageAskedBy(address)).toBe(page > 0 ? page + 1 : undefined);
        const params = new URL(address, url).searchParams;
        expect(params.get("q")).toBe(q);
        expect(params.getAll("kind")).toEqual(["Academy"]);
        expect(params.getAll("page").length).toBeLessThanOrEqual(1);
      }),
    );
    expect(QS_PARSE_OPTIONS.arrayLimit).toBeGreaterThan(0);
  });
});
