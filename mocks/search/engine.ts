import {
  type Bitset, andInto, count, countAnd, emptyBitset, fullBitset, hasBit, notInto, orInto, setBit, toIds, wordsFor,
} from "./bitset.ts";
import { badRequest } from "./errors.ts";
import { type FilterNode, facetFiltersNode, numericFiltersNode, parseFiltersString, tagFiltersNode } from "./filters.ts";
import { allOrganisations } from "./generate.ts";
import type { SearchParams } from "./params.ts";
import {
  FACET_ATTRIBUTES, type FacetAttribute, LIMITS, NUMERIC_ATTRIBUTES, type NumericAttribute,
  SEARCHABLE_ATTRIBUTES, SEARCHABLE_FACETS, type SortKey,
} from "./settings.ts";
import { type TextMatches, buildTextIndex } from "./text-index.ts";
import { type Highlight, type QueryWord, type Snippet, allowedTypos, highlight, matchLength, normalise, queryWords, snippet, tokenize } from "./text.ts";
import type { OrganisationRecord } from "./types.ts";

// The embedded engine: text through MiniSearch's radix tree and typed-array postings
// (text-index.ts: prefix on the last word, typos as Algolia allows them, every word
// required, as Algolia's default removeWordsIfNoResults "none" does: no fallback to
// optional words), bitsets for filters and facet counts, precomputed orders for the
// custom ranking and the sort replicas. Documents are numbered in custom-ranking order,
// so an empty query's hits are simply the set bits in order.

/** Ranking keys pack the document number in the low 20 bits. */
const DOC_BITS = 2 ** 20;
const DOC_LIMIT = DOC_BITS;

/** Facets with at most this many values keep one bitset per value; others are counted per document. */
const BITSET_FACET_LIMIT = 256;

