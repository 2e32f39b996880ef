import SearchableMap from "minisearch/SearchableMap";
import { type Bitset, andInto, emptyBitset, setBit } from "./bitset.ts";
import { normalise, tokenize } from "./text.ts";

// The text side of the engine. MiniSearch's radix tree (SearchableMap) is the term
// dictionary: exact, prefix (atPrefix) and typo (fuzzyGet, Levenshtein) lookups. Each
// term's postings are typed arrays (document numbers, and a bit per attribute the term
// is in). A query walks the postings of each word's expansions once, keeps per document
// the best match of that word (fewest typos, best attribute, exact or not) and ANDs the
// words with a bitset. Ranking follows Algolia's tie-breaking: typos, then attribute,
// then exactness, then the custom ranking (document number).
//
// Measured (scripts/bench.ts): MiniSearch's own search() scores every match through
// maps and objects, 15–75 ms for common words at 50,000 documents; these typed-array
// passes stay within a few milliseconds for the same queries.

export interface WordSpec {
  word: string;
  prefix: boolean;
  typos: number;
}

export interface TextMatches {
  /** Documents matching every word. */
  bits: Bitset;
  /** Sum over words of the typos of the best match (valid for matching documents). */
  typos: Uint16Array;
  /** Sum over words of the best attribute's position (0 = first searchable attribute). */
  attributes: Uint16Array;
  /** Words matched exactly (whole term, no typo, not only as a prefix). */
  exact: Uint16Array;
  words: number;
}

export interface TextIndex {
  terms: number;
  match(words: readonly WordSpec[]): TextMatches;
}

/** Index of the lowest set bit of a byte. */
const LOWEST_BIT = Uint8Array.from({ length: 256 }, (_, m) => (m === 0 ? 0 : 31 - Math.clz32(m & -m)));

