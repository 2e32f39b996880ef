import { type Bitset, countAnd } from "./bitset.ts";
import type { FacetIndex, NumericIndex } from "./attribute-indexes.ts";
import { compareText } from "./ranking.ts";
import type { NumericAttribute } from "./settings.ts";

// Facet counts and numeric facet stats of a search's matches: by popcount of AND with a
// value's bitset, or per document for high-cardinality facets and small result sets,
// whichever is cheaper; over the whole index (an empty query without filters) once.

export interface FacetStats {
  min: number;
  max: number;
  avg: number;
  sum: number;
}

interface CountIndexes {
  size: number;
  /** Every document: matches that are exactly this bitset are the whole index. */
  all: Bitset;
  /** Words of a bitset over the documents. */
  nWords: number;
  numeric: Map<string, NumericIndex>;
}

/** What a count needs of a search's matches. */
interface Matched {
  bits: Bitset;
  total: number;
}

export function createFacetCounts({ size, all, nWords, numeric }: CountIndexes) {
  /** Counts over the whole index (an empty query without filters), computed once. */
  const wholeIndexCounts = new Map<FacetIndex, Int32Array>();
  const wholeIndexStats = new Map<NumericAttribute, FacetStats | undefined>();

  function countFacet(facet: FacetIndex, m: Matched, ids: () => Int32Array, only?: readonly number[]): Int32Array {
    if (m.bits === all) {
      let counts = wholeIndexCounts.get(facet);
      if (!counts) {
        counts = new Int32Array(facet.values.length);
        for (let d = 0; d < size; d++) counts[facet.docValue[d]!]!++;
        wholeIndexCounts.set(facet, counts);
      }
      return counts;
    }
    const counts = new Int32Array(facet.values.length);
    const valueNumbers = only ?? null;
    const considered = valueNumbers ? valueNumbers.length : facet.values.length;
    if (facet.bits && considered * nWords <= m.total * 2) {
      if (valueNumbers) for (const v of valueNumbers) counts[v] = countAnd(m.bits, facet.bits[v]!);
      else for (let v = 0; v < facet.values.length; v++) counts[v] = countAnd(m.bits, facet.bits[v]!);
      return counts;
    }
    const docValue = facet.docValue;
    const list = ids();
    for (let k = 0; k < list.length; k++) counts[docValue[list[k]!]!]!++;
    return counts;
  }

  function topValues(facet: FacetIndex, counts: Int32Array, limit: number, by: "count" | "alpha"): Record<string, number> {
    const present: number[] = [];
    for (let v = 0; v < counts.length; v++) if (counts[v]! > 0) present.push(v);
    present.sort(
      by === "alpha"
        ? (a, b) => compareText(facet.values[a]!, facet.values[b]!)
        : (a, b) => counts[b]! - counts[a]! || compareText(facet.values[a]!, facet.values[b]!),
    );
    const out: Record<string, number> = {};
    for (const v of present.slice(0, limit)) out[facet.values[v]!] = counts[v]!;
    return out;
  }

  function stats(attribute: NumericAttribute, ids: Int32Array): FacetStats | undefined {
    if (ids.length === 0) return undefined;
    const values = numeric.get(attribute)!.values;
    let min = Infinity;
    let max = -Infinity;
    let sum = 0;
    for (let k = 0; k < ids.length; k++) {
      const v = values[ids[k]!]!;
      if (v < min) min = v;
      if (v > max) max = v;
      sum += v;
    }
    return { min, max, avg: Math.round((sum / ids.length) * 1000) / 1000, sum };
  }

  return { countFacet, stats, topValues, wholeIndexStats };
}