interface FacetIndex {
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

interface NumericIndex {
  /** Document numbers in ascending value order, and the values in that order. */
  order: Int32Array;
  sorted: Float64Array;
  values: Float64Array;
}

export interface Engine {
  size: number;
  docs: readonly OrganisationRecord[];
  buildMs: number;
  search(params: SearchParams, sort: SortSpec): SearchOutcome;
  searchFacetValues(facet: string, params: SearchParams): FacetValuesOutcome;
}

export interface SortSpec {
  /** null: relevance, then the custom ranking. */
  sort: SortKey | null;
  /** Relevant sort (virtual replica): the strictness applied. */
  relevancyStrictness: number | null;
}

export interface FacetStats {
  min: number;
  max: number;
  avg: number;
  sum: number;
}

export interface SearchOutcome {
  hits: Record<string, unknown>[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  facets?: Record<string, Record<string, number>>;
  facets_stats?: Record<string, FacetStats>;
  nbSortedHits?: number;
  appliedRelevancyStrictness?: number;
}

export interface FacetHit {
  value: string;
  highlighted: string;
  count: number;
}

export interface FacetValuesOutcome {
  facetHits: FacetHit[];
}

function facetValueOf(record: OrganisationRecord, attribute: FacetAttribute): string {
  return String(record[attribute]);
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function customRankingOrder(a: OrganisationRecord, b: OrganisationRecord): number {
  return (
    Number(b.verified) - Number(a.verified) || b.rating - a.rating || b.size - a.size || compareText(a.objectID, b.objectID)
  );
}

/** Replica orders over document numbers (documents are numbered in custom-ranking order, so ties go to the lower number). */
const SORTS: Record<SortKey, (docs: readonly OrganisationRecord[]) => (a: number, b: number) => number> = {
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

export function buildEngine(records: readonly OrganisationRecord[] = allOrganisations()): Engine {
  const started = performance.now();
  const docs = [...records].sort(customRankingOrder);
  const size = docs.length;
  const all = fullBitset(size);
  const allIds = toIds(all, size);
  const nWords = wordsFor(size);

  // Facets.
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

  // Numeric attributes.
  const numeric = new Map<string, NumericIndex>();
  for (const attribute of NUMERIC_ATTRIBUTES) {
    const values = Float64Array.from(docs, (doc) => doc[attribute]);
    const order = Int32Array.from({ length: size }, (_, d) => d).sort((a, b) => values[a]! - values[b]! || a - b);
    numeric.set(attribute, { order, values, sorted: Float64Array.from(order, (d) => values[d]!) });
  }

  // Sort replicas: document numbers in each order, and each document's rank in it.
  const orders = {} as Record<SortKey, Int32Array>;
  const ranks = {} as Record<SortKey, Int32Array>;
  for (const key of Object.keys(SORTS) as SortKey[]) {
    const order = Int32Array.from({ length: size }, (_, d) => d).sort(SORTS[key](docs));
    const rank = new Int32Array(size);
    for (let k = 0; k < size; k++) rank[order[k]!] = k;
    orders[key] = order;
    ranks[key] = rank;
  }

  // Text.
  if (size >= DOC_LIMIT) throw new Error(`The engine ranks at most ${DOC_LIMIT} documents`);
  const text = buildTextIndex(size, SEARCHABLE_ATTRIBUTES, (d, field) => {
    const value = docs[d]![field as keyof OrganisationRecord];
    return typeof value === "string" ? value : null;
  });
  const buildMs = performance.now() - started;

  // ---- filters ----

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

  // ---- text ----

  function queryWordsOf(params: SearchParams): QueryWord[] {
    const words = queryWords(params.query);
    return words.map((word, i) => ({
      word,
      prefix: params.queryType === "prefixAll" || (params.queryType === "prefixLast" && i === words.length - 1),
      typos: allowedTypos(word, params.typoTolerance),
    }));
  }

  interface Matches {
    /**
     * Text queries: one sort key per listed hit (the order in its high bits, the document
     * number in the low 20); null for an empty query, read in order from `bits`.
     */
    keys: Float64Array | null;
    /** The matching documents (for facets). */
    bits: Bitset;
    total: number;
    /** Relevant sort: how many of them are "relevant" (the only ones listed and paginated). */
    sortedTotal?: number;
    /** Per-document typos, attribute and exact words of a text query (for _rankingInfo). */
    text?: TextMatches;
  }

  function matches(params: SearchParams, spec: SortSpec): Matches {
    const filtered = filterBits(params);
    const words = queryWordsOf(params);
    if (words.length === 0) {
      const bits = filtered ?? all;
      // Every document is equally relevant: the page is read straight from the bitset or the sort order.
      return { keys: null, bits, total: filtered ? count(filtered) : size };
    }
    const found = text.match(words);
    const bits = filtered ? andInto(found.bits, filtered) : found.bits;
    const total = count(bits);
    const ids = toIds(bits, total);
    const { typos, attributes, exact } = found;
    const w = found.words;

    if (spec.sort === null) {
      // Algolia's tie-breaking: typos, attribute, exactness, then the custom ranking
      // (the document number itself).
      const keys = new Float64Array(total);
      for (let k = 0; k < total; k++) {
        const d = ids[k]!;
        const tuple = Math.min(typos[d]!, 1023) * 2048 * 512 + Math.min(attributes[d]!, 2047) * 512 + Math.min(w - exact[d]!, 511);
        keys[k] = tuple * DOC_BITS + d;
      }
      return { keys, bits, total, text: found };
    }

    const rank = ranks[spec.sort];
    let selected = ids;
    if (spec.relevancyStrictness !== null && spec.relevancyStrictness > 0 && total > 0) {
      // Relevant sort: a hit's textual relevance is 1 / (1 + typos + attribute/4 + inexact words/2);
      // hits at least (strictness/100) as relevant as the best are kept, then sorted by the attribute.
      const relevance = (d: number) => 1 / (1 + typos[d]! + attributes[d]! / 4 + (w - exact[d]!) / 2);
      let best = 0;
      for (let k = 0; k < total; k++) best = Math.max(best, relevance(ids[k]!));
      const threshold = best * (spec.relevancyStrictness / 100) - 1e-9;
      selected = ids.filter((d) => relevance(d) >= threshold);
    }
    const keys = Float64Array.from(selected, (d) => rank[d]! * DOC_BITS + d);
    return { keys, bits, total, text: found, ...(spec.relevancyStrictness === null ? {} : { sortedTotal: keys.length }) };
  }

  /** Document numbers of one page. */
  function pageOf(m: Matches, spec: SortSpec, start: number, length: number): number[] {
    const out: number[] = [];
    if (length === 0) return out;
    if (m.keys) {
      const first = smallest(m.keys, start + length);
      for (let k = start; k < first.length; k++) out.push(first[k]! % DOC_BITS);
      return out;
    }
    let skipped = 0;
    if (spec.sort === null) {
      // Custom ranking = document order: walk the set bits.
      for (let w = 0; w < m.bits.length && out.length < length; w++) {
        let word = m.bits[w]!;
        while (word !== 0 && out.length < length) {
          const low = word & -word;
          if (skipped++ >= start) out.push((w << 5) + 31 - Math.clz32(low));
          word ^= low;
        }
      }
      return out;
    }
    const order = orders[spec.sort];
    for (let k = 0; k < size && out.length < length; k++) {
      const d = order[k]!;
      if (hasBit(m.bits, d) && skipped++ >= start) out.push(d);
    }
    return out;
  }

  // ---- facets ----

  /** Counts over the whole index (an empty query without filters), computed once. */
  const wholeIndexCounts = new Map<FacetIndex, Int32Array>();
  const wholeIndexStats = new Map<NumericAttribute, FacetStats | undefined>();

  function countFacet(facet: FacetIndex, m: Matches, ids: () => Int32Array, only?: readonly number[]): Int32Array {
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

  // ---- hits ----

  function project(record: OrganisationRecord, attributes: readonly string[]): Record<string, unknown> {
    const all = attributes.includes("*");
    const excluded = new Set(attributes.filter((a) => a.startsWith("-")).map((a) => a.slice(1)));
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(record)) {
      if (key === "objectID" || (all ? !excluded.has(key) : attributes.includes(key))) out[key] = value;
    }
    return out;
  }

  function highlights(record: OrganisationRecord, params: SearchParams, words: QueryWord[]): Record<string, Highlight> {
    const requested = params.attributesToHighlight ?? ["*"];
    const attributes = requested.includes("*") ? SEARCHABLE_ATTRIBUTES : SEARCHABLE_ATTRIBUTES.filter((a) => requested.includes(a));
    const out: Record<string, Highlight> = {};
    for (const attribute of attributes) {
      const value = record[attribute];
      if (typeof value === "string") out[attribute] = highlight(value, words, params.highlightPreTag, params.highlightPostTag);
    }
    return out;
  }

  function snippets(record: OrganisationRecord, params: SearchParams, words: QueryWord[]): Record<string, Snippet> {
    const out: Record<string, Snippet> = {};
    for (const { attribute, words: length } of params.attributesToSnippet) {
      const targets = attribute === "*" ? (Object.keys(record) as (keyof OrganisationRecord)[]) : [attribute as keyof OrganisationRecord];
      for (const target of targets) {
        const value = record[target];
        if (typeof value === "string" && target !== "objectID") {
          out[target] = snippet(value, words, params.highlightPreTag, params.highlightPostTag, length, params.snippetEllipsisText);
        }
      }
    }
    return out;
  }

  /**
   * Algolia's `_rankingInfo`, from what this engine ranks on: typos, the attribute (its
   * position among the searchable attributes, as firstMatchedWord), exact words, and the
   * custom ranking (documents are numbered in its order, so a lower number scores higher).
   * No geo, filter scores or proximity here: those are 0.
   */
  function rankingInfo(d: number, m: Matches, words: number): Record<string, unknown> {
    const text = m.text;
    return {
      nbTypos: text ? text.typos[d]! : 0,
      firstMatchedWord: text ? text.attributes[d]! : 0,
      nbExactWords: text ? text.exact[d]! : 0,
      ...(words > 0 ? { words } : {}),
      userScore: size - d,
      geoDistance: 0,
      filters: 0,
      proximityDistance: 0,
      promoted: false,
    };
  }

  return {
    size,
    docs,
    buildMs,

    search(params, spec) {
      const m = matches(params, spec);
      const paginated = m.sortedTotal ?? m.total;
      const accessible = Math.min(paginated, LIMITS.paginationLimitedTo);
      const nbPages = params.hitsPerPage > 0 ? Math.ceil(accessible / params.hitsPerPage) : 0;
      // A page past the last one is answered as Algolia does: no hits, the page echoed (ADR 0018).
      const page = params.page;
      const start = page * params.hitsPerPage;
      const length = Math.max(0, Math.min(params.hitsPerPage, accessible - start));
      const words = queryWordsOf(params);
      const hits = pageOf(m, spec, start, length).map((d) => {
        const record = docs[d]!;
        const hit = project(record, params.attributesToRetrieve);
        const highlightResult = highlights(record, params, words);
        if (Object.keys(highlightResult).length > 0) hit._highlightResult = highlightResult;
        const snippetResult = snippets(record, params, words);
        if (Object.keys(snippetResult).length > 0) hit._snippetResult = snippetResult;
        if (params.getRankingInfo) hit._rankingInfo = rankingInfo(d, m, words.length);
        return hit;
      });

      const outcome: SearchOutcome = { hits, nbHits: m.total, page, nbPages, hitsPerPage: params.hitsPerPage };
      if (spec.relevancyStrictness !== null) {
        outcome.appliedRelevancyStrictness = spec.relevancyStrictness;
        outcome.nbSortedHits = m.sortedTotal ?? m.total;
      }

      if (params.facets.length > 0) {
        let cachedIds: Int32Array | null = null;
        const ids = () => (cachedIds ??= m.bits === all ? allIds : toIds(m.bits, m.total));
        const facetCounts: Record<string, Record<string, number>> = {};
        const facetStats: Record<string, FacetStats> = {};
        for (const attribute of params.facets) {
          const facet = facets.get(attribute);
          if (!facet) continue; // Not in attributesForFaceting: Algolia leaves it out.
          facetCounts[attribute] = topValues(facet, countFacet(facet, m, ids), params.maxValuesPerFacet, params.sortFacetValuesBy);
          if ((NUMERIC_ATTRIBUTES as readonly string[]).includes(attribute)) {
            const numericAttribute = attribute as NumericAttribute;
            if (m.bits === all && !wholeIndexStats.has(numericAttribute)) wholeIndexStats.set(numericAttribute, stats(numericAttribute, allIds));
            const s = m.bits === all ? wholeIndexStats.get(numericAttribute) : stats(numericAttribute, ids());
            if (s) facetStats[attribute] = s;
          }
        }
        outcome.facets = facetCounts;
        if (Object.keys(facetStats).length > 0) outcome.facets_stats = facetStats;
      }
      return outcome;
    },

    searchFacetValues(attribute, params) {
      const facet = facets.get(attribute);
      if (!facet || !SEARCHABLE_FACETS.includes(attribute as FacetAttribute)) {
        throw badRequest(`Cannot search in \`${attribute}\` attribute, you need to add \`searchable(${attribute})\` to attributesForFaceting.`);
      }
      const words: QueryWord[] = queryWords(params.facetQuery).map((word) => ({ word, prefix: true, typos: 0 }));
      const candidates: number[] = [];
      for (let v = 0; v < facet.values.length; v++) {
        const valueWords = facet.words[v]!;
        if (words.every((q) => valueWords.some((w) => matchLength(w, q) > 0))) candidates.push(v);
      }
      const m = matches(params, { sort: null, relevancyStrictness: null });
      let cachedIds: Int32Array | null = null;
      const counts = countFacet(facet, m, () => (cachedIds ??= m.bits === all ? allIds : toIds(m.bits, m.total)), candidates);
      const facetHits = candidates
        .filter((v) => counts[v]! > 0)
        .sort((a, b) => counts[b]! - counts[a]! || compareText(facet.values[a]!, facet.values[b]!))
        .slice(0, params.maxFacetHits)
        .map((v) => ({
          value: facet.values[v]!,
          highlighted: highlight(facet.values[v]!, words, params.highlightPreTag, params.highlightPostTag).value,
          count: counts[v]!,
        }));
      return { facetHits };
    },
  };
}