export function buildTextIndex(size: number, fields: readonly string[], read: (doc: number, field: string) => string | null): TextIndex {
  // Pass 1: one entry per (term, document), in document order, the attributes OR-ed
  // together. Typed arrays grow by doubling; terms are numbered as first seen.
  const termIds = new Map<string, number>();
  const normalised = new Map<string, string>();
  let lastDocOfTerm = new Int32Array(1024).fill(-1);
  let lastEntryOfTerm = new Int32Array(1024);
  let entryTerm = new Int32Array(size * 8);
  let entryDoc = new Int32Array(size * 8);
  let entryMask = new Uint8Array(size * 8);
  let entries = 0;
  for (let d = 0; d < size; d++) {
    for (let f = 0; f < fields.length; f++) {
      const value = read(d, fields[f]!);
      if (!value) continue;
      for (const raw of tokenize(value)) {
        // Words repeat a lot ("Primary", "School", towns): normalise each distinct word once.
        let term = normalised.get(raw);
        if (term === undefined) normalised.set(raw, (term = normalise(raw)));
        if (!term) continue;
        let t = termIds.get(term);
        if (t === undefined) {
          t = termIds.size;
          termIds.set(term, t);
          if (t >= lastDocOfTerm.length) {
            const grownDocs = new Int32Array(lastDocOfTerm.length * 2).fill(-1);
            grownDocs.set(lastDocOfTerm);
            lastDocOfTerm = grownDocs;
            const grownEntries = new Int32Array(lastEntryOfTerm.length * 2);
            grownEntries.set(lastEntryOfTerm);
            lastEntryOfTerm = grownEntries;
          }
        }
        if (lastDocOfTerm[t] === d) {
          entryMask[lastEntryOfTerm[t]!]! |= 1 << f;
          continue;
        }
        if (entries === entryDoc.length) {
          const grow = <T extends Int32Array | Uint8Array>(a: T): T => {
            const b = new (a.constructor as new (n: number) => T)(a.length * 2);
            b.set(a);
            return b;
          };
          entryTerm = grow(entryTerm);
          entryDoc = grow(entryDoc);
          entryMask = grow(entryMask);
        }
        lastDocOfTerm[t] = d;
        lastEntryOfTerm[t] = entries;
        entryTerm[entries] = t;
        entryDoc[entries] = d;
        entryMask[entries] = 1 << f;
        entries++;
      }
    }
  }
  // Pass 2: a stable counting sort by term gives each term's postings, still in document order.
  const terms = termIds.size;
  const offsets = new Int32Array(terms + 1);
  for (let e = 0; e < entries; e++) offsets[entryTerm[e]! + 1]!++;
  for (let t = 0; t < terms; t++) offsets[t + 1]! += offsets[t]!;
  const postingDocs = new Int32Array(entries);
  const postingMasks = new Uint8Array(entries);
  const fill = offsets.slice(0, terms);
  for (let e = 0; e < entries; e++) {
    const at = fill[entryTerm[e]!]!++;
    postingDocs[at] = entryDoc[e]!;
    postingMasks[at] = entryMask[e]!;
  }
  const dictionary = new SearchableMap<number>();
  for (const [term, t] of termIds) dictionary.set(term, t);

  // Scratch, reused by every query (queries run one at a time: the engine is synchronous).
  const stamp = new Int32Array(size);
  let generation = 0;
  const bestTypos = new Uint8Array(size);
  const bestAttribute = new Uint8Array(size);
  const bestExact = new Uint8Array(size);
  const touched = new Int32Array(size);
  const sumTypos = new Uint16Array(size);
  const sumAttributes = new Uint16Array(size);
  const sumExact = new Uint16Array(size);

  return {
    terms,
    match(words) {
      // Written for every document of the first word and added to for later words: a
      // matching document was touched by every word, so no clearing is needed. Valid until
      // the next match() (the engine reads them before answering).
      const typos = sumTypos;
      const attributes = sumAttributes;
      const exact = sumExact;
      let alive: Bitset | null = null;
      for (let w = 0; w < words.length; w++) {
        const spec = words[w]!;
        // term → [term number, typos, exact]
        const expansions = new Map<string, [number, number, number]>();
        const exactTerm = dictionary.get(spec.word);
        if (exactTerm !== undefined) expansions.set(spec.word, [exactTerm, 0, 1]);
        if (spec.prefix) {
          for (const [term, t] of dictionary.atPrefix(spec.word)) {
            if (term !== spec.word) expansions.set(term, [t, 0, 0]);
          }
        }
        if (spec.typos > 0) {
          for (const [term, [t, distance]] of dictionary.fuzzyGet(spec.word, spec.typos)) {
            if (!expansions.has(term)) expansions.set(term, [t, distance, 0]);
          }
        }
        generation++;
        let nTouched = 0;
        const wordBits = emptyBitset(size);
        for (const [term, t, isExact] of expansions.values()) {
          const end = offsets[term + 1]!;
          for (let k = offsets[term]!; k < end; k++) {
            const d = postingDocs[k]!;
            if (alive !== null && (alive[d >>> 5]! & (1 << (d & 31))) === 0) continue;
            const a = LOWEST_BIT[postingMasks[k]!]!;
            if (stamp[d] !== generation) {
              stamp[d] = generation;
              bestTypos[d] = t;
              bestAttribute[d] = a;
              bestExact[d] = isExact;
              touched[nTouched++] = d;
              setBit(wordBits, d);
            } else {
              if (t < bestTypos[d]!) bestTypos[d] = t;
              if (a < bestAttribute[d]!) bestAttribute[d] = a;
              if (isExact) bestExact[d] = 1;
            }
          }
        }
        if (w === 0) {
          for (let k = 0; k < nTouched; k++) {
            const d = touched[k]!;
            typos[d] = bestTypos[d]!;
            attributes[d] = bestAttribute[d]!;
            exact[d] = bestExact[d]!;
          }
        } else {
          for (let k = 0; k < nTouched; k++) {
            const d = touched[k]!;
            typos[d]! += bestTypos[d]!;
            attributes[d]! += bestAttribute[d]!;
            exact[d]! += bestExact[d]!;
          }
        }
        // Documents not alive were skipped, so wordBits ⊆ alive already.
        alive = alive === null ? wordBits : andInto(alive, wordBits);
      }
      return { bits: alive ?? emptyBitset(size), typos, attributes, exact, words: words.length };
    },
  };
}
