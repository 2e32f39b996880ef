import { describe, expect, it } from "vitest";
import { SearchApiError } from "./errors";
import { facetFiltersNode, numericFiltersNode, parseFiltersString } from "./filters";

describe("filters", () => {
  it("reads facetFilters: outer AND, inner OR, negation", () => {
    expect(facetFiltersNode(["groupType:education", ["region:North West", "region:-London"]])).toEqual({
      type: "and",
      children: [
        { type: "facet", attribute: "groupType", value: "education" },
        { type: "or", children: [{ type: "facet", attribute: "region", value: "North West" }, { type: "not", child: { type: "facet", attribute: "region", value: "London" } }] },
      ],
    });
    expect(facetFiltersNode(["kind:\\-x"])).toEqual({ type: "and", children: [{ type: "facet", attribute: "kind", value: "-x" }] });
  });

  it("reads numericFilters: comparisons and ranges", () => {
    expect(numericFiltersNode(["size>=100", "size <= 500", "rating:1 TO 3"])).toEqual({
      type: "and",
      children: [
        { type: "numeric", attribute: "size", operator: ">=", value: 100 },
        { type: "numeric", attribute: "size", operator: "<=", value: 500 },
        { type: "range", attribute: "rating", from: 1, to: 3 },
      ],
    });
  });

  it("reads the filters string with AND, OR, NOT, parentheses, quotes, comparisons and ranges", () => {
    expect(parseFiltersString('groupType:"education" AND (region:"North West" OR NOT verified:false) AND size > 10 AND rating:2 TO 4')).toEqual({
      type: "and",
      children: [
        { type: "facet", attribute: "groupType", value: "education" },
        { type: "or", children: [{ type: "facet", attribute: "region", value: "North West" }, { type: "not", child: { type: "facet", attribute: "verified", value: "false" } }] },
        { type: "numeric", attribute: "size", operator: ">", value: 10 },
        { type: "range", attribute: "rating", from: 2, to: 4 },
      ],
    });
    expect(parseFiltersString("  ")).toEqual({ type: "all" });
  });

  it.each([
    ["facetFilters without a colon", () => facetFiltersNode(["education"])],
    ["a bad facet name", () => facetFiltersNode(["group type:education"])],
    ["a malformed numeric filter", () => numericFiltersNode(["size>>1"])],
    ["an unclosed parenthesis", () => parseFiltersString("(kind:a")],
    ["an unterminated string", () => parseFiltersString('kind:"a')],
    ["a dangling operator", () => parseFiltersString("kind:a AND")],
  ])("rejects %s with a 400", (_name, parse) => {
    expect(parse).toThrow(SearchApiError);
    try {
      parse();
    } catch (error) {
      expect((error as SearchApiError).status).toBe(400);
    }
  });
});
