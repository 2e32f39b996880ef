import { describe, expect, it } from "vitest";
import {
  chooseLabel,
  facetSearchLabel,
  facetSearchNoMatches,
  identifierLabel,
  pageLabel,
  ratingLabel,
  SEARCH_TEXTS,
  statsText,
  voiceStatusText,
} from "./texts";

// docs/requirements.md §6.2 and §6.6: the search's texts are exact requirements.
describe("search texts", () => {
  it("are the spec's texts", () => {
    expect(SEARCH_TEXTS.placeholder).toBe("Search here…");
    expect(SEARCH_TEXTS.noResults).toBe("No results.");
    expect(SEARCH_TEXTS.sortByLabel).toBe("Sort results by");
    expect(SEARCH_TEXTS.seeAllResults).toBe("See all results");
    expect(SEARCH_TEXTS.seeRelevantResults).toBe("See relevant results");
    expect(SEARCH_TEXTS.rangeGo).toBe("Go");
    expect(SEARCH_TEXTS.rangeSeparator).toBe("to");
    expect(SEARCH_TEXTS.voiceSearch).toBe("Search by voice");
    expect(SEARCH_TEXTS.voiceSearchUnsupported).toBe("Search by voice (not supported on this browser)");
    expect(SEARCH_TEXTS.outreachToggle).toBe("In our outreach region");
    expect(SEARCH_TEXTS.ratingAndUp).toBe("& up");
  });

  it("label pagination first, previous, next and last", () => {
    expect([SEARCH_TEXTS.first, SEARCH_TEXTS.previous, SEARCH_TEXTS.next, SEARCH_TEXTS.last]).toEqual([
      "First",
      "Previous",
      "Next",
      "Last",
    ]);
    expect([SEARCH_TEXTS.firstPage, SEARCH_TEXTS.previousPage, SEARCH_TEXTS.nextPage, SEARCH_TEXTS.lastPage]).toEqual([
      "First page",
      "Previous page",
      "Next page",
      "Last page",
    ]);
    expect(pageLabel(3)).toBe("Page 3");
  });

  it("say no results, one result or N results, found in N ms", () => {
    expect(statsText(0, 3)).toBe("No results found in 3 ms");
    expect(statsText(1, 0)).toBe("1 result found in 0 ms");
    expect(statsText(2, 12)).toBe("2 results found in 12 ms");
    expect(statsText(50_000, 4)).toBe("50,000 results found in 4 ms");
  });

  it("name ratings, facet searches, choices and identifiers", () => {
    expect(ratingLabel(4)).toBe("4 stars & up");
    expect(ratingLabel(1)).toBe("1 star & up");
    expect(facetSearchLabel("town")).toBe("Search towns");
    expect(facetSearchNoMatches("kind")).toBe("No matching kinds.");
    expect(chooseLabel("Riverside Primary School")).toBe("Choose Riverside Primary School");
    expect(identifierLabel("education")).toBe("URN");
    expect(identifierLabel("tour-operator")).toBe("Company number");
    expect(identifierLabel("other-group")).toBe("Identifier");
  });

  it("describe every voice search state", () => {
    for (const status of ["askingPermission", "waiting", "recognizing", "error"]) {
      expect(voiceStatusText(status, "", undefined)).not.toBe("");
    }
    expect(voiceStatusText("initial", "", undefined)).toBe("");
    expect(voiceStatusText("recognizing", "leeds", undefined)).toContain("leeds");
    expect(voiceStatusText("finished", "leeds", undefined)).toContain("leeds");
    expect(voiceStatusText("error", "", "not-allowed")).toMatch(/not allowed/);
  });
});
