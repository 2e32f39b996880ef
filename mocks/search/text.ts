// Tokens and highlighting. The index (MiniSearch) and the highlighter tokenise the same
// way: runs of letters and digits, apostrophes inside a word kept out ("St Aidan's" →
// "st", "aidans"), lower case, diacritics removed.

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu;
/** The same for ASCII text, much faster than Unicode property classes. */
const ASCII_WORD = /[A-Za-z0-9]+(?:'[A-Za-z0-9]+)*/g;
const ASCII = /^[\x00-\x7f]*$/;
const DIACRITICS = /\p{M}+/gu;

export function normalise(term: string): string {
  if (ASCII.test(term)) return term.replace(/'/g, "").toLowerCase();
  return term.normalize("NFD").replace(DIACRITICS, "").replace(/['’]/g, "").toLowerCase();
}

/** Raw words of a text (not normalised), as MiniSearch's `tokenize`. */
export function tokenize(text: string): string[] {
  return (ASCII.test(text) ? text.match(ASCII_WORD) : text.match(WORD)) ?? [];
}

/** Query words, normalised, empties dropped. */
export function queryWords(query: string): string[] {
  return tokenize(query).map(normalise).filter((w) => w.length > 0);
}

/** Levenshtein distance of a and b if it is at most max, else max + 1. */
export function boundedDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current.push(value);
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    previous = current;
  }
  return previous[b.length]!;
}

/** The typos allowed for a query word (Algolia: 1 from 4 letters, 2 from 8; none on words with digits). */
export function allowedTypos(word: string, tolerance: boolean | "min" | "strict"): number {
  if (tolerance === false || /\d/.test(word)) return 0;
  const typos = word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0;
  return tolerance === "min" ? Math.min(1, typos) : typos;
}

export interface QueryWord {
  word: string;
  prefix: boolean;
  typos: number;
}

/**
 * How many leading characters of a normalised token a query word matches: the whole
 * token (exact or within the typos allowed), the word's length (prefix), or 0.
 */
export function matchLength(token: string, q: QueryWord): number {
  if (token === q.word) return token.length;
  if (q.prefix && token.startsWith(q.word)) return q.word.length;
  if (q.typos > 0) {
    if (boundedDistance(token, q.word, q.typos) <= q.typos) return token.length;
    // A prefix with a typo ("prmar" for "primary"): compare against the token's start.
    if (q.prefix && token.length > q.word.length) {
      const start = token.slice(0, q.word.length);
      if (boundedDistance(start, q.word, q.typos) <= q.typos) return q.word.length;
    }
  }
  return 0;
}

export interface Highlight {
  value: string;
  matchLevel: "none" | "partial" | "full";
  matchedWords: string[];
  fullyHighlighted?: boolean;
}

/** Algolia's `_highlightResult` entry for one attribute value. */
export function highlight(text: string, words: readonly QueryWord[], preTag: string, postTag: string): Highlight {
  if (words.length === 0) return { value: text, matchLevel: "none", matchedWords: [] };
  const matched = new Set<string>();
  let out = "";
  let last = 0;
  let highlightedChars = 0;
  let letters = 0;
  for (const m of text.matchAll(WORD)) {
    const raw = m[0];
    const start = m.index;
    letters += raw.length;
    const token = normalise(raw);
    let best = 0;
    for (const q of words) {
      const length = matchLength(token, q);
      if (length > 0) {
        matched.add(q.word);
        if (length > best) best = length;
      }
    }
    if (best === 0) continue;
    // Map normalised length back to raw characters (apostrophes are not counted).
    let rawLength = 0;
    for (let seen = 0; rawLength < raw.length && seen < best; rawLength++) if (!/['’]/.test(raw[rawLength]!)) seen++;
    out += text.slice(last, start) + preTag + raw.slice(0, rawLength) + postTag;
    last = start + rawLength;
    highlightedChars += rawLength;
  }
  if (matched.size === 0) return { value: text, matchLevel: "none", matchedWords: [] };
  out += text.slice(last);
  const matchedWords = words.map((q) => q.word).filter((w) => matched.has(w));
  const result: Highlight = {
    value: out,
    matchLevel: matchedWords.length === words.length ? "full" : "partial",
    matchedWords,
  };
  if (result.matchLevel === "full") result.fullyHighlighted = highlightedChars === letters;
  return result;
}

/** Algolia's `_snippetResult` entry for one attribute value. */
export interface Snippet {
  value: string;
  matchLevel: Highlight["matchLevel"];
}

/**
 * A snippet: at most `length` words of the text, from the first matched word (or earlier,
 * when the match is near the end, so the snippet keeps its length), highlighted, with the
 * ellipsis where the text is cut.
 */
export function snippet(text: string, words: readonly QueryWord[], preTag: string, postTag: string, length: number, ellipsis: string): Snippet {
  const spans = [...text.matchAll(WORD)].map((m) => ({ start: m.index, end: m.index + m[0].length, token: normalise(m[0]) }));
  if (spans.length <= length) {
    const { value, matchLevel } = highlight(text, words, preTag, postTag);
    return { value, matchLevel };
  }
  const firstMatch = spans.findIndex((span) => words.some((q) => matchLength(span.token, q) > 0));
  const first = Math.max(0, Math.min(firstMatch === -1 ? 0 : firstMatch, spans.length - length));
  const last = first + length - 1;
  const from = first === 0 ? 0 : spans[first]!.start;
  const to = last === spans.length - 1 ? text.length : spans[last]!.end;
  const { value, matchLevel } = highlight(text.slice(from, to), words, preTag, postTag);
  return { value: (first > 0 ? ellipsis : "") + value + (last < spans.length - 1 ? ellipsis : ""), matchLevel };
}
