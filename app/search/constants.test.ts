import { describe, expect, it } from "vitest";
import * as c from "./constants";

// docs/requirements.md §6.4 and §6.5: the search's constants are exact requirements.
describe("search constants", () => {
  it("match the spec's search limits and delays", () => {
    expect(c.STALLED_SEARCH_DELAY_MS).toBe(200);
    expect(c.URL_WRITE_DELAY_MS).toBe(400);
    expect(c.SEARCH_INPUT_MAX_LENGTH).toBe(512);
    expect(c.FACET_SEARCH_MAX_VALUES).toBe(100);
    expect(c.MAX_RULE_CONTEXTS).toBe(10);
    expect(c.DYNAMIC_WIDGETS_MAX_VALUES_PER_FACET).toBe(20);
    expect(c.INSIGHTS_BATCH_SIZE).toBe(20);
  });

  it("match the spec's refinement list, menu, pagination and rating menu", () => {
    expect(c.REFINEMENT_LIST_LIMIT).toBe(10);
    expect(c.REFINEMENT_LIST_SHOW_MORE_LIMIT).toBe(20);
    expect(c.REFINEMENT_LIST_SORT_BY).toEqual(["isRefined", "count:desc", "name:asc"]);
    expect(["and", "or"]).toContain(c.REFINEMENT_LIST_OPERATOR);
    expect(c.MENU_LIMIT).toBe(10);
    expect(c.MENU_SHOW_MORE_LIMIT).toBe(20);
    expect(c.PAGINATION_PADDING).toBe(3);
    expect(c.RATING_MAX).toBe(5);
  });

  it("keep the spec's validation rules between them", () => {
    // "The show-more limit must be greater than the normal limit."
    expect(c.REFINEMENT_LIST_SHOW_MORE_LIMIT).toBeGreaterThan(c.REFINEMENT_LIST_LIMIT);
    expect(c.MENU_SHOW_MORE_LIMIT).toBeGreaterThan(c.MENU_LIMIT);
    // Facet value search never asks for more than 100 values.
    expect(c.REFINEMENT_LIST_SHOW_MORE_LIMIT).toBeLessThanOrEqual(c.FACET_SEARCH_MAX_VALUES);
    // Padding must be greater than 0; dynamic widgets' values cover a refinement list's show-more.
    expect(c.PAGINATION_PADDING).toBeGreaterThan(0);
    expect(c.DYNAMIC_WIDGETS_MAX_VALUES_PER_FACET).toBeGreaterThanOrEqual(c.REFINEMENT_LIST_SHOW_MORE_LIMIT);
    expect(c.DEFAULT_FACET_ORDER.every((a) => /^[A-Za-z0-9_-]{1,64}$/.test(a))).toBe(true);
  });

  it("names the sort-by replicas after the index", () => {
    expect(c.sortByIndices("dev_organisations")).toEqual({
      relevance: "dev_organisations",
      nameAsc: "dev_organisations_name_asc",
      sizeDesc: "dev_organisations_size_desc",
      relevant: "dev_organisations_relevant",
    });
  });
});
