import { describe, expect, it } from "vitest";
import { allowedTypos, boundedDistance, highlight, queryWords } from "./text";

describe("text", () => {
  it("normalises words: lower case, no diacritics, apostrophes inside words dropped", () => {
    expect(queryWords("St Aidan's  Café-Bar")).toEqual(["st", "aidans", "cafe", "bar"]);
  });

  it("allows typos as Algolia does: 1 from 4 letters, 2 from 8, none on digits", () => {
    expect([allowedTypos("lee", true), allowedTypos("leed", true), allowedTypos("primarys", true), allowedTypos("ls11", true)]).toEqual([0, 1, 2, 0]);
    expect(allowedTypos("primarys", "min")).toBe(1);
    expect(allowedTypos("primary", false)).toBe(0);
    expect(boundedDistance("prmary", "primary", 1)).toBe(1);
    expect(boundedDistance("abc", "xyz", 1)).toBe(2);
  });

  it("highlights exact, prefix and typo matches with the requested tags", () => {
    const words = [
      { word: "prmary", prefix: false, typos: 1 },
      { word: "lee", prefix: true, typos: 0 },
    ];
    expect(highlight("Leeds Primary School", words, "<mark>", "</mark>")).toEqual({
      value: "<mark>Lee</mark>ds <mark>Primary</mark> School",
      matchLevel: "full",
      matchedWords: ["prmary", "lee"],
      fullyHighlighted: false,
    });
    expect(highlight("St Aidan's", [{ word: "aidans", prefix: false, typos: 0 }], "<em>", "</em>").value).toBe("St <em>Aidan's</em>");
    expect(highlight("York", words, "<em>", "</em>")).toEqual({ value: "York", matchLevel: "none", matchedWords: [] });
  });
});
