import { type Bitset, andInto, emptyBitset, notInto, orInto, setBit } from "./bitset.ts";
import type { FacetIndex, NumericIndex } from "./attribute-indexes.ts";
import { type FilterNode, facetFiltersNode, numericFiltersNode, parseFiltersString, tagFiltersNode } from "./filters.ts";
import type { SearchParams } from "./params.ts";

// The documents a search's filters keep, as a bitset: facetFilters, numericFilters,
// tagFilters and the filters string (parsed by filters.ts) evaluated over the attribute
// indexes (attribute-indexes.ts), numeric ones by binary search on their value order.

interface FilterIndexes {
  size: number;
  /** Every document. */
  all: Bitset;
  facets: Map<string, FacetIndex>;
  numeric: Map<string, NumericIndex>;
}

export function createFilterBits({ size, all, facets, numeric }: FilterIndexes): (params: SearchParams) => Bitset | null {
  function numericRange(attribute: string, from: number, to: number, fromInclusive = true, toInclusive = true): Bitset {
    const index = numeric.get(attribute);
    const bits = emptyBitset(size);
    if (!index) return bits;
    const { sorted, order } = index;
    // First position with value ≥ from (or > from), last with value ≤ to (or < to).
    let lo = 0;
    let hi = size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (fromInclusive ? sorted[mid]! < from : sorted[mid]! <= from) lo = mid + 1;
      else hi = mid;
    }
    const start = lo;
    lo = start;
    hi = size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (toInclusive ? sorted[mid]! <= to : sorted[mid]! < to) lo = mid + 1;
      else hi = mid;
    }
    for (let k = start; k < lo; k++) setBit(bits, order[k]!);
    return bits;
  }

  function facetBits(attribute: string, value: string): Bitset {
    const facet = facets.get(attribute);
    const v = facet?.lookup.get(value.toLowerCase());
    if (!facet || v === undefined) return emptyBitset(size);
    if (facet.bits) return facet.bits[v]!.slice();
    const bits = emptyBitset(size);
    for (let d = 0; d < size; d++) if (facet.docValue[d] === v) setBit(bits, d);
    return bits;
  }

  function evaluate(node: FilterNode): Bitset {
    switch (node.type) {
      case "all":
        return all.slice();
      case "facet":
        return facetBits(node.attribute, node.value);
      case "tag":
        // The records have no _tags.
        return emptyBitset(size);
      case "range":
        return numericRange(node.attribute, node.from, node.to);
      case "numeric": {
        const { attribute, value } = node;
        switch (node.operator) {
          case "<": return numericRange(attribute, -Infinity, value, true, false);
          case "<=": return numericRange(attribute, -Infinity, value);
          case ">": return numericRange(attribute, value, Infinity, false, true);
          case ">=": return numericRange(attribute, value, Infinity);
          case "=": return numericRange(attribute, value, value);
          case "!=": return numeric.has(attribute) ? notInto(numericRange(attribute, value, value), size) : emptyBitset(size);
        }
        break;
      }
      case "and": {
        const [first, ...rest] = node.children;
        const bits = first ? evaluate(first) : all.slice();
        for (const child of rest) andInto(bits, evaluate(child));
        return bits;
      }
      case "or": {
        const bits = emptyBitset(size);
        for (const child of node.children) orInto(bits, evaluate(child));
        return bits;
      }
      case "not":
        return notInto(evaluate(node.child), size);
    }
    throw new Error("unreachable");
  }

  /** The documents the filters keep, or null when nothing is filtered. */
  function filterBits(params: SearchParams): Bitset | null {
    const nodes: FilterNode[] = [];
    if (params.facetFilters.length) nodes.push(facetFiltersNode(params.facetFilters));
    if (params.numericFilters.length) nodes.push(numericFiltersNode(params.numericFilters));
    if (params.tagFilters.length) nodes.push(tagFiltersNode(params.tagFilters));
    if (params.filters.trim()) nodes.push(parseFiltersString(params.filters));
    if (nodes.length === 0) return null;
    return evaluate(nodes.length === 1 ? nodes[0]! : { type: "and", children: nodes });
  }

  return filterBits;
}
