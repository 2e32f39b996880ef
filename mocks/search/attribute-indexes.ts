import { type Bitset, emptyBitset, setBit } from "./bitset.ts";
import { SORTS } from "./ranking.ts";
import { FACET_ATTRIBUTES, type FacetAttribute, NUMERIC_ATTRIBUTES, type SortKey } from "./settings.ts";
import { normalise, tokenize } from "./text.ts";
import type { OrganisationRecord } from "./types.ts";

// The engine's indexes over attribute values, built once from the documents in
// custom-ranking order: facet values (a bitset per value where there are few), numeric
// attributes in value order, and each sort replica's order. The text index is
// text-index.ts's.

/** Facets with at most this many values keep one bitset per value; others are counted per document. */
const BITSET_FACET_LIMIT = 256;

export interface FacetIndex {
  attribute: FacetAttribute;
  values: string[];
  /** Lower-cased value → value number (facet filters are case-insensitive, as on Algolia). */
  lookup: Map<string, number>;
  /** Value number of each document. */
  docValue: Int32Array;
  /** A bitset per value number, or null for high-cardinality facets. */
  bits: Bitset[] | null;
  /** Normalised words of each value, for facet value search. */
  words: string[][];
}

export interface NumericIndex {
  /** Document numbers in ascending value order, and the values in that order. */
  order: Int32Array;
  sorted: Float64Array;
  values: Float64Array;
}

function facetValueOf(record: OrganisationRecord, attribute: FacetAttribute): string {
  return String(record[attribute]);
}

export function buildFacetIndexes(docs: readonly OrganisationRecord[]): Map<string, FacetIndex> {
  const size = docs.length;
  const facets = new Map<string, FacetIndex>();
  for (const attribute of FACET_ATTRIBUTES) {
    const lookup = new Map<string, number>();
    const values: string[] = [];
    const docValue = new Int32Array(size);
    for (let d = 0; d < size; d++) {
      const value = facetValueOf(docs[d]!, attribute);
      const key = value.toLowerCase();
      let v = lookup.get(key);
      if (v === undefined) {
        v = values.length;
        values.push(value);
        lookup.set(key, v);
      }
      docValue[d] = v;
    }
    let bits: Bitset[] | null = null;
    if (values.length <= BITSET_FACET_LIMIT) {
      bits = values.map(() => emptyBitset(size));
      for (let d = 0; d < size; d++) setBit(bits[docValue[d]!]!, d);
    }
    facets.set(attribute, { attribute, values, lookup, docValue, bits, words: values.map((v) => tokenize(v).map(normalise)) });
  }
  return facets;
}

export function buildNumericIndexes(docs: readonly OrganisationRecord[]): Map<string, NumericIndex> {
  const size = docs.length;
  const numeric = new Map<string, NumericIndex>();
  for (const attribute of NUMERIC_ATTRIBUTES) {
    const values = Float64Array.from(docs, (doc) => doc[attribute]);
    const order = Int32Array.from({ length: size }, (_, d) => d).sort((a, b) => values[a]! - values[b]! || a - b);
    numeric.set(attribute, { order, values, sorted: Float64Array.from(order, (d) => values[d]!) });
  }
  return numeric;
}

/** Sort replicas: document numbers in each order, and each document's rank in it. */
export function buildSortOrders(
  docs: readonly OrganisationRecord[],
): { orders: Record<SortKey, Int32Array>; ranks: Record<SortKey, Int32Array> } {
  const size = docs.length;
  const orders = {} as Record<SortKey, Int32Array>;
  const ranks = {} as Record<SortKey, Int32Array>;
  for (const key of Object.keys(SORTS) as SortKey[]) {
    const order = Int32Array.from({ length: size }, (_, d) => d).sort(SORTS[key](docs));
    const rank = new Int32Array(size);
    for (let k = 0; k < size; k++) rank[order[k]!] = k;
    orders[key] = order;
    ranks[key] = rank;
  }
  return { orders, ranks };
}
