import type { SortKey } from "./settings.ts";
import type { OrganisationRecord } from "./types.ts";

// How the engine orders documents: the custom ranking (documents are numbered in its
// order), the sort replicas' orders, and the ranking keys of a text query's hits (the
// order in the high bits, the document number in the low 20), of which a page needs only
// the smallest.

/** Ranking keys pack the document number in the low 20 bits. */
export const DOC_BITS = 2 ** 20;
export const DOC_LIMIT = DOC_BITS;

export const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function customRankingOrder(a: OrganisationRecord, b: OrganisationRecord): number {
  return (
    Number(b.verified) - Number(a.verified) || b.rating - a.rating || b.size - a.size || compareText(a.objectID, b.objectID)
  );
}

/** Replica orders over document numbers (documents are numbered in custom-ranking order, so ties go to the lower number). */
export const SORTS: Record<SortKey, (docs: readonly OrganisationRecord[]) => (a: number, b: number) => number> = {
  name_asc: (docs) => {
    const names = docs.map((d) => d.name.toLowerCase());
    return (a, b) => compareText(names[a]!, names[b]!) || a - b;
  },
  size_desc: (docs) => {
    const sizes = Float64Array.from(docs, (d) => d.size);
    return (a, b) => sizes[b]! - sizes[a]! || a - b;
  },
  rating_desc: (docs) => {
    const ratings = Float64Array.from(docs, (d) => d.rating);
    return (a, b) => ratings[b]! - ratings[a]! || a - b;
  },
};

/** The k smallest of `keys`, ascending (a bounded max-heap: pages are small, matches many). */
export function smallest(keys: Float64Array, k: number): Float64Array {
  if (k >= keys.length) return keys.slice().sort();
  if (k <= 0) return new Float64Array(0);
  const heap = new Float64Array(k);
  let n = 0;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (n < k) {
      let c = n++;
      heap[c] = key;
      while (c > 0) {
        const parent = (c - 1) >> 1;
        if (heap[parent]! >= heap[c]!) break;
        const t = heap[parent]!;
        heap[parent] = heap[c]!;
        heap[c] = t;
        c = parent;
      }
    } else if (key < heap[0]!) {
      heap[0] = key;
      let c = 0;
      for (;;) {
        const l = 2 * c + 1;
        const r = l + 1;
        let largest = c;
        if (l < k && heap[l]! > heap[largest]!) largest = l;
        if (r < k && heap[r]! > heap[largest]!) largest = r;
        if (largest === c) break;
        const t = heap[largest]!;
        heap[largest] = heap[c]!;
        heap[c] = t;
        c = largest;
      }
    }
  }
  return heap.sort();
}
