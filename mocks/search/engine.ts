import { buildFacetIndexes, buildNumericIndexes, buildSortOrders } from "./attribute-indexes.ts";
import { type Bitset, andInto, count, fullBitset, hasBit, toIds, wordsFor } from "./bitset.ts";
import { badRequest } from "./errors.ts";
import { type FacetStats, createFacetCounts } from "./facet-counts.ts";
import { createFilterBits } from "./filter-bits.ts";
import { allOrganisations } from "./generate.ts";
import { highlights, project, snippets } from "./hits.ts";
import type { SearchParams } from "./params.ts";
import { DOC_BITS, DOC_LIMIT, compareText, customRankingOrder, smallest } from "./ranking.ts";
import {
  type FacetAttribute, LIMITS, NUMERIC_ATTRIBUTES, type NumericAttribute, SEARCHABLE_ATTRIBUTES, SEARCHABLE_FACETS,
  type SortKey,
} from "./settings.ts";
import { type TextMatches, buildTextIndex } from "./text-index.ts";
import { type QueryWord, allowedTypos, highlight, matchLength, queryWords } from "./text.ts";
import type { OrganisationRecord } from "./types.ts";

// The embedded engine: text through MiniSearch's radix tree and typed-array postings
// (text-index.ts: prefix on the last word, typos as Algolia allows them, every word
// required, as Algolia's default removeWordsIfNoResults "none" does: no fallback to
// optional words), bitsets for filters and facet counts, precomputed orders for the
// custom ranking and the sort replicas. Documents are numbered in custom-ranking order,
// so an empty query's hits are simply the set bits in order. Here: building the indexes,
// matching and ranking a query, a page of hits, and the answers of search and facet value
// search. The parts that read the indexes without the query's matches are their own:
// attribute-indexes.ts (facet, numeric and sort indexes), filter-bits.ts (filters to a
// bitset), facet-counts.ts (counts and stats), ranking.ts (orders and ranking keys),
// hits.ts (what a hit shows).

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

export function buildEngine(records: readonly OrganisationRecord[] = allOrganisations()): Engine {
  const started = performance.now();
  const docs = [...records].sort(customRankingOrder);
  const size = docs.length;
  const all = fullBitset(size);
  const allIds = toIds(all, size);
  const nWords = wordsFor(size);

  const facets = buildFacetIndexes(docs);
  const numeric = buildNumericIndexes(docs);
  const { orders, ranks } = buildSortOrders(docs);

  // Text.
  if (size >= DOC_LIMIT) throw new Error(`The engine ranks at most ${DOC_LIMIT} documents`);
  const text = buildTextIndex(size, SEARCHABLE_ATTRIBUTES, (d, field) => {
    const value = docs[d]![field as keyof OrganisationRecord];
    return typeof value === "string" ? value : null;
  });
  const buildMs = performance.now() - started;

  const filterBits = createFilterBits({ size, all, facets, numeric });
  const { countFacet, stats, topValues, wholeIndexStats } = createFacetCounts({ size, all, nWords, numeric });

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
